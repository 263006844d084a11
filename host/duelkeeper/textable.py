"""Plain-text tables for the terminal: columns padded to their widest cell.

Numbers (and cells given as numbers) are right-aligned, text left-aligned. A wide
character (Japanese, Chinese: two terminal columns) counts two when padding.
"""

import re
import unicodedata
from collections.abc import Sequence

Cell = str | int | float

# What a terminal would act on rather than show: C0 and C1 controls (escape sequences, new
# lines), DEL, line and paragraph separators, bidirectional overrides, lone surrogates.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069\ud800-\udfff]")


def shown(text: str) -> str:
    """``text`` safe to print: each character a terminal would act on, as its Python
    escape (``\\x1b``). Records are checked on the way in (duelcore.record); this covers
    what came in before and any text a message quotes."""
    return _UNSAFE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def text(cell: Cell) -> str:
    """A cell as shown: floats with one decimal."""
    if isinstance(cell, float):
        return "%.1f" % cell
    return shown(str(cell))


def width(text: str) -> int:
    """Terminal columns ``text`` takes: East Asian wide and fullwidth characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, columns: int, right: bool) -> str:
    fill = " " * (columns - width(text))
    return fill + text if right else text + fill


def table(header: Sequence[str], rows: Sequence[Sequence[Cell]]) -> str:
    cells = [[shown(h) for h in header]] + [[text(c) for c in row] for row in rows]
    numeric = [
        bool(rows) and all(isinstance(row[i], int | float) for row in rows)
        for i in range(len(header))
    ]
    widths = [max(width(row[i]) for row in cells) for i in range(len(header))]
    lines = []
    for row in cells:
        padded = (_pad(c, w, right) for c, w, right in zip(row, widths, numeric, strict=True))
        lines.append("  ".join(padded).rstrip())
    return "\n".join(lines)
