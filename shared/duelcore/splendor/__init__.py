"""Splendor Duel: the rules core (docs/splendor-duel.md).

``Game`` is the protocol of duelcore.engine; ``cards`` holds the card table;
``words()`` the words of the flash codec (duelcore.pack).
"""

from .rules import Game
from .vocabulary import WORDS

__all__ = ("Game", "words")


def words() -> tuple:
    """The words the flash codec (duelcore.pack) numbers: the verbs first, then the
    other names events use. Append-only, forever: see vocabulary.py."""
    return WORDS
