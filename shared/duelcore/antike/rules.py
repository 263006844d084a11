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
progress. Their slots are the private constants below, folded into the bytecode on the
device; the other modules repeat the ones they use (tests/core/antike/test_antike_layout.py
checks that every copy agrees with this block).
"""

from ..compat import const
from ..errors import IllegalEvent
from . import cards, codes, legal, result
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

# -- per player slots ---------------------------------------------------------------------
_M = const(0)  # marble, iron, gold, coins: slots 0-3, the tables.RESOURCES order
_I = const(1)
_G = const(2)
_C = const(3)
_CITY = const(4)  # cities producing marble, iron, gold: 4-6; 7: resource not recorded
_UNK = const(3)  # _CITY + _UNK
_TEMPLES = const(8)
_WHELD = const(9)  # wall pieces in hand
_WBUILT = const(10)  # walls built
_REC = const(11)  # recruitment box: legions 11, galleys 12
_BOARD = const(13)  # on the map: legions 13, galleys 14
_PERS = const(15)  # personalities held, tables.PERSONALITIES order: 15-19
_FIRSTS = const(20)  # know-hows gained before the opponent (scholars)
_DESTROYED = const(21)  # opponent temples destroyed (generals)
_KNOW = const(22)  # bit k: know-how k (tables.KNOWLEDGE order)
_HAND = const(23)  # bit c: event card c (tables.CARDS order)
_OWED = const(24)  # event cards to take from the display now
_SLOTS = const(25)

# -- turn slots (2 to 9 hold the turn in progress and are reset when a turn begins) -----------
_FIRST = const(0)
_CUR = const(1)  # whose turn it is
_PHASE = const(2)  # _START, _ACTION, _CITIES, _CLAIMS (tables.PHASES)
_KIND = const(3)  # this turn's rondel action, once an action event fixed it (tables.ACTIONS)
_DEPLOYED = const(4)
_PRODUCED = const(5)
_CONQUERED = const(6)  # a city fell this turn: the defender's card is owed once
_NAVIGATED = const(7)  # a navigator was claimed this turn
_FREE = const(8)  # free rondel steps this turn (Privilege: 6)
_DEFMOD = const(9)  # Fortress +1 / Pestilence -1 for the next conquest this turn
_MOVED = const(10)  # bit p: player p's marker is on the rondel
_DISCARD = const(11)  # bit c: card c on the discard pile
_WINNER = const(12)
_OVER = const(13)
_TSLOTS = const(14)

_START = const(0)
_ACTION = const(1)
_CITIES = const(2)
_CLAIMS = const(3)
_PRODUCE = const(1)  # + resource: the marble, iron and gold spaces
_TEMPLE = const(4)  # temples and walls
_SCIENTIA = const(5)  # know-hows and recruiting
_ARMING = const(6)  # deploying
_MANEUVER = const(7)  # battles and conquests

_KING = const(0)
_SCHOLAR = const(1)
_CITIZEN = const(2)
_GENERAL = const(3)
_MONETARY = const(2)  # know-how bits
_REPUBLIC = const(3)
_TRADE = const(4)

# -- the numbers of the rules (memo; "choice" where it is silent, see the docs) -------------
_START_RES = const(3)  # 3 marble, 3 iron, 3 gold each
_MAX_STEPS = const(7)  # 8 rondel spaces
_FREE_STEPS = const(3)
_PRIVILEGE_STEPS = const(6)
_TEMPLE_MARBLE = const(6)  # + 1 coin per adjacent temple
_DEPLOY_IRON = const(2)  # per unit; 1 unit per city and turn, 3 with a temple
_UNITS = const(12)  # legions, and galleys, per player
_TEMPLE_PIECES = const(12)
_KING_CITIES = const(5)
_CITIZEN_TEMPLES = const(3)
_VICTORY = const(9)
_DISPLAY = const(3)  # face-up event cards
_ALL_CARDS = const(0x1FFFFFF)  # 25 cards
_BIG = const(999)
_HELD = const(99)  # a resource count a correction may reach (docs/antike-duellum.md, "Bounds")


def _on_board(pl: list, ql: list) -> IllegalEvent:
    """The refusal of units the board does not hold, with both players' there."""
    return IllegalEvent(
        "legions, galleys on the board: %d, %d and %d, %d",
        pl[_BOARD],
        pl[_BOARD + 1],
        ql[_BOARD],
        ql[_BOARD + 1],
    )


class Game:
    """Antike Duellum for two players (see the module docstring)."""

    def __init__(self, setup: dict) -> None:
        first = setup.get("first") if isinstance(setup, dict) else None
        if type(first) is not int or first not in (0, 1):
            raise IllegalEvent("the setup needs 'first': 0 or 1")
        self.pl = ([0] * _SLOTS, [0] * _SLOTS)
        for pl in self.pl:  # 3 marble, iron, gold; one city of each; 1 wall; 1 + 1 recruits
            pl[_M] = pl[_I] = pl[_G] = _START_RES
            pl[_CITY] = pl[_CITY + 1] = pl[_CITY + 2] = pl[_WHELD] = pl[_REC] = pl[_REC + 1] = 1
        t = [0] * _TSLOTS
        t[_FIRST] = t[_CUR] = first
        t[_FREE] = _FREE_STEPS
        t[_WINNER] = -1
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
        return 0 if self.pl[0][_OWED] else 1 if self.pl[1][_OWED] else -1

    def deck(self) -> int:
        """Cards that can be taken: display and deck, reshuffled from the discard pile
        once fewer than three would be left to show."""
        free = _ALL_CARDS & ~(self.pl[0][_HAND] | self.pl[1][_HAND])
        left = free & ~self.t[_DISCARD]
        return left if bits(left) >= _DISPLAY else free

    def owe(self, q: int) -> None:
        """Player q must take an event card, if one is left to take."""
        if bits(self.deck()) > self.pl[0][_OWED] + self.pl[1][_OWED]:
            self.pl[q][_OWED] += 1

    def action(self, kind: int) -> None:
        """Refuse an event of rondel action ``kind`` unless it fits this turn now."""
        t = self.t
        if t[_PHASE] != _ACTION:
            raise IllegalEvent(
                "the rondel action comes after the move, before cities and personalities"
            )
        if t[_KIND] and t[_KIND] != kind:
            raise IllegalEvent("this turn's rondel action is %s", ACTIONS.split()[t[_KIND]])

    def pay(self, p: int, cost: "list | tuple") -> None:
        """Pay [marble, iron, gold, coins]: own resources first, a coin for each missing
        one (coins pay for any resource, never the reverse). Refuses, changing nothing,
        when p cannot pay."""
        pl = self.pl[p]
        coins = cost[_C]
        for r in range(3):
            coins += max(0, cost[r] - pl[r])
        if coins > pl[_C]:
            raise IllegalEvent(
                "player %d has %s, needs %s (a coin pays for any)", p, show(pl), show(cost)
            )
        for r in range(3):
            pl[r] -= min(pl[r], cost[r])
        pl[_C] -= coins

    def price(self, p: int, k: int) -> int:
        """Gold for know-how k: the first price while the opponent lacks it."""
        return KNOW_LATER[k] if self.pl[1 - p][_KNOW] & (1 << k) else KNOW_FIRST[k]

    def defence(self, q: int, temple: bool, wall: bool, defenders: int) -> int:
        """Player q's city: 1 (3 with a temple), +1 per defending unit, +1 wall,
        +1 Republic, then Fortress +1 / Pestilence -1 played this turn."""
        d = (
            (3 if temple else 1)
            + defenders
            + (1 if wall else 0)
            + (self.pl[q][_KNOW] >> _REPUBLIC & 1)
        )
        return max(0, d + self.t[_DEFMOD])

    def deploy_limit(self, p: int) -> int:
        """Units p may still deploy this turn: 1 per city, 3 per city with a temple."""
        pl = self.pl[p]
        return max(0, cities(pl) + 2 * pl[_TEMPLES] - self.t[_DEPLOYED])

    def entitled(self, p: int, k: int) -> int:
        """0 when p may claim personality k now; else what is missing for the next one:
        cities (king), first know-hows (scholar), temples (citizen), opponent temples to
        destroy (general); -1 when none is left, or a navigator was claimed this turn."""
        pl = self.pl[p]
        held = pl[_PERS + k]
        if held + self.pl[1 - p][_PERS + k] >= SUPPLY[k]:
            return -1
        if k == _KING:
            return max(0, _KING_CITIES * (held + 1) - cities(pl))
        if k == _SCHOLAR:
            return max(0, held + 1 - pl[_FIRSTS])
        if k == _CITIZEN:
            return max(0, _CITIZEN_TEMPLES * (held + 1) - pl[_TEMPLES])
        if k == _GENERAL:
            return max(0, held + 1 - pl[_DESTROYED])
        return -self.t[_NAVIGATED]  # navigator: the 7 seas are on the players' word

    # -- the actions event cards share ----------------------------------------------------

    def produce(self, p: int, r: int, temple: bool, owner: int) -> None:
        """Production from one of ``owner``'s cities (Diplomacy: the opponent's): 1, or
        3 from a temple city (refused while the owner has no temple), +1 with Monetary
        Economy, and 1 coin."""
        t = self.t
        self.action(_PRODUCE + r)
        if t[_PRODUCED]:
            raise IllegalEvent("one production per turn")
        ol = self.pl[owner]
        if not ol[_CITY + r] + ol[_CITY + _UNK]:
            raise IllegalEvent("player %d has no %s city", owner, RESOURCES.split()[r])
        if temple and not ol[_TEMPLES]:  # which city has it is the players' word
            raise IllegalEvent("player %d has no temple", owner)
        pl = self.pl[p]
        pl[r] += (3 if temple else 1) + (pl[_KNOW] >> _MONETARY & 1)
        pl[_C] += 1
        t[_KIND] = _PRODUCE + r
        t[_PRODUCED] = 1

    def recruit(self, p: int, ar: int, fl: int) -> None:
        """Units from the supply to the recruitment box: 1 gold a legion, 2 a galley."""
        pl = self.pl[p]
        if ar + fl == 0:
            raise IllegalEvent("name at least one unit")
        if pl[_REC] + pl[_BOARD] + ar > _UNITS or pl[_REC + 1] + pl[_BOARD + 1] + fl > _UNITS:
            raise IllegalEvent(
                "player %d has %d legions and %d galleys in supply",
                p,
                _UNITS - pl[_REC] - pl[_BOARD],
                _UNITS - pl[_REC + 1] - pl[_BOARD + 1],
            )
        self.pay(p, (0, 0, ar + 2 * fl, 0))
        pl[_REC] += ar
        pl[_REC + 1] += fl

    def deploy(self, p: int, ar: int, fl: int, iron: int) -> None:
        """Recruits onto the map, ``iron`` each (Forge, Shipyard: 0), within the limit."""
        pl = self.pl[p]
        if ar + fl == 0:
            raise IllegalEvent("name at least one unit")
        if pl[_REC] < ar or pl[_REC + 1] < fl:
            raise IllegalEvent(
                "player %d has %d legions and %d galleys recruited", p, pl[_REC], pl[_REC + 1]
            )
        if ar + fl > self.deploy_limit(p):
            raise IllegalEvent(
                "player %d may deploy %d more units this turn", p, self.deploy_limit(p)
            )
        self.pay(p, (0, (ar + fl) * iron, 0, 0))
        pl[_REC] -= ar
        pl[_REC + 1] -= fl
        pl[_BOARD] += ar
        pl[_BOARD + 1] += fl
        self.t[_DEPLOYED] += ar + fl
        self.t[_KIND] = _ARMING

    def temple(self, p: int, adj: int) -> None:
        """A temple in a city without one: 6 marble + 1 coin per adjacent temple."""
        pl = self.pl[p]
        built = self.pl[0][_TEMPLES] + self.pl[1][_TEMPLES]
        if pl[_TEMPLES] >= cities(pl):
            raise IllegalEvent("every city of player %d has a temple", p)
        if built >= _TEMPLE_PIECES or adj > built:
            raise IllegalEvent("%d of %d temples stand on the board", built, _TEMPLE_PIECES)
        self.pay(p, (_TEMPLE_MARBLE, 0, 0, adj))
        pl[_TEMPLES] += 1

    def wall(self, p: int, marble: int) -> None:
        """A wall piece held onto a city without a wall, for ``marble`` (Gang: 0)."""
        pl = self.pl[p]
        if not pl[_WHELD] or pl[_WBUILT] >= cities(pl):
            raise IllegalEvent(
                "player %d holds %d wall pieces, has %d walls and %d cities",
                p,
                pl[_WHELD],
                pl[_WBUILT],
                cities(pl),
            )
        self.pay(p, (marble, 0, 0, 0))
        pl[_WHELD] -= 1
        pl[_WBUILT] += 1

    def found(self, p: int, adj: int, r: int, cost: tuple) -> None:
        """A city producing r (_UNK: not recorded) for ``cost`` + 1 coin per adjacent city
        producing the same resource."""
        n = cities(self.pl[0]) + cities(self.pl[1])
        if r != _UNK and self.pl[0][_CITY + r] + self.pl[1][_CITY + r] >= CITY_TOKENS[r]:
            raise IllegalEvent("no %s city token is left", RESOURCES.split()[r])
        if adj > n:
            raise IllegalEvent("only %d cities stand on the board", n)
        self.pay(p, (cost[0], cost[1], cost[2], adj))
        self.pl[p][_CITY + r] += 1

    # -- folding one event ------------------------------------------------------------------

    def apply(self, event: list) -> None:
        t = self.t
        if t[_OVER]:
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
        cur = t[_CUR]
        opens = v == "rondel" or v == "event" or v == "trade"
        if v == "event" and a and a[0] == "fortress":
            if p == cur:
                raise IllegalEvent("fortress is played in the opponent's maneuver")
        elif p != cur:
            if not opens:
                raise IllegalEvent("it is player %d's turn", cur)
            if t[_PHASE] == _START:
                raise IllegalEvent("player %d must move on the rondel first", cur)
            saved = t[:]  # p's turn begins; put the old one back if p's event is refused
            t[_CUR] = p
            for i in range(_PHASE, _DEFMOD + 1):  # the per-turn slots, 2 to 9
                t[i] = 0
            t[_FREE] = _FREE_STEPS
            try:
                self._verb(v, p, a)
            except BaseException:
                t[:] = saved
                raise
            return None
        elif not opens and t[_PHASE] == _START:
            raise IllegalEvent("player %d must move on the rondel first", p)
        return self._verb(v, p, a)

    def _verb(self, v: str, p: int, a: list) -> None:
        t = self.t
        pl = self.pl[p]
        q = 1 - p
        ql = self.pl[q]
        if v == "rondel":  # steps, {resource: n}: 3 steps free, then 1 resource a step
            arity(a, 1, 2, v)
            steps = whole(a[0], 1, _MAX_STEPS, "steps")
            paid = bundle(a[1] if len(a) > 1 else {}, 4, "payment")
            if t[_PHASE] != _START:
                raise IllegalEvent("player %d has moved on the rondel this turn", p)
            # The first move places the marker from the centre: free (published rules).
            cost = max(0, steps - t[_FREE]) if t[_MOVED] >> p & 1 else 0
            if sum(paid) != cost:
                raise IllegalEvent("%d steps cost %d resources, not %d", steps, cost, sum(paid))
            if cost:  # (most moves are free)
                for r in range(4):
                    if paid[r] > pl[r]:
                        raise IllegalEvent("player %d has %s", p, show(pl))
                for r in range(4):
                    pl[r] -= paid[r]
            t[_MOVED] |= 1 << p
            t[_PHASE] = _ACTION
        elif v == "produce":  # resource, temple
            arity(a, 2, 2, v)
            self.produce(p, pick(a[0], RESOURCES, "resource", 3), flag(a[1], "temple"), p)
        elif v == "recruit" or v == "deploy" or v == "battle":  # armies, fleets
            arity(a, 2, 2, v)
            ar = whole(a[0], 0, _UNITS, "armies")
            fl = whole(a[1], 0, _UNITS, "fleets")
            if v == "recruit":
                self.action(_SCIENTIA)
                self.recruit(p, ar, fl)
                t[_KIND] = _SCIENTIA
            elif v == "deploy":
                self.action(_ARMING)
                self.deploy(p, ar, fl, _DEPLOY_IRON)
            else:  # units meeting on the move cancel 1:1 and go back to the recruits
                self.action(_MANEUVER)
                if ar + fl == 0:
                    raise IllegalEvent("name at least one unit")
                for x in self.pl:
                    if x[_BOARD] < ar or x[_BOARD + 1] < fl:
                        raise _on_board(pl, ql)
                for x in self.pl:
                    x[_BOARD] -= ar
                    x[_BOARD + 1] -= fl
                    x[_REC] += ar
                    x[_REC + 1] += fl
                t[_KIND] = _MANEUVER
        elif v == "temple":  # adjacent temples
            arity(a, 1, 1, v)
            adj = whole(a[0], 0, _BIG, "adjacent")
            self.action(_TEMPLE)
            self.temple(p, adj)
            t[_KIND] = _TEMPLE
        elif v == "wall":
            arity(a, 0, 0, v)
            self.action(_TEMPLE)
            self.wall(p, 1)
            t[_KIND] = _TEMPLE
        elif v == "knowledge":  # name
            arity(a, 1, 1, v)
            k = pick(a[0], KNOWLEDGE, "know-how")
            self.action(_SCIENTIA)
            if pl[_KNOW] >> k & 1:
                raise IllegalEvent("player %d has %s", p, KNOWLEDGE.split()[k])
            self.pay(p, (0, 0, self.price(p, k), 0))
            if not ql[_KNOW] >> k & 1:
                pl[_FIRSTS] += 1
            pl[_KNOW] |= 1 << k
            t[_KIND] = _SCIENTIA
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
            r = _UNK if name is None else pick(name, RESOURCES, "resource", 3)
            wall = flag(d.get("wall", False), "wall")
            units = "armies" in d or "fleets" in d
            ar = whole(d.get("armies", 0), 0, _UNITS, "armies")
            fl = whole(d.get("fleets", 0), 0, _UNITS, "fleets")
            de = whole(d.get("defenders", 0), 0, _UNITS, "defenders")
            self.action(_MANEUVER)
            n = cities(ql)
            if not ql[_CITY + r] + (ql[_CITY + _UNK] if r != _UNK else 0):
                raise IllegalEvent("player %d has no such city (give its resource)", q)
            if (ql[_TEMPLES] if temple else n - ql[_TEMPLES]) < 1 or (
                ql[_WBUILT] if wall else n - ql[_WBUILT]
            ) < 1:
                raise IllegalEvent(
                    "player %d has %d cities, %d temples, %d walls", q, n, ql[_TEMPLES], ql[_WBUILT]
                )
            la = lf = 0
            if units:  # the defence is computed and the units checked; else on trust
                if pl[_BOARD] < ar or pl[_BOARD + 1] < fl or ql[_BOARD] < de:
                    raise _on_board(pl, ql)
                dv = self.defence(q, temple, wall, de)
                if ar + fl <= dv:
                    raise IllegalEvent("%d units do not beat a defence of %d", ar + fl, dv)
                lost = d.get("fleets_lost")
                lf = min(fl, dv) if lost is None else whole(lost, 0, min(fl, dv), "fleets_lost")
                la = dv - lf
                if la > ar:
                    raise IllegalEvent("a defence of %d takes %d legions", dv, la)
            ql[_CITY + (r if ql[_CITY + r] else _UNK)] -= 1
            pl[_CITY + r] += 1
            if temple:
                ql[_TEMPLES] -= 1
                pl[_DESTROYED] += 1
            if wall:
                ql[_WBUILT] -= 1
                pl[_WBUILT] += 1
            pl[_BOARD] -= la
            pl[_BOARD + 1] -= lf
            pl[_REC] += la
            pl[_REC + 1] += lf
            ql[_BOARD] -= de
            ql[_REC] += de
            t[_KIND] = _MANEUVER
            t[_DEFMOD] = 0
            if not t[_CONQUERED]:  # one card however many cities fall this turn
                t[_CONQUERED] = 1
                self.owe(q)
        elif v == "city":  # adjacent_same, resource?
            arity(a, 1, 2, v)
            adj = whole(a[0], 0, _BIG, "adjacent")
            name = a[1] if len(a) > 1 else None
            r = _UNK if name is None else pick(name, RESOURCES, "resource", 3)
            if t[_PHASE] > _CITIES:
                raise IllegalEvent("cities are founded before personalities are claimed")
            self.found(p, adj, r, (1, 1, 1))
            t[_PHASE] = _CITIES
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
            pl[_PERS + k] += 1
            n = total(pl)
            if n in WALL_AT:
                pl[_WHELD] += 1
            if k == 4:
                t[_NAVIGATED] = 1
            t[_PHASE] = _CLAIMS
            if n >= _VICTORY:
                t[_OVER] = 1
                t[_WINNER] = p
            else:
                self.owe(q)
        elif v == "event":
            cards.play(self, p, a)
        elif v == "trade":  # {give 3}, {take 2}: the Trade know-how
            arity(a, 2, 2, v)
            give = bundle(a[0], 4, "give")
            take = bundle(a[1], 3, "take")
            if not pl[_KNOW] >> _TRADE & 1:
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
            if deck & t[_DISCARD]:  # the discard pile was reshuffled into the deck
                t[_DISCARD] = 0
            pl[_HAND] |= 1 << c
            pl[_OWED] -= 1
            if not self.deck():
                self.pl[0][_OWED] = self.pl[1][_OWED] = 0
        else:  # resources {resource: change}; units [legions, galleys recruited,
            # legions, galleys on the board] as changes. Counts stop at 0.
            arity(a, 1, 1, v)
            if v == "resources":
                d = bundle(a[0], 4, v, True)
                for x in d:
                    whole(x, -_HELD, _HELD, v)
                base = 0
            else:
                d = a[0]
                if not isinstance(d, list) or len(d) != 4:
                    raise IllegalEvent("units takes a list of 4 changes")
                for x in d:
                    whole(x, -_BIG, _BIG, v)
                base = _REC
            new = [0, 0, 0, 0]
            for r in range(4):
                new[r] = max(0, pl[base + r] + d[r])
            if base and (new[0] + new[2] > _UNITS or new[1] + new[3] > _UNITS):
                raise IllegalEvent("a player has %d legions and %d galleys", _UNITS, _UNITS)
            for r in range(4):
                if not base and d[r] > 0 and new[r] > _HELD:
                    raise IllegalEvent(
                        "player %d would hold %d %s; a count stops at %d",
                        p,
                        new[r],
                        RESOURCES.split()[r],
                        _HELD,
                    )
            for r in range(4):
                pl[base + r] = new[r]
