"""Antike Duellum's rules: the Game the engine folds events into.

A turn (memo, "アクション"): 1) move on the rondel and carry out that space's action,
2) found cities, 3) claim personalities; event cards may be played at any time of one's
own turn (some only during a given rondel action, Fortress only in the opponent's
maneuver). The record has no end-of-turn event: a turn ends when the opponent makes
their rondel move, or plays an event card or a trade (which open their turn before the
move). ``turn`` is the player whose turn it is; ``pending`` is ``"card"`` while a player
must take an event card from the display (after an opponent's personality, a lost city,
Oracle), and then ``turn`` is that player.

The record carries no map: the core counts cities (by resource), temples, walls, units
and cards, and takes what only the board shows (adjacency, which city, whether it has a
temple or a wall, the seas held) from the event's arguments. docs/antike-duellum.md
lists every verb and what the device takes on the players' word.

The state is three flat lists of small ints: one per player and one for the turn in
progress. Their slots are named once, in layout.py (``L.CUR``), with the rules' numbers
and the cards' indices.
"""

from ..errors import IllegalEvent
from . import cards, codes, legal, result
from . import layout as L
from .parse import arity, bits, bundle, flag, pick, whole
from .tables import (
    ACTIONS,
    CARDS,
    CITY_TOKENS,
    CONQUER_KEYS,
    KNOW_FIRST,
    KNOW_LATER,
    KNOWLEDGE,
    PERSONALITIES,
    RESOURCES,
    SUPPLY,
    VERBS,
    WALL_AT,
    cities,
    show,
    total,
)


def _on_board(pl: list, ql: list) -> IllegalEvent:
    """The refusal of units the board does not hold, with both players' there."""
    return IllegalEvent(
        "legions, galleys on the board: %d, %d and %d, %d",
        pl[L.BOARD],
        pl[L.BOARD + 1],
        ql[L.BOARD],
        ql[L.BOARD + 1],
    )


class Game:
    """Antike Duellum for two players (see the module docstring)."""

    def __init__(self, setup: dict) -> None:
        first = setup.get("first") if isinstance(setup, dict) else None
        if type(first) is not int or first not in (0, 1):
            raise IllegalEvent("the setup needs 'first': 0 or 1")
        self.pl = ([0] * L.SLOTS, [0] * L.SLOTS)
        for pl in self.pl:  # 3 marble, iron, gold; one city of each; 1 wall; 1 + 1 recruits
            pl[L.MARBLE] = pl[L.IRON] = pl[L.GOLD] = L.START_RES
            pl[L.CITY] = pl[L.CITY + 1] = pl[L.CITY + 2] = pl[L.WHELD] = pl[L.REC] = pl[
                L.REC + 1
            ] = 1
        t = [0] * L.TSLOTS
        t[L.FIRST] = t[L.CUR] = first
        t[L.FREE] = L.FREE_STEPS
        t[L.WINNER] = -1
        self.t = t

    # -- the engine's protocol and the queries other modules share -------------------------

    def state(self) -> tuple:
        return (tuple(self.pl[0]), tuple(self.pl[1]), tuple(self.t))

    def result(self) -> dict:
        return result.result(self)

    def legal(self) -> list:
        return legal.legal(self)

    def encode(self, event: list) -> "int | None":
        """The event as one small int for the engine's log, or None: it has no code."""
        return codes.encode(event)

    def decode(self, code: int) -> list:
        return codes.decode(code)

    def owing(self) -> int:
        """The player who must take an event card now, or -1."""
        return 0 if self.pl[0][L.OWED] else 1 if self.pl[1][L.OWED] else -1

    def deck(self) -> int:
        """Cards that can be taken: display and deck, reshuffled from the discard pile
        once fewer than three would be left to show."""
        free = L.ALL_CARDS & ~(self.pl[0][L.HAND] | self.pl[1][L.HAND])
        left = free & ~self.t[L.DISCARD]
        return left if bits(left) >= L.DISPLAY else free

    def owe(self, q: int) -> None:
        """Player q must take an event card, if one is left to take."""
        if bits(self.deck()) > self.pl[0][L.OWED] + self.pl[1][L.OWED]:
            self.pl[q][L.OWED] += 1

    def action(self, kind: int) -> None:
        """Refuse an event of rondel action ``kind`` unless it fits this turn now."""
        t = self.t
        if t[L.PHASE] != L.ACTION:
            raise IllegalEvent(
                "the rondel action comes after the move, before cities and personalities"
            )
        if t[L.KIND] and t[L.KIND] != kind:
            raise IllegalEvent("this turn's rondel action is %s", ACTIONS.split()[t[L.KIND]])

    def pay(self, p: int, cost: "list | tuple") -> None:
        """Pay [marble, iron, gold, coins]: own resources first, a coin for each missing
        one (coins pay for any resource, never the reverse). Refuses, changing nothing,
        when p cannot pay."""
        pl = self.pl[p]
        coins = cost[L.COINS]
        for r in range(3):
            coins += max(0, cost[r] - pl[r])
        if coins > pl[L.COINS]:
            raise IllegalEvent(
                "player %d has %s, needs %s (a coin pays for any)", p, show(pl), show(cost)
            )
        for r in range(3):
            pl[r] -= min(pl[r], cost[r])
        pl[L.COINS] -= coins

    def price(self, p: int, k: int) -> int:
        """Gold for know-how k: the first price while the opponent lacks it."""
        return KNOW_LATER[k] if self.pl[1 - p][L.KNOW] & (1 << k) else KNOW_FIRST[k]

    def defence(self, q: int, temple: bool, wall: bool, defenders: int) -> int:
        """Player q's city: 1 (3 with a temple), +1 per defending unit, +1 wall,
        +1 Republic, then Fortress +1 / Pestilence -1 played this turn."""
        d = (
            (3 if temple else 1)
            + defenders
            + (1 if wall else 0)
            + (self.pl[q][L.KNOW] >> L.REPUBLIC & 1)
        )
        return max(0, d + self.t[L.DEFMOD])

    def deploy_limit(self, p: int) -> int:
        """Units p may still deploy this turn: 1 per city, 3 per city with a temple."""
        pl = self.pl[p]
        return max(0, cities(pl) + 2 * pl[L.TEMPLES] - self.t[L.DEPLOYED])

    def entitled(self, p: int, k: int) -> int:
        """0 when p may claim personality k now; else what is missing for the next one:
        cities (king), first know-hows (scholar), temples (citizen), opponent temples to
        destroy (general); -1 when none is left, or a navigator was claimed this turn."""
        pl = self.pl[p]
        held = pl[L.PERS + k]
        if held + self.pl[1 - p][L.PERS + k] >= SUPPLY[k]:
            return -1
        if k == L.KING:
            return max(0, L.KING_CITIES * (held + 1) - cities(pl))
        if k == L.SCHOLAR:
            return max(0, held + 1 - pl[L.FIRSTS])
        if k == L.CITIZEN:
            return max(0, L.CITIZEN_TEMPLES * (held + 1) - pl[L.TEMPLES])
        if k == L.GENERAL:
            return max(0, held + 1 - pl[L.DESTROYED])
        return -self.t[L.NAVIGATED]  # navigator: the 7 seas are on the players' word

    # -- the actions event cards share ----------------------------------------------------

    def produce(self, p: int, r: int, temple: bool, owner: int) -> None:
        """Production from one of ``owner``'s cities (Diplomacy: the opponent's): 1, or
        3 from a temple city (refused while the owner has no temple), +1 with Monetary
        Economy, and 1 coin."""
        t = self.t
        self.action(L.PRODUCE + r)
        if t[L.PRODUCED]:
            raise IllegalEvent("one production per turn")
        ol = self.pl[owner]
        if not ol[L.CITY + r] + ol[L.CITY + L.UNK]:
            raise IllegalEvent("player %d has no %s city", owner, RESOURCES.split()[r])
        if temple and not ol[L.TEMPLES]:  # which city has it is the players' word
            raise IllegalEvent("player %d has no temple", owner)
        pl = self.pl[p]
        pl[r] += (3 if temple else 1) + (pl[L.KNOW] >> L.MONETARY & 1)
        pl[L.COINS] += 1
        t[L.KIND] = L.PRODUCE + r
        t[L.PRODUCED] = 1

    def recruit(self, p: int, ar: int, fl: int) -> None:
        """Units from the supply to the recruitment box: 1 gold a legion, 2 a galley."""
        pl = self.pl[p]
        if ar + fl == 0:
            raise IllegalEvent("name at least one unit")
        if pl[L.REC] + pl[L.BOARD] + ar > L.UNITS or pl[L.REC + 1] + pl[L.BOARD + 1] + fl > L.UNITS:
            raise IllegalEvent(
                "player %d has %d legions and %d galleys in supply",
                p,
                L.UNITS - pl[L.REC] - pl[L.BOARD],
                L.UNITS - pl[L.REC + 1] - pl[L.BOARD + 1],
            )
        self.pay(p, (0, 0, ar + 2 * fl, 0))
        pl[L.REC] += ar
        pl[L.REC + 1] += fl

    def deploy(self, p: int, ar: int, fl: int, iron: int) -> None:
        """Recruits onto the map, ``iron`` each (Forge, Shipyard: 0), within the limit."""
        pl = self.pl[p]
        if ar + fl == 0:
            raise IllegalEvent("name at least one unit")
        if pl[L.REC] < ar or pl[L.REC + 1] < fl:
            raise IllegalEvent(
                "player %d has %d legions and %d galleys recruited", p, pl[L.REC], pl[L.REC + 1]
            )
        if ar + fl > self.deploy_limit(p):
            raise IllegalEvent(
                "player %d may deploy %d more units this turn", p, self.deploy_limit(p)
            )
        self.pay(p, (0, (ar + fl) * iron, 0, 0))
        pl[L.REC] -= ar
        pl[L.REC + 1] -= fl
        pl[L.BOARD] += ar
        pl[L.BOARD + 1] += fl
        self.t[L.DEPLOYED] += ar + fl
        self.t[L.KIND] = L.ARMING

    def temple(self, p: int, adj: int) -> None:
        """A temple in a city without one: 6 marble + 1 coin per adjacent temple."""
        pl = self.pl[p]
        built = self.pl[0][L.TEMPLES] + self.pl[1][L.TEMPLES]
        if pl[L.TEMPLES] >= cities(pl):
            raise IllegalEvent("every city of player %d has a temple", p)
        if built >= L.TEMPLE_PIECES or adj > built:
            raise IllegalEvent("%d of %d temples stand on the board", built, L.TEMPLE_PIECES)
        self.pay(p, (L.TEMPLE_MARBLE, 0, 0, adj))
        pl[L.TEMPLES] += 1

    def wall(self, p: int, marble: int) -> None:
        """A wall piece held onto a city without a wall, for ``marble`` (Gang: 0)."""
        pl = self.pl[p]
        if not pl[L.WHELD] or pl[L.WBUILT] >= cities(pl):
            raise IllegalEvent(
                "player %d holds %d wall pieces, has %d walls and %d cities",
                p,
                pl[L.WHELD],
                pl[L.WBUILT],
                cities(pl),
            )
        self.pay(p, (marble, 0, 0, 0))
        pl[L.WHELD] -= 1
        pl[L.WBUILT] += 1

    def found(self, p: int, adj: int, r: int, cost: tuple) -> None:
        """A city producing r (L.UNK: not recorded) for ``cost`` + 1 coin per adjacent city
        producing the same resource."""
        n = cities(self.pl[0]) + cities(self.pl[1])
        if r != L.UNK and self.pl[0][L.CITY + r] + self.pl[1][L.CITY + r] >= CITY_TOKENS[r]:
            raise IllegalEvent("no %s city token is left", RESOURCES.split()[r])
        if adj > n:
            raise IllegalEvent("only %d cities stand on the board", n)
        self.pay(p, (cost[0], cost[1], cost[2], adj))
        self.pl[p][L.CITY + r] += 1

    # -- folding one event ------------------------------------------------------------------

    def apply(self, event: list) -> None:
        t = self.t
        if t[L.OVER]:
            raise IllegalEvent("the game is over")
        v = event[0]
        p = event[1]
        a = event[2:]
        if v != "rondel" and v != "produce":  # most events': known verbs, no look-up
            pick(v, VERBS, "verb")
        o = self.owing()
        if v == "resources" or v == "units" or v == "card":  # corrections: any time
            if v == "card" and p != o:
                raise IllegalEvent("player %d is owed no event card", p)
            return self._verb(v, p, a)
        if o >= 0:
            raise IllegalEvent("player %d must first take an event card", o)
        cur = t[L.CUR]
        opens = v == "rondel" or v == "event" or v == "trade"
        if v == "event" and a and a[0] == "fortress":
            if p == cur:
                raise IllegalEvent("fortress is played in the opponent's maneuver")
        elif p != cur:
            if not opens:
                raise IllegalEvent("it is player %d's turn", cur)
            if t[L.PHASE] == L.START:
                raise IllegalEvent("player %d must move on the rondel first", cur)
            saved = t[:]  # p's turn begins; put the old one back if p's event is refused
            t[L.CUR] = p
            for i in range(L.PHASE, L.DEFMOD + 1):  # the per-turn slots, 2 to 9
                t[i] = 0
            t[L.FREE] = L.FREE_STEPS
            try:
                self._verb(v, p, a)
            except BaseException:
                t[:] = saved
                raise
            return None
        elif not opens and t[L.PHASE] == L.START:
            raise IllegalEvent("player %d must move on the rondel first", p)
        return self._verb(v, p, a)

    def _verb(self, v: str, p: int, a: list) -> None:
        t = self.t
        pl = self.pl[p]
        q = 1 - p
        ql = self.pl[q]
        if v == "rondel":  # steps, {resource: n}: 3 steps free, then 1 resource a step
            arity(a, 1, 2, v)
            steps = whole(a[0], 1, L.MAX_STEPS, "steps")
            paid = bundle(a[1] if len(a) > 1 else {}, 4, "payment")
            if t[L.PHASE] != L.START:
                raise IllegalEvent("player %d has moved on the rondel this turn", p)
            # The first move places the marker from the centre: free (published rules).
            cost = max(0, steps - t[L.FREE]) if t[L.MOVED] >> p & 1 else 0
            if sum(paid) != cost:
                raise IllegalEvent("%d steps cost %d resources, not %d", steps, cost, sum(paid))
            if cost:  # (most moves are free)
                for r in range(4):
                    if paid[r] > pl[r]:
                        raise IllegalEvent("player %d has %s", p, show(pl))
                for r in range(4):
                    pl[r] -= paid[r]
            t[L.MOVED] |= 1 << p
            t[L.PHASE] = L.ACTION
        elif v == "produce":  # resource, temple
            arity(a, 2, 2, v)
            self.produce(p, pick(a[0], RESOURCES, "resource", 3), flag(a[1], "temple"), p)
        elif v == "recruit" or v == "deploy" or v == "battle":  # armies, fleets
            arity(a, 2, 2, v)
            ar = whole(a[0], 0, L.UNITS, "armies")
            fl = whole(a[1], 0, L.UNITS, "fleets")
            if v == "recruit":
                self.action(L.SCIENTIA)
                self.recruit(p, ar, fl)
                t[L.KIND] = L.SCIENTIA
            elif v == "deploy":
                self.action(L.ARMING)
                self.deploy(p, ar, fl, L.DEPLOY_IRON)
            else:  # units meeting on the move cancel 1:1 and go back to the recruits
                self.action(L.MANEUVER)
                if ar + fl == 0:
                    raise IllegalEvent("name at least one unit")
                for x in self.pl:
                    if x[L.BOARD] < ar or x[L.BOARD + 1] < fl:
                        raise _on_board(pl, ql)
                for x in self.pl:
                    x[L.BOARD] -= ar
                    x[L.BOARD + 1] -= fl
                    x[L.REC] += ar
                    x[L.REC + 1] += fl
                t[L.KIND] = L.MANEUVER
        elif v == "temple":  # adjacent temples
            arity(a, 1, 1, v)
            adj = whole(a[0], 0, L.BIG, "adjacent")
            self.action(L.TEMPLE)
            self.temple(p, adj)
            t[L.KIND] = L.TEMPLE
        elif v == "wall":
            arity(a, 0, 0, v)
            self.action(L.TEMPLE)
            self.wall(p, 1)
            t[L.KIND] = L.TEMPLE
        elif v == "knowledge":  # name
            arity(a, 1, 1, v)
            k = pick(a[0], KNOWLEDGE, "know-how")
            self.action(L.SCIENTIA)
            if pl[L.KNOW] >> k & 1:
                raise IllegalEvent("player %d has %s", p, KNOWLEDGE.split()[k])
            self.pay(p, (0, 0, self.price(p, k), 0))
            if not ql[L.KNOW] >> k & 1:
                pl[L.FIRSTS] += 1
            pl[L.KNOW] |= 1 << k
            t[L.KIND] = L.SCIENTIA
        elif v == "conquer":
            # temple, {resource, wall, armies, fleets, defenders, fleets_lost}: the city
            # changes hands with its wall (two-coloured pieces); its temple is destroyed.
            arity(a, 1, 2, v)
            temple = flag(a[0], "temple")
            d = a[1] if len(a) > 1 else {}
            if not isinstance(d, dict):
                raise IllegalEvent("conquer details must be an object")
            for k in d:
                pick(k, CONQUER_KEYS, "conquer detail")
            name = d.get("resource")
            r = L.UNK if name is None else pick(name, RESOURCES, "resource", 3)
            wall = flag(d.get("wall", False), "wall")
            units = "armies" in d or "fleets" in d
            ar = whole(d.get("armies", 0), 0, L.UNITS, "armies")
            fl = whole(d.get("fleets", 0), 0, L.UNITS, "fleets")
            de = whole(d.get("defenders", 0), 0, L.UNITS, "defenders")
            self.action(L.MANEUVER)
            n = cities(ql)
            if not ql[L.CITY + r] + (ql[L.CITY + L.UNK] if r != L.UNK else 0):
                raise IllegalEvent("player %d has no such city (give its resource)", q)
            if (ql[L.TEMPLES] if temple else n - ql[L.TEMPLES]) < 1 or (
                ql[L.WBUILT] if wall else n - ql[L.WBUILT]
            ) < 1:
                raise IllegalEvent(
                    "player %d has %d cities, %d temples, %d walls",
                    q,
                    n,
                    ql[L.TEMPLES],
                    ql[L.WBUILT],
                )
            la = lf = 0
            if units:  # the defence is computed and the units checked; else on trust
                if pl[L.BOARD] < ar or pl[L.BOARD + 1] < fl or ql[L.BOARD] < de:
                    raise _on_board(pl, ql)
                dv = self.defence(q, temple, wall, de)
                if ar + fl <= dv:
                    raise IllegalEvent("%d units do not beat a defence of %d", ar + fl, dv)
                lost = d.get("fleets_lost")
                lf = min(fl, dv) if lost is None else whole(lost, 0, min(fl, dv), "fleets_lost")
                la = dv - lf
                if la > ar:
                    raise IllegalEvent("a defence of %d takes %d legions", dv, la)
            ql[L.CITY + (r if ql[L.CITY + r] else L.UNK)] -= 1
            pl[L.CITY + r] += 1
            if temple:
                ql[L.TEMPLES] -= 1
                pl[L.DESTROYED] += 1
            if wall:
                ql[L.WBUILT] -= 1
                pl[L.WBUILT] += 1
            pl[L.BOARD] -= la
            pl[L.BOARD + 1] -= lf
            pl[L.REC] += la
            pl[L.REC + 1] += lf
            ql[L.BOARD] -= de
            ql[L.REC] += de
            t[L.KIND] = L.MANEUVER
            t[L.DEFMOD] = 0
            if not t[L.CONQUERED]:  # one card however many cities fall this turn
                t[L.CONQUERED] = 1
                self.owe(q)
        elif v == "city":  # adjacent_same, resource?
            arity(a, 1, 2, v)
            adj = whole(a[0], 0, L.BIG, "adjacent")
            name = a[1] if len(a) > 1 else None
            r = L.UNK if name is None else pick(name, RESOURCES, "resource", 3)
            if t[L.PHASE] > L.CITIES:
                raise IllegalEvent("cities are founded before personalities are claimed")
            self.found(p, adj, r, (1, 1, 1))
            t[L.PHASE] = L.CITIES
        elif v == "personality":  # kind
            arity(a, 1, 1, v)
            k = pick(a[0], PERSONALITIES, "personality")
            e = self.entitled(p, k)
            if e:
                raise (
                    IllegalEvent("player %d lacks %d for the next %s", p, e, a[0])
                    if e > 0
                    else IllegalEvent("no %s can be claimed now", a[0])
                )
            pl[L.PERS + k] += 1
            n = total(pl)
            if n in WALL_AT:
                pl[L.WHELD] += 1
            if k == 4:
                t[L.NAVIGATED] = 1
            t[L.PHASE] = L.CLAIMS
            if n >= L.VICTORY:
                t[L.OVER] = 1
                t[L.WINNER] = p
            else:
                self.owe(q)
        elif v == "event":
            cards.play(self, p, a)
        elif v == "trade":  # {give 3}, {take 2}: the Trade know-how
            arity(a, 2, 2, v)
            give = bundle(a[0], 4, "give")
            take = bundle(a[1], 3, "take")
            if not pl[L.KNOW] >> L.TRADE & 1:
                raise IllegalEvent("player %d lacks trade", p)
            if sum(give) != 3 or sum(take) != 2:
                raise IllegalEvent("trade gives 3 resources for 2")
            for r in range(4):
                if give[r] > pl[r]:
                    raise IllegalEvent("player %d has %s", p, show(pl))
            for r in range(4):
                pl[r] += take[r] - give[r]
        elif v == "card":  # p takes it from the display (the deck refills it)
            arity(a, 1, 1, v)
            c = pick(a[0], CARDS, "event card")
            deck = self.deck()
            if not deck >> c & 1:
                raise IllegalEvent("%s is held or discarded", a[0])
            if deck & t[L.DISCARD]:  # the discard pile was reshuffled into the deck
                t[L.DISCARD] = 0
            pl[L.HAND] |= 1 << c
            pl[L.OWED] -= 1
            if not self.deck():
                self.pl[0][L.OWED] = self.pl[1][L.OWED] = 0
        else:  # resources {resource: change}; units [legions, galleys recruited,
            # legions, galleys on the board] as changes. Counts stop at 0.
            arity(a, 1, 1, v)
            if v == "resources":
                d = bundle(a[0], 4, v, True)
                for x in d:
                    whole(x, -L.HELD, L.HELD, v)
                base = 0
            else:
                d = a[0]
                if not isinstance(d, list) or len(d) != 4:
                    raise IllegalEvent("units takes a list of 4 changes")
                for x in d:
                    whole(x, -L.BIG, L.BIG, v)
                base = L.REC
            new = [0, 0, 0, 0]
            for r in range(4):
                new[r] = max(0, pl[base + r] + d[r])
            if base and (new[0] + new[2] > L.UNITS or new[1] + new[3] > L.UNITS):
                raise IllegalEvent("a player has %d legions and %d galleys", L.UNITS, L.UNITS)
            for r in range(4):
                if not base and d[r] > 0 and new[r] > L.HELD:
                    raise IllegalEvent(
                        "player %d would hold %d %s; a count stops at %d",
                        p,
                        new[r],
                        RESOURCES.split()[r],
                        L.HELD,
                    )
            for r in range(4):
                pl[base + r] = new[r]
