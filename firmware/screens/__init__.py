"""The screens: one module per screen, each with a ``Screen`` class (docs/firmware.md).

A screen is pushed on the App's stack; ``enter()`` runs when it becomes the top screen
(pushed, or uncovered by a pop), ``key(gesture)`` handles one gesture and ``draw(canvas)``
draws the whole frame when the App is dirty. Whatever a screen lists is built in
``__init__`` or ``enter()``, never per key or per frame.
"""

from ..buttons import BTN_A, BTN_B, BTN_C, BTN_DOWN, BTN_UP, LONG, PRESS, REPEAT

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from ..gfx.canvas import Canvas

__all__ = ("BTN_A", "BTN_B", "BTN_C", "BTN_DOWN", "BTN_UP", "LONG", "PRESS", "REPEAT", "Base")


class Base:
    """What every screen has; ``in_game`` screens take a long B as undo."""

    in_game = False

    def __init__(self, app: object) -> None:
        self.app = app

    def enter(self) -> None:
        self.app.redraw()  # type: ignore[attr-defined]

    def key(self, g: int) -> None:
        pass

    def draw(self, c: "Canvas") -> None:
        pass
