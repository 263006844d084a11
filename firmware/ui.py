"""How the screens look: layouts over the gfx canvas, for 296x128 and 250x122 panels.

The screens keep their state; the functions here turn it into pixels. They draw from the
canvas's width and height, so one layout serves both panel sizes. Lists are drawn in
the LARGE font (16 px: readable across a table), numbers that matter at twice that,
everything else in the SMALL font (8 px). Strings drawn here are the ones the screens
built; a number becomes its few characters with str() as it is drawn, so a frame
allocates little (and frames are drawn on a change, never per tick).
"""

from micropython import const

from .gfx.canvas import BLACK, LARGE, LEFT, RIGHT, SMALL, WHITE, Canvas, text_at
from .lang import count, tr, word

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from .contracts import App
    from .power import Power

__all__ = (
    "Canvas", "big", "columns", "fit", "flag", "hints", "pair", "status", "title",
)  # fmt: skip

_BAR = const(10)  # title bar and status line height (SMALL + padding)
_ROW = const(18)  # a list row: LARGE + 2
# Counts as text, built once: the token picker's counts, a mark's place in its box
NUM = tuple(str(n) for n in range(26))
GAME_HINTS = word("A/UP/DOWN play B undo C more")  # the first move opens the list
REDO_HINTS = word("A/UP/DOWN play B undo C redo")  # while the C menu offers a redo (App.undone)
# Each screen's hints on a three-button board, where A and C are held (a tap of A or C
# is DOWN or UP: firmware/buttons.py, and status() leads them with ``A▼ C▲``); on the
# tracking screens a tap of A or C opens the turn's list and moves in it: "A/C play".
_FIVE = (
    word("A ok  B back"), word("A choose C language"), word("A next  C done  B delete"),
    word("A mark  B back"), word("A build  C more  B back"), word("A add  C done  B remove"),
    word("A move  C pay  B back"), GAME_HINTS, REDO_HINTS, word("A/B back"),
    word("A save  B undo"), word("A save  B back"), word("A return  B put back"),
)  # fmt: skip
_THREE = (  # the same, in _FIVE's order
    word("hold A ok  B back"), word("hold A choose  hold C language"),
    word("hold A next  hold C done  B delete"), word("hold A mark  B back"),
    word("hold A build  hold C more  B back"), word("hold A add  hold C done  B remove"),
    word("hold A move  hold C pay  B back"), word("A/C play  B undo  hold C more"),
    word("A/C play  B undo  hold C redo"), word("B back"), word("hold A save  B undo"),
    word("hold A save  B back"), word("hold A return  B put back"),
)  # fmt: skip


def hints(app: "App", text: str) -> str:
    """The hints ``text`` (a screen's, English) for this board, in the device's language."""
    if app.buttons.three and text in _FIVE:
        return tr(_THREE[_FIVE.index(text)])
    return tr(text)


BAR = _BAR
ROW = _ROW


def fit(c: Canvas, s: "str | int", w: int, font: object = SMALL) -> "str | int":
    """``s`` (a text, or a place in the catalog: canvas.text_at), cut short with '.' to
    fit ``w`` pixels (allocates only when it must)."""
    if c.text_width(s, font) <= w:  # type: ignore[arg-type]  # font: a font tuple
        return s
    t = text_at(s) if isinstance(s, int) else s
    n = len(t)
    while n > 1 and c.text_width(t[:n] + ".", font) > w:  # type: ignore[arg-type]  # as above
        n -= 1
    return t[:n] + "."


def title(c: Canvas, text: str, right: "str | None" = None) -> None:
    """The black title bar, text in white; ``right`` at its right end."""
    w = c.width
    c.fb.fill_rect(0, 0, w, _BAR, BLACK)
    room = w - 4
    if right:
        c.text(right, w - 2, 1, SMALL, RIGHT, WHITE)
        room -= c.text_width(right) + 6
    c.text(fit(c, text, room), 2, 1, SMALL, LEFT, WHITE)


def status(
    c: Canvas,
    app: "App",
    hints: str,
    text: "str | None" = None,
    power: "Power | None" = None,
    moves: bool = True,
) -> None:
    """The bottom line: the notice when there is one, else ``text``; the button hints at
    the right while there is room for them; at the right end the battery's level (a plug
    on USB) where ``power`` (firmware/power.py) is given. On three buttons the hints are
    the only way to learn the board, so they show while the text keeps 70 pixels (cut to
    them: a tracking screen's notice), led by ``A▼ C▲`` where a tap of A or C ``moves``
    (firmware/buttons.py); a list's notice, which they would leave no room, shows whole."""
    w = c.width
    y = c.height - _BAR
    c.fb.fill_rect(0, y, w, _BAR, WHITE)
    c.fb.hline(0, y, w, BLACK)
    notice = app.notice
    if notice:
        text = notice
    right = w - 2
    if power is not None:
        right -= _battery(c, right, y + 2, power)
    room = right - 2
    three = app.buttons.three
    y += 2
    arrows = three and moves  # A▼ C▲: a tap of A moves down, of C up
    if hints:
        hw = c.text_width(hints) + 30 * arrows
        if text is None or c.text_width(text) + hw + 10 <= room or three and room - hw > 80:
            x = c.text(hints, right, y, SMALL, RIGHT, BLACK) - hw
            if arrows:
                c.text("A", x, y)
                c.text("C", x + 14, y)
                for k in range(3):  # the triangles: 5, 3 and 1 pixels wide
                    c.fb.hline(x + 6 + k, y + 2 + k, 5 - 2 * k, BLACK)
                    c.fb.hline(x + 20 + k, y + 4 - k, 5 - 2 * k, BLACK)
            room -= hw + 10
    if text:
        c.text(fit(c, text, room), 2, y, SMALL, LEFT, BLACK)


def _battery(c: Canvas, x: int, y: int, power: "Power") -> int:
    """The battery's 4 steps as a cell 13 pixels wide ending at ``x`` (top ``y``), or a
    plug on USB; the width it took, with a gap."""
    fb = c.fb
    x -= 13
    steps = power.battery()
    if steps is None:
        if not power.usb():
            return 0  # a board that cannot read its battery: nothing to show
        fb.fill_rect(x + 5, y, 6, 7, BLACK)  # the plug's body, its prongs and cord
        fb.fill_rect(x + 2, y + 1, 3, 1, BLACK)
        fb.fill_rect(x + 2, y + 5, 3, 1, BLACK)
        fb.hline(x + 11, y + 3, 2, BLACK)
        return 17
    fb.rect(x, y, 11, 7, BLACK)  # the cell, its terminal, a bar a step
    fb.fill_rect(x + 11, y + 2, 2, 3, BLACK)
    for n in range(steps):
        fb.fill_rect(x + 2 + n * 2, y + 2, 1, 3, BLACK)
    return 17


def big_width(c: Canvas, n: int, target: int, scale: int) -> int:
    """The width ``big()`` takes."""
    w = 15 + c.text_width(str(n), LARGE, scale)
    if target:
        w += 2 + c.text_width("/" + str(target))
    return w


def big(c: Canvas, n: int, x: int, y: int, icon: int, target: int = 0, scale: int = 2) -> int:
    """An icon, ``n`` in 32 px digits (16 px at ``scale`` 1, centred on the same band),
    and ``/target`` in small type; the band's top is ``y``. Returns the x after."""
    c.icon(icon, x, y + 10)
    dy = 0 if scale == 2 else 8
    x = c.text(str(n), x + 15, y + dy, LARGE, LEFT, BLACK, scale)
    if target:
        x = c.text("/" + str(target), x + 2, y + dy + 16 * scale - 9, SMALL)
    return x


def pair(
    c: Canvas,
    x0: int,
    x1: int,
    y: int,
    n: int,
    icon: int,
    target: int,
    m: int,
    icon2: int,
    target2: int,
) -> None:
    """Two big numbers in the band from x0 to x1, the first at the left, the second at the
    right; where both would not fit in 32 px digits at the widest they reach in play (one
    less than their target, else two digits), the first, then the second, is drawn in
    16 px (the 250x122 panel) from the start: a number does not change size as it grows."""
    room = x1 - x0 - 4
    sa = sb = 2
    na = max(n, target - 1 if target else 10)
    nb = max(m, target2 - 1 if target2 else 10)
    wa = big_width(c, na, target, 2)
    wb = big_width(c, nb, target2, 2)
    if wa + wb > room:
        sa = 1
        wa = big_width(c, na, target, 1)
        if wa + wb > room:
            sb = 1
            wb = big_width(c, m, target2, 1)
    big(c, n, x0, y, icon, target, sa)
    big(c, m, x1 - wb, y, icon2, target2, sb)


def flag(c: Canvas, text: str, x: int, y: int) -> int:
    """An instant-win threat: white on black, impossible to miss."""
    w = c.text_width(text) + 6
    c.fb.fill_rect(x, y, w, _BAR, BLACK)
    c.text(text, x + 3, y + 1, SMALL, LEFT, WHITE)
    return x + w + 3


def columns(c: Canvas, names: list, y: int, turn: int) -> int:
    """The two player columns' name bands (the player to act in black); returns half."""
    w = c.width
    half = w >> 1
    for p in (0, 1):
        x = 0 if p == 0 else half + 1
        c.label(fit(c, names[p], half - 8, LARGE), x, y, half - 1, LARGE, LEFT, p == turn)
    c.fb.vline(half, y, c.height - _BAR - y, BLACK)
    return half


def corrections(
    who: str,
    p: int,
    names: tuple,
    counted: tuple,
    held: bytearray,
    verb: str,
    labels: list,
    events: list,
) -> None:
    """The C menu's corrections for player p, a row per name with its count held
    (``Ann: 3 green``), each a correction of one that more.Fix scales.

    For the games whose correction verb takes {name: n} (Splendor's tokens, Antike's
    resources). ``counted``: each name's words for a count (lang.count: ``3 монеты``).
    """
    for i in range(len(names)):
        labels.append("%s: %s" % (who, count(held[i], counted[i])))
        events.append([verb, p, {names[i]: 1}])
