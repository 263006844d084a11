"""Who plays: the two names, kept on the device, editable with the buttons.

The first item starts the game with these names (the usual case: one press). The next
two change a seat's name (recent names or a new one), the fourth swaps the seats, the
last enters a game played without the device from its final counts (screens/quick.py).
"""

from ..app import GAMES, NAMES, forget
from ..lang import seat, tr
from .menu import Menu

DEFAULT = ("Player 1", "Player 2")
RECENT = 8  # names remembered


def seats(settings: dict) -> list:
    names = settings.get("players")
    if isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names):
        return names
    return list(DEFAULT)


class Screen(Menu):
    def __init__(self, app: object, game: int) -> None:
        self.game = game
        super().__init__(app, tr(NAMES[game]), [], 0)

    def enter(self) -> None:
        names = seats(self.app.settings)  # type: ignore[attr-defined]
        self.labels = [
            tr("Start the game"),  # the names are the next two lines
            tr("Player %d: %s") % (1, seat(0, names[0])),
            tr("Player %d: %s") % (2, seat(1, names[1])),
            tr("Swap seats"),
            tr("Final score only"),
        ]
        self.app.redraw()  # type: ignore[attr-defined]

    def pick(self, i: int) -> None:
        app = self.app
        names = seats(app.settings)  # type: ignore[attr-defined]
        if i == 0:
            forget(("letters", "names"))  # the names are chosen: their screens' code can go
            setup = __import__("firmware.screens.setup", None, None, ("Screen",))
            setup.begin(app, self.game)  # journalled from here: a power cut resumes it
            app.push(setup.Screen(app, self.game, names))  # type: ignore[attr-defined]
        elif i == 4:
            forget(("letters", "names"))
            app.new_game(GAMES[self.game], names, {"score_only": True})  # type: ignore[attr-defined]
        elif i == 3:
            set_names(app, [names[1], names[0]])
            self.enter()
        else:
            pick = __import__("firmware.screens.names", None, None, ("Screen",))
            app.push(pick.Screen(app, i - 1))  # type: ignore[attr-defined]


def set_names(app: object, names: list) -> None:
    """Keep both seats' names, and each in the recent names, in the settings."""
    settings = app.settings  # type: ignore[attr-defined]
    settings["players"] = names
    recent = settings.get("names")
    if not isinstance(recent, list):
        recent = []
    for n in names:
        if n in DEFAULT:
            continue
        if n in recent:
            recent.remove(n)
        recent.insert(0, n)
    del recent[RECENT:]
    settings["names"] = recent
    app.save_settings()  # type: ignore[attr-defined]
