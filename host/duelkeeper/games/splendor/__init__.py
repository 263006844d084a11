"""Splendor Duel on the PC (duelkeeper.games): its results as the log reads them, and
its components' names (en.tsv, ja.tsv, ru.tsv)."""

import re

from duelkeeper.games import Path

TITLE = "Splendor Duel"
BGG_ID = 364073
GEMS = ("white", "blue", "green", "red", "black")
CATEGORIES = ("crowns", *GEMS, "points")
SERIES: tuple[tuple[str, int | None, Path], ...] = (
    ("points {0}", 0, ("points",)),
    ("points {1}", 1, ("points",)),
    ("crowns {0}", 0, ("crowns",)),
    ("crowns {1}", 1, ("crowns",)),
)
UNIT = "points"

# The cards' ids (1w1, 3x1): cards have no names, only these ids.
_CARD_ID = re.compile(r"[123][wugrkjx][0-9]+$")
# Words of the vocabulary that are not names a player sees: a card descriptor's keys.
_NOT_NAMES = {"reserved", "level", "points", "bonus", "ability", "cost"}


def where(category: str) -> Path:
    return ("color_points", category) if category in GEMS else (category,)


def components() -> list[str]:
    """The codec's words but the cards' ids and a descriptor's keys."""
    from duelcore.splendor.vocabulary import WORDS

    return [w for w in WORDS if not _CARD_ID.match(w) and w not in _NOT_NAMES]


def collated() -> list[list[str]]:
    return []  # the device sorts no list of Splendor's by its names
