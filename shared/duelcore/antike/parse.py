"""Checking event arguments: each helper returns the clean value or raises IllegalEvent.

JSON gives ints, bools, strings, lists and objects; the checks are strict about types
(true is not 1) so that a garbled event is refused rather than half understood.

Every refusal reason of the core is a line of why.WHY, raised by its number with ``no()``
(parse.py is imported by rules.py and cards.py, so ``no()`` serves both).
"""

from ..compat import const
from ..errors import IllegalEvent, refusal
from .tables import RESOURCES
from .why import WHY

# The line of each reason in why.WHY; rules.py and cards.py copy the ones they raise
# (tests/core/antike/test_antike_layout.py compares the copies).
_E_OTHER_ACTION = const(0)
_E_AFFORD = const(1)
_E_LACKS = const(2)
_E_NO_TARGET = const(3)
_E_ON_BOARD = const(4)
_E_NONE_LEFT = const(5)
_E_CITY_TOKEN = const(6)
_E_NO_UNIT = const(7)
_E_PRODUCED = const(8)
_E_ACTION_FIRST = const(9)
_E_CITY_LATE = const(10)
_E_WALL = const(11)
_E_ARITY = const(12)
_E_WHOLE = const(13)
_E_FLAG = const(14)
_E_UNKNOWN = const(15)
_E_BUNDLE = const(16)
_E_COUNT = const(17)
_E_SETUP = const(18)
_E_NO_CITY = const(19)
_E_NO_UNITS = const(20)
_E_SUPPLY = const(21)
_E_RECRUITED = const(22)
_E_DEPLOY_LIMIT = const(23)
_E_TEMPLED = const(24)
_E_TEMPLE_PIECES = const(25)
_E_CITIES_STAND = const(26)
_E_OVER = const(27)
_E_NOT_OWED = const(28)
_E_OWED = const(29)
_E_FORTRESS_OWN = const(30)
_E_TURN = const(31)
_E_MOVE_FIRST = const(32)
_E_MOVED = const(33)
_E_STEPS = const(34)
_E_HAS = const(35)
_E_DETAILS = const(36)
_E_NO_SUCH_CITY = const(37)
_E_DEFENCE = const(38)
_E_LEGIONS_LOST = const(39)
_E_NO_TRADE = const(40)
_E_TRADE = const(41)
_E_TAKEN = const(42)
_E_UNITS_LIST = const(43)
_E_UNITS_MAX = const(44)
_E_NOT_HELD = const(45)
_E_NO_ARG = const(46)
_E_PAIR = const(47)
_E_NO_WALL = const(48)
_E_FORTRESS_WHEN = const(49)
_E_HONORARIUM = const(50)
_E_MERCHANT_ARG = const(51)
_E_MERCHANT = const(52)
_E_MINING = const(53)
_E_DECK = const(54)
_E_PRIVILEGE = const(55)
_E_SETTLER = const(56)
_E_HELD = const(57)  # a resources correction would leave a count above rules._HELD
_E_NO_TEMPLE = const(58)


def no(n: int, *args: object) -> IllegalEvent:
    """The refusal with reason ``n`` of why.WHY (an ``_E_*`` number), filled in with
    ``args`` when read."""
    return refusal(WHY, n, *args)


def arity(args: list, lo: int, hi: int, verb: str) -> None:
    if not lo <= len(args) <= hi:
        raise no(_E_ARITY, verb, lo, hi)


def whole(v: object, lo: int, hi: int, what: str) -> int:
    if type(v) is not int or not lo <= v <= hi:
        raise no(_E_WHOLE, what, lo, hi)
    return v


def flag(v: object, what: str) -> bool:
    if v is not True and v is not False:
        raise no(_E_FLAG, what)
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
        raise no(_E_UNKNOWN, what, v, ", ".join(names.split()[:n]))
    return i


def bundle(v: object, kinds: int, what: str, signed: bool = False) -> list:
    """An object {resource: n} as [marble, iron, gold, coins]; ``kinds`` 3 refuses coins."""
    if not isinstance(v, dict):
        raise no(_E_BUNDLE, what)
    out = [0, 0, 0, 0]
    for k in v:
        n = v[k]
        if type(n) is not int or (n < 0 and not signed):
            raise no(_E_COUNT, what, k)
        out[pick(k, RESOURCES, "resource", kinds)] = n
    return out


def bits(mask: int) -> int:
    """How many bits are set (int.bit_count is not in MicroPython)."""
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n
