"""A correction by amount, from the C menu (more.py): what is corrected in the title,
the amount in big digits as it is set, the notice it will give under it.

UP/DOWN change the amount by one, a long UP/DOWN (held: at each repeat) by five, C adds
ten and a long C takes ten, as on the quick score's pad; A plays it as one correction
event (the record's ``coins``, ``tokens`` or ``resources``, which take any whole amount)
and the C menu opens again on the same row; B goes back to it. On three buttons a tap
of A or C is -1 / +1, a held C +10, a held A plays it (the hints say so).
"""

from micropython import const

from .. import ui
from ..gfx.canvas import BLACK, CENTER, LARGE, SMALL
from ..lang import tr, word
from . import BTN_A, BTN_B, BTN_C, BTN_DOWN, BTN_UP, PRESS, REPEAT, Base

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from collections.abc import Callable

    from ..contracts import App
    from ..gfx.canvas import Canvas

_HINTS = (word("A apply  B back  C +10, long -10"), word("hold A apply  B back  hold C +10"))
_KEYS = (word("long: +/-%d"), word("tap: -1 / +1"))


class Screen(Base):
    in_game = True

    def __init__(self, app: "App", title: str, unit: list, at: int, menu: "Callable") -> None:
        """``unit``: the correction of one (``["tokens", 0, {"green": 1}]``); ``at``: its
        place among the C menu's corrections, where ``menu`` (the C menu's class, called
        with the App and ``at``) opens again once it is played."""
        super().__init__(app)
        self.title = title
        self.unit = unit
        self.at = at
        self.menu = menu
        self.n = 0  # the amount
        self.shown = "+0"  # the amount as drawn, worded once a press
        three = app.buttons.three
        self.hints = tr(_HINTS[three])
        keys = tr(_KEYS[three])
        self.keys = keys if three else keys % 5
        self.told = ""  # the notice the amount gives, worded once a press

    def event(self) -> list:
        """The correction of ``n``: the unit's amount, or its one thing's, replaced."""
        verb, p, arg = self.unit
        if isinstance(arg, dict):
            for k in arg:
                return [verb, p, {k: self.n}]
        return [verb, p, self.n]

    def key(self, g: int) -> None:
        b = g & 31
        kind = g >> 5
        if b == BTN_UP or b == BTN_DOWN:
            d = 1 if kind == PRESS else 5
            self.step(d if b == BTN_UP else -d)
        elif b == BTN_C and kind != REPEAT:
            self.step(10 if kind == PRESS else -10)
        elif b == BTN_A and kind == PRESS:
            self.apply()
        elif b == BTN_B and kind == PRESS:
            self.app.pop()

    def step(self, d: int) -> None:
        self.n += d
        self.shown = "%+d" % self.n
        self.told = self.app.stack[0].describe(self.event()) if self.n else ""
        self.app.redraw()

    def apply(self) -> None:
        app = self.app
        if not self.n:
            app.notice = tr("Set the amount first")
            app.redraw()
        elif app.play(self.event()) and len(app.stack) == 1:
            app.push(self.menu(app, self.at))  # the C menu again, on the same row

    def draw(self, c: "Canvas") -> None:
        c.clear()
        w = c.width
        bar = ui.BAR
        ui.title(c, self.title)
        mid = w >> 1
        c.text(self.shown, mid, bar + 8, LARGE, CENTER, BLACK, 2)
        c.text(ui.fit(c, self.told, w - 4), mid, bar + 48, SMALL, CENTER)
        c.text(self.keys, mid, bar + 62, SMALL, CENTER)
        ui.status(c, self.app, self.hints)
