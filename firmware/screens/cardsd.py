"""Splendor Duel: the card bought or reserved, from the core's legal events.

Cards are grouped by level (a long UP/DOWN jumps between levels), the level at the left
of each row (I, II, III); a row names the bonus colour, points (a star), crowns (a
crown) and ability as the card shows them, and the line under the list gives the
printed cost and, for a purchase, what the player pays (bonuses first, then tokens,
gold for the rest, as the core computes it), in words, or in the token letters where
the words do not fit the panel. A joker is offered once per colour it can take. Blind
reservations from a deck come last.
"""

from duelcore.compat import const
from duelcore.splendor import cards as C

from ..words import title
from .menu import Menu
from .tracksd import COLOURS, LEVELS, face, tokens

# Offsets of a card's fields (duelcore/splendor/cards.py).
_COLOR = const(0)
_POINTS = const(1)
_CROWNS = const(2)
_ABILITY = const(4)
_COST = const(5)


class Screen(Menu):
    in_game = True

    def __init__(self, app: object, verb: str) -> None:
        g = app.match.game  # type: ignore[attr-defined]
        p = g.result()["turn"]
        self.events: list = []
        c = app.canvas  # type: ignore[attr-defined]
        room = app.width - 4  # type: ignore[attr-defined]
        tags: list = []
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
                label = "Deck, blind"
                detail = "The top card of the level %s deck, unseen" % LEVELS[lv]
            else:
                i = C.find(cid)
                lv = C.level(i)
                colour = COLOURS[C.get(i, _COLOR)]
                if opts is not None and "color" in opts:
                    colour = "joker: " + opts["color"]
                label = title(colour) + face(
                    C.get(i, _POINTS), C.get(i, _CROWNS), C.get(i, _ABILITY)
                )
                if opts is not None and opts.get("reserved"):
                    label += " (held)"
                cost = {}
                for k in range(6):
                    if C.get(i, _COST + k):
                        cost[C.TOKENS[k]] = C.get(i, _COST + k)
                pay = g.price(p, cid)["pay"] if verb == "buy" else None
                detail = ""
                for short in (False, True):  # words, or letters where they do not fit
                    detail = "Costs " + tokens(cost, short)
                    if pay is not None:
                        detail += "; pay " + tokens(pay, short)
                    if c.text_width(detail) <= room:
                        break
            if lv != level:
                level = lv
                groups.append(len(labels))
            tags.append(LEVELS[lv])
            labels.append(label)
            details.append(detail)
            self.events.append(ev)
        self.details = details
        self.tags = tags
        head = "Buy a card" if verb == "buy" else "Reserve a card"
        super().__init__(app, head, labels, 0, groups)

    def detail(self, i: int) -> "str | None":
        return self.details[i] if self.details else None

    def pick(self, i: int) -> None:
        if self.events:
            self.app.play(self.events[i])  # type: ignore[attr-defined]
