"""A seat's name: one of the recent names, or of the roster (the players the PC's log
knows, most played first, sent at sync), or a new one spelt with the letter picker.

The list opens on the most recent name neither seat has (else on "New name..."), never
on the other seat's name: that one is marked, since taking it swaps the seats.
"""

from ..lang import seat as shown
from ..lang import tr
from ..seats import DEFAULT, choose, seats
from . import letters
from .menu import Menu


class Screen(Menu):
    def __init__(self, app: object, seat: int) -> None:
        self.seat = seat
        settings = app.settings  # type: ignore[attr-defined]
        # The recent names (in the settings), then the roster's others (read for the call)
        recent = settings.get("names")
        names = [n for n in recent if isinstance(n, str)] if isinstance(recent, list) else []
        try:
            roster = app.storage.roster()  # type: ignore[attr-defined]
        except (OSError, ValueError):  # an unreadable roster: the recent names still serve
            roster = []
        for n in roster:
            if n not in names:
                names.append(n)
        self.names = names
        now = seats(settings)
        # "Edit": the seat's name; a seat nobody named is spelt from nothing, not PLAYER 1
        self.name = "" if now[seat] in DEFAULT else now[seat]
        labels = [tr("New name..."), tr("Edit %s") % shown(seat, now[seat])]
        start = 0  # "New name..." unless a known name is free
        for n in names:
            if n == now[1 - seat]:  # the other seat's name: taking it swaps the seats
                labels.append(tr("%s (swap seats)") % n)
                continue
            if not start and n != now[seat]:
                start = len(labels)
            labels.append(n)
        super().__init__(app, tr("Player %d") % (seat + 1), labels, start)

    def pick(self, i: int) -> None:
        app = self.app
        if i > 1:
            choose(app, self.seat, self.names[i - 2])
        app.pop()  # type: ignore[attr-defined]
        if i < 2:  # a new name, or the seat's spelt again
            s = letters.Screen(app, self.seat, self.name if i else "", self.names)
            app.push(s)  # type: ignore[attr-defined]
