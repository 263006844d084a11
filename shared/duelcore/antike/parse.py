"""Checking event arguments: each helper returns the clean value or raises IllegalEvent.

JSON gives ints, bools, strings, lists and objects; the checks are strict about types
(true is not 1) so that a garbled event is refused rather than half understood.
"""

from ..errors import IllegalEvent
from .tables import RESOURCES


def arity(args: list, lo: int, hi: int, verb: str) -> None:
    if not lo <= len(args) <= hi:
        raise IllegalEvent("%s takes %d to %d arguments after the player", verb, lo, hi)


def whole(v: object, lo: int, hi: int, what: str) -> int:
    if type(v) is not int or not lo <= v <= hi:
        raise IllegalEvent("%s must be a whole number from %d to %d", what, lo, hi)
    return v


def flag(v: object, what: str) -> bool:
    if v is not True and v is not False:
        raise IllegalEvent("%s must be true or false", what)
    return v


def index(v: object, names: str, n: int = 99) -> int:
    """The index of ``v`` among the space-separated ``names`` (the first ``n`` only), or
    -1 for anything else (never raises)."""
    if isinstance(v, str) and v and " " not in v:
        i = names.find(v)
        while i >= 0:  # a whole word: spaces (or the ends) on both sides
            j = i + len(v)
            if (not i or names[i - 1] == " ") and (j == len(names) or names[j] == " "):
                i = names.count(" ", 0, i)
                return i if i < n else -1
            i = names.find(v, j)
    return -1


def pick(v: object, names: str, what: str, n: int = 99) -> int:
    """The index of ``v`` among the space-separated ``names`` (the first ``n`` only)."""
    i = index(v, names, n)
    if i < 0:
        raise IllegalEvent("unknown %s %s (one of %s)", what, v, ", ".join(names.split()[:n]))
    return i


def bundle(v: object, kinds: int, what: str, signed: bool = False) -> list:
    """An object {resource: n} as [marble, iron, gold, coins]; ``kinds`` 3 refuses coins."""
    if not isinstance(v, dict):
        raise IllegalEvent("%s must be an object {resource: count}", what)
    out = [0, 0, 0, 0]
    for k in v:
        n = v[k]
        if type(n) is not int or (n < 0 and not signed):
            raise IllegalEvent("%s: %s must be a whole number", what, k)
        out[pick(k, RESOURCES, "resource", kinds)] = n
    return out


def bits(mask: int) -> int:
    """How many bits are set (int.bit_count is not in MicroPython)."""
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n
