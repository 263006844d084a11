"""Splendor Duel: every event the rules accept now, for menus and random play.

The lists are complete up to naming: cards appear by id (a descriptor of the same card
is accepted too), token lists in the order of TOKENS, and each multiset of tokens once.
``tokens`` corrections are never listed: they are accepted at any time.

Sizes stay moderate: at most 82 takes (the multisets of 1 to 3 gems and pearls), the
same lists shared with the privilege events, one reserve per card still in play, and the
buys the player can pay. Pass ``verb`` to build only one kind of event.
"""

from ..compat import const
from . import cards as C
from .cards import COLOR, GOLD, JOKER, PENDING, TOKENS

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # annotations only: the compiler drops the block
    from .contracts import Game


def _multisets(avail: bytearray, size: int, kinds: int, out: list) -> None:
    """Append every multiset of exactly ``size`` tokens drawn from avail[:kinds]."""
    pick = bytearray(kinds)

    def walk(k: int, left: int) -> None:
        if left == 0:
            names = []
            for j in range(kinds):
                for _ in range(pick[j]):
                    names.append(TOKENS[j])
            out.append(names)
            return
        if k == kinds:
            return
        c = avail[k] if avail[k] < left else left
        while c >= 0:
            pick[k] = c
            walk(k + 1, left - c)
            c -= 1
        pick[k] = 0

    walk(0, size)


def _counts(names: list) -> bytearray:
    """A multiset of token names (``_multisets``'s) as counts per kind."""
    out = bytearray(7)
    for name in names:
        out[TOKENS.index(name)] += 1
    return out


def legal(g: "Game", verb: "str | None" = None) -> list:
    out: list = []
    if g._winner >= 0:
        return out
    p = g._turn
    pend = g._pending()
    if pend:
        name = PENDING[pend]
        if verb is not None and verb != name:
            return out
        if name == "color":
            for c in range(5):
                if g._bonus[p][c]:
                    out.append(["color", p, TOKENS[c]])
        elif name == "steal":
            other = g._hand[1 - p]
            for k in range(6):
                if other[k]:
                    out.append(["steal", p, TOKENS[k]])
        elif name == "royal":
            for r in range(4):
                if not g._royal[r]:
                    out.append(["royal", p, C.ROYALS[r]])
        else:
            combos: list = []
            _multisets(g._hand[p], sum(g._hand[p]) - 10, 7, combos)
            for c in combos:
                out.append(["return", p, c])
        return out

    opening = g._stage == 0
    takes: list = []
    if verb is None or verb in ("take", "privilege"):
        for size in (1, 2, 3):
            _multisets(g._board, size, 6, takes)
    if opening and (verb is None or verb == "privilege"):
        n = g._priv[p]
        for c in takes:
            if len(c) <= n:
                if not g._blocks(p, _counts(c)):
                    out.append(["privilege", p, c])
    if opening and (verb is None or verb == "replenish") and sum(g._bag) > 0:
        out.append(["replenish", p])
    if verb is None or verb == "take":
        for c in takes:
            out.append(["take", p, c])
    pools = (g._pool(1), g._pool(2), g._pool(3))
    res = g._reserve[p]
    if (verb is None or verb == "reserve") and g._board[GOLD] and len(res) < 3:
        for lv in (1, 2, 3):
            if pools[lv - 1]:
                for i in range(C.FIRST[lv - 1], C.FIRST[lv]):
                    if not g._owner[i]:
                        out.append(["reserve", p, C.card_id(i)])
            if pools[lv - 1] > C.SLOTS[lv - 1]:
                out.append(["reserve", p, "deck%d" % lv])
    if verb is None or verb == "buy":
        for lv in (1, 2, 3):
            if pools[lv - 1]:
                for i in range(C.FIRST[lv - 1], C.FIRST[lv]):
                    if not g._owner[i] and g._can_buy(p, i):
                        _buys(g, p, i, None, out)
        done = []
        for r in res:
            if r >= 0:
                if g._can_buy(p, r):
                    _buys(g, p, r, {"reserved": True}, out)
            elif r not in done:
                done.append(r)  # a blind card: any free card of its level
                for i in range(C.FIRST[-r - 1], C.FIRST[-r]):
                    if not g._owner[i] and g._can_buy(p, i):
                        _buys(g, p, i, {"reserved": True}, out)
    return out


def _buys(g: "Game", p: int, i: int, opts: "dict | None", out: list) -> None:
    cid = C.card_id(i)
    out.append(["buy", p, cid] if opts is None else ["buy", p, cid, opts])
    if C.get(i, COLOR) == JOKER:
        for c in range(5):
            if g._bonus[p][c]:
                o: dict = {"color": TOKENS[c]}
                if opts is not None:
                    o["reserved"] = True
                out.append(["buy", p, cid, o])
