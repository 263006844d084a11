"""The program's interned names, frozen into the base firmware (docs/rp2.md, "Names in
the firmware's flash").

Importing a .mpy from the ROMFS leaves its bytecode and texts in flash, but every name
it uses (identifiers, strings of up to 10 characters) is interned into a pool in the
heap, a pool twice the size of the last whenever one fills, and every other string
constant (a longer one, or one in a constant tuple) becomes a 16-byte object, unless
the firmware already holds that text as one of its own names: then the import points at
it. So the base firmware freezes one module listing the program's names, its string
constants (up to ``LONGEST`` bytes), and each module's dotted name and the path
it is imported from (``__file__``), which the import interns, text and all, in the heap.
tools/build_firmware.sh writes it with ``python -m duelkeeper_dev.frozennames FILE`` from
the program it is built beside. A name added later costs what it did before: a place in
a pool in the heap.
"""

import sys

from duelkeeper import romfs
from duelkeeper.files import write_atomic

# The longest text frozen. A name may be 255 bytes (its length is one byte on the port),
# but a longer text frozen costs the firmware its bytes and some 10 more while it saves the
# heap one 16-byte string object: the texts over 56 bytes (24, about 2 KB of firmware)
# stay out, so the firmware fits below its ROMFS partition (docs/rp2.md, "The firmware").
LONGEST = 56
ROM = "/rom/"  # where the program's modules are imported from (its __file__)
_STR, _BYTES, _TUPLE = 5, 6, 10  # MP_PERSISTENT_OBJ_* kinds of a constant (py/persistentcode.h)


def _uint(data: bytes, at: int) -> tuple[int, int]:
    """An .mpy varint at ``at``, and where the next field starts."""
    value = 0
    while True:
        byte = data[at]
        at += 1
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, at


def _constant(data: bytes, at: int, texts: list[str]) -> int:
    """Reads one constant at ``at`` into ``texts`` when a str; where the next starts."""
    kind = data[at]
    at += 1
    if kind < _STR:  # None, False, True, ...: no data
        return at
    length, at = _uint(data, at)
    if kind == _TUPLE:
        for _ in range(length):
            at = _constant(data, at, texts)
        return at
    if kind == _STR:
        texts.append(data[at : at + length].decode())
    return at + length + (kind in (_STR, _BYTES))  # str and bytes end in a NUL


def of_mpy(data: bytes) -> tuple[list[str], list[str]]:
    """An .mpy file's names (its qstr table, less the core's static ones) and its str
    constants."""
    if data[:2] != b"M\x06":
        raise ValueError("not a version 6 .mpy file")
    n_names, at = _uint(data, 4)
    n_constants, at = _uint(data, at)
    names = []
    for _ in range(n_names):
        head, at = _uint(data, at)
        if head & 1:  # one of the core's static names, already in flash
            continue
        names.append(data[at : at + (head >> 1)].decode())
        at += (head >> 1) + 1
    texts: list[str] = []
    for _ in range(n_constants):
        at = _constant(data, at, texts)
    return names, texts


def module_name(path: str) -> str:
    """The dotted name a module's import interns ("firmware/screens/__init__.mpy" ->
    "firmware.screens")."""
    parts = path[: -len(".mpy")].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def names(program: dict[str, bytes]) -> list[str]:
    """Every text the program's import would intern or make an object of, sorted; a
    module a board never runs (romfs.never_run: a contracts module) gives none."""
    out = set()
    for path, data in program.items():
        if not path.endswith(".mpy") or romfs.never_run(module_name(path)):
            continue
        own, texts = of_mpy(data)
        out.update(own)
        out.update(t for t in texts if len(t.encode()) <= LONGEST)
        out.add(ROM + path)
        out.add(module_name(path))
    return sorted(out)


def module(texts: list[str]) -> str:
    """The frozen module's source: a list display, so that each text stays a name of its
    own (a tuple of constants would be frozen as one object of string objects)."""
    lines = ['"""The names duelkeeper\'s program interns (host/duelkeeper_dev/frozennames.py)."""']
    lines.append("NAMES = [")
    lines.extend("    %r," % t for t in texts)
    lines.append("]")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m duelkeeper_dev.frozennames FILE", file=sys.stderr)
        return 2
    texts = names(romfs.files())
    write_atomic(argv[0], module(texts))
    print("%s: %d names" % (argv[0], len(texts)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
