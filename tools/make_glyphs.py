"""Make firmware/gfx/font.py and firmware/gfx/icons.py: the device's own glyphs.

    .venv/bin/python tools/make_glyphs.py          # rewrite both modules
    .venv/bin/python tools/make_glyphs.py --check  # exit 1 if they are out of date

Frames must be pixel-identical under MicroPython and CPython, so the firmware never
uses MicroPython's built-in framebuf font: every glyph it draws comes from here.

* SMALL (8 px): drawn by hand below, 5x7 capitals and digits in an 8-row cell with
  one row for descenders; proportional, except the digits, which keep one width so
  numbers line up in columns.
* LARGE (16 px): digits, capitals and punctuation rendered from Aileron Regular (Dot
  Colon, CC0 1.0 public domain), the font Pillow ships as ``ImageFont.load_default``,
  at 20 px, thresholded and emboldened by one pixel so big numbers read across a table.
  Tabular digits here too.
* Icons (12x12): drawn by hand below.

Glyph data layout (what firmware/gfx/canvas.py reads): a glyph is a run of columns,
``(height + 7) // 8`` bytes per column, least significant bit at the top.
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FONT_PY = ROOT / "firmware" / "gfx" / "font.py"
ICONS_PY = ROOT / "firmware" / "gfx" / "icons.py"

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
    "*": "..... ..#.. #.#.# .###. #.#.# ..#.. ..... .....",
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
    "^": "..#.. .#.#. #...# ..... ..... ..... ..... .....",
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
        glyphs.append(_trim(cols, False, 5))
    digits = glyphs[16:26]
    width = max(len(g) for g in digits)
    for i, g in enumerate(digits):  # tabular digits: centred in the widest one
        left = (width - len(g)) // 2
        glyphs[16 + i] = [0] * left + g + [0] * (width - len(g) - left)
    return {"height": 16, "first": 32, "spacing": 2, "glyphs": glyphs}


def _column_bytes(cols: list[int], height: int) -> bytes:
    per = (height + 7) // 8
    return b"".join(c.to_bytes(per, "little") for c in cols)


def _bytes_literal(data: bytes, indent: str) -> str:
    """A parenthesised run of b"..." lines under 100 columns."""
    per_line = (96 - len(indent) - 3) // 4
    lines = []
    for i in range(0, len(data), per_line):
        chunk = "".join("\\x%02x" % b for b in data[i : i + per_line])
        lines.append('%sb"%s"' % (indent, chunk))
    return "(\n" + "\n".join(lines) + "\n" + indent[:-4] + ")"


def _font_source(name: str, spec: dict[str, object]) -> str:
    height = spec["height"]
    glyphs = spec["glyphs"]
    assert isinstance(height, int) and isinstance(glyphs, list)
    widths = bytes(len(g) for g in glyphs)
    offsets = b""
    data = b""
    column = 0
    for g in glyphs:
        offsets += column.to_bytes(2, "little")
        data += _column_bytes(g, height)
        column += len(g)
    first = spec["first"]
    spacing = spec["spacing"]
    assert isinstance(first, int) and isinstance(spacing, int)
    return "%s = Font(\n    %d,\n    %d,\n    %d,\n    %d,\n    %s,\n    %s,\n    %s,\n)\n" % (
        name,
        height,
        first,
        first + len(glyphs) - 1,
        spacing,
        _bytes_literal(widths, "        "),
        _bytes_literal(offsets, "        "),
        _bytes_literal(data, "        "),
    )


FONT_HEADER = '''\
"""The project's bitmap fonts. Generated by tools/make_glyphs.py: edit that, not this.

SMALL: 8 px high, drawn by hand; capitals 7 px, one row for descenders; proportional
except the digits. LARGE: 16 px high, space to "_" (digits, capitals, punctuation),
rendered from Aileron Regular (Dot Colon, CC0 1.0), the font Pillow ships, emboldened by
one pixel; tabular digits. canvas.py draws lower case in capitals where a font has none.

Layout: glyph ``first + i`` is ``widths[i]`` columns starting at column
``offsets[2i] | offsets[2i + 1] << 8`` of ``data``; each column is ``(height + 7) // 8``
bytes, little-endian, bit 0 the top row. ``spacing`` columns separate two glyphs.
"""


class Font:
    """One font's glyphs (read by firmware/gfx/canvas.py)."""

    def __init__(
        self,
        height: int,
        first: int,
        last: int,
        spacing: int,
        widths: bytes,
        offsets: bytes,
        data: bytes,
    ) -> None:
        self.height = height
        self.first = first
        self.last = last
        self.spacing = spacing
        self.widths = widths
        self.offsets = offsets
        self.data = data


'''


ICONS_HEADER = '''\
"""12x12 icons for the games' counters. Generated by tools/make_glyphs.py: edit that.

``Canvas.icon(N, x, y)`` draws icon N (the constants below). Layout as the fonts'
(firmware/gfx/font.py): 12 columns per icon, 2 bytes per column, little-endian, bit 0
the top row; icon N starts at byte ``N * 24`` of ``DATA``.
"""

from micropython import const

SIZE = const(12)
'''


def font_module() -> str:
    return (
        FONT_HEADER
        + _font_source("SMALL", small_font())
        + "\n"
        + _font_source("LARGE", large_font())
    )


def icons_module() -> str:
    names = list(ICON_ART) + ["DOWN"]
    arts = [_rows(a) for a in ICON_ART.values()]
    arts.append(list(reversed(arts[names.index("UP")])))
    data = b""
    for rows in arts:
        assert len(rows) == 12 and all(len(r) == 12 for r in rows), rows
        data += _column_bytes(_columns(rows), 12)
    out = ICONS_HEADER
    for i, name in enumerate(names):
        out += "%s = const(%d)\n" % (name, i)
    out += "COUNT = const(%d)\n\nDATA = %s\n" % (len(names), _bytes_literal(data, "    "))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if the modules differ")
    args = parser.parse_args()
    stale = []
    for path, text in ((FONT_PY, font_module()), (ICONS_PY, icons_module())):
        if args.check:
            if not path.exists() or path.read_text() != text:
                stale.append(path)
        else:
            path.write_text(text)
    for path in stale:
        print("%s is out of date: run tools/make_glyphs.py" % path.relative_to(ROOT))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
