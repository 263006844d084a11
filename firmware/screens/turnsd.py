"""Splendor Duel: what the player does this turn, from the core's legal events.

Taking tokens comes first (the usual turn), then buying, reserving, the optional
privileges and replenishing, always in these places (an entry not legal now says "not
now"), so that a habit of presses stays right. Tokens are picked with the token picker
(tokensd), cards from a list grouped by level (cardsd).
"""

from .menu import Menu

_VERBS = ("take", "buy", "reserve", "privilege", "replenish")
_LABELS = ("Tokens", "Buy a card", "Reserve", "Privileges", "Replenish")  # with "not now": 250 px


class Screen(Menu):
    in_game = True

    def __init__(self, app: object) -> None:
        g = app.match.game  # type: ignore[attr-defined]
        have = []
        for ev in g.legal():
            if ev[0] not in have:
                have.append(ev[0])
        # Every verb keeps its place (muscle memory); those not legal now say so.
        self.verbs = _VERBS
        self.have = bytearray([v in have for v in _VERBS])
        right = ["" if k else "not now" for k in self.have]
        self.p = g.result()["turn"]
        who = app.players()[self.p]  # type: ignore[attr-defined]
        start = 0
        while start < 4 and not self.have[start]:  # on the first verb legal now
            start += 1
        super().__init__(app, "%s's turn" % who, list(_LABELS), start, None, right)

    def pick(self, i: int) -> None:
        app = self.app
        verb = self.verbs[i]
        if not self.have[i]:
            app.notice = "%s: not now" % _LABELS[i]  # type: ignore[attr-defined]
            app.redraw()  # type: ignore[attr-defined]
        elif verb == "replenish":
            app.play(["replenish", self.p])  # type: ignore[attr-defined]
        elif verb == "take" or verb == "privilege":
            tokens = __import__("firmware.screens.tokensd", None, None, ("Screen",))
            app.push(tokens.Screen(app, verb))  # type: ignore[attr-defined]
        else:
            cards = __import__("firmware.screens.cardsd", None, None, ("Screen",))
            app.push(cards.Screen(app, verb))  # type: ignore[attr-defined]
