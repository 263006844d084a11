"""Antike Duellum's names and the numbers players may want to change, in one place.

Sources: the play memo (shared rules text 004) and, where it is silent, the published
rules; our own choices are explained in docs/antike-duellum.md. The fixed numbers of the
rules (costs, limits, state slots) are private constants at the top of rules.py.

Names are space-separated strings, not tuples of strings: on the device one string costs
a fraction of 25 string objects. ``parse.pick`` finds a name's index, ``NAMES.split()[i]``
the name at an index; the index is what the state stores.
"""

from . import layout as L

# The verbs; an event code (codes.py) holds the index in its low 4 bits.
VERBS = (
    "rondel produce recruit deploy temple wall knowledge battle conquer city personality "
    "event trade card resources units"
)
# The keys of a conquest's details object.
CONQUER_KEYS = "resource wall armies fleets defenders fleets_lost"

# Resources in result order; a coin pays for any resource (never the reverse).
RESOURCES = "marble iron gold coins"

# Personalities, first come first served, and how many of each there are.
PERSONALITIES = "king scholar citizen general navigator"
SUPPLY = (6, 5, 4, 4, 2)
WALL_AT = (1, 2, 3, 5, 7)  # a wall piece when a player's personality total reaches these

# Know-hows and their gold prices: first (the opponent lacks it) / later. The memo gives
# roads 5/2 and navigation 6/3; the other three are our choice: the same step of 3
# between first and later, priced by strength (Monetary Economy pays on every
# production; Republic defends every city; Trade only turns 3 resources into 2).
KNOWLEDGE = "roads navigation monetary-economy republic trade"
KNOW_FIRST = (5, 6, 7, 6, 5)
KNOW_LATER = (2, 3, 4, 3, 2)

# The 25 event cards (one of each), alphabetical by their English names; the index is
# the card's bit in a hand or the discard pile, and cards.py dispatches on it.
CARDS = (
    "academy architect burglary charity corruption diplomacy earthquake forge fortress "
    "gang gold-mine honorarium merchant mining mutiny oracle pestilence privilege "
    "prosperity purchase recruits sabotage settler shipyard stone-pit"
)

CITY_TOKENS = (12, 12, 10)  # marble, iron and gold city tokens in the box

# Names for the result's "phase" and "action" fields ("-": no action fixed yet).
PHASES = "rondel action cities personalities"
ACTIONS = "- marble iron gold temple knowledge arming maneuver"


def cities(pl: list) -> int:
    """Cities founded, all resources."""
    return pl[L.CITY] + pl[L.CITY + 1] + pl[L.CITY + 2] + pl[L.CITY + 3]


def total(pl: list) -> int:
    """Personalities held, all kinds."""
    return pl[L.PERS] + pl[L.PERS + 1] + pl[L.PERS + 2] + pl[L.PERS + 3] + pl[L.PERS + 4]


def show(v: "list | tuple") -> str:
    """Resources as words: '3 marble, 1 coins'."""
    out = ""
    r = 0
    for name in RESOURCES.split():
        if v[r]:
            out += ", %d %s" % (v[r], name)
        r += 1
    return out[2:] or "nothing"
