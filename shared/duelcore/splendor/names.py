"""Splendor Duel: cards named by the spec's descriptor objects, and described as them.

A descriptor matches on the keys it gives: ``{"level": 1, "color": "red", "points": 0,
"crowns": 1, "bonus": 1, "ability": null, "cost": {"black": 3}}`` (``color``: a gem
colour, ``joker`` or null; ``ability``: null, again, token, privilege or steal; cost
colours left out are 0). It must match exactly one of the 67 cards. ``find`` takes an id
or a descriptor.
"""

from . import cards as C
from .cards import ABILITY, BONUS, COLOR, COST, CROWNS, JOKER, POINTS

# A descriptor's keys: after ``level``, each at its field's offset (cards.py) + 1.
_KEYS = ("level", "color", "points", "crowns", "bonus", "ability", "cost")
# A descriptor's ability values, by the table's ability code.
ABILITIES = (None, "again", "token", "privilege", "steal")


def describe(i: int) -> dict:
    """The spec's descriptor object for card i (cost lists non-zero colours only)."""
    cst = {}
    for k in range(6):
        v = C.get(i, COST + k)
        if v:
            cst[C.TOKENS[k]] = v
    return {
        "level": C.level(i),
        "color": _color_name(C.get(i, COLOR)),
        "points": C.get(i, POINTS),
        "crowns": C.get(i, CROWNS),
        "bonus": C.get(i, BONUS),
        "ability": ABILITIES[C.get(i, ABILITY)],
        "cost": cst,
    }


def _color_name(c: int) -> "str | None":
    return C.TOKENS[c] if c < JOKER else ("joker" if c == JOKER else None)


def _matches(i: int, desc: dict) -> bool:
    for key in desc:
        v = desc[key]
        if key == "cost":
            for k in range(6):
                if v.get(C.TOKENS[k], 0) != C.get(i, COST + k):
                    return False
        elif key == "color":
            if v != _color_name(C.get(i, COLOR)):
                return False
        elif key == "ability":
            if v != ABILITIES[C.get(i, ABILITY)]:
                return False
        else:
            got = C.level(i) if key == "level" else C.get(i, _KEYS.index(key) - 1)
            if type(v) is not int or v != got:
                return False
    return True


def match(desc: object) -> int:
    """The index of the one card the descriptor object matches (ValueError otherwise)."""
    if not isinstance(desc, dict) or not desc:
        raise ValueError("a card is an id or a descriptor object")
    for key in desc:
        if key not in _KEYS:
            raise ValueError("unknown descriptor key %s" % key)
    cst = desc.get("cost")
    if cst is not None:
        if not isinstance(cst, dict):
            raise ValueError("a descriptor's cost is an object")
        for key in cst:
            if key not in C.TOKENS[:6] or type(cst[key]) is not int:
                raise ValueError("bad cost entry %s" % key)
    found = -1
    for i in range(C.COUNT):
        if _matches(i, desc):
            if found >= 0:
                raise ValueError("the descriptor matches more than one card")
            found = i
    if found < 0:
        raise ValueError("no card matches the descriptor")
    return found


def find(name: object) -> int:
    """The index of the card a record names: an id, or a descriptor object (resolved by
    ``match``).

    Raises ValueError with a reason when the name is malformed, unknown, or a
    descriptor that does not match exactly one card.
    """
    if isinstance(name, str):
        i = C.by_id(name)
        if i < 0:
            raise ValueError("unknown card %s" % name)
        return i
    return match(name)
