"""A language's words read from its catalog, for firmware/lang.py.

The catalog is canvas.py's open ``_FILE``, English's from boot (firmware/speak.py opens
another). A text is found by its English key's hash (tools/make_lang.py's ``key_hash``)
in the catalog's hash table: about three reads of the flash. Another language's catalog
holds no key of the device's own words, which English's, kept open, holds at the same
places: such a word is found there, then read from the language's. Either builds the
one string it returns.
"""

from micropython import const

from .gfx import canvas
from .gfx.glyphfile import TABLE as _TABLE  # where the table of records starts
from .words import title

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from io import BufferedReader

_buf = bytearray(12)  # a catalog's header, or a record's start and end, read into
_english = canvas._FILE  # English's catalog, open for good (speak.py keeps it)


def _record(f: "BufferedReader", i: int) -> bytes:
    """Record ``i`` of catalog ``f``: its key (none for another language's device
    words), a zero byte, its value; its start left in _buf."""
    b = _buf
    f.seek(_TABLE + 4 * i)
    f.readinto(b)
    start = b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24
    f.seek(start)
    return f.read((b[4] | b[5] << 8 | b[6] << 16 | b[7] << 24) - start)


def _index(f: "BufferedReader", h: int, key: bytes) -> int:
    """The record of ``key`` (its hash ``h``) in catalog ``f``, or -1: its header read
    for where its hash table lies (N strings, then M slots 10 bytes on), then usually
    one record."""
    b = _buf
    f.seek(4)
    f.readinto(b)
    slots = _TABLE + 4 * ((b[0] | b[1] << 8) + 1)
    mask = (b[10] | b[11] << 8) - 1
    n = len(key)
    while True:
        h &= mask
        f.seek(slots + 2 * h)
        f.readinto(b)
        i = b[0] | b[1] << 8
        if not i:
            return -1
        rec = _record(f, i - 1)
        if rec[n : n + 1] == b"\0" and rec[:n] == key:
            return i - 1
        h += 1


def _find(key: bytes) -> "tuple[int, bytes] | None":
    """Where the value of ``key`` starts in the catalog, and the value; or None."""
    f = canvas._FILE
    h = 5381
    for c in key:
        h = (h * 33 + c) & 0xFFFFF
    i = _index(f, h, key)
    if i < 0 and f is not _english:  # one of the device's words: English has its key
        i = _index(_english, h, key)
    if i < 0:
        return None
    rec = _record(f, i)
    b = _buf
    cut = rec.find(b"\0") + 1
    return (b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24) + cut, rec[cut:]


def tr(text: str) -> str:
    """``text`` in the language; English where the catalog lacks it (make_lang.py
    refuses to build such a catalog)."""
    got = _find(text.encode())
    return text if got is None else str(got[1], "utf-8")


def _named(game: str, id: str) -> "tuple[int, bytes] | None":
    """A component's record's value as ``_find`` gives it, past the byte of its rank
    where it has one (0x80 to 0xBF: no UTF-8 text starts with one; ``rank``)."""
    got = _find(("%s:%s" % (game, id)).encode())
    if got is not None and 0x80 <= got[1][0] < 0xC0:
        return got[0] + 1, got[1][1:]
    return got


def component(game: str, id: str) -> str:
    """A component's name; a word that is no component, as English writes ids."""
    got = _named(game, id)
    if got is None:
        return title(id)
    value = got[1]
    cut = value.find(b"\0")
    return str(value if cut < 0 else value[:cut], "utf-8")


def accusative(game: str, id: str) -> str:
    """A component's name as a verb's object (Russian ``Арену``), where the catalog has
    it; else its name."""
    got = _find(("acc:%s:%s" % (game, id)).encode())
    return component(game, id) if got is None else str(got[1], "utf-8")


def rank(game: str, id: str) -> int:
    """A component's place in the language's order of the list it is in: its record's
    first byte (tools/make_lang.py ``ranks``), which orders the components of one list
    alone."""
    got = _find(("%s:%s" % (game, id)).encode())
    return 0 if got is None else got[1][0]


def place(game: str, id: str) -> "str | int":
    """Where a component's short form (the part after a zero byte), or its name where it
    has none, lies in the catalog: its first byte's offset shifted left by 8, or'd with
    its length in bytes (canvas.py draws it from there). A word that is no component
    is written as English writes ids."""
    got = _named(game, id)
    if got is None:
        return title(id)
    at, value = got
    cut = value.find(b"\0") + 1  # 0: no short form
    return (at + cut) << 8 | (len(value) - cut)
