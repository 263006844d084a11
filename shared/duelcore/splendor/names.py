"""Splendor Duel: cards named by the spec's descriptor objects, and described as them.

A descriptor matches on the keys it gives: ``{"level": 1, "color": "red", "points": 0,
"crowns": 1, "bonus": 1, "ability": null, "cost": {"black": 3}}`` (``color``: a gem
colour, ``joker`` or null; ``ability``: null, again, token, privilege or steal; cost
colours left out are 0). It must match exactly one of the 67 cards. Records written by
the device name cards by id, so this module is imported only when a descriptor appears.
"""

from . import cards as C


def describe(i: int) -> dict:
    """The spec's descriptor object for card i (cost lists non-zero colours only)."""
    c = C.color(i)
    cst = {}
    for k in range(6):
        v = C.cost(i, k)
        if v:
            cst[C.TOKENS[k]] = v
    return {
        "level": C.level(i),
        "color": _color_name(c),
        "points": C.points(i),
        "crowns": C.crowns(i),
        "bonus": C.bonus(i),
        "ability": C.ABILITIES[C.ability(i)],
        "cost": cst,
    }


def _color_name(c: int) -> "str | None":
    return C.TOKENS[c] if c < C.JOKER else ("joker" if c == C.JOKER else None)


def _matches(i: int, desc: dict) -> bool:
    for key in desc:
        v = desc[key]
        if key == "cost":
            for k in range(6):
                if v.get(C.TOKENS[k], 0) != C.cost(i, k):
                    return False
        elif key == "color":
            if v != _color_name(C.color(i)):
                return False
        elif key == "ability":
            if v != C.ABILITIES[C.ability(i)]:
                return False
        else:
            got = (
                C.level(i)
                if key == "level"
                else (
                    C.points(i)
                    if key == "points"
                    else (C.crowns(i) if key == "crowns" else C.bonus(i))
                )
            )
            if type(v) is not int or v != got:
                return False
    return True


_KEYS = ("level", "color", "points", "crowns", "bonus", "ability", "cost")


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
