"""Splendor Duel: the 67 jewel cards and the 4 royal cards, as one compact table.

Each jewel card is 11 ASCII bytes of ``_TABLE``, in the canonical order of the record
format (spec/record-format.md): by level, then by letter (w u g r k j x), then by
points, crowns, bonus count, ability (none, again, token, privilege, steal) and the cost
as (white, blue, green, red, black, pearl) ascending. The card's id follows from its
place: ``<level><letter><n>``, n counting from 1 within a level and letter.

Bytes of one card:

    0      bonus letter: w u g r k (a gem colour), j (joker), x (no bonus)
    1      points          2  crowns          3  bonus count (0, 1 or 2)
    4      ability: - (none), a (again), t (token), p (privilege), s (steal)
    5..10  cost in white, blue, green, red, black, pearl (one digit each)

A bytes constant keeps the whole table in about 740 bytes of heap, where a dict per card
would take several kilobytes on the device.
"""

from ..compat import const

# Token kinds, in the order every count in this package uses (the spec's order).
TOKENS = ("white", "blue", "green", "red", "black", "pearl", "gold")
PEARL = const(5)
GOLD = const(6)
# Card colour codes: 0..4 are the gem colours (same index as TOKENS).
JOKER = const(5)
NONE = const(6)
LETTERS = "wugrkjx"
# Ability codes: 0 is no ability.
AGAIN = const(1)
TOKEN = const(2)
PRIVILEGE = const(3)
STEAL = const(4)
ABILITIES = (None, "again", "token", "privilege", "steal")
_ABILITY_LETTERS = "-atps"

COUNT = const(67)
# First index of each level, and one past the last: level L is FIRST[L-1]..FIRST[L]-1.
FIRST = (0, 30, 54, 67)
# Face-up cards per level on the display (the pyramid): 5, 4 and 3.
SLOTS = (5, 4, 3)

_W = const(11)  # bytes per card
_TABLE = (
    # Level 1: 30 cards.
    b"w001-011110"  # 1w1
    b"w001a022001"  # 1w2
    b"w001t000220"  # 1w3
    b"w011-030000"  # 1w4
    b"w101-002300"  # 1w5
    b"u001-101110"  # 1u1
    b"u001a002201"  # 1u2
    b"u001t200020"  # 1u3
    b"u011-003000"  # 1u4
    b"u101-000230"  # 1u5
    b"g001-110110"  # 1g1
    b"g001a000221"  # 1g2
    b"g001t220000"  # 1g3
    b"g011-000300"  # 1g4
    b"g101-300020"  # 1g5
    b"r001-111010"  # 1r1
    b"r001a200021"  # 1r2
    b"r001t022000"  # 1r3
    b"r011-000030"  # 1r4
    b"r101-230000"  # 1r5
    b"k001-111100"  # 1k1
    b"k001a220001"  # 1k2
    b"k001t002200"  # 1k3
    b"k011-300000"  # 1k4
    b"k101-023000"  # 1k5
    b"j011-400001"  # 1j1
    b"j101-000041"  # 1j2
    b"j101-020211"  # 1j3
    b"j101-202011"  # 1j4
    b"x300-000401"  # 1x1
    # Level 2: 24 cards.
    b"w101s040300"  # 2w1
    b"w102-052000"  # 2w2
    b"w201p400021"  # 2w3
    b"w211-002221"  # 2w4
    b"u101s004030"  # 2u1
    b"u102-005200"  # 2u2
    b"u201p240001"  # 2u3
    b"u211-200221"  # 2u4
    b"g101s300400"  # 2g1
    b"g102-000520"  # 2g2
    b"g201p024001"  # 2g3
    b"g211-220021"  # 2g4
    b"r101s030040"  # 2r1
    b"r102-200050"  # 2r2
    b"r201p002401"  # 2r3
    b"r211-222001"  # 2r4
    b"k101s403000"  # 2k1
    b"k102-520000"  # 2k2
    b"k201p000241"  # 2k3
    b"k211-022201"  # 2k4
    b"j021-006001"  # 2j1
    b"j021-060001"  # 2j2
    b"j201-006001"  # 2j3
    b"x500-060001"  # 2x1
    # Level 3: 13 cards.
    b"w321-030531"  # 3w1
    b"w401-620020"  # 3w2
    b"u321-303051"  # 3u1
    b"u401-262000"  # 3u2
    b"g321-530301"  # 3g1
    b"g401-026200"  # 3g2
    b"r321-053031"  # 3r1
    b"r401-002620"  # 3r2
    b"k321-305301"  # 3k1
    b"k401-200260"  # 3k2
    b"j031-000080"  # 3j1
    b"j301a000800"  # 3j2
    b"x600-800000"  # 3x1
)

# Royal cards, taken at 3 and 6 crowns: points and ability code.
ROYALS = ("royal-points", "royal-again", "royal-privilege", "royal-steal")
ROYAL_POINTS = b"\x03\x02\x02\x02"
ROYAL_ABILITY = bytes((0, AGAIN, PRIVILEGE, STEAL))


def level(i: int) -> int:
    return 1 if i < 30 else (2 if i < 54 else 3)


def color(i: int) -> int:
    """0..4 a gem colour, JOKER or NONE."""
    return LETTERS.index(chr(_TABLE[i * _W]))


def points(i: int) -> int:
    return _TABLE[i * _W + 1] - 48


def crowns(i: int) -> int:
    return _TABLE[i * _W + 2] - 48


def bonus(i: int) -> int:
    return _TABLE[i * _W + 3] - 48


def ability(i: int) -> int:
    return _ABILITY_LETTERS.index(chr(_TABLE[i * _W + 4]))


def cost(i: int, k: int) -> int:
    """Cost of card i in token kind k (0..5: the gems, then pearl)."""
    return _TABLE[i * _W + 5 + k] - 48


def card_id(i: int) -> str:
    """The canonical id, e.g. ``1w3``."""
    lv = level(i)
    letter = _TABLE[i * _W]
    n = 1
    j = FIRST[lv - 1]
    while j < i:
        if _TABLE[j * _W] == letter:
            n += 1
        j += 1
    return "%d%s%d" % (lv, chr(letter), n)


def _by_id(name: str) -> int:
    if len(name) < 3 or name[0] not in "123" or name[1] not in LETTERS:
        return -1
    try:
        n = int(name[2:])
    except ValueError:
        return -1
    if n < 1 or name[2] == "0":
        return -1
    lv = ord(name[0]) - 48
    letter = ord(name[1])
    for j in range(FIRST[lv - 1], FIRST[lv]):
        if _TABLE[j * _W] == letter:
            n -= 1
            if n == 0:
                return j
    return -1


def find(name: object) -> int:
    """The index of the card a record names: an id, or a descriptor object (resolved by
    duelcore.splendor.names, imported only when a record uses one).

    Raises ValueError with a reason when the name is malformed, unknown, or a
    descriptor that does not match exactly one card.
    """
    if isinstance(name, str):
        i = _by_id(name)
        if i < 0:
            raise ValueError("unknown card %s" % name)
        return i
    from .names import match

    return match(name)


def describe(i: int) -> dict:
    """The spec's descriptor object for card i (cost lists non-zero colours only)."""
    from .names import describe as d

    return d(i)
