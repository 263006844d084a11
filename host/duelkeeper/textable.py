"""Plain-text tables for the terminal: columns padded to their widest cell.

Numbers (and cells given as numbers) are right-aligned, text left-aligned.
"""

from collections.abc import Sequence

Cell = str | int | float


def text(cell: Cell) -> str:
    """A cell as shown: floats with one decimal."""
    if isinstance(cell, float):
        return "%.1f" % cell
    return str(cell)


def table(header: Sequence[str], rows: Sequence[Sequence[Cell]]) -> str:
    cells = [list(header)] + [[text(c) for c in row] for row in rows]
    numeric = [
        bool(rows) and all(isinstance(row[i], int | float) for row in rows)
        for i in range(len(header))
    ]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = []
    for row in cells:
        padded = (
            c.rjust(w) if right else c.ljust(w)
            for c, w, right in zip(row, widths, numeric, strict=True)
        )
        lines.append("  ".join(padded).rstrip())
    return "\n".join(lines)
