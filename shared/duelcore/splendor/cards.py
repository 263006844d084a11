"""Splendor Duel: the 67 jewel cards and the 4 royal cards, as one compact table.

Each jewel card is 11 ASCII digits of ``_TABLE``, in the canonical order of the record
format (spec/record-format.md): by level, then by letter (w u g r k j x), then by
points, crowns, bonus count, ability (none, again, token, privilege, steal) and the cost
as (white, blue, green, red, black, pearl) ascending. The card's id follows from its
place: ``<level><letter><n>``, n counting from 1 within a level and letter.

Digits of one card, read with ``get(i, offset)``:

    0      colour: 0..4 a gem colour (TOKENS order), 5 joker, 6 no bonus (id letters
           w u g r k j x, ``LETTERS``)
    1      points          2  crowns          3  bonus count (0, 1 or 2)
    4      ability: 0 none, 1 again, 2 token, 3 privilege, 4 steal
    5..10  cost in white, blue, green, red, black, pearl

A bytes constant keeps the whole table in about 740 bytes of heap, where a dict per card
would take several kilobytes on the device; one accessor with an offset, rather than a
function per field, saves a function object and its code per field. The offsets and the
ability codes are named here once (``POINTS``), and imported where a field is read.
"""

from ..compat import const

# Token kinds, in the order every count in this package uses (the spec's order).
TOKENS = ("white", "blue", "green", "red", "black", "pearl", "gold")
# The choices a game may wait for (None: none), in the order the rules number them.
PENDING = (None, "color", "steal", "royal", "return")
# Id letters of the colour codes.
LETTERS = "wugrkjx"
GOLD = const(6)  # gold's place in TOKENS

# The offsets of a card's fields (``get(i, COST + k)``: the cost in TOKENS' k-th gem).
COLOR = const(0)
POINTS = const(1)
CROWNS = const(2)
BONUS = const(3)
ABILITY = const(4)
COST = const(5)
JOKER = const(5)  # the colour code of a joker
# The ability codes (names.ABILITIES).
AGAIN = const(1)
TOKEN = const(2)
PRIVILEGE = const(3)
STEAL = const(4)

COUNT = const(67)
# First index of each level, and one past the last: level L is FIRST[L-1]..FIRST[L]-1.
FIRST = (0, 30, 54, 67)
# Face-up cards per level on the display (the pyramid): 5, 4 and 3.
SLOTS = (5, 4, 3)

_W = const(11)  # bytes per card
_TABLE = (
    # Level 1: 30 cards.
    b"00010011110"  # 1w1
    b"00011022001"  # 1w2
    b"00012000220"  # 1w3
    b"00110030000"  # 1w4
    b"01010002300"  # 1w5
    b"10010101110"  # 1u1
    b"10011002201"  # 1u2
    b"10012200020"  # 1u3
    b"10110003000"  # 1u4
    b"11010000230"  # 1u5
    b"20010110110"  # 1g1
    b"20011000221"  # 1g2
    b"20012220000"  # 1g3
    b"20110000300"  # 1g4
    b"21010300020"  # 1g5
    b"30010111010"  # 1r1
    b"30011200021"  # 1r2
    b"30012022000"  # 1r3
    b"30110000030"  # 1r4
    b"31010230000"  # 1r5
    b"40010111100"  # 1k1
    b"40011220001"  # 1k2
    b"40012002200"  # 1k3
    b"40110300000"  # 1k4
    b"41010023000"  # 1k5
    b"50110400001"  # 1j1
    b"51010000041"  # 1j2
    b"51010020211"  # 1j3
    b"51010202011"  # 1j4
    b"63000000401"  # 1x1
    # Level 2: 24 cards.
    b"01014040300"  # 2w1
    b"01020052000"  # 2w2
    b"02013400021"  # 2w3
    b"02110002221"  # 2w4
    b"11014004030"  # 2u1
    b"11020005200"  # 2u2
    b"12013240001"  # 2u3
    b"12110200221"  # 2u4
    b"21014300400"  # 2g1
    b"21020000520"  # 2g2
    b"22013024001"  # 2g3
    b"22110220021"  # 2g4
    b"31014030040"  # 2r1
    b"31020200050"  # 2r2
    b"32013002401"  # 2r3
    b"32110222001"  # 2r4
    b"41014403000"  # 2k1
    b"41020520000"  # 2k2
    b"42013000241"  # 2k3
    b"42110022201"  # 2k4
    b"50210006001"  # 2j1
    b"50210060001"  # 2j2
    b"52010006001"  # 2j3
    b"65000060001"  # 2x1
    # Level 3: 13 cards.
    b"03210030531"  # 3w1
    b"04010620020"  # 3w2
    b"13210303051"  # 3u1
    b"14010262000"  # 3u2
    b"23210530301"  # 3g1
    b"24010026200"  # 3g2
    b"33210053031"  # 3r1
    b"34010002620"  # 3r2
    b"43210305301"  # 3k1
    b"44010200260"  # 3k2
    b"50310000080"  # 3j1
    b"53011000800"  # 3j2
    b"66000800000"  # 3x1
)

# Royal cards, taken at 3 and 6 crowns: points and ability code (none, again,
# privilege, steal).
ROYALS = ("royal-points", "royal-again", "royal-privilege", "royal-steal")
ROYAL_POINTS = b"\x03\x02\x02\x02"
ROYAL_ABILITY = b"\x00\x01\x03\x04"


def level(i: int) -> int:
    return 1 if i < 30 else (2 if i < 54 else 3)


def get(i: int, f: int) -> int:
    """Field ``f`` of card i: an offset of the layout above (the cost in token kind k
    is at 5 + k)."""
    return _TABLE[i * _W + f] - 48


def card_id(i: int) -> str:
    """The canonical id, e.g. ``1w3``."""
    lv = level(i)
    c = _TABLE[i * _W]
    n = 1
    for j in range(FIRST[lv - 1], i):
        if _TABLE[j * _W] == c:
            n += 1
    return "%d%s%d" % (lv, LETTERS[c - 48], n)


def by_id(name: str) -> int:
    """The index of the card with id ``name``, or -1."""
    if len(name) < 3 or name[0] not in "123" or name[1] not in LETTERS:
        return -1
    try:
        n = int(name[2:])
    except ValueError:
        return -1
    if n < 1 or name[2] == "0":
        return -1
    lv = ord(name[0]) - 48
    c = LETTERS.index(name[1]) + 48
    for j in range(FIRST[lv - 1], FIRST[lv]):
        if _TABLE[j * _W] == c:
            n -= 1
            if n == 0:
                return j
    return -1
