"""A game's tracking screen: the one the table looks at, the bottom of the App's stack
for as long as a game is played (docs/firmware.md, "Screens").

The contract. Besides ``Base``'s ``enter()`` (read the figures from the Match, once an
event: the App calls it after every event and undo) and ``draw(canvas)``, a tracking
screen answers what the App, the C menu (more.py), the score sheet (sheet.py) and the
quick score's menu ask of ``app.stack[0]``:

- ``follow()``: after an event (and when a game starts or resumes), the score sheet once
  the game is over, the pending choice when the rules ask for one (``pending()``), else
  what the game opens after a move (``after()``);
- ``describe(event)``: the event as the status line tells it (``Ann built Lumber
  Yard``); the App words each event played, undone or asked to be undone with it;
- ``rows(result)``: the score sheet's rows, ``(label, player 0, player 1)``, and the label
  of the row that decided the game (drawn in black);
- ``corrections(p, labels, events)``: the C menu's corrections for player p, appended: a
  row per thing counted, each a correction of one that more.Fix scales; ``fix``:
  the row among player 1's that the C menu opens on;
- ``status()``: the bottom line when there is no notice;
- ``pending()``: the screen for the pending choice (a ``choice.Screen``, or a picker);
- ``turn()``: the turn's menu, which A, UP and DOWN open;
- ``forget()``: the game is over or dropped (the quick score's pad forgets its log).

``enter()`` keeps ``over`` (the game is over) and ``asks`` (the pending choice, None for
none) for ``key()`` and ``follow()``. ``key()`` is the same for every game: B asks to
undo (App.ask_undo), C opens the C menu, A, UP and DOWN the score sheet, the pending
choice or the turn's menu (UP and DOWN move in it at once: on three buttons a tap of A
or C). ``hints`` are the status line's, and ``redo`` their form while the C menu offers
a redo (App.undone), worded the first time it does: most games never undo, and in
Japanese and Russian a word is a string in the heap.
"""

from micropython import const

from ..ui import GAME_HINTS, REDO_HINTS, hints, status
from . import BTN_A, BTN_B, BTN_C, BTN_DOWN, BTN_UP, PRESS, Base

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ..contracts import App
    from ..gfx.canvas import Canvas


class Tracking(Base):
    """A game's tracking screen: ``key()`` and the status line for every game; the game's
    own class gives the rest of the contract above."""

    in_game = True
    over = False  # the game is over: A opens the score sheet
    asks: "str | None" = None  # the pending choice's name (None: none)
    fix = 0  # the correction the C menu opens on (more.py)

    # The contract's methods each game's screen defines (annotations: no heap).
    describe: "Callable[[list], str]"
    rows: "Callable[[dict], tuple]"
    corrections: "Callable[[int, list, list], None]"
    status: "Callable[[], str]"
    pending: "Callable[[], Any]"
    turn: "Callable[[], Any]"
    after: "Callable[[], None]"

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.hints = hints(app, GAME_HINTS)
        self.redo: str | None = None

    def follow(self) -> None:
        app = self.app
        if self.over:
            app.sheet()
        elif self.asks is not None:
            app.push(self.pending())
        else:
            self.after()

    def forget(self) -> None:
        pass

    def key(self, gesture: int) -> None:
        app = self.app
        b = gesture & 31
        if b == BTN_B:
            if gesture >> 5 == PRESS:
                app.ask_undo()
        elif b == BTN_C:
            app.more()
        elif b == BTN_A or b == BTN_UP or b == BTN_DOWN:
            if self.over:
                app.sheet()
                return
            s = self.pending() if self.asks is not None else self.turn()
            app.push(s)
            if b != BTN_A:  # UP/DOWN (three buttons: a tap of A or C) opens and moves at once
                s.key(gesture)

    def footer(self, c: "Canvas") -> None:
        """The status line: the notice or ``status()``, the hints, the battery."""
        app = self.app
        text = self.hints
        if app.undone:
            if self.redo is None:
                self.redo = hints(app, REDO_HINTS)
            text = self.redo
        status(c, app, text, self.status(), app.power, False)  # taps open the list
