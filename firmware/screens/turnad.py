"""Antike Duellum: the legal events now, by kind, the acting player's first.

The first menu lists the kinds of event the core's ``legal()`` offers (the rondel move
first, as a turn starts with it); picking one lists those events, in the core's order
(the cheapest rondel move first), in the table's words with what they cost. The rondel
list (``Steps``) pays as the core suggests with A; C (or a long A) lists every other
way to pay for those steps, since a coin counts as any resource and the player chooses
(in words, or the tracking screen's letters M I G C where the words do not fit).
"""

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


class Steps(Menu):
    """The rondel moves: A moves paying the core's way, C lists the other ways to pay."""

    in_game = True
    hints = word("A move  C pay  B back")

    def __init__(self, app: object, head: str, events: list) -> None:
        self.events = events
        labels = []
        right = []
        self.details = []
        for i in range(len(events)):
            ev = events[i]
            labels.append(steps(ev[2]))
            cost = ev[3] if len(ev) > 3 else {}
            n = 0
            for k in cost:
                n += cost[k]
            right.append(tr("pay %d") % n if n else tr("free"))
            ways = len(_ways(app, ev))
            text = tr("Pays %s") % pay(cost) if n else None
            if ways > 1:
                text = tr("%s; C: %d ways to pay") % (text, ways)
            self.details.append(text)
        super().__init__(app, head, labels, 0, None, right)

    def pick(self, i: int) -> None:
        self.app.play(self.events[i])  # type: ignore[attr-defined]

    def detail(self, i: int) -> "str | None":
        return self.details[i] if self.details else None

    def ways(self, i: int) -> list:
        """Every way to pay for move i, the core's first."""
        return _ways(self.app, self.events[i])

    def more(self, i: int) -> None:
        ev = self.events[i]
        ways = self.ways(i)
        app = self.app
        if len(ways) < 2:  # C never moves the marker: one meaning per button
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


class Screen(Menu):
    in_game = True

    def __init__(self, app: object) -> None:
        g = app.match.game  # type: ignore[attr-defined]
        players = app.players()  # type: ignore[attr-defined]
        turn = g.result()["turn"]
        self.kinds: list = []  # (player, verb), acting player first
        self.events: list = []  # per kind, its events
        for ev in g.legal():
            key = (ev[1], ev[0])
            if key in self.kinds:
                self.events[self.kinds.index(key)].append(ev)
            else:
                self.kinds.append(key)
                self.events.append([ev])
        order = [k for k in range(len(self.kinds)) if self.kinds[k][0] == turn]
        order += [k for k in range(len(self.kinds)) if self.kinds[k][0] != turn]
        # The other player's rondel move hands the turn over: last, one UP from the top.
        over = [k for k in order if self.kinds[k][0] != turn and self.kinds[k][1] == "rondel"]
        order = [k for k in order if k not in over] + over
        self.kinds = [self.kinds[k] for k in order]
        self.events = [self.events[k] for k in order]
        labels = []
        for p, verb in self.kinds:
            text = name(_AD, verb)
            if p != turn:
                text = "%s: %s" % (players[p], text)
            labels.append(text)
        super().__init__(app, tr("%s's turn") % players[turn], labels)

    def options(self, i: int) -> "Menu | None":
        """The list item i opens (None: it is a single event, played at once)."""
        events = self.events[i]
        app = self.app
        if self.kinds[i][1] == "rondel":
            return Steps(app, self.labels[i], events)
        if len(events) == 1:
            return None
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
