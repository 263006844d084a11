"""Turning a game record into the button presses that play it on the device.

The autoplayer drives a simulated device screen by screen: it reads the top screen
(``Device.view()``: which screen, the selected item, what each item stands for), works
out the shortest way to the item it wants with the gestures the board has, presses, and
looks again. What it pressed is a button script (script.py) that plays the same game
on any runtime. So the scripted games of the tests and the bench are real button
presses through the real menus, and the presses a turn takes are measured, not guessed.

On a three-button board (``Device(buttons="abc")``) gestures are the physical taps and
holds firmware/buttons.py maps: tap A = DOWN, tap C = UP, hold A = A, hold C = C, tap B
= B, hold B = long B, which jumps to a grouped list's next group (no long UP/DOWN).
"""

import json
from collections import deque
from collections.abc import Callable
from typing import Any

from duelcore.games import GAMES
from duelcore.quick import choices, fields, stride, wins
from duelcore.sevenwonders.cards import PROGRESS, WONDER_COUNT, card, wonder_name
from duelcore.splendor.cards import TOKENS, card_id
from duelcore.splendor.names import find
from duelkeeper.errors import DuelkeeperError
from duelkeeper.sim.device import Device
from duelkeeper.sim.script import BUTTONS, LONG_MS, PRESS_MS, Step, masks

_MAX_STEPS = 400  # gestures for one event before the autoplayer gives up


def _snap(few: tuple[int, ...], v: int, up: bool) -> int:
    """The value of ``few`` a step to ``v`` lands on: the next one that far, round
    (firmware/screens/quick.py)."""
    ahead = [x for x in few if x >= v] if up else [x for x in few if x <= v]
    if not ahead:
        return few[0] if up else few[-1]
    return ahead[0] if up else ahead[-1]


class AutoplayError(DuelkeeperError):
    """The device did not offer what the record needs (a bug, or a record it cannot enter)."""


def jump(groups: list[int], i: int, down: bool) -> int:
    """A long UP/DOWN in a grouped list: as firmware/screens/menu.py ``jump``."""
    at = 0
    for k, start in enumerate(groups):
        if start <= i:
            at = k
    if down:
        return groups[(at + 1) % len(groups)]
    if groups[at] != i:
        return groups[at]
    return groups[at - 1]


def leaf(i: int, n: int, page: int, down: bool, row: int) -> int:
    """A long UP/DOWN in a paged list: as firmware/screens/menu.py ``leaf`` (``row``: the
    row kept since the last short press)."""
    pages = (n + page - 1) // page
    return min((i // page + (1 if down else -1)) % pages * page + row, n - 1)


def path(
    n: int,
    start: int,
    target: int,
    groups: list[int] | None,
    page: int = 0,
    jumps: tuple[str, ...] = ("long down", "long up"),
) -> list[str]:
    """The fewest gestures from item ``start`` to ``target`` in a list of ``n``: "down",
    "up", and with groups or pages (``page`` rows a long press) the ``jumps``: "long
    down" and "long up", or one gesture jumping down alone (the letter picker's held B
    on three buttons)."""
    if start == target:
        return []
    # A state: the item, and in a paged list the row its long presses keep (-1: none)
    State = tuple[int, int]
    moves: list[tuple[str, Callable[[State], State]]] = [
        ("down", lambda s: ((s[0] + 1) % n, -1)),
        ("up", lambda s: ((s[0] - 1) % n, -1)),
    ]
    if page and n > page:

        def turner(down: bool) -> Callable[[State], State]:
            def turn(s: State) -> State:
                row = s[0] % page if s[1] < 0 else s[1]
                return leaf(s[0], n, page, down, row), row

            return turn

        moves += [("long down", turner(True)), ("long up", turner(False))]
    elif groups and len(groups) > 1:
        kept = groups  # a name the lambdas close over, narrowed to a list

        def jumper(down: bool) -> Callable[[State], State]:
            return lambda s: (jump(kept, s[0], down), -1)

        moves += [(jumps[k], jumper(k == 0)) for k in range(len(jumps))]  # down, then up
    first = (start, -1)
    came: dict[State, tuple[State, str]] = {first: (first, "")}
    todo = deque([first])
    while todo:
        s = todo.popleft()
        for name, move in moves:
            t = move(s)
            if t not in came:
                came[t] = (s, name)
                if t[0] == target:
                    out = []
                    while t != first:
                        t, gesture = came[t]
                        out.append(gesture)
                    return out[::-1]
                todo.append(t)
    raise AutoplayError(f"item {target} cannot be reached in a list of {n}")


def read_path(
    start: int,
    target: int,
    groups: list[int] | None,
    jumps: tuple[str, ...] = ("long down", "long up"),
) -> list[str]:
    """The gestures of a player who reads the list rather than knowing it: from the
    selected row, row by row towards the wanted one (never round the end), or the long
    jumps the list offers to the wanted row's group (its colour, its level: the rows'
    tags show it) and then row by row down from the group's start; the fewer of the two.
    No mixing: a player does not know the wanted row is last in its group, say.
    ``jumps``: the gestures jumping down, then up (three buttons: a held B, down only)."""
    if start == target:
        return []
    rows = ["down" if target > start else "up"] * abs(target - start)
    if not groups or len(groups) < 2:
        return rows
    home = max(g for g in groups if g <= target)
    best = rows
    for k, gesture in enumerate(jumps):
        down = k == 0
        i = start
        gestures: list[str] = []
        for _ in range(len(groups)):
            i = jump(groups, i, down)
            gestures.append(gesture)
            if i == home:
                break
        if i == home:
            gestures += ["down"] * (target - home)
            if len(gestures) < len(best):
                best = gestures
    return best


def fix_path(v: dict[str, Any], target: int, three: bool = False) -> list[str]:
    """In the C menu (firmware/screens/more.py), from the row selected to correction row
    ``target`` as a player reading it presses: to the other player's rows a long press
    towards them (a long DOWN or held B from player 1's, a long UP from player 2's; it
    keeps the thing), then within a player's rows row by row, or a long UP to their first
    and row by row down; the fewer."""
    g = v["groups"]
    i = v["i"]
    out: list[str] = []
    if g[1] <= i < g[3] and (i < g[2]) != (target < g[2]):
        if i < g[2]:
            out.append("long b" if three else "long down")
            i += g[2] - g[1]
        elif not three:
            out.append("long up")
            i -= g[2] - g[1]
    rows = ["down" if target > i else "up"] * abs(target - i)
    first = g[1] if target < g[2] else g[2]
    if not three and first <= target < i and target - first + 1 < len(rows):
        rows = ["long up"] + ["down"] * (target - first)
    return out + rows


def page_path(n: int, start: int, target: int, page: int) -> list[str]:
    """The gestures of a player reading a paged list (a page shown whole, a long press
    turning it, the cursor keeping its row): row by row towards the wanted row (never
    round the end), or the pages turned one way (the player knows the list's order, so
    which way is shorter, not where the row stands) until the row is shown, then row by
    row to it; the fewer."""
    best = ["down" if target > start else "up"] * abs(target - start)
    if n <= page:
        return best
    for down in (True, False):
        i = start
        gestures: list[str] = []
        while i // page != target // page:
            i = leaf(i, n, page, down, start % page)
            gestures.append("long down" if down else "long up")
        gestures += ["down" if target > i else "up"] * abs(target - i)
        if len(gestures) < len(best):
            best = gestures
    return best


def _same(a: Any, b: Any) -> bool:
    return json.dumps(_named(a), sort_keys=True) == json.dumps(_named(b), sort_keys=True)


def _named(ev: Any) -> Any:
    """A Splendor Duel purchase or reservation with its card by id: a record may name
    the card by the spec's descriptor object, the device's events by id."""
    if ev[0] in ("buy", "reserve") and isinstance(ev[2], dict):
        return [ev[0], ev[1], card_id(find(ev[2]))] + ev[3:]
    return ev


class Autoplayer:
    """Plays records on ``device``; ``steps`` collects every gesture pressed.

    ``reader``: move through lists as a player reading the screen does (read_path); by
    default the fewest gestures (path)."""

    def __init__(
        self,
        device: Device,
        on_tick: Callable[[Device], None] | None = None,
        reader: bool = False,
    ) -> None:
        self.device = device
        self.reader = reader
        self.steps: list[Step] = []
        self.three = device.buttons == "abc"
        # A grouped list's jumps: a long DOWN and UP, or on three buttons a held B (down)
        self.jumps = ("long b",) if self.three else ("long down", "long up")
        self.on_tick = on_tick  # after each frame and gesture (a runner.Recorder's see)

    # -- gestures ----------------------------------------------------------------------

    def press(self, gesture: str) -> None:
        """One logical gesture: a, b, c, up, down, optionally prefixed by "long "."""
        long = gesture.startswith("long ")
        name = gesture[5:] if long else gesture
        if self.three:
            physical = {
                ("down", False): ("a", False),
                ("up", False): ("c", False),
                ("a", False): ("a", True),
                ("c", False): ("c", True),
                ("b", False): ("b", False),
                ("b", True): ("b", True),
            }.get((name, long))
            if physical is None:
                raise AutoplayError(f"no {gesture!r} on a three-button board")
            name, long = physical
        step = Step("press", BUTTONS[name], LONG_MS if long else PRESS_MS, long=long)
        self.steps.append(step)
        self.device.steps(list(masks(step)), each=self.on_tick)

    def view(self) -> dict[str, Any]:
        return self.device.view()

    def goto(self, v: dict[str, Any], target: int) -> None:
        n = len(v["labels"])
        groups = v.get("groups")
        page = 0 if self.three else v.get("page", 0)
        jumps = self.jumps
        if page and self.reader:
            way = page_path(n, v["i"], target, page)
        elif self.reader:
            way = read_path(v["i"], target, groups, jumps)
        else:
            way = path(n, v["i"], target, groups, page, jumps)
        for gesture in way:
            self.press(gesture)

    def pick(self, v: dict[str, Any], target: int, gesture: str = "a") -> None:
        self.goto(v, target)
        self.press(gesture)

    # -- starting a game ---------------------------------------------------------------

    def start(self, record: dict[str, Any]) -> None:
        """From the choice of game to the first move: game, names, setup."""
        v = self.view()
        if v["screen"] != "games":
            raise AutoplayError(f"a game starts from the games screen, not {v['screen']}")
        game = GAMES.index(record["game"])
        self.pick(v, game)
        for seat in (0, 1):
            self.name(seat, record["players"][seat])
        v = self.view()
        self.pick(v, 0)  # Play
        setup = record["setup"]
        wonders = setup.get("wonders")
        # Who starts; for 7WD in the same menu the preset (items 0-1) or the draft (2-3).
        self.pick(self.view(), setup["first"] + (2 if isinstance(wonders, list) else 0))
        if record["game"] != "7wd":
            return
        # The lists are in the device language's order of the names
        # (firmware/screens/setup.py); each is marked in the list's order (the fewest
        # presses; the record keeps the order marked, and the order carries no rule).
        if isinstance(wonders, list):  # each seat's four; the second seat's, the rest
            every = [wonder_name(w) for w in range(WONDER_COUNT)]
            for seat in (0, 1):
                shown = self._collated([w for w in every if seat == 0 or w not in wonders[0]])
                for k in sorted(shown.index(w) for w in wonders[seat]):
                    self.pick(self.view(), k)
        shown = self._collated(list(PROGRESS))  # the tokens on the board
        for k in sorted(shown.index(token) for token in setup["progress"]):
            self.pick(self.view(), k)

    def _collated(self, ids: list[str]) -> list[str]:
        """7WD's ``ids`` in the order the device's language lists them."""
        reply = self.device.call(
            "import firmware.lang as _l\n_value = _l.collate('7wd', %r)\ndel _l" % ids
        )
        shown: list[str] = reply.value
        return shown

    def name(self, seat: int, name: str) -> None:
        """From the players screen: ``seat``'s name, picked from the known names where
        they have it, else spelt."""
        v = self.view()
        label = v["labels"][1 + seat]
        if label.split(": ", 1)[1] == name:
            return
        self.pick(v, 1 + seat)  # the seat -> names screen
        v = self.view()
        names = v["labels"][2:]
        if name in names:
            self.pick(v, 2 + names.index(name))
            return
        self.pick(v, 0)  # New name...
        self.spell(name)

    def spell(self, name: str) -> None:
        """On the letter picker: ``name`` letter by letter, each by the fewest gestures
        from the letter in the box (a player knows the alphabet by heart, and the rows
        a long UP/DOWN or, on three buttons, a held B jumps), A taking it; the last one
        moved to is kept by C itself (one already in the box is taken by A first)."""
        for k, ch in enumerate(name):
            v = self.view()
            alphabet = v["alphabet"]  # the language's letters, then the Latin ones
            want = alphabet.find("_" if ch == " " else ch.upper())
            if want < 0:
                want = alphabet.find(ch)
            way = path(len(alphabet), v["cur"], want, v.get("groups"), jumps=self.jumps)
            for gesture in way:
                self.press(gesture)
            if k < len(name) - 1 or not way:
                self.press("a")
        self.press("c")

    # -- a quick score -----------------------------------------------------------------

    def quick(self, record: dict[str, Any]) -> None:
        """A quick score (setup ``score_only``) from the choice of game: the game, the
        names, then each player's counts field by field as a player reading the number
        on the screen enters them (the fewest gestures to each value,
        firmware/screens/quick.py), or B and the victory entered alone. The last A ends
        the game (the score sheet opens); a score refused raises AutoplayError."""
        game = record["game"]
        self.pick(self.view(), GAMES.index(game))
        for seat in (0, 1):
            self.name(seat, record["players"][seat])
        v = self.view()
        self.pick(v, len(v["labels"]) - 1)  # "Quick score of a game played": the pad
        events = record["events"]
        if events and events[0][0] == "won":  # B on the first field: how it ended
            self.press("b")
            won = wins(game)
            self.pick(self.view(), 1 + events[0][1] * len(won) + won.index(events[0][2]))
            return
        for k, ev in enumerate(sorted(events, key=lambda e: e[1])):  # player 0 first
            for name, _, _ in fields(game):
                self.count(game, name, ev[2][name])
                self.press("a")
            if self.device.last.events <= k:
                raise AutoplayError(f"{ev} refused: {self.view()['notice']}")

    def count(self, game: str, name: str, want: int) -> None:
        """On the quick score's pad, field ``name`` of ``game`` being entered: step the
        number shown to ``want`` (count_path's gestures; A not pressed)."""
        v = self.view()
        now = v["cols"][v["p"]][v["at"]]
        low, high = [f[1:] for f in fields(game) if f[0] == name][0]
        path = self.count_path(now, want, low, high, choices(game, name), stride(game, name))
        for gesture in path:
            self.press(gesture)

    def count_path(
        self,
        now: int,
        want: int,
        low: int,
        high: int,
        few: tuple[int, ...] | None,
        long: int = 5,
    ) -> list[str]:
        """The fewest gestures from ``now`` (the number shown) to ``want`` on the quick
        score's pad: UP/DOWN one, C ten, and on five-button boards a long UP/DOWN
        ``long`` (the field's stride) and a long C minus ten; a field of ``few`` values
        steps through them round."""
        steps = {"up": 1, "down": -1, "c": 10}
        if not self.three:
            steps.update({"long up": long, "long down": -long, "long c": -10})
        came: dict[int, tuple[int, str]] = {now: (now, "")}
        todo = deque([now])
        while todo and want not in came:
            x = todo.popleft()
            for gesture, d in steps.items():
                y = min(high, max(low, x + d)) if few is None else _snap(few, x + d, d > 0)
                if y not in came:
                    came[y] = (x, gesture)
                    todo.append(y)
        out = []
        x = want
        while x != now:
            x, gesture = came[x]
            out.append(gesture)
        return out[::-1]

    # -- corrections -------------------------------------------------------------------

    def correct(self, ev: list[Any]) -> None:
        """A correction (7WD ``coins``, Splendor ``tokens``, Antike ``resources`` of one
        thing) from a game's tracking screen: C, the row of what is corrected (as the
        list's reader moves), A, the amount (amount_path), A."""
        if not self.device.view()["screen"].endswith(".track"):
            raise AutoplayError("a correction starts from the tracking screen")
        verb, p, arg = ev
        key, n = next(iter(arg.items())) if isinstance(arg, dict) else (None, arg)
        self.press("c")
        v = self.view()
        for k, e in enumerate(v["events"]):
            if e and e[0] == verb and e[1] == p and (key is None or key in e[2]):
                for gesture in fix_path(v, k, self.three):
                    self.press(gesture)
                self.press("a")
                break
        else:
            raise AutoplayError(f"{ev} is not offered: {v['labels']}")
        for gesture in self.amount_path(self.view(), n):
            self.press(gesture)
        self.press("a")

    def amount_path(self, v: dict[str, Any], n: int) -> list[str]:
        """On a correction's amounts (firmware/screens/more.py ``Fix``: a list from +20
        down, the cursor on 0), the fewest gestures to ``n`` as the running value shows
        it: UP/DOWN one, C ten more, and on five buttons a long UP/DOWN to the next five
        and a long C ten less; on three a held B to the next five down."""
        labels = v["labels"]
        target = labels.index(f"{n:+d}")
        size = len(labels)
        moves: dict[str, Callable[[int], int]] = {
            "up": lambda i: (i - 1) % size,
            "down": lambda i: (i + 1) % size,
            "c": lambda i: max(0, i - 10),
        }
        if not self.three:
            moves["long up"] = lambda i: jump(v["groups"], i, False)
            moves["long down"] = lambda i: jump(v["groups"], i, True)
            moves["long c"] = lambda i: min(size - 1, i + 10)
        else:  # a held B: the next group's (the title says so), five less
            moves["long b"] = lambda i: jump(v["groups"], i, True)
        came: dict[int, tuple[int, str]] = {v["i"]: (v["i"], "")}
        todo = deque([v["i"]])
        while todo and target not in came:
            i = todo.popleft()
            for gesture, move in moves.items():
                j = move(i)
                if j not in came:
                    came[j] = (i, gesture)
                    todo.append(j)
        out = []
        i = target
        while i != v["i"]:
            i, gesture = came[i]
            out.append(gesture)
        return out[::-1]

    # -- events ------------------------------------------------------------------------

    def event(self, ev: list[Any]) -> None:
        """Play one event through the menus (the game must be in progress). The device
        may play the next ones too, where the rules leave a choice one option."""
        target = self.device.last.events + 1
        for _ in range(_MAX_STEPS):
            if self.device.last.events >= target:  # more: choices with one option taken
                return
            self.route(ev, self.view())
        raise AutoplayError(f"could not play {ev} in {_MAX_STEPS} gestures")

    def route(self, ev: list[Any], v: dict[str, Any]) -> None:
        """One step towards playing ``ev`` from the screen ``v`` shows: a move or a pick."""
        screen = v["screen"]
        if screen == "sevenwonders.track":
            if ev[0] not in ("build", "discard", "wonder"):
                self.press("a")  # the pending choice
                return
            label = ev[3] if ev[0] == "wonder" else ev[2]
            reply = self.device.call(
                "import firmware.games.sevenwonders.pick as _p\n"
                "_g = simdev.app.match.game\n"
                "import json\n_value = json.dumps(_p.order(_g))\ndel _p, _g"
            )
            cards, groups = reply.value
            t = cards.index(card(label))
            # The list opens at its top; its first move opens it (docs/firmware.md)
            if self.reader:
                moves = read_path(0, t, groups, self.jumps)
            else:
                moves = path(len(cards), 0, t, groups, jumps=self.jumps)
            if not moves or moves[0] == "long b":
                self.press("a")  # opens on the first card (a held B there would undo)
            else:
                for gesture in moves:  # the first one opens the picker and moves
                    self.press(gesture)
        elif screen == "sevenwonders.pick":
            label = ev[3] if ev[0] == "wonder" else ev[2]
            t = v["cards"].index(card(label))
            if ev[0] == "build" and v["affordable"][t]:
                self.pick(v, t, "a")
            else:
                self.pick(v, t, "c")
        elif screen == "splendor.cardpick" and "levels" in v:  # a reservation: the level first
            cid = ev[2] if isinstance(ev[2], str) else card_id(find(ev[2]))
            want = cid if cid.startswith("deck") else int(cid[0])
            self.pick(v, v["levels"].index(want))
        elif screen in ("choice", "splendor.cardpick"):
            events = v.get("events") or []
            for k, e in enumerate(events):
                if _same(e, ev):
                    self.pick(v, k)
                    return
            raise AutoplayError(f"{ev} is not offered on {screen}: {v['labels']}")
        elif screen == "splendor.track" and not self.three:
            # UP/DOWN open the turn's menu and move at once: the first gesture of the
            # way from the entry it opens on (the first action legal now) to ev's
            reply = self.device.call(
                "import firmware.games.splendor.turn as _t\n"
                "_h, _s = _t.opening(simdev.app.match.game)\n"
                "_value = [list(_t.VERBS), _s]\ndel _t, _h, _s"
            )
            verbs, start = reply.value
            way = []
            if ev[0] in verbs:
                t = verbs.index(ev[0])
                way = read_path(start, t, None) if self.reader else path(len(verbs), start, t, None)
            self.press(way[0] if way else "a")
        elif screen in ("splendor.track", "antike.track"):
            self.press("a")
        elif screen == "splendor.turn":
            self.pick(v, v["verbs"].index(ev[0]))
        elif screen == "splendor.tokenpick" and v["verb"] != ev[0]:
            self.press("b")  # the picker opened for a take: back to the turn's menu
        elif screen == "splendor.tokenpick":
            sel = v["sel"]  # gems and pearls; gold too when returning
            need = [0] * len(sel)
            for t in ev[2]:
                need[TOKENS.index(t)] += 1
            for k in range(len(sel)):
                if sel[k] < need[k]:
                    self.pick(v, v["rows"].index(k))
                    return
            self.press("c")
        elif screen == "antike.turn":  # a row per event (rondel, produce), or per kind
            rows = v["events"]
            for k, row in enumerate(rows):
                if len(row) == 1 and _same(row[0], ev):
                    self.pick(v, k)
                    return
            for k, row in enumerate(rows):
                if ev[0] == "rondel" and row[0][0] == "rondel" and row[0][1:3] == ev[1:3]:
                    self.pick(v, k, "c")  # paid another way: the payments
                    return
                if any(_same(e, ev) for e in v["others"][k] or ()):
                    self.pick(v, k, "c")  # a city with more adjacent, a walled city taken
                    return
            kinds = [list(k) for k in v["kinds"]]
            key = [ev[1], ev[0]]
            if key not in kinds or len(rows[kinds.index(key)]) < 2:
                raise AutoplayError(f"{ev} is not offered: {v['labels']}")
            self.pick(v, kinds.index(key))
        else:
            raise AutoplayError(f"no way to play {ev} from the {screen} screen")

    def play(self, record: dict[str, Any]) -> list[Step]:
        """Start the record's game and play all its events; the steps pressed."""
        self.start(record)
        events = record["events"]
        while self.device.last.events < len(events):
            self.event(events[self.device.last.events])
        return self.steps


def script_text(steps: list[Step], comment: str = "") -> str:
    """Steps as a button script (one gesture a line)."""
    from duelkeeper.sim.script import gesture_line

    lines = [f"# {line}" for line in comment.splitlines()] if comment else []
    lines += [gesture_line(s) for s in steps]
    return "\n".join(lines) + "\n"
