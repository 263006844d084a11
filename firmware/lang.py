"""The device's language: its words, looked up on the flash (docs/languages.md).

English is the code's own: ``tr(text)`` returns ``text`` and nothing is read. Another
language is a catalog file (``gfx/lang-<code>.bin``, made by tools/make_lang.py, which
describes it) that firmware/catalog.py opens; a lookup finds the English key by its
hash, about three reads of the flash, and builds the one string it returns. Callers
translate once, where they build a label or a notice, never per frame.

A catalog's strings hold each of their letters outside ASCII as a character of Unicode's
private use area, ``canvas.PRIVATE + i`` for glyph i of the language's fonts in the same
file: canvas.py draws it with one seek and no table of code points in the heap, and a
letter the fonts lack stops the build instead of showing as a box on the device.
"""

from .words import title

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from io import BufferedReader

LANGS = ("en", "ja", "ru")
# The language menu's words, in English: the others name themselves as they can be read
# without their glyphs; each catalog has them in its language and their own.
NAMES = ("English", "Japanese (Nihongo)", "Russian (Russkiy)")

_lang = "en"
_file: "BufferedReader | None" = None  # the catalog, open unless English is spoken
_table = 0  # where its records' offsets start
_slots = 0  # where its hash table starts
_mask = 0  # the hash table's slots less one
_eight = bytearray(8)


def lang() -> str:
    """The language spoken: ``en``, ``ja`` or ``ru``."""
    return _lang


def speak(code: str, f: "BufferedReader | None", table: int, slots: int, mask: int) -> None:
    """firmware/catalog.py's: ``code`` is spoken, from catalog ``f`` (None: English)
    whose records' offsets and hash table start at ``table`` and ``slots``."""
    global _lang, _file, _table, _slots, _mask
    _lang, _file, _table, _slots, _mask = code, f, table, slots, mask


def _find(key: bytes) -> "bytes | None":
    """The value of ``key`` in the catalog, or None: its slot in the hash table (the
    hash is tools/make_lang.py's ``key_hash``), usually one record read."""
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
    """``text`` (English, with its ``%`` placeholders) in the device's language; English
    where the catalog lacks it (make_lang.py refuses to build such a catalog)."""
    if _file is None:
        return text
    got = _find(text.encode())
    return text if got is None else str(got, "utf-8")


def _component(game: str, id: str, short: bool) -> str:
    """A component's name, or its short form (the part after a zero byte) where it has one."""
    if _file is None:
        return title(id)
    got = _find(("%s:%s" % (game, id)).encode())
    if got is None:
        return title(id)
    cut = got.find(b"\0")
    if cut < 0:
        return str(got, "utf-8")
    return str(got[cut + 1 :] if short else got[:cut], "utf-8")


def name(game: str, id: str) -> str:
    """The name of component ``id`` of ``game`` (the record's words), as printed on it;
    a word that is no component (an argument's key) is written as English writes ids."""
    return _component(game, id, False)


def short(game: str, id: str) -> str:
    """The component's hand-chosen short form where it has one, else its name."""
    return _component(game, id, True)
