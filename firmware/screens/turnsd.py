"""Splendor Duel: what the player does this turn, from the core's legal events.

Taking tokens comes first (the usual turn), then buying, reserving, the optional
privileges and replenishing. Tokens are picked with the token picker (tokensd), cards
from a list grouped by level (cardsd).
"""

from .menu import Menu

_VERBS = ("take", "buy", "reserve", "privilege", "replenish")
_LABELS = ("Take tokens", "Buy a card", "Reserve a card", "Use privileges", "Replenish board")


class Screen(Menu):
    in_game = True

    def __init__(self, app: object) -> None:
        g = app.match.game  # type: ignore[attr-defined]
        have = []
        for ev in g.legal():
            if ev[0] not in have:
                have.append(ev[0])
        self.verbs = [v for v in _VERBS if v in have]
        labels = [_LABELS[_VERBS.index(v)] for v in self.verbs]
        self.p = g.result()["turn"]
        who = app.players()[self.p]  # type: ignore[attr-defined]
        super().__init__(app, "%s's turn" % who, labels)

    def pick(self, i: int) -> None:
        app = self.app
        verb = self.verbs[i]
        if verb == "replenish":
            app.play(["replenish", self.p])  # type: ignore[attr-defined]
        elif verb == "take" or verb == "privilege":
            tokens = __import__("firmware.screens.tokensd", None, None, ("Screen",))
            app.push(tokens.Screen(app, verb))  # type: ignore[attr-defined]
        else:
            cards = __import__("firmware.screens.cardsd", None, None, ("Screen",))
            app.push(cards.Screen(app, verb))  # type: ignore[attr-defined]
