"""The first screen: which game to play (the last one played is selected)."""

from micropython import const

from ..gamelist import GAMES, NAMES
from ..lang import tr, word
from .menu import Menu

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ..contracts import App


class Screen(Menu):
    hints = word("A choose C language")

    def __init__(self, app: "App") -> None:
        last = app.settings.get("game")
        start = GAMES.index(last) if last in GAMES else 0
        super().__init__(app, tr("duelkeeper: new game"), [tr(n) for n in NAMES], start)
        self.waiting = 0

    def enter(self) -> None:
        try:
            self.waiting = self.app.storage.waiting()
        except OSError:
            self.waiting = 0
        if self.waiting and self.app.notice is None:
            n = self.waiting
            self.app.notice = tr("1 game to sync") if n == 1 else tr("%d games to sync") % n
        self.app.redraw()

    def pick(self, i: int) -> None:
        app = self.app
        if app.settings.get("game") != GAMES[i]:
            app.settings["game"] = GAMES[i]
            app.save_settings()
        # Imported here, not at the top, as a game's tracking screens are: the boot
        # needs only this list, and the players' screens (with the names and the letter
        # picker) and the language's are 2.2 KB of heap that issue 24's 40 KB for the
        # cores and the app imported does not have (docs/benchmarks.md, "Imported where
        # they are used"). Once opened they stay loaded.
        from . import players

        app.push(players.Screen(app, i))

    def more(self, i: int) -> None:
        from . import language  # as players, above

        self.app.push(language.Screen(self.app))

    def back(self) -> None:
        pass
