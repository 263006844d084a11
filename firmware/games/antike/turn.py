"""Antike Duellum: the legal events now, by kind, the acting player's first.

The turn's menu lists the kinds of event the core's ``legal()`` offers, a row per kind
that opens its events (in the core's order, in the table's words with what they cost),
and a row per event for the turn's commonest, the rondel moves (the cheapest first:
``2 steps``, its cost on the right) and the production; a city a row per resource and a
conquest a row per resource and temple. A plays the row; C on a rondel move lists every
other way to pay for those steps, since a coin counts as any resource and the player
chooses (in words, or the tracking screen's letters M I G C where the words do not
fit); C on a city or a conquest, the same place with more adjacent or a wall.
"""

from duelcore.compat import const

from ... import ui
from ...gfx.canvas import LARGE
from ...lang import collate, name, tr, word
from ...notices import args, pay, steps, units, value
from ...screens import choice
from ...screens.menu import Menu

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ...contracts import App
    from ...gfx.canvas import Canvas

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


def collated(events: list) -> list:
    """Events naming an event card (taken, played) in the language's order of the cards'
    names (English's is the core's), each card's events as the core listed them."""
    return collate(_AD, events, 2)


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


def _ways(r: dict, ev: list) -> list:
    """The ways to pay for rondel move ``ev``, the core's first, from the player's
    resources in ``r``: the core's result(), taken once per menu, not per row (it builds
    both players' tables)."""
    first = ev[3] if len(ev) > 3 else {}
    if not first:
        return [first]
    return payments(r["players"][ev[1]]["resources"], first)


def _cost(r: dict, ev: list) -> tuple:
    """A rondel move's right column (``pay 2``, ``free``) and detail line (what it pays,
    and how many ways C lists)."""
    cost = ev[3] if len(ev) > 3 else {}
    n = sum(cost.values())
    text = tr("Pays %s") % pay(cost) if n else None
    ways = len(_ways(r, ev))
    if ways > 1:
        text = tr("%s; C: %d ways to pay") % (text, ways)
    return tr("pay %d") % n if n else tr("free"), text


def ways_menu(app: "App", ev: list) -> None:
    """C on a rondel move: every way to pay for its steps, the core's first (a notice
    where there is one way: C never moves the marker, one meaning per button)."""
    ways = _ways(app.match.game.result(), ev)
    if len(ways) < 2:
        app.notice = tr("One way to pay: A moves")
        app.redraw()
        return
    events = [["rondel", ev[1], ev[2], w] for w in ways]
    head = tr("%s: pay how?") % steps(ev[2])
    c = app.canvas
    room = app.width - 11  # a list row's
    labels = []
    for w in ways:  # in words, or in letters (M I G C) where the words do not fit
        text = pay(w)
        labels.append(text if c.text_width(text, LARGE) <= room else pay(w, True))
    app.push(choice.Screen(app, head, labels, events))


# A kind with this many events or fewer, each fitting its row, is listed a row per event
# (A plays it); any other, a row that opens its list. The rondel moves always a row each.
_FEW = const(7)
# The acting player's kinds in the menu's order, each action by rondel space, a group
# each (a long UP/DOWN jumps space to space): the production in the middle, where the
# cursor opens after the move, the other spaces one or two long presses either side of
# it (recruits, rare, three). Then cards and trades (rarer), cities and personalities,
# next to the hand-over that follows them.
_ORDER = (
    "recruit", "knowledge", "temple", "wall", "produce", "deploy", "conquer", "battle",
    "event", "trade", "city", "personality",
)  # fmt: skip
_SPACE = b"\x00\x01\x02\x02\x03\x04\x05\x05"  # per action of _ORDER: its group


def _rows(c: "Canvas", room: int, events: list, players: list, head: str, alone: str) -> list:
    """The events' rows (``head`` and the event in words; ``alone`` for an event without
    arguments, a wall), or [] if one is wider than ``room``."""
    out = []
    for ev in events:
        text = head + label(ev, players) if len(ev) > 2 else alone
        if c.text_width(text, LARGE) > room:
            return []
        out.append(text)
    return out


def _split(events: list) -> tuple:
    """A city's or a conquest's events a row per place: (the row's resource, whether the
    city has a temple, its event A plays, the others C lists). A city by its resource,
    the fewest adjacent first (no coin more); a conquest by the city's resource and
    temple, without a wall first; in the core's order."""
    keys: list = []
    heads: list = []
    others: list = []
    for ev in events:
        if ev[0] == "city":
            key = (ev[3] if len(ev) > 3 else "", False)
        else:
            key = (ev[3].get("resource", "") if len(ev) > 3 else "", ev[2])
        if key in keys:
            others[keys.index(key)].append(ev)
        else:
            keys.append(key)
            heads.append(ev)
            others.append([])
    return keys, heads, others


def _by_kind(legal: list, turn: int) -> tuple:
    """The events by kind (player, verb) in the core's order, each kind's events, and
    the kinds' indices in the menu's order: the acting player's by ``_ORDER``, then the
    other player's rondel move (it hands the turn over), then the rest."""
    kinds: list = []
    per: list = []
    for ev in legal:
        key = (ev[1], ev[0])
        if key in kinds:
            per[kinds.index(key)].append(ev)
        else:
            kinds.append(key)
            per.append([ev])
    own = [k for k in range(len(kinds)) if kinds[k][0] == turn]
    order = [k for verb in _ORDER for k in own if kinds[k][1] == verb]
    order += [k for k in own if k not in order]
    order += [k for k in range(len(kinds)) if kinds[k] == (1 - turn, "rondel")]
    rest = [k for k in range(len(kinds)) if kinds[k][0] != turn and k not in order]
    order += [k for k in rest if kinds[k][1] == "event"]  # the cards before the rare trades
    order += [k for k in rest if kinds[k][1] != "event"]
    return kinds, per, order


def _told(ev: list, players: list) -> str:
    """A city's or a conquest's detail line: where, or who attacks."""
    if ev[0] == "conquer" and len(ev) > 3:
        return units(ev[3].get("armies", 0), ev[3].get("fleets", 0)) or label(ev, players)
    return label(ev, players)


class Screen(Menu):
    """The turn's menu: each kind of event a group (long UP/DOWN jumps), the acting
    player's first (their actions by rondel space, the production in the middle; then
    cities, personalities, trades and cards), then the other player's, their rondel
    move (handing the turn over) at the head of their group; the production with a
    temple (3 of the resource) before without; a city a row per resource and a conquest
    a row per resource and temple (C: the same with more adjacent, or a wall). The
    cursor opens on the row likeliest next (docs/firmware.md, ``turnad``)."""

    in_game = True
    hints = word("A move  C pay  B back")

    def __init__(self, app: "App") -> None:
        # The hints of the row selected: C's only on a rondel move's (its ways to pay);
        # the detail line says what C lists on a place's or a temple's row
        self.forms = (ui.hints(app, self.hints), ui.hints(app, Menu.hints))
        g = app.match.game
        players = app.players()
        r = g.result()
        turn = r["turn"]
        kinds, per, order = _by_kind(g.legal(), turn)
        self.kinds: list = []  # per row: (player, verb)
        self.events: list = []  # per row: its events (one: A plays it)
        self.others: list = []  # per row: the events C lists (a city, a conquest), or None
        labels: list = []
        right: list = []
        self.details: list = []
        groups: list = []
        c = app.canvas
        room = app.width - 11  # a list row's
        phase = r["phase"]
        done = r["action"] is not None or phase in ("cities", "personalities")
        hand = -1  # the rondel move to enter: the acting player's, or the hand-over
        produce = person = -1  # the first production row, the first personality row
        city = cities = 0  # the first city row, how many
        wall = -1
        space = -1  # the rondel space of the last action kind listed
        # A wall goes on the temple rows' C where a temple can be built: a Wall row
        # between them and the production, where the cursor opens, turned an UP short of
        # the temple into a wall
        walls = None
        if (turn, "temple") in kinds and (turn, "wall") in kinds:
            walls = per[kinds.index((turn, "wall"))]
        for k in order:
            p, verb = kinds[k]
            events = per[k]
            if walls and kinds[k] == (turn, "wall"):
                continue
            who = "" if p == turn else players[p] + ": "
            # The rondel move to enter (the acting player's, or once their action is
            # done the hand-over): on 2 steps, the middle of the three free moves (one
            # press from each), where that is listed
            here = verb == "rondel" and (p == turn or done)
            if here:
                hand = len(labels)
            if verb == "produce":  # with a temple first: 3 of the resource, not 1
                first = [ev for ev in events if ev[3]]
                events = first + [ev for ev in events if not ev[3]]
                # the cursor on the middle resource (with a temple where there is one)
                produce = len(labels) + (len(first or events) - 1) // 2
            elif verb == "wall" and p == turn or verb == "temple" and p == turn and walls:
                wall = len(labels)  # the wall's row, or the temple rows' first (C: a wall)
            elif verb == "personality" and p == turn:  # the navigator: the board's word
                for j in range(len(events)):
                    if person < 0 and events[j][2] != "navigator":
                        person = len(labels) + j
            at = _ORDER.index(verb) if p == turn and verb in _ORDER else -1
            if at >= len(_SPACE):
                at = -1
            if at < 0 or _SPACE[at] != space:  # the same rondel space: the same group
                groups.append(len(labels))
            space = _SPACE[at] if at >= 0 else -1
            head = who + name(_AD, verb)
            if verb in ("city", "conquer"):  # a row per place, A the likeliest
                if verb == "city":
                    city = len(labels)
                self._places(app, kinds[k], events, who, labels, right)
                if verb == "city":
                    cities = len(labels) - city
                continue
            texts: list = []  # a row per event: where they are few and each fits its row
            bare = None  # the rows without the kind's name, which the detail line then says
            if verb == "rondel":
                for ev in events:
                    texts.append(who + steps(ev[2]))
            elif verb == "event":  # the card's name says it
                events = collated(events)
                if len(events) <= _FEW:
                    texts = _rows(c, room, events, players, who, head)
            elif len(events) <= _FEW:
                texts = _rows(c, room, events, players, head + ": ", head)
                if not texts:
                    texts = _rows(c, room, events, players, who, head)
                    bare = head
            if not texts:  # a row that opens the kind's list
                self._add(labels, right, kinds[k], events, None, head, "", None)
                continue
            for j in range(len(events)):
                ev = events[j]
                tail, more = "", bare
                if verb == "rondel":
                    if here and ev[2] == 2:
                        hand = len(labels)
                    tail, more = _cost(r, ev)
                    if who:  # the hand-over: the name takes the room, its cost below
                        more = more or tail
                        tail = ""
                others = walls if verb == "temple" and p == turn else None
                if others:
                    more = tr("%s; C: %s") % (more or texts[j], name(_AD, "wall"))
                self._add(labels, right, kinds[k], [ev], others, texts[j], tail, more)
        # The row likeliest next: after the move, the production's middle resource
        # (a press from the other two, as 2 steps is from 1 and 3); after a temple,
        # the wall the same space builds (its row, or the temple's, C a wall); once
        # the action is done, a personality the rules let the player claim (not the
        # navigator: the board's word); after a city, while another can be founded,
        # the middle city row (a press from the other two, a long press from the
        # claims); else the hand-over.
        start = hand if hand >= 0 else 0
        last = app.match.event(-1)[0] if app.match.played else ""
        if not done and phase == "action" and produce >= 0:
            start = produce
        elif last == "temple" and wall >= 0:
            start = wall
        elif done and person >= 0:
            start = person
        elif phase == "cities" and cities:
            start = city + cities // 2
        title = tr("%s's turn") % players[turn]
        super().__init__(app, title, labels, start, groups, right)

    def _add(
        self,
        labels: list,
        right: list,
        kind: tuple,
        events: list,
        others: "list | None",
        text: str,
        tail: str,
        more: "str | None",
    ) -> None:
        """A row: its kind, the events A plays or lists, those C lists, its text, its
        right column and its detail line."""
        self.kinds.append(kind)
        self.events.append(events)
        self.others.append(others)
        labels.append(text)
        right.append(tail)
        self.details.append(more)

    def _places(
        self, app: "App", kind: tuple, events: list, who: str, labels: list, right: list
    ) -> None:
        """A city's or a conquest's rows, a row per place (``_split``): A plays its
        likeliest event, C lists the others; the detail line says where, or who attacks.
        Worded ``City: Marble`` (``Conquer: Marble``, a temple on the right); where one
        is too wide, as the lists worded them (``Marble, 0 adjacent``, a conquest's
        ``City: Marble``), or the resource alone."""
        c = app.canvas
        room = app.width - 11  # a list row's
        players = app.players()
        keys, heads, others = _split(events)
        temple = name(_AD, "temple")  # a conquest's city with one: on the right
        extra = c.text_width(temple, LARGE) + 8
        texts: list = []
        for form in range(3):
            texts = []
            for j in range(len(heads)):
                where = name(_AD, keys[j][0]) if keys[j][0] else tr("City")
                if form == 0:
                    text = who + name(_AD, kind[1]) + ": " + where
                elif form == 1 and kind[1] == "city":
                    text = who + label(heads[j], players)
                elif form == 1:
                    text = who + tr("City") + ": " + where
                else:
                    text = who + where
                texts.append(text)
                if c.text_width(text, LARGE) + (extra if keys[j][1] else 0) > room:
                    break
            else:
                break
        for j in range(len(heads)):
            more = _told(heads[j], players)
            if others[j]:
                more = tr("%s; C: %d more") % (more, len(others[j]))
            tail = temple if keys[j][1] else ""
            self._add(labels, right, kind, [heads[j]], others[j] or None, texts[j], tail, more)

    def detail(self, i: int) -> "str | None":
        return self.details[i] if self.details else None

    def draw(self, c: "Canvas") -> None:
        i = self.i
        if self.kinds:
            self.hints = self.forms[self.kinds[i][1] != "rondel"]
        super().draw(c)

    def options(self, i: int) -> "Menu | None":
        """The list row i opens (None: it is a single event, played at once)."""
        events = self.events[i]
        if len(events) == 1:
            return None
        return self._list(i, events)

    def _list(self, i: int, events: list) -> "Menu":
        app = self.app
        players = app.players()
        labels = [label(ev, players) for ev in events]
        return choice.Screen(app, self.labels[i], labels, events)

    def pick(self, i: int) -> None:
        app = self.app
        screen = self.options(i)
        if screen is None:
            app.play(self.events[i][0])
        else:
            app.push(screen)

    def more(self, i: int) -> None:
        """C on a rondel move: the other ways to pay; on a city or a conquest, the same
        place's others (more adjacent, a wall); on any other row, none."""
        if self.kinds[i][1] == "rondel":
            ways_menu(self.app, self.events[i][0])
        elif self.others[i]:
            self.app.push(self._list(i, self.others[i]))
        else:
            super().more(i)
