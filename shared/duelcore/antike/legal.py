"""The events ``apply`` would accept now, for the device's menus.

Candidates are generated per verb, then each is tried on the game itself (state saved
and put back), so the list never offers an event that apply refuses. Where apply takes a
wide range, the menu offers (docs/antike-duellum.md, "What legal() lists"):
- rondel: each step count 1-7 once, paid from the largest piles (coins last);
- produce with ``temple`` true only when the player has a temple;
- adjacency counts 0-6, never above what stands on the board;
- conquer: each (resource, temple, wall) the defender can have, no defending units,
  the fewest attackers that win (legions first);
- merchant and trade: swaps led by one resource type; honorarium: every split;
- recruit, deploy, battle: every count of one kind of unit that fits (several events
  make any mix); Recruits (one event): every mix.
Corrections (resources, units) are never listed: they are not moves.
"""

from ..compat import const
from ..errors import IllegalEvent
from . import layout as L
from .tables import CARDS, KNOWLEDGE, PERSONALITIES, RESOURCES, cities

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # annotations only: the compiler drops the block
    from .contracts import Game

_MENU_ADJACENT = const(6)


def legal(g: "Game") -> list:
    t = g.t
    if t[L.OVER]:
        return []
    o = g.owing()
    if o >= 0:
        deck = g.deck()
        taken: list = []
        for name in CARDS.split():
            if deck & 1:
                taken.append(["card", o, name])
            deck >>= 1
        return taken
    cur = t[L.CUR]
    out: list = []
    for p in (cur, 1 - cur) if t[L.PHASE] != L.START else (cur,):
        _player(g, p, p == cur, out)
    keep = []
    s0 = g.pl[0][:]
    s1 = g.pl[1][:]
    st = t[:]
    for ev in out:  # a refusal here is never worded (IllegalEvent.reason)
        try:
            g.apply(ev)
            keep.append(ev)
        except IllegalEvent:
            pass
        finally:
            g.pl[0][:] = s0
            g.pl[1][:] = s1
            t[:] = st
    return keep


def _player(g: "Game", p: int, own: bool, out: list) -> None:
    t = g.t
    res = RESOURCES.split()[:3]
    cards = CARDS.split()
    pl = g.pl[p]
    ql = g.pl[1 - p]
    if not own or t[L.PHASE] == L.START:  # the rondel move (p's turn may begin with it)
        free = t[L.FREE] if own else L.FREE_STEPS
        for steps in range(1, L.MAX_STEPS + 1):
            n = max(0, steps - free) if t[L.MOVED] >> p & 1 else 0
            pay = _take(pl, (0, 1, 2, 3), n, True)
            if pay is not None:
                out.append(["rondel", p, steps, pay])
    money = pl[L.GOLD] + pl[L.COINS]
    # adjacency surcharges are paid in coins: no more than p's coins, 6 neighbours, or
    # what stands on the board
    adj_t = min(_MENU_ADJACENT, pl[L.COINS], g.pl[0][L.TEMPLES] + g.pl[1][L.TEMPLES]) + 1
    adj_c = min(_MENU_ADJACENT, pl[L.COINS], cities(pl) + cities(ql)) + 1
    # units in supply that money can recruit: legions, galleys
    ra = min(L.UNITS - pl[L.REC] - pl[L.BOARD], money)
    rf = min(L.UNITS - pl[L.REC + 1] - pl[L.BOARD + 1], money // 2)
    if own and t[L.PHASE] == L.ACTION:
        for r in range(3):
            if pl[L.CITY + r] + pl[L.CITY + L.UNK]:
                out.append(["produce", p, res[r], False])
                if pl[L.TEMPLES]:
                    out.append(["produce", p, res[r], True])
        for ar, fl in _singles(ra, rf):
            out.append(["recruit", p, ar, fl])
        room = min(g.deploy_limit(p), (pl[L.IRON] + pl[L.COINS]) // 2)
        for ar, fl in _singles(min(room, pl[L.REC]), min(room, pl[L.REC + 1])):
            out.append(["deploy", p, ar, fl])
        for adj in range(adj_t):
            out.append(["temple", p, adj])
        out.append(["wall", p])
        for k in KNOWLEDGE.split():
            out.append(["knowledge", p, k])
        for ar, fl in _singles(
            min(pl[L.BOARD], ql[L.BOARD]), min(pl[L.BOARD + 1], ql[L.BOARD + 1])
        ):
            out.append(["battle", p, ar, fl])
        for r in range(3):
            if ql[L.CITY + r] + ql[L.CITY + L.UNK]:
                for temple in (False, True):
                    for wall in (False, True):
                        n = g.defence(1 - p, temple, wall, 0) + 1
                        ar = min(pl[L.BOARD], n)
                        out.append(
                            [
                                "conquer",
                                p,
                                temple,
                                {"resource": res[r], "wall": wall, "armies": ar, "fleets": n - ar},
                            ]
                        )
    if own and t[L.PHASE] != L.START:
        for adj in range(adj_c):
            for name in res:
                out.append(["city", p, adj, name])
        for k in PERSONALITIES.split():
            out.append(["personality", p, k])
    if pl[L.KNOW] >> L.TRADE & 1:
        gives: list = []
        for r in range(4):
            give = _take(pl, (r, 0, 1, 2, 3), 3, False)
            if give is not None and give not in gives:  # leads short of 3: the same give
                gives.append(give)
                for s in res:
                    out.append(["trade", p, give, {s: 2}])
    for c in range(len(cards)):
        if not pl[L.HAND] >> c & 1 or (c == L.FORTRESS and own):
            continue
        name = cards[c]
        args: list = [None]
        if name == "architect":
            args = list(range(adj_t))
        elif name == "settler":
            args = _grid(range(adj_c), res)
        elif name == "diplomacy":
            args = _grid(res, (False, True))
        elif name == "earthquake":
            args = [0, 1]
        elif name == "honorarium":
            n = pl[L.PERS + L.SCHOLAR]
            args = []
            for m in range(n + 1):
                for i in range(n - m + 1):
                    args.append(_take((m, i, n - m - i), (0, 1, 2), n, False))
        elif name == "merchant":
            n = min(3, pl[0] + pl[1] + pl[2], ql[0] + ql[1] + ql[2])
            args = []
            for a, b in _grid((0, 1, 2), (0, 1, 2)):
                if a != b:
                    give = _take(pl, (a, b, 3 - a - b), n, False)
                    swap = {"give": give, "take": _take(ql, (b, a, 3 - a - b), n, False)}
                    if swap not in args:  # leads short of 3: the same swap
                        args.append(swap)
        elif name == "mining":
            args = _grid(res, res)
        elif name == "mutiny":
            args = _grid((0, 1), ("army", "fleet"))
        elif name == "recruits":  # one event: every mix
            args = []
            for ar, fl in _grid(range(ra + 1), range(rf + 1)):
                if (ar or fl) and ar + 2 * fl <= money:
                    args.append([ar, fl])
        elif name == "sabotage":
            args = []
            for c2 in range(len(cards)):
                if ql[L.HAND] >> c2 & 1:
                    args.append(cards[c2])
        for x in args:
            out.append(["event", p, name] if x is None else ["event", p, name, x])


def _grid(xs: "range | tuple | list", ys: "range | tuple | list") -> list:
    """Every [x, y]."""
    out = []
    for x in xs:
        for y in ys:
            out.append([x, y])
    return out


def _singles(a: int, b: int) -> list:
    """[x, 0] for x in 1..a, then [0, y] for y in 1..b: one kind of unit per event (a
    turn may hold several recruit, deploy and battle events, so every mix is reachable)."""
    out = []
    for x in range(1, a + 1):
        out.append([x, 0])
    for y in range(1, b + 1):
        out.append([0, y])
    return out


def _take(have: "list | tuple", order: tuple, n: int, largest: bool) -> "dict | None":
    """n resources as {name: count} from ``have``: in ``order``, or (``largest``) from
    the largest marble / iron / gold pile each time, coins last. None if short."""
    left = list(have[:4])
    got = [0, 0, 0, 0]
    for _ in range(n):
        r = -1
        for i in order:
            if left[i] and (r < 0 or (largest and i < 3 and left[i] > left[r])):
                r = i
                if not largest:
                    break
        if r < 0:
            return None
        left[r] -= 1
        got[r] += 1
    out = {}
    names = RESOURCES.split()
    for i in range(4):
        if got[i]:
            out[names[i]] = got[i]
    return out
