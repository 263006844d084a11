"""Where Antike Duellum's numbers lie: the slots of the state's three flat lists, the
phases and rondel actions they hold, the rules' numbers, and the event cards' indices.

One definition each, read by the core's modules as ``L.CUR``: in this module
``const()`` folds them, elsewhere each is a global of this module (docs/benchmarks.md,
"Measured again on the firmware with the names": 1.4 KB of heap with the core imported,
where copying them into every module that reads them cost none).
"""

from ..compat import const

# -- per player slots ---------------------------------------------------------------------
MARBLE = const(0)  # marble, iron, gold, coins: slots 0-3, the tables.RESOURCES order
IRON = const(1)
GOLD = const(2)
COINS = const(3)
CITY = const(4)  # cities producing marble, iron, gold: 4-6; 7: resource not recorded
UNK = const(3)  # CITY + UNK
TEMPLES = const(8)
WHELD = const(9)  # wall pieces in hand
WBUILT = const(10)  # walls built
REC = const(11)  # recruitment box: legions 11, galleys 12
BOARD = const(13)  # on the map: legions 13, galleys 14
PERS = const(15)  # personalities held, tables.PERSONALITIES order: 15-19
FIRSTS = const(20)  # know-hows gained before the opponent (scholars)
DESTROYED = const(21)  # opponent temples destroyed (generals)
KNOW = const(22)  # bit k: know-how k (tables.KNOWLEDGE order)
HAND = const(23)  # bit c: event card c (tables.CARDS order)
OWED = const(24)  # event cards to take from the display now
SLOTS = const(25)

# -- turn slots (2 to 9 hold the turn in progress and are reset when a turn begins) -----------
FIRST = const(0)
CUR = const(1)  # whose turn it is
PHASE = const(2)  # START, ACTION, CITIES, CLAIMS (tables.PHASES)
KIND = const(3)  # this turn's rondel action, once an action event fixed it (tables.ACTIONS)
DEPLOYED = const(4)
PRODUCED = const(5)
CONQUERED = const(6)  # a city fell this turn: the defender's card is owed once
NAVIGATED = const(7)  # a navigator was claimed this turn
FREE = const(8)  # free rondel steps this turn (Privilege: 6)
DEFMOD = const(9)  # Fortress +1 / Pestilence -1 for the next conquest this turn
MOVED = const(10)  # bit p: player p's marker is on the rondel
DISCARD = const(11)  # bit c: card c on the discard pile
WINNER = const(12)
OVER = const(13)
TSLOTS = const(14)

START = const(0)
ACTION = const(1)
CITIES = const(2)
CLAIMS = const(3)
PRODUCE = const(1)  # + resource: the marble, iron and gold spaces
TEMPLE = const(4)  # temples and walls
SCIENTIA = const(5)  # know-hows and recruiting
ARMING = const(6)  # deploying
MANEUVER = const(7)  # battles and conquests

KING = const(0)
SCHOLAR = const(1)
CITIZEN = const(2)
GENERAL = const(3)
MONETARY = const(2)  # know-how bits
REPUBLIC = const(3)
TRADE = const(4)

# -- the numbers of the rules (memo; "choice" where it is silent, see the docs) -------------
START_RES = const(3)  # 3 marble, 3 iron, 3 gold each
MAX_STEPS = const(7)  # 8 rondel spaces
FREE_STEPS = const(3)
PRIVILEGE_STEPS = const(6)
TEMPLE_MARBLE = const(6)  # + 1 coin per adjacent temple
DEPLOY_IRON = const(2)  # per unit; 1 unit per city and turn, 3 with a temple
UNITS = const(12)  # legions, and galleys, per player
TEMPLE_PIECES = const(12)
KING_CITIES = const(5)
CITIZEN_TEMPLES = const(3)
VICTORY = const(9)
DISPLAY = const(3)  # face-up event cards
ALL_CARDS = const(0x1FFFFFF)  # 25 cards
BIG = const(999)
HELD = const(99)  # a resource count a correction may reach (docs/antike-duellum.md, "Bounds")

# Card indices (tables.CARDS order).
ACADEMY = const(0)
ARCHITECT = const(1)
BURGLARY = const(2)
CHARITY = const(3)
CORRUPTION = const(4)
DIPLOMACY = const(5)
EARTHQUAKE = const(6)
FORGE = const(7)
FORTRESS = const(8)
GANG = const(9)
GOLD_MINE = const(10)
HONORARIUM = const(11)
MERCHANT = const(12)
MINING = const(13)
MUTINY = const(14)
ORACLE = const(15)
PESTILENCE = const(16)
PRIVILEGE = const(17)
PROSPERITY = const(18)
PURCHASE = const(19)
RECRUITS = const(20)
SABOTAGE = const(21)
SETTLER = const(22)
SHIPYARD = const(23)
STONE_PIT = const(24)
