"""Drawing helpers on the display driver's framebuffer (1 = black, (0, 0) top-left).

Everything is drawn with ``fill_rect``, ``blit`` (and ``rect``/``hline``/``vline``) on
the driver's ``framebuf.FrameBuffer``, from the project's own glyphs (font.py, icons.py):
the same calls give the same pixels under MicroPython and under CPython's framebuf shim,
so a frame in the simulator is byte for byte the frame on the panel. Nothing here
allocates per call but a view of the text's bytes (never a character: below); the width
and height come from the driver, so the same screen code lays out on 296x128 and 250x122
panels.

Glyphs and icons are stored as MONO_VLSB images (font.py), so each is drawn with one
``blit`` of its record; at a scale (the big numbers), a column's runs of ink become one
``fill_rect`` each, a few calls per glyph instead of one per pixel.

The columns of the fonts and the icons stay on the flash, in glyphs.bin beside
font.py (font.py says why and how they are laid out), one file every language shares;
a language's own glyphs are in its catalog, drawn for its private characters and a
name's letters (``_script``). Both files are opened when this module is imported at
boot and kept open, English's catalog first (it has no glyphs: its words, lookup.py);
each glyph drawn is one ``seek`` and one ``readinto`` of a buffer made once, so drawing
allocates nothing. glyphfile.py finds and checks them (a missing, short or stale file
stops the import with a one-line OSError naming it, rather than drawing garbage).
Another language's catalog replaces English's (firmware/speak.py).
"""

from struct import pack_into

import framebuf
from micropython import const

from .font import LARGE, SMALL, STRIDE
from .glyphfile import image as _image
from .glyphfile import open_glyphs as _open_glyphs
from .icons import AT as _ICONS_AT
from .icons import SIZE as ICON_SIZE

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from typing import Protocol

    from framebuf import FrameBuffer

    # A font (font.py): height, first, last, spacing, widths, at, stride.
    Font = tuple[int, int, int, int, bytes, int, int]

    class _Display(Protocol):
        width: int
        height: int
        fb: FrameBuffer


WHITE = const(0)
BLACK = const(1)
LEFT = const(0)
CENTER = const(1)
RIGHT = const(2)

_ICON_BYTES = const(24)  # 12 columns x 2 bytes
_QUESTION = const(63)  # drawn for a character the font lacks
_TEXT_BYTES = const(192)  # a text of 48 characters, four bytes of UTF-8 each at most

__all__ = ("BLACK", "CENTER", "ICON_SIZE", "LARGE", "LEFT", "RIGHT", "SMALL", "WHITE", "Canvas")

_GLYPH = bytearray(STRIDE + 1)  # the glyph being drawn, read from the file; its width


# A record is a MONO_VLSB image as it stands (font.py), so a glyph or an icon is drawn
# with one blit of it, through a FrameBuffer over the read buffer made once per font
# (glyphfile.image): glyphs drawn run by run in Python were most of a frame's time
# (docs/rp2.md, "Found on the real port"). Ink is colour 1; the paper, the zero columns
# past a glyph's width included, is transparent (the key). White ink goes through
# _WHITE, a palette that swaps the two colours.
_LATIN = _open_glyphs("glyphs.bin")  # the fonts' and the icons' records
_FILE = _open_glyphs("lang-en.bin")  # the language's words and glyphs: speak.use replaces it
_SMALL_FB = _image(_GLYPH, SMALL[6], SMALL[0])
_LARGE_FB = _image(_GLYPH, LARGE[6], LARGE[0])
_ICON_FB = _image(_GLYPH, _ICON_BYTES, ICON_SIZE)
_WHITE = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
_WHITE.pixel(0, 0, 1)  # paper (0) becomes 1, the key: not drawn; ink (1) becomes 0


# The language's glyphs in its catalog (_FILE), set by speak.use; none in English.
# Glyph i of a size is a record of the Latin font's stride, drawn through the same
# FrameBuffer, then a byte of its width: the small ones from ``_small`` on, ``_glyphs``
# of them, then the large ones. A catalog's strings
# hold glyph i as the character i for the first _ONE (one byte of UTF-8: make_lang.py
# puts the 17 most used there, at 5 to 8 and 14 to 26; the others, a space to Python or
# a byte that could read as a RAM address, are '?'), then as ``PRIVATE + i - _ONE``
# (tools/make_lang.py's ``char``).
# PRIVATE starts the last range of characters that are two bytes of UTF-8 (Hebrew,
# Arabic, Syriac, Thaana, N'Ko: 624 of them), which no catalog uses, so that the rest
# cost the heap two bytes a letter, not three as the private use area's would: a letter
# in that range from elsewhere (a player's name from the PC) is drawn as a '?' in
# English, and as another glyph in another language.
PRIVATE = const(0x590)  # to U+0800: tools/make_lang.py refuses more glyphs than fit
_ONE = const(27)
_BASE = const(0x575)  # PRIVATE - _ONE
_glyphs = 0
_small = 0
# A name's letters in the language's script (Cyrillic, katakana: the letter picker's,
# duelkeeper/letters.py) are themselves in a text, not private characters: their glyphs
# follow the strings' in the catalog, in code point order, and speak.use sets _script
# to each run of them as (first code point, count, first glyph, ...). Empty in English.
_script: tuple = ()


# Text is read as the bytes of its UTF-8, never a character at a time: MicroPython's str
# iterator interns every character it yields as a qstr, which is never freed (a 7WD game
# drawn in Japanese left 159 more of them than in English, 0.5 KB of heap:
# docs/languages.md). On MicroPython struct copies a str's bytes into _TEXT, made once;
# a text too long for it is read through a memoryview (allocated: a long notice only).
# CPython (the simulator, the tests) reads a copy.
_TEXT = bytearray(_TEXT_BYTES)
try:
    pack_into("192s", _TEXT, 0, "")  # 192: _TEXT_BYTES, as in _line
    _MICRO = True
except Exception:  # CPython's struct.error: it packs bytes only
    _MICRO = False


def _code(first: int, last: int, code: int) -> int:
    """The glyph index of character ``code`` in a font of ``first`` to ``last``: lower
    case falls back to capitals."""
    if code > last and 97 <= code <= 122:
        code -= 32
    if code < first or code > last:
        code = _QUESTION
    return code - first


def _glyph(
    fb: "FrameBuffer",
    image: "FrameBuffer",
    second: int,
    width: int,
    x: int,
    y: int,
    color: int,
    scale: int,
) -> None:
    """Draw the record read into _GLYPH (``image`` over it; its second page, if any, at
    ``second``): the first ``width`` columns, ``scale`` times the size."""
    if scale == 1:
        fb.blit(image, x, y, color ^ 1, None if color else _WHITE)
        return
    data = _GLYPH
    for at in range(width):
        col = data[at]
        if second:  # two pages at most: 16 rows
            col |= data[at + second] << 8
        row = 0
        while col:
            if col & 1:
                start = row
                while col & 1:
                    col >>= 1
                    row += 1
                fb.fill_rect(x, y + start * scale, scale, (row - start) * scale, color)
            else:
                col >>= 1
                row += 1
        x += scale


def _line(
    fb: "FrameBuffer | None",
    s: "str | int",
    x: int,
    y: int,
    font: "Font",
    color: int,
    scale: int = 1,
) -> int:
    """Draw ``s`` (a text, or a place in the catalog: ``text_at``) from ``x`` on ``fb``,
    ``scale`` times the size (the big numbers, a name on the letter picker), or only
    measure it (``fb`` None, scale 1): the x after its last glyph and the spacing after
    that. _glyph's blit, inline at scale 1: most of a frame's calls are here."""
    height, first, last, spacing, widths, at, stride = font
    second = stride >> 1 if height > 8 else 0  # _glyph's second page, at a scale
    image = _SMALL_FB if font is SMALL else _LARGE_FB
    key = color ^ 1
    palette = None if color else _WHITE
    glyphs = _glyphs
    lat = _small if font is SMALL else _small + glyphs * (SMALL[6] + 1)
    if type(s) is int:  # a place in the catalog (lang.row): its bytes read from the flash
        _FILE.seek(s >> 8)
        _FILE.readinto(_TEXT)
        b: bytes | bytearray | memoryview = _TEXT
        n = s & 0xFF
    else:
        if not _MICRO:
            b = s.encode()  # type: ignore[union-attr]  # s: a str here
        elif len(s) <= _TEXT_BYTES >> 2:  # type: ignore[arg-type]  # s: a str here
            pack_into("192s", _TEXT, 0, s)  # 192: _TEXT_BYTES (a format is a literal)
            b = _TEXT  # its bytes, then zeros: no text holds a zero
        else:
            b = memoryview(s)  # type: ignore[arg-type]  # a str's bytes, on MicroPython
        n = len(b)
    k = 0
    while k < n:
        code = b[k]
        if not code:
            break
        k += 1
        if code >= 0xC0:  # a character of two bytes, or three (kana); of more, a '?'
            if code < 0xE0 and k < n:
                code = (code & 0x1F) << 6 | (b[k] & 0x3F)
                k += 1
            elif code < 0xF0 and k + 1 < n:
                code = (code & 0x0F) << 12 | (b[k] & 0x3F) << 6 | (b[k + 1] & 0x3F)
                k += 2
            else:
                while k < n and b[k] & 0xC0 == 0x80:
                    k += 1
                code = 0xFFFF
        if code < _ONE or code >= 0x80:  # maybe the language's (_ONE says how)
            g = code - _BASE if code >= PRIVATE else code if code < _ONE else glyphs
            if g >= glyphs and _script:  # a letter of a name (_script's runs), or none
                r = _script
                j = 0
                while j < len(r) and not 0 <= code - r[j] < r[j + 1]:
                    j += 3
                if j < len(r):
                    g = r[j + 2] + code - r[j]
            if g < glyphs:  # its image, then its width with its spacing
                _FILE.seek(lat + g * (stride + 1))
                _FILE.readinto(_GLYPH)
                w = _GLYPH[stride]
                if fb is None:
                    pass
                elif scale == 1:
                    fb.blit(image, x, y, key, palette)
                else:
                    _glyph(fb, image, second, w, x, y, color, scale)
                x += w * scale
                continue
        i = _code(first, last, code)
        if fb is not None:
            _LATIN.seek(at + i * stride)
            _LATIN.readinto(_GLYPH)
            if scale == 1:
                fb.blit(image, x, y, key, palette)
            else:
                _glyph(fb, image, second, widths[i], x, y, color, scale)
        x += (widths[i] + spacing) * scale
    return x


def text_at(place: int) -> str:
    """The text at ``place`` in the catalog (firmware/lookup.py's ``place``: its offset
    shifted left by 8, or'd with its length), read as a string: for a row too wide,
    which ui.fit must cut, and for the simulator's and the tests' view of a list."""
    _FILE.seek(place >> 8)
    return str(_FILE.read(place & 0xFF), "utf-8")


class Canvas:
    """Helpers over ``display.fb``; ``fb`` stays public for anything else."""

    def __init__(self, display: "_Display") -> None:
        self.fb = display.fb
        self.width = display.width
        self.height = display.height

    def clear(self, color: int = WHITE) -> None:
        self.fb.fill(color)

    # -- text ------------------------------------------------------------------------------

    def text_width(self, s: "str | int", font: "Font" = SMALL, scale: int = 1) -> int:
        """Width in pixels of ``s`` (a text, or a place: ``text_at``) drawn in ``font``,
        without trailing spacing."""
        w = _line(None, s, 0, 0, font, BLACK)
        return (w - font[3]) * scale if w else 0

    def text(
        self,
        s: "str | int",
        x: int,
        y: int,
        font: "Font" = SMALL,
        align: int = LEFT,
        color: int = BLACK,
        scale: int = 1,
    ) -> int:
        """Draw ``s`` (a text, or a place: ``text_at``) with its top at ``y``, ``scale``
        times the size; ``x`` is its left edge, centre or right edge by ``align``.
        Returns the x just after the text."""
        if align != LEFT:
            w = self.text_width(s, font, scale)
            x -= w if align == RIGHT else w >> 1
        return _line(self.fb, s, x, y, font, color, scale) - font[3] * scale

    def label(
        self,
        s: "str | int",
        x: int,
        y: int,
        w: int,
        font: "Font" = SMALL,
        align: int = CENTER,
        invert: bool = True,
        pad: int = 1,
    ) -> int:
        """A band ``w`` wide holding ``s``: black with white text when ``invert``
        (a selected menu line, a title bar). Returns the band's height."""
        h = font[0] + 2 * pad  # the font's height
        fg = WHITE if invert else BLACK
        self.fb.fill_rect(x, y, w, h, BLACK if invert else WHITE)
        if align == LEFT:
            tx = x + pad + 1
        elif align == RIGHT:
            tx = x + w - pad - 1
        else:
            tx = x + (w >> 1)
        self.text(s, tx, y + pad, font, align, fg)
        return h

    # -- shapes ----------------------------------------------------------------------------

    def box(
        self,
        x: int,
        y: int,
        w: int,
        h: int,
        fill: bool = False,
        color: int = BLACK,
        thick: int = 1,
    ) -> None:
        """A rectangle outline ``thick`` pixels wide, or a filled one."""
        fb = self.fb
        if fill:
            fb.fill_rect(x, y, w, h, color)
            return
        for i in range(thick):
            fb.rect(x + i, y + i, w - 2 * i, h - 2 * i, color)

    def progress(self, x: int, y: int, w: int, h: int, value: int, total: int) -> None:
        """An outlined bar filled in proportion to ``value`` out of ``total``."""
        fb = self.fb
        fb.fill_rect(x, y, w, h, WHITE)
        fb.rect(x, y, w, h, BLACK)
        inner = w - 4
        if total > 0 and value > 0 and inner > 0 and h > 4:
            fill = inner if value >= total else inner * value // total
            fb.fill_rect(x + 2, y + 2, fill, h - 4, BLACK)

    def track(
        self,
        x: int,
        y: int,
        w: int,
        h: int,
        pos: int,
        span: int = 9,
        zones: int = 3,
    ) -> int:
        """A horizontal track of ``2 * span + 1`` spaces with a pawn on space ``pos``
        (-span .. span, 0 the middle): the conflict track of 7 Wonders Duel.

        Every ``zones`` spaces from the middle a tick above and below marks a zone
        boundary (the military tokens), the middle space has a dot and the two end
        spaces (the capitals) are hatched. The pawn is the space drawn solid black with
        a white core. Cells share their borders; the track is centred in ``w`` and its
        actual left edge is returned.
        """
        fb = self.fb
        cells = 2 * span + 1
        cw = (w - 1) // cells
        if cw < 3:
            raise ValueError("track too narrow for %d spaces" % cells)
        left = x + ((w - 1 - cw * cells) >> 1)
        fb.fill_rect(left, y, cw * cells + 1, h, WHITE)
        fb.rect(left, y, cw * cells + 1, h, BLACK)
        for i in range(1, cells):
            fb.vline(left + i * cw, y, h, BLACK)
        for side in (-1, 1):
            cx = left + (span + side * span) * cw
            for k in range(1, cw, 2):  # the capitals: hatched
                fb.vline(cx + k, y + 1, h - 2, BLACK)
            mark = zones
            while mark < span:  # ticks on the border where each zone begins
                if side > 0:
                    bx = left + (span + mark) * cw
                else:
                    bx = left + (span - mark + 1) * cw
                fb.vline(bx, y - 2, 2, BLACK)
                fb.vline(bx, y + h, 2, BLACK)
                mark += zones
        mid = left + span * cw
        fb.fill_rect(mid + (cw >> 1) - 1, y + (h >> 1) - 1, 2, 2, BLACK)
        p = max(-span, min(span, pos))
        px = left + (span + p) * cw
        fb.fill_rect(px, y, cw + 1, h, BLACK)
        if cw > 4 and h > 4:
            fb.fill_rect(px + 2, y + 2, cw - 3, h - 4, WHITE)
            fb.fill_rect(px + 3, y + 3, cw - 5, h - 6, BLACK)
        return left

    # -- icons -----------------------------------------------------------------------------

    def icon(self, n: int, x: int, y: int, color: int = BLACK, scale: int = 1) -> int:
        """Draw icon ``n`` (icons.COIN, ...) at ``x, y``; returns its width."""
        _LATIN.seek(_ICONS_AT + n * _ICON_BYTES)
        _LATIN.readinto(_GLYPH)
        _glyph(self.fb, _ICON_FB, ICON_SIZE, ICON_SIZE, x, y, color, scale)
        return ICON_SIZE * scale
