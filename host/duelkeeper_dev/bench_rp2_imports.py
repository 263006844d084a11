"""What each device module costs the heap and the boot on the real port: the breakdown
behind issue 24's budgets (docs/benchmarks.md, "Where the heap goes on the ROMFS build").

    python -m duelkeeper_dev.bench_rp2_imports [--board BOARD]

The project's UF2 (as bench_rp2 runs it) in the emulated RP2040, with the on-board
import watcher (rp2/onboard/importwatch.py) as firmware/main.mpy: it imports what the
app's boot imports (firmware/main.py's imports and the board), then the program's
other modules, and reports every module loaded: the live heap it added (``gc.mem_alloc()``
after ``gc.collect()``) and the emulated time its own code took, both without the
modules it imported in turn, which have rows of their own. Code objects are the
module's functions, methods, lambdas, comprehensions and class bodies (and its top level),
counted from its source: each is a raw code the port allocates on import, from the ROMFS
too. Emulated times are rp2040js's (not cycle-exact).
"""

import argparse
import ast
import re
import tempfile
import types
from pathlib import Path
from typing import NamedTuple

from duelkeeper import romfs
from duelkeeper.mpycross import compile_file
from duelkeeper.repo import ROOT
from duelkeeper.rp2 import flashimage
from duelkeeper.rp2.board import EmulatedBoard
from duelkeeper.textable import table
from duelkeeper_dev import devmodules
from duelkeeper_dev.devmodules import graph

WATCHER = Path(__file__).with_name("onboard") / "importwatch.py"
BOARD = "pico_inky_pack"
LIMIT_MS = 60000  # emulated: every module is imported well before this
KB = 1024
# Where each device package's sources lie.
TREES = {
    "firmware": ROOT / "firmware",
    "boards": ROOT / "boards",
    "duelcore": ROOT / "shared" / "duelcore",
}
_LINE = re.compile(r"^IMPORT (\d+) (-?\d+) (-?\d+) (\S*)\r?$", re.MULTILINE)
_POOL = re.compile(r"n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)")


class Row(NamedTuple):
    modules: tuple[str, ...]  # the modules this import loaded itself (usually one)
    heap: int  # bytes it added, without nested imports
    us: int  # emulated microseconds of its own code
    boot: bool  # imported by the app's boot
    pool: bool  # it opened a new pool of interned names (each twice the last)
    names: int = 0  # names it interned (a built-in lookup's go to the import it is in)


def source(module: str) -> Path:
    """The source file of a device module (a package's __init__.py)."""
    return devmodules.modules()[module]


def code_objects(module: str) -> int:
    """Raw codes the module's .mpy holds: its top level and every function, method,
    lambda, comprehension and class body (CPython 3.11 makes one code object of each,
    as mpy-cross makes one raw code)."""
    path = source(module)

    def count(code: types.CodeType) -> int:
        return 1 + sum(count(c) for c in code.co_consts if isinstance(c, types.CodeType))

    return count(compile(path.read_text(), str(path), "exec"))


def boot_imports() -> list[str]:
    """The device modules firmware/main.py imports at its top (the real one, which the
    watcher stands in for)."""
    tree = ast.parse(source("firmware.main").read_text())
    out = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
    return out


def parse(said: str, boot: set[str]) -> list[Row]:
    """The watcher's IMPORT lines as rows of each import's own cost. A line comes after
    those of its nested imports (one deeper), and counts them in: they are taken off.
    An ``AT`` line names the import asked next: a row is the boot's while that is in
    ``boot``. A pool of names that opened before a line (its tables grew) belongs to that
    import if its own heap holds it, else to the import it is nested in; so do the names
    interned before a line that loaded no module (a built-in looked up: the names are
    the module's that looked it up, loaded before its code ran)."""
    out: list[Row] = []
    below: dict[int, tuple[int, set[str]]] = {}  # depth -> lines there not yet claimed
    asked = ""
    tables = opened = 0  # the pools' tables, bytes; a pool's bytes not yet placed
    interned = -1  # names interned so far
    pending: dict[int, int] = {}  # depth -> names not yet placed
    depth = 0
    for line in said.splitlines():
        if line.startswith("AT "):
            asked = line.split()[1]
        p = _POOL.search(line)
        if p:  # follows each IMPORT line
            now = int(p.group(4)) - int(p.group(3))
            opened += now - tables if tables else 0  # grows only by a new pool
            tables = now
            if opened and out and out[-1].heap >= opened:
                out[-1], opened = out[-1]._replace(pool=True), 0
            now = int(p.group(2))
            if out and interned >= 0:
                if out[-1].modules:
                    out[-1] = out[-1]._replace(names=out[-1].names + now - interned)
                else:
                    pending[depth] = pending.get(depth, 0) + now - interned
            interned = now
        m = _LINE.match(line)
        if not m:
            continue
        depth, heap, us = int(m.group(1)), int(m.group(2)), int(m.group(3))
        names = {n for n in m.group(4).split(",") if n}
        inner_heap, inner = below.pop(depth + 1, (0, set()))
        up_heap, up = below.get(depth, (0, set()))
        below[depth] = (up_heap + heap, up | names)
        own = tuple(sorted(names - inner))
        out.append(
            Row(
                own,
                heap - inner_heap,
                us,
                asked in boot,
                bool(opened) and heap - inner_heap >= opened,
                pending.pop(depth + 1, 0),
            )
        )
        opened = 0 if out[-1].pool else opened
    return out


def measure(board: str = BOARD) -> tuple[list[Row], str]:
    """The rows, and what the board said last (qstr_info and mem_info)."""
    files = romfs.files()
    boot = boot_imports() + ["boards." + board]
    edges = graph(top=True)  # what each import runs
    shipped = set()  # the modules the board's image holds (a package by its name)
    for path in romfs.for_board(board, files):
        dotted = path.rsplit(".", 1)[0].replace("/", ".")
        shipped.add(dotted.removesuffix(".__init__"))
    rest = [n for n in edges if n.startswith("firmware.") and n != "firmware.main"]
    order = devmodules.order(boot, edges)
    order += [n for n in devmodules.order(rest, edges) if n not in order]
    order = [n for n in order if n in shipped]
    with tempfile.TemporaryDirectory(prefix="bench-imports-") as tmp:
        compiled = Path(tmp) / "main.mpy"
        compile_file(WATCHER, compiled)
        files["firmware/main.mpy"] = compiled.read_bytes()
        files["modules.txt"] = "".join(m + "\n" for m in order).encode()
        image = Path(tmp) / "flash.img"
        flashimage.install(image, files, board)
        said = ""
        with EmulatedBoard(image, board) as dev:
            while "DONE" not in said:
                r = dev.run(200)
                said += dev.read_serial().decode("utf-8", "replace")
                if "Traceback" in said or r.t_us > LIMIT_MS * 1000:
                    raise RuntimeError("the import watcher stopped:\n" + said[-2000:])
    return parse(said, set(devmodules.order(boot, edges))), said[said.rfind("qstr pool") :]


def group(module: str) -> str:
    """The row's package for the totals: a core's game package, the screens, ..."""
    parts = module.split(".")
    if (
        parts[0] == "duelcore"
        and len(parts) > 1
        and parts[1] in ("sevenwonders", "splendor", "antike")
    ):
        return "duelcore." + parts[1]
    if parts[0] == "firmware" and len(parts) > 1 and parts[1] in ("screens", "gfx", "display"):
        return "firmware." + parts[1]
    return parts[0]


def _kb(n: int) -> str:
    return f"{n / KB:.1f} KB"


def report(rows: list[Row], tail: str) -> str:
    """A row a module (an import that loaded several names them all), biggest first,
    then the totals by package, the boot's and the interned names'."""
    builtin = "(built-in modules: the path searched first)"
    merged: dict[str, list[int]] = {}  # label -> heap, us, code objects, boot, names
    for r in rows:
        label = ("+".join(r.modules) or builtin) + (" (new names pool)" if r.pool else "")
        m = merged.setdefault(label, [0, 0, sum(code_objects(n) for n in r.modules), r.boot, 0])
        m[0] += r.heap
        m[1] += r.us
        m[4] += r.names
    body = [
        [label, f"{h:,}", str(c), str(n), f"{us / 1000:.1f}", "boot" if b else "-"]
        for label, (h, us, c, b, n) in sorted(merged.items(), key=lambda kv: -kv[1][0])
    ]
    head = ["module", "heap B", "code objects", "new names", "emulated ms", "loaded"]
    out = [table(head, body), ""]
    totals: dict[str, list[int]] = {}
    for r in rows:
        label = group(r.modules[0]) if r.modules else builtin
        t = totals.setdefault(label + ("" if r.boot else " (not at boot)"), [0, 0, 0, 0])
        t[0] += r.heap
        t[1] += len(r.modules)
        t[2] += sum(code_objects(n) for n in r.modules)
        t[3] += r.us
    body = [
        [g, _kb(h), str(n), str(c), f"{us / 1000:.0f}"]
        for g, (h, n, c, us) in sorted(totals.items(), key=lambda kv: -kv[1][0])
    ]
    out += [table(["package", "heap", "modules", "code objects", "emulated ms"], body), ""]
    boot = [r for r in rows if r.boot]
    out.append(
        f"the app's boot imports: {_kb(sum(r.heap for r in boot))} of heap, "
        f"{sum(r.us for r in boot) / 1000:.0f} emulated ms, "
        f"{sum(len(r.modules) for r in boot)} modules; "
        f"the others: {_kb(sum(r.heap for r in rows if not r.boot))}"
    )
    pool = _POOL.search(tail)
    if pool:
        pools, names, data, total = (int(g) for g in pool.groups())
        out.append(
            f"of it, the interned names' tables: {_kb(total - data)} ({pools} pools, "
            f"{names:,} names; their text, {_kb(data)}, stays in the ROMFS)"
        )
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", default=BOARD)
    args = parser.parse_args()
    rows, tail = measure(args.board)
    print(report(rows, tail))


if __name__ == "__main__":
    main()
