"""The device's language: its words, looked up on the flash (docs/languages.md).

English is the code's own: ``tr(text)`` returns ``text`` and nothing is loaded. Another
language is a catalog file beside this module (``lang-<code>.bin``, made by
tools/make_lang.py, which describes it), opened by ``use(code)`` and kept open; a lookup
is a binary search of its sorted English keys, a few reads of the flash, and builds the
one string it returns. Callers translate once, where they build a label or a notice,
never per frame.

A catalog's strings hold each of their letters outside ASCII as a character of Unicode's
private use area, ``PRIVATE + i`` for glyph i of the language's fonts in the same file:
canvas.py draws it with one seek and no table of code points in the heap, and a letter
the fonts lack stops the build instead of showing as a box on the device.
"""

from .gfx import canvas
from .storage import crc32
from .words import title

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from io import BufferedReader

LANGS = ("en", "ja", "ru")
NAMES = ("English", "Japanese", "Russian")  # as the language menu lists them, in English

_lang = "en"
_file: "BufferedReader | None" = None  # the catalog, open unless English is used
_n = 0  # its strings
_table = 0  # where its table of records starts
_eight = bytearray(8)


def lang() -> str:
    """The language in use: ``en``, ``ja`` or ``ru``."""
    return _lang


def _u32(b: "bytearray | bytes", at: int) -> int:
    return b[at] | b[at + 1] << 8 | b[at + 2] << 16 | b[at + 3] << 24


def use(code: str) -> None:
    """Speak ``code`` from now on: its catalog is opened and checked, and canvas.py draws
    its glyphs. A missing or damaged catalog is a one-line OSError, and English stays."""
    global _lang, _file, _n, _table
    if code not in LANGS:
        raise OSError("no language %r: one of %s" % (code, ", ".join(LANGS)))
    if _file is not None:
        canvas.script(None, None, None)
        _file.close()
        _file = None
        _lang = "en"
    if code == "en":
        return
    cut = max(__file__.rfind("/"), __file__.rfind("\\"))
    path = "%slang-%s.bin" % (__file__[: cut + 1], code)
    try:
        f = open(path, "rb")
    except OSError:
        raise OSError("language file %s is missing: deploy again" % path) from None
    try:
        head = f.read(12)
        n = head[2] | head[3] << 8
        g = head[4] | head[5] << 8
        widths = f.read(2 * g)
        f.seek(12 + 2 * g + 4 * n)
        f.readinto(_eight)
        small_at = _u32(_eight, 0)  # the end of the records: the glyphs start there
        if len(head) < 12 or len(widths) < 2 * g or _crc(f) != head[0] | head[1] << 8:
            raise ValueError
    except (ValueError, IndexError):
        f.close()
        raise OSError("language file %s is damaged: deploy again" % path) from None
    large_at = small_at + g * head[7]
    canvas.script(
        f,
        (widths[:g], small_at, head[7], head[6]),
        (widths[g:], large_at, head[10], head[9]),
    )
    _file, _n, _table, _lang = f, n, 12 + 2 * g, code


def _crc(f: "BufferedReader") -> int:
    """The low 16 bits of the CRC-32 of the file past its first two bytes."""
    f.seek(2)
    crc = 0
    buf = bytearray(512)
    while True:
        got = f.readinto(buf)
        if not got:
            return crc & 0xFFFF
        crc = crc32(memoryview(buf)[:got], crc)


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
    """The name of component ``id`` of ``game`` (the record's words), as printed on it."""
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
