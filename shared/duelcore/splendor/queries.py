"""Splendor Duel: the questions a player asks the device ("what does this cost me?",
"how close is each of us to winning?"). Nothing here changes the game.
"""

from ..compat import const
from . import cards as C
from . import names
from .cards import COST, TOKENS

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # annotations only: the compiler drops the block
    from .contracts import Game


def price(g: "Game", p: int, card: object) -> dict:
    """What ``card`` (an id or a descriptor) costs player p now.

    Returns ``cost`` (printed), ``discount`` (what p's bonuses take off), ``pay`` (the
    tokens the core would take, gold included), ``short`` (tokens missing even with
    gold), ``affordable`` (short is 0, and a joker has a bonus to join) and ``tokens``
    (how many tokens the purchase uses). Colours that are 0 are left out. Whether the
    card can be reached (display, reserve) is not checked: see legal("buy").
    Raises ValueError for a card that does not exist.
    """
    i = names.find(card)
    bon = g._bonus[p]
    cost = {}
    discount = {}
    for k in range(6):
        v = C.get(i, COST + k)
        if v:
            cost[TOKENS[k]] = v
            d = bon[k] if k < 5 and bon[k] < v else (v if k < 5 else 0)
            if d:
                discount[TOKENS[k]] = d
    pay = g._pay(p, i)
    paid = {}
    n = 0
    for k in range(7):
        if pay[k]:
            paid[TOKENS[k]] = pay[k]
            n += pay[k]
    return {
        "card": C.card_id(i),
        "cost": cost,
        "discount": discount,
        "pay": paid,
        "short": pay[7],
        "affordable": g._can_buy(p, i),
        "tokens": n,
    }


def distance(g: "Game", p: int) -> dict:
    """How far player p is from each way to win (0: reached).

    ``points``: to 20 points; ``crowns``: to 10 crowns; ``color``: to 10 points in one
    colour, counted from the colour with most points, which ``best_color`` names (the
    first in token order on a tie; null while p has no colour points).
    """
    cp = g._cpts[p]
    best = -1
    for c in range(5):
        if cp[c] and (best < 0 or cp[c] > cp[best]):
            best = c
    top = cp[best] if best >= 0 else 0
    pts = g._points[p]
    cr = g._crowns[p]
    return {
        "points": 20 - pts if pts < 20 else 0,
        "crowns": 10 - cr if cr < 10 else 0,
        "color": 10 - top if top < 10 else 0,
        "best_color": TOKENS[best] if best >= 0 else None,
    }
