"""Checking event arguments: each helper returns the clean value or raises IllegalEvent.

JSON gives ints, bools, strings, lists and objects; the checks are strict about types
(true is not 1) so that a garbled event is refused rather than half understood.

Every refusal reason of the core is a line of ``_WHY`` below, raised by its number with
``no()``: parse.py is imported by rules.py and cards.py, so it holds them for both.
"""

from ..compat import const
from ..errors import IllegalEvent, refusal
from .tables import RESOURCES

# Why an event is refused: one reason a line, raised by its number (``no``). One string
# holds the whole core's reasons: on the device a string constant of its own costs each
# reason an object and a rounded-up block (about 30 bytes more), and one string shared by
# parse, rules and cards costs less than one for each (docs/antike-duellum.md, "Heap").
# First the reasons legal() meets most (refusal() walks the lines to the one asked for),
# then the argument checks (parse.py), rules.py's in the order of its source, and the
# event cards' (cards.py).
_WHY = (
    "this turn's rondel action is %s\n"
    "player %d has %s, needs %s (a coin pays for any)\n"
    "player %d lacks %d for the next %s\n"
    "player %d has %d cities, %d temples, %d walls\n"
    "legions, galleys on the board: %d, %d and %d, %d\n"
    "no %s can be claimed now\n"
    "no %s city token is left\n"
    "player %d has no %s on the board\n"
    "one production per turn\n"
    "the rondel action comes after the move, before cities and personalities\n"
    "cities are founded before personalities are claimed\n"
    "player %d holds %d wall pieces, has %d walls and %d cities\n"
    "%s takes %d to %d arguments after the player\n"
    "%s must be a whole number from %d to %d\n"
    "%s must be true or false\n"
    "unknown %s %s (one of %s)\n"
    "%s must be an object {resource: count}\n"
    "%s: %s must be a whole number\n"
    "the setup needs 'first': 0 or 1\n"
    "player %d has no %s city\n"
    "name at least one unit\n"
    "player %d has %d legions and %d galleys in supply\n"
    "player %d has %d legions and %d galleys recruited\n"
    "player %d may deploy %d more units this turn\n"
    "every city of player %d has a temple\n"
    "%d of %d temples stand on the board\n"
    "only %d cities stand on the board\n"
    "the game is over\n"
    "player %d is owed no event card\n"
    "player %d must first take an event card\n"
    "fortress is played in the opponent's maneuver\n"
    "it is player %d's turn\n"
    "player %d must move on the rondel first\n"
    "player %d has moved on the rondel this turn\n"
    "%d steps cost %d resources, not %d\n"
    "player %d has %s\n"
    "conquer details must be an object\n"
    "player %d has no such city (give its resource)\n"
    "%d units do not beat a defence of %d\n"
    "a defence of %d takes %d legions\n"
    "player %d lacks trade\n"
    "trade gives 3 resources for 2\n"
    "%s is held or discarded\n"
    "units takes a list of 4 changes\n"
    "a player has %d legions and %d galleys\n"
    "player %d does not hold %s\n"
    "%s takes no argument\n"
    "%s takes a list of two\n"
    "player %d has no wall\n"
    "fortress is played during player %d's maneuver\n"
    "honorarium gives %d resources, one per scholar\n"
    'merchant takes {"give": {...}, "take": {...}}\n'
    "merchant swaps %d each way; player %d has %s, the opponent %s\n"
    "player %d has no %s city without a temple\n"
    "no event card is left to take\n"
    "privilege is played before the rondel move\n"
    "settler takes [adjacent_same, resource]\n"
    "player %d would hold %d %s; a count stops at %d"
)
# The line of each reason in _WHY; rules.py and cards.py copy the ones they raise
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


# legal() tries candidate events only to see which are accepted: while QUIET[0] is set, a
# refusal carries no reason, so that trying one copies out and fills in no line.
QUIET = [0]


def no(n: int, *args: object) -> IllegalEvent:
    """The refusal with reason ``n`` of _WHY (an ``_E_*`` number), filled in with ``args``."""
    if QUIET[0]:
        return IllegalEvent("")
    return refusal(_WHY, n, *args)


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
