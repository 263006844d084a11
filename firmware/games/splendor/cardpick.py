"""Splendor Duel: the card bought or reserved, from the core's legal events.

Cards are listed by level, the level at the left of each row (I, II, III), and in a
level by colour (white, blue, green, red, black, jokers, then the cards without a
bonus), as the record format orders them; a long UP/DOWN jumps from colour to colour
(a level's first colour begins the level), so the 68 rows of a reservation are a few
jumps and a few rows from any card; a row names the bonus colour, points (a star), crowns (a
crown) and ability as the card shows them, and the line under the list gives the
printed cost and, for a purchase, what the player pays (bonuses first, then tokens,
gold for the rest, as the core computes it), in words, or in the token letters where
the words do not fit the panel. A joker is offered once per colour it can take.

A reservation asks the level first (Levels: the three levels, the middle one selected,
so each is a press at most from where it opens, then the decks that can be drawn from
blind), then lists that level's cards alone by colour: any card is a level, a few colour
jumps and a few rows away, where the list of all levels was up to 11 jumps from a level
II card. A purchase lists every level's affordable cards (26 at most) at once.

The list can hold every card not yet taken (the device cannot see the table), so a row
is kept as three numbers and worded only when it is drawn: the rows' events and labels
kept whole cost 8 KB of heap on a 67-row list, about what the budget lacked with all
cores loaded (docs/rp2.md, "Found on the real port"). The event is asked of the core
again when a row is picked.
"""

from array import array

from duelcore.compat import const
from duelcore.splendor import cards as C
from duelcore.splendor.cards import ABILITY, COLOR, COST, CROWNS, POINTS
from duelcore.splendor.names import find

from ...lang import tr
from ...screens.menu import Menu
from .words import COLOURS, LETTERS, LEVELS, colour, face, tokens

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ...contracts import App

# A row: its event's place in legal(), its card (or _DECK + level), its options.
_WIDE = const(3)
_DECK = const(100)
_HELD = const(8)  # in the options: a reserved card; below it, a joker's colour + 1
_ALIKE = const(16)  # in the options: another card of its level reads as this one does


class Screen(Menu):
    in_game = True

    def __init__(self, app: "App", verb: str, level: int = 0) -> None:
        """``level``: that level's cards alone (a reservation: Levels), no deck."""
        g = app.match.game
        self.verb = verb
        self.player = g.result()["turn"]
        rows = array("H")
        groups = bytearray()  # up to 21 starts, below 256: a byte each
        jokers: list = []  # jokers offered with a colour: their plain buy is left out
        items = g.legal(verb)
        for ev in items:
            if len(ev) > 3 and "color" in ev[3]:
                jokers.append(ev[2])
        group = -1  # the row's level * 8 + its colour (the decks: one group)
        for k in range(len(items)):
            ev = items[k]
            cid = ev[2]
            opts = ev[3] if len(ev) > 3 else None
            if cid in jokers and (opts is None or "color" not in opts):
                continue
            flags = 0
            if cid.startswith("deck"):
                if level:
                    continue
                lv = int(cid[4:])
                card = _DECK + lv
            else:
                card = find(cid)
                lv = C.level(card)
                if level and lv != level:
                    continue
                if opts is not None:
                    if "color" in opts:
                        flags = C.TOKENS.index(opts["color"]) + 1
                    if opts.get("reserved"):
                        flags |= _HELD
                # Jokers of a level that read alike (1j2 to 1j4, 2j1 and 2j2): found once
                # here, not per row drawn; their labels add the cost's colours.
                for j in range(C.FIRST[lv - 1], C.FIRST[lv]):
                    if (
                        j != card
                        and C.get(j, COLOR) == C.get(card, COLOR)
                        and C.get(j, POINTS) == C.get(card, POINTS)
                        and C.get(j, CROWNS) == C.get(card, CROWNS)
                        and C.get(j, ABILITY) == C.get(card, ABILITY)
                    ):
                        flags |= _ALIKE
                        break
            key = _DECK if card >= _DECK else lv * 8 + C.get(card, COLOR)
            if key != group:
                group = key
                groups.append(len(rows) // _WIDE)
            rows.append(k)
            rows.append(card)
            rows.append(flags)
        self.rows = rows
        self.tags = _Column(rows, None)
        head = tr("Buy a card") if verb == "buy" else tr("Reserve a card")
        # the rows' and the cost line's words, looked up once (per row drawn or row
        # selected, they would load lang's lookup)
        self.words = words = (
            tr("Deck, blind"),
            tr("Joker: %s"),
            tr("%s (held)"),
            tr("Costs %s"),
            tr("; pay %s") if verb == "buy" else "",
            tr("The top card of the level %s deck, unseen"),
            tr(LETTERS).split(),
        )
        labels = _Column(rows, words)  # len() and [] are all a Menu asks of its labels
        self.shown: tuple = (-1, None)  # (item, its line): the selected one only
        super().__init__(app, head, labels, 0, groups)  # type: ignore[arg-type]  # a _Column for the list

    @property
    def events(self) -> list:
        """The rows' events (for the simulator's autoplayer and the tests)."""
        items = self.app.match.game.legal(self.verb)
        rows = self.rows
        return [items[rows[k]] for k in range(0, len(rows), _WIDE)]

    def detail(self, i: int) -> "str | None":
        """The selected item's line, worded when it is selected: each frame draws it."""
        if self.shown[0] != i:
            self.shown = (i, self.line(i))
        return self.shown[1]

    def line(self, i: int) -> "str | None":
        """The selected card's cost line."""
        if not self.rows:
            return None
        c = self.rows[i * _WIDE + 1]
        words = self.words
        if c >= _DECK:
            return words[5] % LEVELS[c - _DECK]
        cost = {}
        for k in range(6):
            if C.get(c, COST + k):
                cost[C.TOKENS[k]] = C.get(c, COST + k)
        g = self.app.match.game
        pay = g.price(self.player, C.card_id(c))["pay"] if self.verb == "buy" else None
        room = self.app.width - 4
        text = ""
        for short in (False, True):  # words, or letters where they do not fit
            text = words[3] % tokens(cost, short)
            if pay is not None:
                text += words[4] % tokens(pay, short)
            if self.app.canvas.text_width(text) <= room:
                break
        return text

    def pick(self, i: int) -> None:
        if self.rows:
            g = self.app.match.game
            self.app.play(g.legal(self.verb)[self.rows[i * _WIDE]])


class Levels(Menu):
    """A reservation's first question: the level (then Screen lists its cards), or a
    blind draw from a deck (played at once)."""

    in_game = True

    def __init__(self, app: "App") -> None:
        g = app.match.game
        self.player = g.result()["turn"]
        count = bytearray(4)  # cards offered per level
        decks = []
        for ev in g.legal("reserve"):
            cid = ev[2]
            if cid.startswith("deck"):
                decks.append(cid)
            else:
                count[C.level(find(cid))] += 1
        self.levels = [1, 2, 3] + decks  # per row: its level, or the deck drawn from
        row = tr("Level %s")
        labels = [row % LEVELS[lv] for lv in (1, 2, 3)]
        labels += [tr("Deck %s (blind)") % LEVELS[int(cid[4:])] for cid in decks]
        no = tr("not now")
        right = [str(count[lv]) if count[lv] else no for lv in (1, 2, 3)] + [""] * len(decks)
        self.count = count
        super().__init__(app, tr("Reserve a card"), labels, 1, None, right)

    def pick(self, i: int) -> None:
        app = self.app
        lv = self.levels[i]
        if type(lv) is str:
            app.play(["reserve", self.player, lv])
        elif self.count[lv]:
            app.push(Screen(app, "reserve", lv))
        else:
            app.notice = tr("%s: not now") % self.labels[i]
            app.redraw()


class _Column:
    """The list's labels, worded per row drawn with ``words`` (or, with none, its level
    column)."""

    def __init__(self, rows: array, words: "tuple | None") -> None:
        self.rows = rows
        self.words = words

    def __len__(self) -> int:
        return len(self.rows) // _WIDE

    def __getitem__(self, k: int) -> str:
        if not 0 <= k < len(self.rows) // _WIDE:
            raise IndexError(k)
        i = self.rows[k * _WIDE + 1]
        words = self.words
        if i >= _DECK:
            return words[0] if words else LEVELS[i - _DECK]
        if not words:
            return LEVELS[C.level(i)]
        flags = self.rows[k * _WIDE + 2]
        if flags & 7:
            text = words[1] % tr(C.TOKENS[(flags & 7) - 1])
        else:
            text = colour(COLOURS[C.get(i, COLOR)])
        label = text + face(C.get(i, POINTS), C.get(i, CROWNS), C.get(i, ABILITY))
        if flags & _ALIKE:  # the colours of its cost it asks two or more of (``2B2R``)
            label += " "
            for c in range(6):
                n = C.get(i, COST + c)
                if n > 1:
                    label += "%d%s" % (n, words[6][c])
        return words[2] % label if flags & _HELD else label
