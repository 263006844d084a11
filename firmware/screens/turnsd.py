"""Splendor Duel: what the player does this turn, from the core's legal events.

Taking tokens comes first (the usual turn), then buying, reserving, the optional
privileges and replenishing, always in these places (an entry not legal now says "not
now"), so that a habit of presses stays right. Tokens are picked with the token picker
(tokensd), cards from a list by level and colour (cardsd). After a privilege used or
a replenish the tracking screen opens this menu again (tracksd.follow).
"""

from ..lang import tr, word
from . import cardsd, tokensd
from .menu import Menu

_VERBS = ("take", "buy", "reserve", "privilege", "replenish")
_LABELS = (
    word("Tokens"),
    word("Buy a card"),
    word("Reserve"),
    word("Privileges"),
    word("Replenish"),
)  # with "not now": 250 px


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
        no = tr("not now")
        right = ["" if k else no for k in self.have]
        self.p = g.result()["turn"]
        who = app.players()[self.p]  # type: ignore[attr-defined]
        start = 0
        while start < 4 and not self.have[start]:  # on the first verb legal now
            start += 1
        labels = [tr(x) for x in _LABELS]
        super().__init__(app, tr("%s's turn") % who, labels, start, None, right)

    def pick(self, i: int) -> None:
        app = self.app
        verb = self.verbs[i]
        if not self.have[i]:
            app.notice = tr("%s: not now") % self.labels[i]  # type: ignore[attr-defined]
            app.redraw()  # type: ignore[attr-defined]
        elif verb == "replenish":
            app.play(["replenish", self.p])  # type: ignore[attr-defined]
        elif verb == "take" or verb == "privilege":
            app.push(tokensd.Screen(app, verb))  # type: ignore[attr-defined]
        else:
            app.push(cardsd.Screen(app, verb))  # type: ignore[attr-defined]
