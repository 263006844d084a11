"""7 Wonders Duel card, wonder and progress tables.

Each table is one string of fixed-width rows: a row is a card's id padded to a fixed
width, then its spec. One string costs a fraction of the heap of a tuple of strings
(measured in docs/benchmarks.md), and reading a field allocates nothing. Card and wonder
numbers are row numbers; the rest of the core refers to them by number.

Card spec, by offset from the row's spec (``spec(c)``):
  0     age: 1 2 3, or G for a guild (shuffled into age III)
  1     colour: b brown, g grey, u blue, n green, y yellow, r red, p purple
  2     coins printed on the card (0-9)
  3     victory points
  4     shields
  5-9   resource cost, one letter a unit (W wood, C clay, S stone, G glass, P papyrus),
        padded with '.'
  14-15 the number of the card that makes this one free (chain), or two spaces
  10-13 effect, padded with spaces; one of:
          =XY   fixed production (brown, grey)
          /XYZ  one of these a turn (forum, caravansery)
          tXY   these resources bought at 1 coin (reserves, customs house)
          $n    n coins once
          $nK   n coins once per card of colour K (w: per built wonder)
          sN    science symbol number N of SYMBOLS
          GK    guild over colour(s) K; Gw: built wonders; G$: coins
"""

from ..compat import const

RESOURCES = ("wood", "clay", "stone", "glass", "papyrus")
RES_LETTERS = "WCSGP"
SYMBOLS = ("globe", "wheel", "sundial", "mortar", "plumb", "quill", "law")
COLOURS = "bgunyrp"  # brown grey blue green yellow red purple

AGE = const(0)
COLOUR = const(1)
COINS = const(2)
POINTS = const(3)
SHIELDS = const(4)
COST = const(5)
EFFECT = const(10)
CHAIN = const(14)

# fmt: off
CARDS = (
    # Age I
    "lumber-yard         1b000.....=W    "
    "logging-camp        1b100.....=W    "
    "clay-pool           1b000.....=C    "
    "clay-pit            1b100.....=C    "
    "quarry              1b000.....=S    "
    "stone-pit           1b100.....=S    "
    "glassworks          1g100.....=G    "
    "press               1g100.....=P    "
    "guard-tower         1r001.....      "
    "stable              1r001W....      "
    "garrison            1r001C....      "
    "palisade            1r201.....      "
    "workshop            1n010P....s4    "
    "apothecary          1n010G....s1    "
    "scriptorium         1n200.....s5    "
    "pharmacist          1n200.....s3    "
    "theater             1u030.....      "
    "altar               1u030.....      "
    "baths               1u030S....      "
    "stone-reserve       1y300.....tS    "
    "clay-reserve        1y300.....tC    "
    "wood-reserve        1y300.....tW    "
    "tavern              1y000.....$4    "
    # Age II
    "sawmill             2b200.....=WW   "
    "brickyard           2b200.....=CC   "
    "shelf-quarry        2b200.....=SS   "
    "glassblower         2g000.....=G    "
    "drying-room         2g000.....=P    "
    "walls               2r002SS...      "
    "horse-breeders      2r001WC...    09"
    "barracks            2r301.....    10"
    "archery-range       2r002WSP..      "
    "parade-ground       2r002CCG..      "
    "library             2n020WSG..s5  14"
    "dispensary          2n020CCS..s3  15"
    "school              2n010WPP..s1    "
    "laboratory          2n010WGG..s4    "
    "courthouse          2u050WWG..      "
    "statue              2u040CC...    16"
    "temple              2u040WP...    17"
    "aqueduct            2u050SSS..    18"
    "rostrum             2u040WS...      "
    "forum               2y300C..../GP   "
    "caravansery         2y200GP.../WCS  "
    "customs-house       2y400.....tGP   "
    "brewery             2y000.....$6    "
    # Age III
    "arsenal             3r003WWCCC      "
    "pretorium           3r803.....      "
    "fortifications      3r002CSSP.    11"
    "siege-workshop      3r002WWWG.    31"
    "circus              3r002CCSS.    32"
    "academy             3n030WSGG.s2    "
    "study               3n030WWGP.s2    "
    "university          3n020CGP..s0  35"
    "observatory         3n020SPP..s0  36"
    "palace              3u070WCSGG      "
    "town-hall           3u070WWSSS      "
    "obelisk             3u050SSG..      "
    "gardens             3u060WWCC.    38"
    "pantheon            3u060WCPP.    39"
    "senate              3u050CCSP.    41"
    "chamber-of-commerce 3y030PP...$3g   "
    "port                3y030WGP..$2b   "
    "armory              3y030SSG..$1r   "
    "lighthouse          3y030CCG..$1y 22"
    "arena               3y030WCS..$2w 45"
    # Guilds
    "merchants-guild     Gp000WCGP.Gy    "
    "shipowners-guild    Gp000CSGP.Gbg   "
    "builders-guild      Gp000WCSSGGw    "
    "magistrates-guild   Gp000WWCP.Gu    "
    "scientists-guild    Gp000WWCC.Gn    "
    "moneylenders-guild  Gp000WWSS.G$    "
    "tacticians-guild    Gp000CSSP.Gr    "
)
_CARD_ROW = const(36)
_CARD_NAME = const(20)
CARD_COUNT = const(73)

# Wonder spec: 0 points, 1 shields, 2 extra turn (1/0), 3-7 cost, 8- effect:
#   $n      n coins; $n-m also makes the opponent lose m
#   /XYZ    one of these a turn
#   xK      destroy an opponent's card of colour K
#   M       build a discarded card for free (Mausoleum)
#   L       take a progress token from the box (Great Library)
WONDERS = (
    "appian-way        301CCSSP$3-3  "
    "circus-maximus    310WSSG.xg    "
    "colossus          320CCCG.      "
    "great-library     400WWWGPL     "
    "great-lighthouse  400WSPP./WCS  "
    "hanging-gardens   301WWGP.$6    "
    "mausoleum         200CCGGPM     "
    "piraeus           201WWSC./GP   "
    "pyramids          900SSSP.      "
    "sphinx            601SCGG.      "
    "statue-of-zeus    310WCSPPxb    "
    "temple-of-artemis 001WSGP.$12   "
)
_WONDER_ROW = const(32)
_WONDER_NAME = const(18)
WONDER_COUNT = const(12)
# fmt: on


PROGRESS = (
    "agriculture",
    "architecture",
    "economy",
    "law",
    "masonry",
    "mathematics",
    "philosophy",
    "strategy",
    "theology",
    "urbanism",
)
AGRICULTURE = const(0)
ARCHITECTURE = const(1)
ECONOMY = const(2)
LAW = const(3)
MASONRY = const(4)
MATHEMATICS = const(5)
PHILOSOPHY = const(6)
STRATEGY = const(7)
THEOLOGY = const(8)
URBANISM = const(9)

LAW_SYMBOL = const(6)

# The first game's preset (rules 000): the starting player's four, then the other's.
FIRST_GAME = (
    ("pyramids", "great-lighthouse", "temple-of-artemis", "statue-of-zeus"),
    ("circus-maximus", "piraeus", "appian-way", "colossus"),
)


def _lookup(table: str, row: int, width: int, count: int, name: object) -> int:
    if not isinstance(name, str) or not name or " " in name:
        return -1
    i = table.find(name)
    while i >= 0:
        if i % row == 0 and (len(name) == width or table[i + len(name)] == " "):
            return i // row
        i = table.find(name, i + 1)
    return -1


def card(name: object) -> int:
    """The number of a card by its canonical id, or -1."""
    return _lookup(CARDS, _CARD_ROW, _CARD_NAME, CARD_COUNT, name)


def wonder(name: object) -> int:
    return _lookup(WONDERS, _WONDER_ROW, _WONDER_NAME, WONDER_COUNT, name)


def progress(name: object) -> int:
    try:
        return PROGRESS.index(name)
    except ValueError:
        return -1


def name(c: int) -> str:
    i = c * _CARD_ROW
    return CARDS[i : i + _CARD_NAME].rstrip()


def wonder_name(w: int) -> str:
    i = w * _WONDER_ROW
    return WONDERS[i : i + _WONDER_NAME].rstrip()


def spec(c: int) -> int:
    """Where card c's spec starts in CARDS."""
    return c * _CARD_ROW + _CARD_NAME


def wspec(w: int) -> int:
    """Where wonder w's spec starts in WONDERS."""
    return w * _WONDER_ROW + _WONDER_NAME


def age_of(c: int) -> int:
    """1, 2 or 3; guilds belong to age III."""
    a = CARDS[spec(c) + AGE]
    return 3 if a == "G" else ord(a) - 48


def colour(c: int) -> str:
    return CARDS[spec(c) + COLOUR]


def digit(table: str, i: int) -> int:
    return ord(table[i]) - 48


def number(table: str, i: int) -> int:
    """The decimal number starting at table[i] (0 when there is none)."""
    n = 0
    while i < len(table) and "0" <= table[i] <= "9":
        n = n * 10 + ord(table[i]) - 48
        i += 1
    return n


def effect(c: int) -> str:
    """Card c's effect field (a short string, built on each call)."""
    i = spec(c) + EFFECT
    return CARDS[i : i + 4].rstrip()


def chain_from(c: int) -> int:
    """The card that makes card c free, or -1."""
    i = spec(c) + CHAIN
    return -1 if CARDS[i] == " " else number(CARDS, i)
