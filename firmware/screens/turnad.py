"""Antike Duellum: the legal events now, by kind, the acting player's first.

The turn's menu lists the kinds of event the core's ``legal()`` offers, a row per kind
that opens its events (in the core's order, in the table's words with what they cost),
and a row per event for the turn's commonest, the rondel moves (the cheapest first:
``2 steps``, its cost on the right) and the production. A plays the row; C on a rondel
move lists every other way to pay for those steps, since a coin counts as any resource
and the player chooses (in words, or the tracking screen's letters M I G C where the
words do not fit).
"""

from duelcore.compat import const

from ..gfx.canvas import LARGE
from ..lang import name, tr, word
from ..notices import args, pay, steps, units, value
from . import choice
from .menu import Menu

_KINDS = ("marble", "iron", "gold", "coins")
_AD = "antike-duellum"


def label(ev: list, players: list) -> str:
    """An event as a menu line, in the words of the table (the record's verbs otherwise)."""
    verb = ev[0]
    n = len(ev)
    if verb == "rondel":
        text = steps(ev[2])
        if n > 3 and ev[3]:
            text = tr("%s, pay %s") % (text, pay(ev[3]))
        return text
    if verb == "produce":
        what = name(_AD, ev[2])
        return tr("%s with temple") % what if n > 3 and ev[3] else what
    if verb in ("recruit", "deploy", "battle") and n > 3:
        a, f = ev[2], ev[3]
        if verb == "recruit":  # 1 gold a legion, 2 a galley (coins count as gold)
            return tr("%s: %d gold") % (units(a, f), a + 2 * f)
        if verb == "deploy":  # 2 iron a unit
            return tr("%s: %d iron") % (units(a, f), 2 * (a + f))
        return tr("%s each") % units(a, f)
    if verb == "temple" and n > 2:
        return tr("Temple, %d adjacent") % ev[2]
    if verb == "city" and n > 2:
        kind = name(_AD, ev[3]) if n > 3 else tr("City")  # the list is headed "City"
        return tr("%s, %d adjacent") % (kind, ev[2])
    if verb == "conquer" and n > 2:
        text = tr("City with temple") if ev[2] else tr("City")
        if n > 3 and value(ev[3]):
            text += ": " + value(ev[3])
        return text
    if verb == "trade" and n > 3:
        return tr("%s for %s") % (pay(ev[2]), pay(ev[3]))
    if verb == "event" and n > 3:
        x = ev[3]
        if isinstance(x, dict) and "give" in x:  # Merchant: a swap, or nothing to swap
            if not x["give"] and not x["take"]:
                return name(_AD, ev[2])
            return tr("%s for %s") % (pay(x["give"]), pay(x["take"]))
        text = value(x)
        return "%s: %s" % (name(_AD, ev[2]), text) if text else name(_AD, ev[2])
    return args(ev) if n > 2 else name(_AD, verb)


def payments(held: dict, first: dict) -> list:
    """Every way to pay as many resources as ``first`` (the core's way, listed first)
    from ``held``: marble, iron, gold and coins, a coin for any one of them."""
    n = 0
    for k in first:
        n += first[k]
    have = [held.get(k, 0) for k in _KINDS]
    out = [first]
    for m in range(min(n, have[0]) + 1):
        for i in range(min(n - m, have[1]) + 1):
            for g in range(min(n - m - i, have[2]) + 1):
                c = n - m - i - g
                if c <= have[3]:
                    way = {}
                    for k, x in ((0, m), (1, i), (2, g), (3, c)):
                        if x:
                            way[_KINDS[k]] = x
                    if way != first:
                        out.append(way)
    return out


def _ways(app: object, ev: list) -> list:
    """The ways to pay for rondel move ``ev``, the core's first."""
    first = ev[3] if len(ev) > 3 else {}
    if not first:
        return [first]
    r = app.match.game.result()  # type: ignore[attr-defined]
    return payments(r["players"][ev[1]]["resources"], first)


def _cost(app: object, ev: list) -> tuple:
    """A rondel move's right column (``pay 2``, ``free``) and detail line (what it pays,
    and how many ways C lists)."""
    cost = ev[3] if len(ev) > 3 else {}
    n = sum(cost.values())
    text = tr("Pays %s") % pay(cost) if n else None
    ways = len(_ways(app, ev))
    if ways > 1:
        text = tr("%s; C: %d ways to pay") % (text, ways)
    return tr("pay %d") % n if n else tr("free"), text


def ways_menu(app: object, ev: list) -> None:
    """C on a rondel move: every way to pay for its steps, the core's first (a notice
    where there is one way: C never moves the marker, one meaning per button)."""
    ways = _ways(app, ev)
    if len(ways) < 2:
        app.notice = tr("One way to pay: A moves")  # type: ignore[attr-defined]
        app.redraw()  # type: ignore[attr-defined]
        return
    events = [["rondel", ev[1], ev[2], w] for w in ways]
    head = tr("%s: pay how?") % steps(ev[2])
    c = app.canvas  # type: ignore[attr-defined]
    room = app.width - 11  # type: ignore[attr-defined]  # a list row's
    labels = []
    for w in ways:  # in words, or in letters (M I G C) where the words do not fit
        text = pay(w)
        labels.append(text if c.text_width(text, LARGE) <= room else pay(w, True))
    app.push(choice.Screen(app, head, labels, events))  # type: ignore[attr-defined]


# A kind with this many events or fewer, each fitting its row, is listed a row per event
# (A plays it); any other, a row that opens its list. The rondel moves always a row each.
_FEW = const(7)


def _rows(c: object, room: int, events: list, players: list, head: str, alone: str) -> list:
    """The events' rows (``head`` and the event in words; ``alone`` for an event without
    arguments, a wall), or [] if one is wider than ``room``."""
    out = []
    for ev in events:
        text = head + label(ev, players) if len(ev) > 2 else alone
        if c.text_width(text, LARGE) > room:  # type: ignore[attr-defined]
            return []
        out.append(text)
    return out


class Screen(Menu):
    """The turn's menu: each kind of event a group (long UP/DOWN jumps), the acting
    player's first, in the core's order, then the other player's, their rondel move
    (handing the turn over) at the head of their group; the production with a temple
    (3 of the resource) before without. The cursor opens on the first row, or on the
    rondel move to enter: the acting player's at the turn's start, or the hand-over once
    their action is done."""

    in_game = True
    hints = word("A move  C pay  B back")

    def __init__(self, app: object) -> None:
        g = app.match.game  # type: ignore[attr-defined]
        players = app.players()  # type: ignore[attr-defined]
        r = g.result()
        turn = r["turn"]
        kinds: list = []  # (player, verb), in the core's order
        per: list = []  # per kind, its events
        for ev in g.legal():
            key = (ev[1], ev[0])
            if key in kinds:
                per[kinds.index(key)].append(ev)
            else:
                kinds.append(key)
                per.append([ev])
        order = [k for k in range(len(kinds)) if kinds[k][0] == turn]
        # the other player's: their rondel move first (it hands the turn over)
        order += [k for k in range(len(kinds)) if kinds[k] == (1 - turn, "rondel")]
        order += [k for k in range(len(kinds)) if kinds[k][0] != turn and k not in order]
        self.kinds: list = []  # per row: (player, verb)
        self.events: list = []  # per row: its events (one: A plays it)
        labels: list = []
        right: list = []
        self.details: list = []
        groups: list = []
        start = 0
        c = app.canvas  # type: ignore[attr-defined]
        room = app.width - 11  # type: ignore[attr-defined]  # a list row's
        done = r["action"] is not None or r["phase"] in ("cities", "personalities")
        for k in order:
            p, verb = kinds[k]
            events = per[k]
            who = "" if p == turn else players[p] + ": "
            # The rondel move to enter (the acting player's, or once their action is
            # done the hand-over): the cursor on it, on 2 steps, the middle of the three
            # free moves (one press from each), where that is listed
            here = verb == "rondel" and (p == turn or done)
            if here:
                start = len(labels)
            if verb == "produce":  # with a temple first: 3 of the resource, not 1
                events = [ev for ev in events if ev[3]] + [ev for ev in events if not ev[3]]
            groups.append(len(labels))
            texts: list = []  # a row per event: where they are few and each fits its row
            head = who + name(_AD, verb)
            bare = None  # the rows without the kind's name, which the detail line then says
            if verb == "rondel":
                for ev in events:
                    texts.append(who + steps(ev[2]))
            elif verb == "event":  # the card's name says it
                if len(events) <= _FEW:
                    texts = _rows(c, room, events, players, who, head)
            elif len(events) <= _FEW:
                texts = _rows(c, room, events, players, head + ": ", head)
                if not texts:
                    texts = _rows(c, room, events, players, who, head)
                    bare = head
            if not texts:  # a row that opens the kind's list
                self.kinds.append(kinds[k])
                self.events.append(events)
                labels.append(head)
                right.append("")
                self.details.append(None)
                continue
            for j in range(len(events)):
                ev = events[j]
                self.kinds.append(kinds[k])
                self.events.append([ev])
                tail, more = "", bare
                if verb == "rondel":
                    if here and ev[2] == 2:
                        start = len(labels)
                    tail, more = _cost(app, ev)
                    if who:  # the hand-over: the name takes the room, its cost below
                        more = more or tail
                        tail = ""
                labels.append(texts[j])
                right.append(tail)
                self.details.append(more)
        title = tr("%s's turn") % players[turn]
        super().__init__(app, title, labels, start, groups, right)

    def detail(self, i: int) -> "str | None":
        return self.details[i] if self.details else None

    def options(self, i: int) -> "Menu | None":
        """The list row i opens (None: it is a single event, played at once)."""
        events = self.events[i]
        if len(events) == 1:
            return None
        app = self.app
        players = app.players()  # type: ignore[attr-defined]
        labels = [label(ev, players) for ev in events]
        return choice.Screen(app, self.labels[i], labels, events)

    def pick(self, i: int) -> None:
        app = self.app
        screen = self.options(i)
        if screen is None:
            app.play(self.events[i][0])  # type: ignore[attr-defined]
        else:
            app.push(screen)  # type: ignore[attr-defined]

    def more(self, i: int) -> None:
        """C on a rondel move: the other ways to pay; on any other row, none."""
        if self.kinds[i][1] == "rondel":
            ways_menu(self.app, self.events[i][0])
        else:
            super().more(i)
