"""The 25 event cards: when each may be played, its argument, its effect.

``["event", p, card, arg?]``: p plays a card from hand; it goes to the discard pile.
Timing (memo, "イベントカードの効果"): any time in one's own turn, except
- privilege: before the turn's rondel move (it makes up to 6 steps free);
- academy, diplomacy, forge, gold-mine, shipyard, stone-pit: during the rondel action
  they name, which they fix for the turn like any action event;
- fortress: by the defender, during the opponent's maneuver (rules.Game.apply lets it
  through outside the player's own turn).
Each card checks everything before anything changes; the card leaves the hand last.
"""

from ..compat import const
from ..errors import IllegalEvent
from .parse import arity, bits, bundle, flag, pick, whole
from .tables import CARDS, CITY_TOKENS, RESOURCES, cities, show, total

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from .rules import Game

# State slots: copies of rules.py's (tests/core/antike/test_antike_layout.py compares them).
_C = const(3)
_G = const(2)
_CITY = const(4)
_UNK = const(3)
_TEMPLES = const(8)
_WBUILT = const(10)
_REC = const(11)
_BOARD = const(13)
_PERS = const(15)
_SCHOLAR = const(1)
_KNOW = const(22)
_HAND = const(23)
_OWED = const(24)
_PHASE = const(2)
_KIND = const(3)
_CUR = const(1)
_FREE = const(8)
_DEFMOD = const(9)
_DISCARD = const(11)
_START = const(0)
_ACTION = const(1)
_PRODUCE = const(1)
_SCIENTIA = const(5)
_ARMING = const(6)
_MANEUVER = const(7)
_PRIVILEGE_STEPS = const(6)
_UNITS = const(12)
_BIG = const(999)

# Card indices (tables.CARDS order).
_ACADEMY = const(0)
_ARCHITECT = const(1)
_BURGLARY = const(2)
_CHARITY = const(3)
_CORRUPTION = const(4)
_DIPLOMACY = const(5)
_EARTHQUAKE = const(6)
_FORGE = const(7)
_FORTRESS = const(8)
_GANG = const(9)
_GOLD_MINE = const(10)
_HONORARIUM = const(11)
_MERCHANT = const(12)
_MINING = const(13)
_MUTINY = const(14)
_ORACLE = const(15)
_PESTILENCE = const(16)
_PRIVILEGE = const(17)
_PROSPERITY = const(18)
_PURCHASE = const(19)
_RECRUITS = const(20)
_SABOTAGE = const(21)
_SETTLER = const(22)
_SHIPYARD = const(23)
_STONE_PIT = const(24)

# Cards that take an argument (bit per card); the others refuse one.
_ARGS = const(
    1 << _ARCHITECT
    | 1 << _DIPLOMACY
    | 1 << _EARTHQUAKE
    | 1 << _HONORARIUM
    | 1 << _MERCHANT
    | 1 << _MINING
    | 1 << _MUTINY
    | 1 << _RECRUITS
    | 1 << _SABOTAGE
    | 1 << _SETTLER
)
_PAIRS = const(1 << _DIPLOMACY | 1 << _MINING | 1 << _MUTINY | 1 << _RECRUITS)


def play(g: "Game", p: int, a: list) -> None:
    arity(a, 1, 2, "event")
    c = pick(a[0], CARDS, "event card")
    x = a[1] if len(a) > 1 else None
    name = a[0]
    pl = g.pl[p]
    q = 1 - p
    ql = g.pl[q]
    t = g.t
    if not pl[_HAND] >> c & 1:
        raise IllegalEvent("player %d does not hold %s", p, name)
    if x is not None and not _ARGS >> c & 1:
        raise IllegalEvent("%s takes no argument", name)
    if _PAIRS >> c & 1 and not (isinstance(x, list) and len(x) == 2):
        raise IllegalEvent("%s takes a list of two", name)
    if c == _ACADEMY:  # at the knowledge action: 1 gold per opponent know-how
        g.action(_SCIENTIA)
        pl[_G] += bits(ql[_KNOW])
        t[_KIND] = _SCIENTIA
    elif c == _ARCHITECT:  # a temple, usual cost (arg: adjacent temples)
        g.temple(p, whole(x, 0, _BIG, "adjacent"))
    elif c == _BURGLARY:  # the opponent loses half their coins, rounded down
        ql[_C] -= ql[_C] // 2
    elif c == _CHARITY:  # 1 coin per personality fewer than the opponent
        pl[_C] += max(0, total(ql) - total(pl))
    elif c == _CORRUPTION:  # the opponent loses 1 of each resource held 4 or more
        for r in range(3):
            if ql[r] >= 4:
                ql[r] -= 1
    elif c == _DIPLOMACY:  # at a production action: from an opponent's city
        g.produce(p, pick(x[0], RESOURCES, "resource", 3), flag(x[1], "temple"), q)  # type: ignore[index]
    elif c == _EARTHQUAKE:  # any one wall is destroyed (arg: its owner)
        w = whole(x, 0, 1, "owner")
        if not g.pl[w][_WBUILT]:
            raise IllegalEvent("player %d has no wall", w)
        g.pl[w][_WBUILT] -= 1
    elif c == _FORGE or c == _SHIPYARD:  # at the arming action: a legion / galley free
        g.action(_ARMING)
        g.deploy(p, 1 if c == _FORGE else 0, 1 if c == _SHIPYARD else 0, 0)
    elif c == _FORTRESS:  # +1 defence against the opponent's next conquest this turn
        if t[_PHASE] != _ACTION or t[_KIND] not in (0, _MANEUVER):
            raise IllegalEvent("fortress is played during player %d's maneuver", t[_CUR])
        t[_DEFMOD] += 1
    elif c == _GANG:  # a wall from the pieces held, free
        g.wall(p, 0)
    elif c == _GOLD_MINE or c == _STONE_PIT:  # +1 per own city of that resource
        r = _G if c == _GOLD_MINE else 0
        g.action(_PRODUCE + r)
        pl[r] += pl[_CITY + r]
        t[_KIND] = _PRODUCE + r
    elif c == _HONORARIUM:  # a resource of choice per scholar held
        got = bundle(x if x is not None else {}, 3, name)
        if sum(got) != pl[_PERS + _SCHOLAR]:
            raise IllegalEvent(
                "honorarium gives %d resources, one per scholar", pl[_PERS + _SCHOLAR]
            )
        for r in range(3):
            pl[r] += got[r]
    elif c == _MERCHANT:  # 3 own resources for 3 of the opponent's
        if not isinstance(x, dict) or len(x) != 2 or "give" not in x or "take" not in x:
            raise IllegalEvent('merchant takes {"give": {...}, "take": {...}}')
        give = bundle(x["give"], 3, "give")
        take = bundle(x["take"], 3, "take")
        n = min(3, pl[0] + pl[1] + pl[2], ql[0] + ql[1] + ql[2])
        if (
            sum(give) != n
            or sum(take) != n
            or give[0] > pl[0]
            or give[1] > pl[1]
            or give[2] > pl[2]
            or take[0] > ql[0]
            or take[1] > ql[1]
            or take[2] > ql[2]
        ):
            raise IllegalEvent(
                "merchant swaps %d each way; player %d has %s, the opponent %s",
                n,
                p,
                show(pl),
                show(ql),
            )
        for r in range(3):
            pl[r] += take[r] - give[r]
            ql[r] += give[r] - take[r]
    elif c == _MINING:  # [from, to]: a city without a temple changes its resource
        f = pick(x[0], RESOURCES, "resource", 3)  # type: ignore[index]
        r = pick(x[1], RESOURCES, "resource", 3)  # type: ignore[index]
        if f == r or not pl[_CITY + f] + pl[_CITY + _UNK] or pl[_TEMPLES] >= cities(pl):
            raise IllegalEvent("player %d has no %s city without a temple", p, x[0])  # type: ignore[index]
        if g.pl[0][_CITY + r] + g.pl[1][_CITY + r] >= CITY_TOKENS[r]:
            raise IllegalEvent("no %s city token is left", x[1])  # type: ignore[index]
        pl[_CITY + (f if pl[_CITY + f] else _UNK)] -= 1
        pl[_CITY + r] += 1
    elif c == _MUTINY:  # [player, unit], 1 gold: a unit on the board to its recruits
        w = whole(x[0], 0, 1, "owner")  # type: ignore[index]
        u = pick(x[1], "army fleet", "unit")  # type: ignore[index]
        if not g.pl[w][_BOARD + u]:
            raise IllegalEvent("player %d has no %s on the board", w, x[1])  # type: ignore[index]
        g.pay(p, (0, 0, 1, 0))
        g.pl[w][_BOARD + u] -= 1
        g.pl[w][_REC + u] += 1
    elif c == _ORACLE:  # 1 gold: take an event card from the display
        if bits(g.deck()) <= g.pl[0][_OWED] + g.pl[1][_OWED]:
            raise IllegalEvent("no event card is left to take")
        g.pay(p, (0, 0, 1, 0))
    elif c == _PESTILENCE:  # -1 defence for the next conquest this turn
        t[_DEFMOD] -= 1
    elif c == _PRIVILEGE:  # before the rondel move: up to 6 steps free
        if t[_PHASE] != _START:
            raise IllegalEvent("privilege is played before the rondel move")
        t[_FREE] = _PRIVILEGE_STEPS
    elif c == _PROSPERITY:  # 1 gold per own city with a wall
        pl[_G] += pl[_WBUILT]
    elif c == _PURCHASE:  # 2 gold for 2 iron and 2 marble
        g.pay(p, (0, 0, 2, 0))
        pl[0] += 2
        pl[1] += 2
    elif c == _RECRUITS:  # [armies, fleets] recruited at the usual cost
        g.recruit(p, whole(x[0], 0, _UNITS, "armies"), whole(x[1], 0, _UNITS, "fleets"))  # type: ignore[index]
    elif c == _SABOTAGE:  # 1 gold: one of the opponent's cards is discarded (arg: it)
        s = pick(x, CARDS, "event card")
        if not ql[_HAND] >> s & 1:
            raise IllegalEvent("player %d does not hold %s", q, x)
        g.pay(p, (0, 0, 1, 0))
        ql[_HAND] &= ~(1 << s)
        t[_DISCARD] |= 1 << s
    else:  # settler [adjacent_same, resource]: a city for 1 gold + the coin surcharge
        if not isinstance(x, list) or not 1 <= len(x) <= 2:
            raise IllegalEvent("settler takes [adjacent_same, resource]")
        kind = x[1] if len(x) > 1 else None
        g.found(
            p,
            whole(x[0], 0, _BIG, "adjacent"),
            _UNK if kind is None else pick(kind, RESOURCES, "resource", 3),
            (0, 0, 1),
        )
    pl[_HAND] &= ~(1 << c)
    t[_DISCARD] |= 1 << c
    if c == _ORACLE:
        g.owe(p)
