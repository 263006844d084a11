"""The first screen: which game to play (the last one played is selected)."""

from ..gamelist import GAMES, NAMES
from ..lang import tr, word
from .menu import Menu


class Screen(Menu):
    hints = word("A choose C language")

    def __init__(self, app: object) -> None:
        last = app.settings.get("game")  # type: ignore[attr-defined]
        start = GAMES.index(last) if last in GAMES else 0
        super().__init__(app, tr("duelkeeper: new game"), [tr(n) for n in NAMES], start)
        self.waiting = 0

    def enter(self) -> None:
        try:
            self.waiting = self.app.storage.waiting()  # type: ignore[attr-defined]
        except OSError:
            self.waiting = 0
        if self.waiting and self.app.notice is None:  # type: ignore[attr-defined]
            n = self.waiting
            self.app.notice = (  # type: ignore[attr-defined]
                tr("1 game to sync") if n == 1 else tr("%d games to sync") % n
            )
        self.app.redraw()  # type: ignore[attr-defined]

    def pick(self, i: int) -> None:
        app = self.app
        if app.settings.get("game") != GAMES[i]:  # type: ignore[attr-defined]
            app.settings["game"] = GAMES[i]  # type: ignore[attr-defined]
            app.save_settings()  # type: ignore[attr-defined]
        # Imported here, not at the top, as a game's tracking screens are: the boot
        # needs only this list, and the players' screens (with the names and the letter
        # picker) and the language's are 2.2 KB of heap that issue 24's 40 KB for the
        # cores and the app imported does not have (docs/benchmarks.md, "Imported where
        # they are used"). Once opened they stay loaded.
        from . import players

        app.push(players.Screen(app, i))  # type: ignore[attr-defined]

    def more(self, i: int) -> None:
        from . import language  # as players, above

        self.app.push(language.Screen(self.app))  # type: ignore[attr-defined]

    def back(self) -> None:
        pass
