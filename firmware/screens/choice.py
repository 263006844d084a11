"""A choice among legal events: a pending choice, or one card's other uses.

The events come from the core's ``legal()`` (or are exactly some of them), in the order
the caller put the likeliest first; A plays the selected one. While events undone wait
to be redone (App.undone: a choice's answer undone reopens the choice), C opens the C
menu on its redo row, as on the tracking screen.
"""

from micropython import const

from .menu import Menu

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ..contracts import App


class Screen(Menu):
    in_game = True

    def __init__(
        self,
        app: "App",
        title: str,
        labels: list,
        events: list,
        start: int = 0,
        right: "list | None" = None,
        groups: "list | None" = None,
    ) -> None:
        super().__init__(app, title, labels, start, groups, right)
        self.events = events

    def pick(self, i: int) -> None:
        if self.events:
            self.app.play(self.events[i])

    def more(self, i: int) -> None:
        if self.app.undone:
            self.app.more()
        else:
            Menu.more(self, i)
