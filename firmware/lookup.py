"""A language's words read from its catalog, for firmware/lang.py in Japanese or Russian.

Imported by lang.py when a screen or a notice is built in such a language and unloaded
by App._trim after: an English device never loads it, and another holds its code only
for a moment. The catalog is the file canvas.py reads its glyphs from; firmware/catalog.py
put where its tables start in ``lang._at``. A lookup finds the English key by its hash
(tools/make_lang.py's ``key_hash``) in the catalog's hash table, about three reads of the
flash, and builds the one string it returns.
"""

from . import lang
from .gfx import canvas
from .words import title

_eight = bytearray(8)


def _find(key: bytes) -> "bytes | None":
    """The value of ``key`` in the catalog, or None (usually one record read)."""
    f = canvas._FILE
    table, slots, mask = lang._at  # type: ignore[misc]
    b = _eight
    h = 5381
    for c in key:
        h = (h * 33 + c) & 0xFFFFF
    n = len(key)
    while True:
        h &= mask
        f.seek(slots + 2 * h)
        f.readinto(b)
        i = b[0] | b[1] << 8
        if not i:
            return None
        f.seek(table + 4 * i - 4)
        f.readinto(b)
        start = b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24
        f.seek(start)
        rec = f.read((b[4] | b[5] << 8 | b[6] << 16 | b[7] << 24) - start)
        if rec[n : n + 1] == b"\0" and rec[:n] == key:
            return rec[n + 1 :]
        h += 1


def tr(text: str) -> str:
    """``text`` in the language; English where the catalog lacks it (make_lang.py
    refuses to build such a catalog)."""
    got = _find(text.encode())
    return text if got is None else str(got, "utf-8")


def component(game: str, id: str, short: bool) -> str:
    """A component's name, or its short form (the part after a zero byte) where it has
    one; a word that is no component, as English writes ids."""
    got = _find(("%s:%s" % (game, id)).encode())
    if got is None:
        return title(id)
    cut = got.find(b"\0")
    if cut < 0:
        return str(got, "utf-8")
    return str(got[cut + 1 :] if short else got[:cut], "utf-8")
