"""The device's language: its words, looked up on the flash (docs/languages.md).

English is the code's own: ``tr(text)`` returns ``text`` and nothing is read. Another
language is a catalog file (``gfx/lang-<code>.bin``, made by tools/make_lang.py, which
describes it) that firmware/catalog.py opens; a lookup is a binary search of its sorted
English keys, a few reads of the flash, and builds the one string it returns. Callers
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
_n = 0  # its strings
_table = 0  # where its table of records starts
_eight = bytearray(8)


def lang() -> str:
    """The language spoken: ``en``, ``ja`` or ``ru``."""
    return _lang


def speak(code: str, f: "BufferedReader | None", n: int, table: int) -> None:
    """firmware/catalog.py's: ``code`` is spoken, from catalog ``f`` (None: English) of
    ``n`` strings whose table of records starts at ``table``."""
    global _lang, _file, _n, _table
    _lang, _file, _n, _table = code, f, n, table


def _u32(b: bytearray, at: int) -> int:
    return b[at] | b[at + 1] << 8 | b[at + 2] << 16 | b[at + 3] << 24


def _find(key: bytes) -> "bytes | None":
    """The value of ``key`` in the catalog, or None."""
    f = _file
    lo = 0
    hi = _n
    n = len(key)
    while lo < hi:
        mid = (lo + hi) >> 1
        f.seek(_table + 4 * mid)  # type: ignore[union-attr]
        f.readinto(_eight)  # type: ignore[union-attr]
        start = _u32(_eight, 0)
        f.seek(start)  # type: ignore[union-attr]
        rec = f.read(_u32(_eight, 4) - start)  # type: ignore[union-attr]
        end = rec.find(b"\0")
        k = rec[:end]
        if end == n and k == key:
            return rec[end + 1 :]
        if k < key:
            lo = mid + 1
        else:
            hi = mid
    return None


def tr(text: str) -> str:
    """``text`` (English, with its ``%`` placeholders) in the device's language; English
    where the catalog lacks it (make_lang.py refuses to build such a catalog)."""
    if _file is None:
        return text
    got = _find(text.encode())
    return text if got is None else str(got, "utf-8")


def name(game: str, id: str) -> str:
    """The name of component ``id`` of ``game`` (the record's words), as printed on it;
    a word that is no component (an argument's key) is written as English writes ids."""
    if _file is None:
        return title(id)
    got = _find(("%s:%s" % (game, id)).encode())
    return title(id) if got is None else str(got, "utf-8")


def short(game: str, id: str) -> str:
    """The component's hand-chosen short form where it has one, else its name."""
    if _file is not None:
        got = _find(("%s:%s:short" % (game, id)).encode())
        if got is not None:
            return str(got, "utf-8")
    return name(game, id)
