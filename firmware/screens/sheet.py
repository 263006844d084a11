"""The score sheet: shown the moment a game ends, or from the C menu during a game.

At the end of a game, A keeps it (the game goes to the archive of finished games, to be
synced) and B takes the last event back. During a game (``peek``), A or B goes back.
A game ended early from the C menu (``ending``) shows its sheet as it stands: A files
it, B goes back to the game.
The figures come from the core's ``result()``, read once when the sheet opens; which rows
a game has is its tracking screen's ``rows(result)``.
"""

from micropython import const

from ..gfx.canvas import BLACK, LEFT, RIGHT, SMALL, WHITE, Canvas
from ..lang import tr, word
from ..ui import BAR, fit, hints, status, title
from . import BTN_A, BTN_B, PRESS, Base

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ..contracts import App


class Screen(Base):
    in_game = True

    def __init__(self, app: "App", peek: bool = False, ending: bool = False) -> None:
        super().__init__(app)
        self.peek = peek
        self.ending = ending
        result = app.match.result()
        self.over = result["over"]
        self.winner = result["winner"]
        self.victory = result["victory"]
        # rows: (label, value for player 0, value for player 1), built once by the game's
        # tracking screen (the bottom of the stack), which also names the row that decided
        # the game: it is drawn in black.
        self.rows, decided = app.stack[0].rows(result)
        self.mark = -1
        for k in range(len(self.rows)):
            if self.rows[k][0] == decided:
                self.mark = k
        players = app.players()
        if not self.over:
            self.head = tr("Score so far")
        elif self.winner is None:
            self.head = tr("Shared victory (%s)") % tr(self.victory)
        else:
            self.head = tr("%s wins: %s") % (players[self.winner], tr(self.victory))
        if ending:
            self.hints = hints(app, word("A save  B back"))
        elif peek or not self.over:
            self.hints = hints(app, word("A/B back"))
        else:
            self.hints = hints(app, word("A save  B undo"))

    def key(self, g: int) -> None:
        if g >> 5 != PRESS:
            return
        b = g & 31
        app = self.app
        if self.ending:
            if b == BTN_A:
                app.finish()
            elif b == BTN_B:
                app.back_to(1)
        elif self.peek or not self.over:
            if b == BTN_A or b == BTN_B:
                app.pop()
        elif b == BTN_A:
            app.finish()
        elif b == BTN_B:
            app.ask_undo()

    def draw(self, c: "Canvas") -> None:
        draw(c, self)


def draw(c: Canvas, s: Screen) -> None:
    """The score sheet: one row per category, one column per player, totals in black."""
    c.clear()
    w = c.width
    h = c.height
    title(c, s.head)
    names = s.app.players()
    rows = s.rows
    col0 = w - 100
    col1 = w - 40
    y = BAR + 1
    c.text(fit(c, names[0], 56), col0, y, SMALL, RIGHT)
    c.text(fit(c, names[1], 56), col1 + 30, y, SMALL, RIGHT)
    y += 9
    step = (h - BAR - y) // len(rows)
    if step > 11:
        step = 11
    for k in range(len(rows)):
        label, a, b = rows[k]
        mark = k == s.mark
        if mark:
            c.fb.fill_rect(0, y, w, step, BLACK)
        fg = WHITE if mark else BLACK
        c.text(label, 2, y + (step - 8) // 2, SMALL, LEFT, fg)
        c.text(str(a), col0, y + (step - 8) // 2, SMALL, RIGHT, fg)
        c.text(str(b), col1 + 30, y + (step - 8) // 2, SMALL, RIGHT, fg)
        y += step
    status(c, s.app, s.hints, None, None, False)  # A and C only act here
