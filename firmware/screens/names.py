"""A seat's name: one of the recent names, or of the roster (the players the PC's log
knows, most played first, sent at sync), or a new one spelt with the letter picker.

The list opens on the most recent name neither seat has (else on "New name..."), never
on the other seat's name: that one is marked, since taking it swaps the seats.
"""

from micropython import const

from ..lang import seat as shown
from ..lang import tr
from ..seats import DEFAULT, choose, seats
from . import letters
from .menu import Menu

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ..contracts import App


class Screen(Menu):
    def __init__(self, app: "App", seat: int) -> None:
        self.seat = seat
        settings = app.settings
        self.names = known(app)
        now = seats(settings)
        labels = [tr("New name..."), tr("Edit %s") % shown(now[seat])]
        start = 0  # "New name..." unless a known name is free
        for n in self.names:
            if n == now[1 - seat]:  # the other seat's name: taking it swaps the seats
                labels.append(tr("%s (swap seats)") % shown(n))
                continue
            if not start and n != now[seat]:
                start = len(labels)
            labels.append(shown(n))
        super().__init__(app, tr("Player %d") % (seat + 1), labels, start)

    def pick(self, i: int) -> None:
        app = self.app
        if i > 1:
            choose(app, self.seat, self.names[i - 2])
        app.pop()
        if i < 2:  # a new name, or the seat's spelt again (one nobody named from nothing)
            start = seats(app.settings)[self.seat] if i == 1 else ""
            if start in DEFAULT:
                start = ""
            app.push(letters.Screen(app, self.seat, start, self.names))


def known(app: "App") -> list:
    """The recent names (in the settings), then the roster's others (read for the call)."""
    recent = app.settings.get("names")
    out = [n for n in recent if isinstance(n, str)] if isinstance(recent, list) else []
    try:
        roster = app.storage.roster()
    except (OSError, ValueError):  # an unreadable roster: the recent names still serve
        roster = []
    for n in roster:
        if n not in out:
            out.append(n)
    return out
