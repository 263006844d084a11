"""Antike Duellum on the PC (duelkeeper.games): its results as the log reads them, and
its components' names (en.tsv, ja.tsv, ru.tsv)."""

from duelkeeper.games import Path

TITLE = "Antike Duellum"
BGG_ID = 104955
PERSONALITIES = ("king", "scholar", "citizen", "general", "navigator")
CATEGORIES = ("cities", "temples", *PERSONALITIES, "total")
SERIES: tuple[tuple[str, int | None, Path], ...] = (
    ("personalities {0}", 0, ("personalities", "total")),
    ("personalities {1}", 1, ("personalities", "total")),
    ("cities {0}", 0, ("cities",)),
    ("cities {1}", 1, ("cities",)),
)
UNIT = "personalities"

# Words of the vocabulary that are not names a player sees: keys and values of an
# event's argument objects (a conquest's details, a trade).
_NOT_NAMES = {"resource", "defenders", "fleets_lost", "give", "take"}
# The rondel's spaces (the result's "action"), not in the packing vocabulary.
_RONDEL = ("arming", "maneuver")


def where(category: str) -> Path:
    return (category,) if category in ("cities", "temples") else ("personalities", category)


def components() -> list[str]:
    """The codec's words but the argument objects' keys, and the rondel's spaces."""
    from duelcore.antike.vocabulary import WORDS

    return [w for w in (*WORDS, *_RONDEL) if w not in _NOT_NAMES]


def collated() -> list[list[str]]:
    """The event cards (the card picker)."""
    from duelcore.antike.tables import CARDS

    return [CARDS.split()]
