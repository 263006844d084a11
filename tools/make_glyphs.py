"""Make firmware/gfx/font.py, icons.py and glyphs.bin: the device's own glyphs.

    .venv/bin/python tools/make_glyphs.py          # rewrite the three files
    .venv/bin/python tools/make_glyphs.py --check  # exit 1 if any is out of date

Frames must be pixel-identical under MicroPython and CPython, so the firmware never
uses MicroPython's built-in framebuf font: every glyph it draws comes from here.

* SMALL (8 px): drawn by hand below, 5x7 capitals and digits in an 8-row cell with
  one row for descenders; proportional, except the digits, which keep one width so
  numbers line up in columns.
* LARGE (16 px): digits, capitals and punctuation rendered from Aileron Regular (Dot
  Colon, CC0 1.0 public domain), the font Pillow ships as ``ImageFont.load_default``,
  at 20 px, thresholded and emboldened by one pixel so big numbers read across a table.
  Tabular digits here too. In both fonts '*' is a star and '^' a crown, drawn by hand:
  Splendor Duel's points and crowns in a list row or a notice ("2* 1^").
* Icons (12x12): drawn by hand below.

Glyph data layout (what firmware/gfx/canvas.py reads): a glyph is a MONO_VLSB image,
framebuf's own layout (pages of 8 rows, a byte per column, least significant bit at the
top), so that canvas.py draws it with one ``blit``.

The columns of the fonts and the icons go to glyphs.bin, a file on the device's flash
that canvas.py reads one glyph at a time (bytes constants in an .mpy are copied into the
heap on import); font.py keeps the metrics and the widths, which text_width() needs for
every character. Each font's glyphs are records of one size, the widest glyph's
columns, so a glyph's place in the file is a multiplication: no offsets table in the
heap. font.py's docstring (FONT_HEADER) describes the file.
"""

import argparse
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FONT_PY = ROOT / "firmware" / "gfx" / "font.py"
ICONS_PY = ROOT / "firmware" / "gfx" / "icons.py"
GLYPHS_BIN = ROOT / "firmware" / "gfx" / "glyphs.bin"
STAMP_BYTES = 2  # the file's header

# fmt: off
# Each glyph: 8 rows of 5 columns, top to bottom; '#' is ink.
SMALL_ART = {
    " ": "..... ..... ..... ..... ..... ..... ..... .....",
    "!": "..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#.. .....",
    '"': ".#.#. .#.#. .#.#. ..... ..... ..... ..... .....",
    "#": ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#. .....",
    "$": "..#.. .#### #.#.. .###. ..#.# ####. ..#.. .....",
    "%": "##... ##..# ...#. ..#.. .#... #..## ...## .....",
    "&": ".##.. #..#. #.#.. .#... #.#.# #..#. .##.# .....",
    "'": "..#.. ..#.. ..#.. ..... ..... ..... ..... .....",
    "(": "...#. ..#.. .#... .#... .#... ..#.. ...#. .....",
    ")": ".#... ..#.. ...#. ...#. ...#. ..#.. .#... .....",
    "*": "..#.. ..#.. ##### .###. .###. ##.## #...# .....",  # a star: points
    "+": "..... ..#.. ..#.. ##### ..#.. ..#.. ..... .....",
    ",": "..... ..... ..... ..... ..... .##.. ..#.. .#...",
    "-": "..... ..... ..... ##### ..... ..... ..... .....",
    ".": "..... ..... ..... ..... ..... .##.. .##.. .....",
    "/": "..... ....# ...#. ..#.. .#... #.... ..... .....",
    "0": ".###. #...# #..## #.#.# ##..# #...# .###. .....",
    "1": "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###. .....",
    "2": ".###. #...# ....# ...#. ..#.. .#... ##### .....",
    "3": "##### ...#. ..#.. ...#. ....# #...# .###. .....",
    "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#. .....",
    "5": "##### #.... ####. ....# ....# #...# .###. .....",
    "6": "..##. .#... #.... ####. #...# #...# .###. .....",
    "7": "##### ....# ...#. ..#.. .#... .#... .#... .....",
    "8": ".###. #...# #...# .###. #...# #...# .###. .....",
    "9": ".###. #...# #...# .#### ....# ...#. .##.. .....",
    ":": "..... .##.. .##.. ..... .##.. .##.. ..... .....",
    ";": "..... .##.. .##.. ..... .##.. ..#.. .#... .....",
    "<": "...#. ..#.. .#... #.... .#... ..#.. ...#. .....",
    "=": "..... ..... ##### ..... ##### ..... ..... .....",
    ">": ".#... ..#.. ...#. ....# ...#. ..#.. .#... .....",
    "?": ".###. #...# ....# ...#. ..#.. ..... ..#.. .....",
    "@": ".###. #...# ....# .##.# #.#.# #.#.# .###. .....",
    "A": ".###. #...# #...# ##### #...# #...# #...# .....",
    "B": "####. #...# #...# ####. #...# #...# ####. .....",
    "C": ".###. #...# #.... #.... #.... #...# .###. .....",
    "D": "###.. #..#. #...# #...# #...# #..#. ###.. .....",
    "E": "##### #.... #.... ####. #.... #.... ##### .....",
    "F": "##### #.... #.... ####. #.... #.... #.... .....",
    "G": ".###. #...# #.... #.### #...# #...# .#### .....",
    "H": "#...# #...# #...# ##### #...# #...# #...# .....",
    "I": ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###. .....",
    "J": "..### ...#. ...#. ...#. ...#. #..#. .##.. .....",
    "K": "#...# #..#. #.#.. ##... #.#.. #..#. #...# .....",
    "L": "#.... #.... #.... #.... #.... #.... ##### .....",
    "M": "#...# ##.## #.#.# #.#.# #...# #...# #...# .....",
    "N": "#...# #...# ##..# #.#.# #..## #...# #...# .....",
    "O": ".###. #...# #...# #...# #...# #...# .###. .....",
    "P": "####. #...# #...# ####. #.... #.... #.... .....",
    "Q": ".###. #...# #...# #...# #.#.# #..#. .##.# .....",
    "R": "####. #...# #...# ####. #.#.. #..#. #...# .....",
    "S": ".#### #.... #.... .###. ....# ....# ####. .....",
    "T": "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#.. .....",
    "U": "#...# #...# #...# #...# #...# #...# .###. .....",
    "V": "#...# #...# #...# #...# #...# .#.#. ..#.. .....",
    "W": "#...# #...# #...# #.#.# #.#.# #.#.# .#.#. .....",
    "X": "#...# #...# .#.#. ..#.. .#.#. #...# #...# .....",
    "Y": "#...# #...# #...# .#.#. ..#.. ..#.. ..#.. .....",
    "Z": "##### ....# ...#. ..#.. .#... #.... ##### .....",
    "[": ".###. .#... .#... .#... .#... .#... .###. .....",
    "\\": "..... #.... .#... ..#.. ...#. ....# ..... .....",
    "]": ".###. ...#. ...#. ...#. ...#. ...#. .###. .....",
    "^": "..... #.#.# ##### ##### ##### ..... ##### .....",  # a crown
    "_": "..... ..... ..... ..... ..... ..... ..... #####",
    "`": ".#... ..#.. ...#. ..... ..... ..... ..... .....",
    "a": "..... ..... .###. ....# .#### #...# .#### .....",
    "b": "#.... #.... #.##. ##..# #...# #...# ####. .....",
    "c": "..... ..... .###. #.... #.... #...# .###. .....",
    "d": "....# ....# .##.# #..## #...# #...# .#### .....",
    "e": "..... ..... .###. #...# ##### #.... .###. .....",
    "f": "..##. .#..# .#... ###.. .#... .#... .#... .....",
    "g": "..... ..... .#### #...# #...# .#### ....# .###.",
    "h": "#.... #.... #.##. ##..# #...# #...# #...# .....",
    "i": "..#.. ..... .##.. ..#.. ..#.. ..#.. .###. .....",
    "j": "...#. ..... ..##. ...#. ...#. ...#. #..#. .##..",
    "k": "#.... #.... #..#. #.#.. ##... #.#.. #..#. .....",
    "l": ".##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###. .....",
    "m": "..... ..... ##.#. #.#.# #.#.# #.#.# #.#.# .....",
    "n": "..... ..... #.##. ##..# #...# #...# #...# .....",
    "o": "..... ..... .###. #...# #...# #...# .###. .....",
    "p": "..... ..... ####. #...# #...# ####. #.... #....",
    "q": "..... ..... .#### #...# #...# .#### ....# ....#",
    "r": "..... ..... #.##. ##..# #.... #.... #.... .....",
    "s": "..... ..... .#### #.... .###. ....# ####. .....",
    "t": ".#... .#... ###.. .#... .#... .#..# ..##. .....",
    "u": "..... ..... #...# #...# #...# #..## .##.# .....",
    "v": "..... ..... #...# #...# #...# .#.#. ..#.. .....",
    "w": "..... ..... #...# #...# #.#.# #.#.# .#.#. .....",
    "x": "..... ..... #...# .#.#. ..#.. .#.#. #...# .....",
    "y": "..... ..... #...# #...# #...# .#### ....# .###.",
    "z": "..... ..... ##### ...#. ..#.. .#... ##### .....",
    "{": "...#. ..#.. ..#.. .#... ..#.. ..#.. ...#. .....",
    "|": "..#.. ..#.. ..#.. ..#.. ..#.. ..#.. ..#.. .....",
    "}": ".#... ..#.. ..#.. ...#. ..#.. ..#.. .#... .....",
    "~": "..... ..... .#... #.#.# ...#. ..... ..... .....",
}

# Each icon: 12 rows of 12 columns. The names become constants in icons.py.
ICON_ART = {
    "COIN": """
        ....####....
        ..##....##..
        .#........#.
        .#...##...#.
        #...####...#
        #..######..#
        #..######..#
        #...####...#
        .#...##...#.
        .#........#.
        ..##....##..
        ....####....""",
    "SHIELD": """
        ############
        #..........#
        #.########.#
        #.########.#
        #.########.#
        #.########.#
        .#.######.#.
        .#.######.#.
        ..#.####.#..
        ...#.##.#...
        ....#..#....
        .....##.....""",
    "SCIENCE": """
        ...######...
        ....#..#....
        ....#..#....
        ....#..#....
        ...#....#...
        ..#......#..
        .#........#.
        #.########.#
        #.########.#
        #.########.#
        #.########.#
        .##########.""",
    "CROWN": """
        ............
        #....##....#
        ##...##...##
        ##..####..##
        ###.####.###
        ############
        ############
        ############
        .##########.
        ............
        .##########.
        .##########.""",
    "STAR": """
        .....##.....
        .....##.....
        ....####....
        ....####....
        ############
        .##########.
        ..########..
        ...######...
        ...######...
        ..###..###..
        ..##....##..
        .#........#.""",
    "PAWN": """
        ....####....
        ...######...
        ...######...
        ....####....
        .....##.....
        ....####....
        ...######...
        ...######...
        ..########..
        ..########..
        .##########.
        .##########.""",
    "GEM": """
        ...######...
        ..#..##..#..
        .#..#..#..#.
        ############
        #...#..#...#
        .#...##...#.
        ..#..##..#..
        ...#.##.#...
        ....####....
        .....##.....
        ............
        ............""",
    "SCROLL": """
        .##########.
        #..........#
        #.########.#
        .#........#.
        .#.######.#.
        .#........#.
        .#.######.#.
        .#........#.
        .#.####...#.
        #..........#
        #.########.#
        .##########.""",
    "WONDER": """
        ............
        .....##.....
        ....####....
        ....#..#....
        ...######...
        ...#....#...
        ..########..
        ..#......#..
        .##########.
        .#........#.
        ############
        ............""",
    "SWORD": """
        ..........##
        .........###
        ........###.
        .......###..
        ......###...
        .....###....
        .#..###.....
        .####.......
        ..###.......
        .####.......
        ##..#.......
        #...........""",
    "UP": """
        .....##.....
        ....####....
        ...######...
        ..########..
        .##########.
        ############
        ....####....
        ....####....
        ....####....
        ....####....
        ....####....
        ............""",
}
# LARGE glyphs drawn by hand instead of Aileron's: '*' a star (points), '^' a crown, the
# icons of the counters, so a list row or a notice can say "2* 1^" (no name holds either).
LARGE_ART = {
    "*": """
        .............
        ......#......
        .....###.....
        .....###.....
        ....#####....
        #############
        .###########.
        ..#########..
        ...#######...
        ...#######...
        ..####.####..
        ..###...###..
        .##.......##.
        .#.........#.
        .............
        .............""",
    "^": """
        ..............
        ..............
        #.....##.....#
        ##....##....##
        ##...####...##
        ###..####..###
        ###.######.###
        ##############
        ##############
        ##############
        .############.
        ..............
        .############.
        .############.
        ..............
        ..............""",
}
# fmt: on


def _rows(art: str) -> list[str]:
    return [line.strip() for line in art.split() if line.strip()]


def _columns(rows: list[str]) -> list[int]:
    """Column bit masks (bit y = row y) of a glyph drawn as rows of '#' and '.'."""
    width = len(rows[0])
    assert all(len(r) == width for r in rows), rows
    return [sum(1 << y for y, r in enumerate(rows) if r[x] == "#") for x in range(width)]


def _trim(cols: list[int], keep: bool, blank: int) -> list[int]:
    """Drop empty columns at both sides (not for ``keep``); a blank glyph keeps ``blank``."""
    if keep:
        return cols
    inked = [i for i, c in enumerate(cols) if c]
    if not inked:
        return [0] * blank
    return cols[inked[0] : inked[-1] + 1]


def small_font() -> dict[str, object]:
    glyphs = []
    for code in range(32, 127):
        rows = _rows(SMALL_ART[chr(code)])
        assert len(rows) == 8, chr(code)
        glyphs.append(_trim(_columns(rows), chr(code).isdigit(), 2))
    return {"height": 8, "first": 32, "spacing": 1, "glyphs": glyphs}


def large_font() -> dict[str, object]:
    from PIL import Image, ImageChops, ImageDraw, ImageFont

    font = ImageFont.load_default(20)  # Aileron Regular (CC0), embedded in Pillow
    top = 5  # Aileron's cap height at 20 px starts 6 rows below the origin
    glyphs = []
    for code in range(32, 96):
        image = Image.new("L", (40, 30), 0)
        ImageDraw.Draw(image).text((4, 0), chr(code), font=font, fill=255)
        ink = image.point(lambda v: 255 if v >= 90 else 0)
        ink = ImageChops.lighter(ink, ImageChops.offset(ink, 1, 0))  # one pixel bolder
        ink = ink.crop((0, top, 40, top + 16))
        cols = [sum(1 << y for y in range(16) if ink.getpixel((x, y))) for x in range(40)]
        if chr(code) in LARGE_ART:
            cols = _columns(_rows(LARGE_ART[chr(code)]))
        glyphs.append(_trim(cols, False, 5))
    digits = glyphs[16:26]
    width = max(len(g) for g in digits)
    for i, g in enumerate(digits):  # tabular digits: centred in the widest one
        left = (width - len(g)) // 2
        glyphs[16 + i] = [0] * left + g + [0] * (width - len(g) - left)
    return {"height": 16, "first": 32, "spacing": 2, "glyphs": glyphs}


def _image(cols: list[int], height: int, width: int) -> bytes:
    """Columns (bit 0 the top row) as a MONO_VLSB image ``width`` columns wide, zero
    columns after them: a page of 8 rows after another, a byte per column in each."""
    cols = cols + [0] * (width - len(cols))
    return bytes((c >> (8 * page)) & 0xFF for page in range((height + 7) // 8) for c in cols)


def _bytes_literal(data: bytes, indent: str) -> str:
    """A parenthesised run of b"..." lines under 100 columns."""
    per_line = (96 - len(indent) - 3) // 4
    lines = []
    for i in range(0, len(data), per_line):
        chunk = "".join("\\x%02x" % b for b in data[i : i + per_line])
        lines.append('%sb"%s"' % (indent, chunk))
    return "(\n" + "\n".join(lines) + "\n" + indent[:-4] + ")"


# Columns of a record, per size (small, large): every glyph's, a language's too
# (tools/make_lang.py), so that canvas.py draws a language's glyphs through the Latin
# fonts' FrameBuffers instead of two more of its own (176 B of heap, docs/languages.md).
# 8 is the small Japanese cell (Misaki Gothic); 20 the widest large glyph (Aileron's W).
COLUMNS = (8, 20)


def _records(spec: dict[str, object], width: int) -> tuple[int, bytes]:
    """A font's glyphs as records of ``width`` columns, zero-padded: the record size and
    the records."""
    height = spec["height"]
    glyphs = spec["glyphs"]
    assert isinstance(height, int) and isinstance(glyphs, list)
    assert max(len(g) for g in glyphs) <= width, "a glyph wider than COLUMNS"
    data = b"".join(_image(g, height, width) for g in glyphs)
    return width * ((height + 7) // 8), data


def _font_source(name: str, spec: dict[str, object], at: int, stride: int) -> str:
    glyphs = spec["glyphs"]
    height = spec["height"]
    first = spec["first"]
    spacing = spec["spacing"]
    assert isinstance(glyphs, list) and isinstance(height, int)
    assert isinstance(first, int) and isinstance(spacing, int)
    widths = bytes(len(g) for g in glyphs)
    return "%s = (\n    %d,\n    %d,\n    %d,\n    %d,\n    %s,\n    %d,\n    %d,\n)\n" % (
        name,
        height,
        first,
        first + len(glyphs) - 1,
        spacing,
        _bytes_literal(widths, "        "),
        at,
        stride,
    )


FONT_HEADER = '''\
"""The project's bitmap fonts. Generated by tools/make_glyphs.py: edit that, not this.

SMALL: 8 px high, drawn by hand; capitals 7 px, one row for descenders; proportional
except the digits. LARGE: 16 px high, space to "_" (digits, capitals, punctuation),
rendered from Aileron Regular (Dot Colon, CC0 1.0), the font Pillow ships, emboldened by
one pixel; tabular digits. canvas.py draws lower case in capitals where a font has none.

A font is a tuple ``(height, first, last, spacing, widths, at, stride)`` (canvas.py's
``Font``; a class and its instances would cost 0.3 KB more heap). The glyphs' columns
are not here but in glyphs.bin beside this module on the flash, one file that every
language shares (a language's catalog, ``lang-<code>.bin``, holds only its own script's
glyphs: tools/make_lang.py); canvas.py reads a glyph at a time (bytes here would be
copied into the heap on import). Glyph
``first + i`` is the ``stride`` bytes at ``at + i * stride`` in the file: a MONO_VLSB
image (framebuf's: a page of 8 rows after another, a byte per column in each, bit 0 the
top row) ``stride // ((height + 7) // 8)`` columns wide, of which the first
``widths[i]`` are the glyph and the rest are zero. ``spacing`` columns separate two
glyphs.

glyphs.bin is ``FILE_SIZE`` bytes: ``STAMP`` (the low 16 bits of the CRC-32 of the
rest, little-endian: glyphfile.py refuses a file of other tables, and a catalog built
with another), the fonts' records, then the icons' (icons.py). ``STRIDE`` is the largest record.
"""

from micropython import const

'''


ICONS_HEADER = '''\
"""12x12 icons for the games' counters. Generated by tools/make_glyphs.py: edit that.

``Canvas.icon(N, x, y)`` draws icon N (the constants below). The icons' columns are in
font.py's glyph file on the flash, laid out as the fonts': icon N is the 24 bytes at
``AT + N * 24``, a 12x12 MONO_VLSB image (two pages of 12 columns).
"""

from micropython import const

SIZE = const(12)
'''


def _icons() -> tuple[list[str], bytes]:
    """The icons' names and their records (24 bytes each)."""
    names = list(ICON_ART) + ["DOWN"]
    arts = [_rows(a) for a in ICON_ART.values()]
    arts.append(list(reversed(arts[names.index("UP")])))
    data = b""
    for rows in arts:
        assert len(rows) == 12 and all(len(r) == 12 for r in rows), rows
        data += _image(_columns(rows), 12, 12)
    return names, data


def generate() -> dict[Path, bytes]:
    """font.py, icons.py and glyphs.bin, as they should be."""
    fonts = ""
    body = b""
    strides = []
    fonts_of = (("SMALL", small_font(), COLUMNS[0]), ("LARGE", large_font(), COLUMNS[1]))
    for name, spec, width in fonts_of:
        stride, records = _records(spec, width)
        fonts += "\n" + _font_source(name, spec, STAMP_BYTES + len(body), stride)
        body += records
        strides.append(stride)
    names, icons = _icons()
    icons_py = ICONS_HEADER + "AT = const(%d)\n" % (STAMP_BYTES + len(body))
    for i, name in enumerate(names):
        icons_py += "%s = const(%d)\n" % (name, i)
    icons_py += "COUNT = const(%d)\n" % len(names)
    body += icons
    strides.append(len(icons) // len(names))  # canvas.py reads an icon into the same buffer
    stamp = zlib.crc32(body) & 0xFFFF
    font_py = FONT_HEADER + (
        "FILE_SIZE = const(%d)\nSTAMP = const(0x%04X)\nSTRIDE = const(%d)\n"
        % (STAMP_BYTES + len(body), stamp, max(strides))
    )
    return {
        FONT_PY: (font_py + fonts).encode(),
        ICONS_PY: icons_py.encode(),
        GLYPHS_BIN: stamp.to_bytes(STAMP_BYTES, "little") + body,
    }


def write_or_check(files: dict[Path, bytes], check: bool, tool: str) -> int:
    """Write generated ``files``, or with ``check`` name each that differs from them:
    the exit status (1 when one is out of date). make_lang.py's too."""
    stale = []
    for path, data in files.items():
        if check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(path)
        else:
            path.write_bytes(data)
    for path in stale:
        print("%s is out of date: run tools/%s" % (path.relative_to(ROOT), tool))
    return 1 if stale else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if a file differs")
    args = parser.parse_args()
    return write_or_check(generate(), args.check, "make_glyphs.py")


if __name__ == "__main__":
    sys.exit(main())
