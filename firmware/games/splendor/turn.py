"""Splendor Duel: what the player does this turn, from the core's legal events.

The turn's one action (take tokens, buy, reserve) comes after the optional actions that
may come before it, Privileges just above Tokens and Replenish above that, always in
these places (an entry not legal now says "not now"), so that a habit of presses stays
right. The menu opens on the first action legal now (Tokens, usually), so that every
entry is at most two rows from where it opens, none round the end: Buy and Reserve
below, Privileges and Replenish above. Tokens are picked with the token picker (tokensd),
cards from a list by level and colour (cardsd). After a privilege used or a replenish
the action is still to come: the tracking screen opens this menu again, on Buy, with
the token picker over it for a take (track.follow; B there: this menu).
"""

from micropython import const

from ...lang import tr, word
from ...screens.menu import Menu
from . import cardpick, tokenpick

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from duelcore.splendor.rules import Game

    from ...contracts import App

VERBS = ("replenish", "privilege", "take", "buy", "reserve")
TAKE = 2  # VERBS' index of a take, then of a purchase
BUY = 3
_ORDER = (2, 3, 4, 1, 0)  # the actions first: where the menu opens
_LABELS = (
    word("Replenish"),
    word("Privileges"),
    word("Tokens"),
    word("Buy a card"),
    word("Reserve"),
)  # with "not now": 250 px


def opening(g: "Game") -> tuple:
    """Which VERBS are legal now (a byte each), and the entry the menu opens on: the
    first action legal now, else the first entry legal (the simulator's autoplayer asks
    too, to open the menu with its first move from the tracking screen)."""
    have = bytearray(len(VERBS))
    for ev in g.legal():
        if ev[0] in VERBS:
            have[VERBS.index(ev[0])] = 1
    for k in _ORDER:
        if have[k]:
            return have, k
    return have, _ORDER[0]


class Screen(Menu):
    in_game = True

    def __init__(self, app: "App") -> None:
        g = app.match.game
        # Every verb keeps its place (muscle memory); those not legal now say so.
        self.verbs = VERBS
        self.have, start = opening(g)
        no = tr("not now")
        right = ["" if k else no for k in self.have]
        self.p = g.result()["turn"]
        who = app.players()[self.p]
        labels = [tr(x) for x in _LABELS]
        super().__init__(app, tr("%s's turn") % who, labels, start, None, right)

    def pick(self, i: int) -> None:
        app = self.app
        verb = self.verbs[i]
        if not self.have[i]:
            app.notice = tr("%s: not now") % self.labels[i]
            app.redraw()
        elif verb == "replenish":
            app.play(["replenish", self.p])
        elif verb == "take" or verb == "privilege":
            app.push(tokenpick.Screen(app, verb))
        elif verb == "reserve":
            app.push(cardpick.Levels(app))
        else:
            app.push(cardpick.Screen(app, verb))
