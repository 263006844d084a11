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
from . import layout as L
from .parse import arity, bits, bundle, flag, pick, whole
from .tables import CARDS, CITY_TOKENS, RESOURCES, cities, show, total

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # annotations only: the compiler drops the block
    from .contracts import Game


# Cards that take an argument (bit per card); the others refuse one.
_ARGS = (
    1 << L.ARCHITECT
    | 1 << L.DIPLOMACY
    | 1 << L.EARTHQUAKE
    | 1 << L.HONORARIUM
    | 1 << L.MERCHANT
    | 1 << L.MINING
    | 1 << L.MUTINY
    | 1 << L.RECRUITS
    | 1 << L.SABOTAGE
    | 1 << L.SETTLER
)
_PAIRS = 1 << L.DIPLOMACY | 1 << L.MINING | 1 << L.MUTINY | 1 << L.RECRUITS


def play(g: "Game", p: int, a: list) -> None:
    arity(a, 1, 2, "event")
    c = pick(a[0], CARDS, "event card")
    x = a[1] if len(a) > 1 else None
    name = a[0]
    pl = g.pl[p]
    q = 1 - p
    ql = g.pl[q]
    t = g.t
    if not pl[L.HAND] >> c & 1:
        raise IllegalEvent("player %d does not hold %s", p, name)
    if x is not None and not _ARGS >> c & 1:
        raise IllegalEvent("%s takes no argument", name)
    if _PAIRS >> c & 1 and not (isinstance(x, list) and len(x) == 2):
        raise IllegalEvent("%s takes a list of two", name)
    if c == L.ACADEMY:  # at the knowledge action: 1 gold per opponent know-how
        g.action(L.SCIENTIA)
        pl[L.GOLD] += bits(ql[L.KNOW])
        t[L.KIND] = L.SCIENTIA
    elif c == L.ARCHITECT:  # a temple, usual cost (arg: adjacent temples)
        g.temple(p, whole(x, 0, L.BIG, "adjacent"))
    elif c == L.BURGLARY:  # the opponent loses half their coins, rounded down
        ql[L.COINS] -= ql[L.COINS] // 2
    elif c == L.CHARITY:  # 1 coin per personality fewer than the opponent
        pl[L.COINS] += max(0, total(ql) - total(pl))
    elif c == L.CORRUPTION:  # the opponent loses 1 of each resource held 4 or more
        for r in range(3):
            if ql[r] >= 4:
                ql[r] -= 1
    elif c == L.DIPLOMACY:  # at a production action: from an opponent's city
        g.produce(p, pick(x[0], RESOURCES, "resource", 3), flag(x[1], "temple"), q)  # type: ignore[index]
    elif c == L.EARTHQUAKE:  # any one wall is destroyed (arg: its owner)
        w = whole(x, 0, 1, "owner")
        if not g.pl[w][L.WBUILT]:
            raise IllegalEvent("player %d has no wall", w)
        g.pl[w][L.WBUILT] -= 1
    elif c == L.FORGE or c == L.SHIPYARD:  # at the arming action: a legion / galley free
        g.action(L.ARMING)
        g.deploy(p, 1 if c == L.FORGE else 0, 1 if c == L.SHIPYARD else 0, 0)
    elif c == L.FORTRESS:  # +1 defence against the opponent's next conquest this turn
        if t[L.PHASE] != L.ACTION or t[L.KIND] not in (0, L.MANEUVER):
            raise IllegalEvent("fortress is played during player %d's maneuver", t[L.CUR])
        t[L.DEFMOD] += 1
    elif c == L.GANG:  # a wall from the pieces held, free
        g.wall(p, 0)
    elif c == L.GOLD_MINE or c == L.STONE_PIT:  # +1 per own city of that resource
        r = L.GOLD if c == L.GOLD_MINE else 0
        g.action(L.PRODUCE + r)
        pl[r] += pl[L.CITY + r]
        t[L.KIND] = L.PRODUCE + r
    elif c == L.HONORARIUM:  # a resource of choice per scholar held
        got = bundle(x if x is not None else {}, 3, name)
        if sum(got) != pl[L.PERS + L.SCHOLAR]:
            raise IllegalEvent(
                "honorarium gives %d resources, one per scholar", pl[L.PERS + L.SCHOLAR]
            )
        for r in range(3):
            pl[r] += got[r]
    elif c == L.MERCHANT:  # 3 own resources for 3 of the opponent's
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
    elif c == L.MINING:  # [from, to]: a city without a temple changes its resource
        f = pick(x[0], RESOURCES, "resource", 3)  # type: ignore[index]
        r = pick(x[1], RESOURCES, "resource", 3)  # type: ignore[index]
        if f == r or not pl[L.CITY + f] + pl[L.CITY + L.UNK] or pl[L.TEMPLES] >= cities(pl):
            raise IllegalEvent("player %d has no %s city without a temple", p, x[0])  # type: ignore[index]
        if g.pl[0][L.CITY + r] + g.pl[1][L.CITY + r] >= CITY_TOKENS[r]:
            raise IllegalEvent("no %s city token is left", x[1])  # type: ignore[index]
        pl[L.CITY + (f if pl[L.CITY + f] else L.UNK)] -= 1
        pl[L.CITY + r] += 1
    elif c == L.MUTINY:  # [player, unit], 1 gold: a unit on the board to its recruits
        w = whole(x[0], 0, 1, "owner")  # type: ignore[index]
        u = pick(x[1], "army fleet", "unit")  # type: ignore[index]
        if not g.pl[w][L.BOARD + u]:
            raise IllegalEvent("player %d has no %s on the board", w, x[1])  # type: ignore[index]
        g.pay(p, (0, 0, 1, 0))
        g.pl[w][L.BOARD + u] -= 1
        g.pl[w][L.REC + u] += 1
    elif c == L.ORACLE:  # 1 gold: take an event card from the display
        if bits(g.deck()) <= g.pl[0][L.OWED] + g.pl[1][L.OWED]:
            raise IllegalEvent("no event card is left to take")
        g.pay(p, (0, 0, 1, 0))
    elif c == L.PESTILENCE:  # -1 defence for the next conquest this turn
        t[L.DEFMOD] -= 1
    elif c == L.PRIVILEGE:  # before the rondel move: up to 6 steps free
        if t[L.PHASE] != L.START:
            raise IllegalEvent("privilege is played before the rondel move")
        t[L.FREE] = L.PRIVILEGE_STEPS
    elif c == L.PROSPERITY:  # 1 gold per own city with a wall
        pl[L.GOLD] += pl[L.WBUILT]
    elif c == L.PURCHASE:  # 2 gold for 2 iron and 2 marble
        g.pay(p, (0, 0, 2, 0))
        pl[0] += 2
        pl[1] += 2
    elif c == L.RECRUITS:  # [armies, fleets] recruited at the usual cost
        g.recruit(p, whole(x[0], 0, L.UNITS, "armies"), whole(x[1], 0, L.UNITS, "fleets"))  # type: ignore[index]
    elif c == L.SABOTAGE:  # 1 gold: one of the opponent's cards is discarded (arg: it)
        s = pick(x, CARDS, "event card")
        if not ql[L.HAND] >> s & 1:
            raise IllegalEvent("player %d does not hold %s", q, x)
        g.pay(p, (0, 0, 1, 0))
        ql[L.HAND] &= ~(1 << s)
        t[L.DISCARD] |= 1 << s
    else:  # settler [adjacent_same, resource]: a city for 1 gold + the coin surcharge
        if not isinstance(x, list) or not 1 <= len(x) <= 2:
            raise IllegalEvent("settler takes [adjacent_same, resource]")
        kind = x[1] if len(x) > 1 else None
        g.found(
            p,
            whole(x[0], 0, L.BIG, "adjacent"),
            L.UNK if kind is None else pick(kind, RESOURCES, "resource", 3),
            (0, 0, 1),
        )
    pl[L.HAND] &= ~(1 << c)
    t[L.DISCARD] |= 1 << c
    if c == L.ORACLE:
        g.owe(p)
