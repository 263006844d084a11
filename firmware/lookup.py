"""A language's words read from its catalog (firmware/lang.py's, in Japanese or Russian).

Loaded by firmware/catalog.py when a language other than English is chosen, and only
then: an English device never holds this code. A lookup finds the English key by its
hash (tools/make_lang.py's ``key_hash``) in the catalog's hash table on the flash, about
three reads, and builds the one string it returns.
"""

from .words import title

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from io import BufferedReader

_file: "BufferedReader | None" = None  # the catalog (canvas.py reads its glyphs too)
_table = 0  # where its records' offsets start
_slots = 0  # where its hash table starts
_mask = 0  # the hash table's slots less one
_eight = bytearray(8)


def open_at(f: "BufferedReader", table: int, slots: int, mask: int) -> None:
    """Read from catalog ``f``, whose records' offsets and hash table start at ``table``
    and ``slots``, with ``mask + 1`` slots."""
    global _file, _table, _slots, _mask
    _file, _table, _slots, _mask = f, table, slots, mask


def _find(key: bytes) -> "bytes | None":
    """The value of ``key`` in the catalog, or None (usually one record read)."""
    f = _file
    b = _eight
    h = 5381
    for c in key:
        h = (h * 33 + c) & 0xFFFFF
    n = len(key)
    while True:
        h &= _mask
        f.seek(_slots + 2 * h)  # type: ignore[union-attr]
        f.readinto(b)  # type: ignore[union-attr]
        i = b[0] | b[1] << 8
        if not i:
            return None
        f.seek(_table + 4 * i - 4)  # type: ignore[union-attr]
        f.readinto(b)  # type: ignore[union-attr]
        start = b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24
        f.seek(start)  # type: ignore[union-attr]
        rec = f.read((b[4] | b[5] << 8 | b[6] << 16 | b[7] << 24) - start)  # type: ignore[union-attr]
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
