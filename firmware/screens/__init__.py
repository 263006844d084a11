"""The screens: one module per screen, each with a ``Screen`` class (docs/firmware.md).

A screen is pushed on the App's stack; ``enter()`` runs when it becomes the top screen
(pushed, or uncovered by a pop), ``key(gesture)`` handles one gesture and ``draw(canvas)``
draws the whole frame when the App is dirty. A game's tracking screen, the bottom of the
stack during a game, answers more (tracking.py). Whatever a screen lists is built in
``__init__`` or ``enter()``, never per key or per frame.
"""

from micropython import const

from ..buttons import BTN_A, BTN_B, BTN_C, BTN_DOWN, BTN_UP, LONG, PRESS, REPEAT

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ..contracts import App
    from ..gfx.canvas import Canvas

__all__ = ("BTN_A", "BTN_B", "BTN_C", "BTN_DOWN", "BTN_UP", "LONG", "PRESS", "REPEAT", "Base")


class Base:
    """What every screen has; ``in_game`` screens take a long B as undo."""

    in_game = False

    def __init__(self, app: "App") -> None:
        self.app = app

    def enter(self) -> None:
        self.app.redraw()

    def key(self, g: int) -> None:
        pass

    def draw(self, c: "Canvas") -> None:
        pass
