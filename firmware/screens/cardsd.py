"""Splendor Duel: the card bought or reserved, from the core's legal events.

Cards are grouped by level (a long UP/DOWN jumps between levels); a row names the bonus
colour, points, crowns and ability, and the line under the list gives the printed cost
and, for a purchase, what the player pays (bonuses first, then tokens, gold for the
rest, as the core computes it). A joker is offered once per colour it can take. Blind
reservations from a deck come last.
"""

from duelcore.compat import const
from duelcore.splendor import cards as C

from ..words import title
from .menu import Menu

_COLOURS = ("White", "Blue", "Green", "Red", "Black", "Joker", "Points")
_ABILITIES = ("", " again", " token", " privilege", " steal")
_SHORT = "WUGRKPA"  # white blue green red black pearl gold(Au)
# Offsets of a card's fields (duelcore/splendor/cards.py).
_COLOR = const(0)
_POINTS = const(1)
_CROWNS = const(2)
_ABILITY = const(4)
_COST = const(5)


def _tokens(counts: object) -> str:
    """``{"white": 2, "blue": 1}`` as ``2W 1U``."""
    out = []
    for k in range(7):
        n = counts.get(C.TOKENS[k], 0)  # type: ignore[attr-defined]
        if n:
            out.append("%d%s" % (n, _SHORT[k]))
    return " ".join(out) if out else "nothing"


class Screen(Menu):
    in_game = True

    def __init__(self, app: object, verb: str) -> None:
        g = app.match.game  # type: ignore[attr-defined]
        p = g.result()["turn"]
        self.events: list = []
        labels: list = []
        details: list = []
        groups: list = []
        jokers: list = []  # jokers offered with a colour: their plain buy is left out
        items = g.legal(verb)
        for ev in items:
            if len(ev) > 3 and "color" in ev[3]:
                jokers.append(ev[2])
        level = 0
        for ev in items:
            cid = ev[2]
            opts = ev[3] if len(ev) > 3 else None
            if cid in jokers and (opts is None or "color" not in opts):
                continue
            if cid.startswith("deck"):
                lv = int(cid[4:])
                label = "Deck %d, blind" % lv
                detail = "A face-down card of level %d" % lv
            else:
                i = C.find(cid)
                lv = C.level(i)
                label = "%s %dp %dc%s" % (
                    _COLOURS[C.get(i, _COLOR)],
                    C.get(i, _POINTS),
                    C.get(i, _CROWNS),
                    _ABILITIES[C.get(i, _ABILITY)],
                )
                if opts is not None and "color" in opts:
                    label += " as " + title(opts["color"])
                if opts is not None and opts.get("reserved"):
                    label += " (held)"
                cost = {}
                for k in range(6):
                    if C.get(i, _COST + k):
                        cost[C.TOKENS[k]] = C.get(i, _COST + k)
                detail = "%s: costs %s" % (cid, _tokens(cost))
                if verb == "buy":
                    detail += ", pays " + _tokens(g.price(p, cid)["pay"])
            if lv != level:
                level = lv
                groups.append(len(labels))
            labels.append(label)
            details.append(detail)
            self.events.append(ev)
        self.details = details
        head = "Buy a card" if verb == "buy" else "Reserve a card"
        super().__init__(app, head, labels, 0, groups)

    def detail(self, i: int) -> "str | None":
        return self.details[i] if self.details else None

    def pick(self, i: int) -> None:
        if self.events:
            self.app.play(self.events[i])  # type: ignore[attr-defined]
