"""7 Wonders Duel: the card taken this turn, with its price for the player to act.

The table knows which cards are reachable; the device offers every card of the age still
in play (what the core's ``legal()`` allows), by colour as the cards look: brown, grey,
yellow, red, green, blue, guilds, and in each colour by name in the device language's
order. A card keeps its place from turn to turn (one free by chain stays among its
colour, "free" at its right), so a player can learn the list. A long UP/DOWN jumps from
colour to colour. The line under the list is the selected card's price: printed coins,
the resources bought and what trading costs, or "free (chain)".

A builds the card when the player can pay for it (one press: undo is one press away);
C, a long A, or A on a card the player cannot afford, opens the card's other uses:
selling it first (the commonest), then a wonder built with it (the affordable ones,
cheapest first).
"""

from duelcore.compat import const
from duelcore.sevenwonders.cards import RESOURCES, card, colour, name, wonder

from ... import lang
from ...lang import tr, word
from ...screens import choice
from ...screens.menu import Menu
from ...words import title

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from duelcore.sevenwonders.rules import Game

    from ...contracts import App

# Hand-chosen short forms of the names too wide for a list row of the 250x122 panel with
# a price beside them (tests/firmware/test_text_fits.py finds them): "long|short" lines
# of one string, so no table and no interned words in the heap; here, beside the one
# list that draws them. The guilds lose "Guild" (all seven alike: the picker's "gld" tag
# says it).
_SHORT = """
Chamber of Commerce|Commerce Ch.
Siege Workshop|Siege Works
Merchants Guild|Merchants
Shipowners Guild|Shipowners
Builders Guild|Builders
Magistrates Guild|Magistrates
Scientists Guild|Scientists
Moneylenders Guild|Moneylenders
Tacticians Guild|Tacticians
Temple of Artemis|T. of Artemis
Great Lighthouse|Gr. Lighthouse
"""

# Colour order of the groups, and each group's tag (one string: one lookup in a language).
_ORDER = "bgyrnup"
_TAGS = "brn gry yel red grn blu gld"
# A card's price in ``Screen.costs``: total, printed coins, chained, then units bought
# and waived per resource.
_BOUGHT = const(3)
_WAIVED = const(8)
_COSTS = const(13)


class Screen(Menu):
    in_game = True
    hints = word("A build  C more  B back")

    def __init__(self, app: "App") -> None:
        g = app.match.game
        p = g.turn
        self.p = p
        who = app.players()[p]
        # What legal() allows, per card: can it be built; which wonders can go on it.
        build: list = []
        wonders: list = []
        for ev in g.legal():
            if ev[0] == "build":
                build.append(ev[2])
            elif ev[0] == "wonder" and ev[2] not in wonders:
                wonders.append(ev[2])
        cards, groups = order(g)
        labels: list = []
        right: list = []
        tags: list = []
        sell = g.discard_value(p)
        free = tr("free")
        kinds = tr(_TAGS).split()
        affordable = bytearray(len(cards))
        costs = bytearray(_COSTS * len(cards))
        for i in range(len(cards)):
            c = cards[i]
            n = name(c)
            labels.append(short(n))
            tags.append(kinds[_ORDER.index(colour(c))])
            total, chain, printed, bought, waived = g.price(p, c)
            if n in build:
                affordable[i] = 1
            at = i * _COSTS
            costs[at] = total
            costs[at + 1] = printed
            costs[at + 2] = chain
            for u in bought:
                costs[at + _BOUGHT + u] += 1
            for u in waived:
                costs[at + _WAIVED + u] += 1
            if chain:
                right.append(free)
            else:  # "(n)": more than the coins held
                right.append(str(total) if affordable[i] else "(%d)" % total)
        self.cards = cards
        self.affordable = affordable
        self.costs = costs
        # The cost line's words, looked up once: a line kept per card took heap for every
        # card of the age; words looked up per selection would load lang's lookup.
        self.words = (
            tr("Free by chain; sells for %d"),
            tr("Free"),
            tr("Costs %d: %d + %d for %s"),
            tr("Costs %d for %s"),
            tr("Costs %d"),
            tr(", saves %s"),
            tr("%s; sells for %d"),
        )
        # The resources counted, in one string (five strings of their own took 160 B):
        # each one's forms (lang.counted), a comma between resources.
        self.names = tr(word("%d wood,%d clay,%d stone,%d glass,%d papyrus"))
        self.tags = tags
        self.wonders = wonders
        self.sell = sell
        self.shown: tuple = (-1, None)  # (item, its line): the selected one only
        super().__init__(app, tr("%s: take a card") % who, labels, 0, groups, right)

    def detail(self, i: int) -> "str | None":
        """The selected item's line, worded when it is selected: each frame draws it."""
        if self.shown[0] != i:
            self.shown = (i, self.line(i))
        return self.shown[1]

    def line(self, i: int) -> "str | None":
        """The selected card's price, worded from its numbers in ``costs``."""
        if not self.cards:
            return None
        words = self.words
        at = i * _COSTS
        costs = self.costs
        total = costs[at]
        printed = costs[at + 1]
        if costs[at + 2]:
            return words[0] % self.sell
        bought = self._units(at + _BOUGHT)
        if not total:
            text = words[1]
        elif bought and printed:
            text = words[2] % (total, printed, total - printed, bought)
        elif bought:
            text = words[3] % (total, bought)
        else:
            text = words[4] % total
        waived = self._units(at + _WAIVED)
        if waived:
            text += words[5] % waived
        return words[6] % (text, self.sell)

    def _units(self, at: int) -> str:
        """Resource units counted from ``costs[at:]``: ``2 wood 1 stone``, ``2 глины``,
        ``粘土2`` (none: nothing allocated, as for most cards' units waived; it runs per
        scroll press)."""
        text = ""
        names = self.names
        for u in range(len(RESOURCES)):
            n = self.costs[at + u]
            if not n:
                continue
            start = 0  # the u-th resource's forms
            for _ in range(u):
                start = names.find(",", start) + 1
            end = names.find(",", start)
            unit = lang.counted(n, names[start:] if end < 0 else names[start:end])
            text += " " + unit if text else unit
        return text

    def pick(self, i: int) -> None:
        if not self.cards:
            return
        if self.affordable[i]:
            self.app.play(["build", self.p, name(self.cards[i])])
        else:
            self.more(i)

    def more(self, i: int) -> None:
        """The card's other uses: selling first, then wonders (cheapest first), then building."""
        if not self.cards:
            return
        app = self.app
        g = app.match.game
        p = self.p
        n = name(self.cards[i])
        priced = []
        at = 0  # a tie in the language's order of the names
        for w in lang.collate("7wd", sorted(self.wonders)):
            priced.append((g.wonder_price(p, wonder(w))[0], at, w))
            at += 1
        priced.sort()
        labels: list = [tr("Sell")]
        right: list = ["+%d" % self.sell]
        events: list = [["discard", p, n]]
        for cost, _, w in priced:
            labels.append(short(w))  # the wonder built with the card
            right.append(str(cost))
            events.append(["wonder", p, w, n])
        if self.affordable[i]:
            labels.append(tr("Build"))
            right.append(self.labels_right(i))
            events.append(["build", p, n])
        screen = choice.Screen(app, lang.name("7wd", n), labels, events, 0, right)
        app.push(screen)

    def labels_right(self, i: int) -> str:
        return self.right[i] if self.right else ""


def short(word: str) -> "str | int":
    """``title(word)``, or its short form where that is too wide for a list row (in
    another language than English: the names table's short form, as its place in the
    catalog: lang.row)."""
    if lang.lang() != "en":
        return lang.row("7wd", word)
    t = title(word)
    at = _SHORT.find("\n%s|" % t)
    if at < 0:
        return t
    at += len(t) + 2
    return _SHORT[at : _SHORT.find("\n", at)]


def order(g: "Game") -> tuple:
    """The cards of the age still in play as the picker lists them, and the group starts:
    by colour (_ORDER), each colour by name in the device language's order (lang.collate;
    English's ids sort as its names). The same cards list the same way whoever plays."""
    available = g.available()
    cards: list = []
    groups: list = []
    for k in _ORDER:
        ids = [name(c) for c in available if colour(c) == k]
        if ids:
            groups.append(len(cards))
            ids.sort()
            for n in lang.collate("7wd", ids):
                cards.append(card(n))
    return cards, groups
