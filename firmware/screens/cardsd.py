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
        self.verb = verb
        self.player = p
        self.shown = (-1, "")  # (item, its detail): built for the selected row only
        tags: list = []
        labels: list = []
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
            if lv != level:
                level = lv
                groups.append(len(labels))
            tags.append(LEVELS[lv])
            labels.append(label)
            self.events.append(ev)
        self.tags = tags
        head = "Buy a card" if verb == "buy" else "Reserve a card"
        super().__init__(app, head, labels, 0, groups)

    def detail(self, i: int) -> "str | None":
        """The selected card's cost line, built when it is shown: the list can hold every
        card not yet taken (the device cannot see the table), and a line kept for each
        row cost several KB of heap."""
        if not self.events:
            return None
        if self.shown[0] != i:
            self.shown = (i, self._detail(self.events[i][2]))
        return self.shown[1]

    def _detail(self, cid: str) -> str:
        if cid.startswith("deck"):
            return "The top card of the level %s deck, unseen" % LEVELS[int(cid[4:])]
        i = C.find(cid)
        cost = {}
        for k in range(6):
            if C.get(i, _COST + k):
                cost[C.TOKENS[k]] = C.get(i, _COST + k)
        g = self.app.match.game  # type: ignore[attr-defined]
        pay = g.price(self.player, cid)["pay"] if self.verb == "buy" else None
        room = self.app.width - 4  # type: ignore[attr-defined]
        text = ""
        for short in (False, True):  # words, or letters where they do not fit
            text = "Costs " + tokens(cost, short)
            if pay is not None:
                text += "; pay " + tokens(pay, short)
            if self.app.canvas.text_width(text) <= room:  # type: ignore[attr-defined]
                break
        return text

    def pick(self, i: int) -> None:
        if self.events:
            self.app.play(self.events[i])  # type: ignore[attr-defined]
