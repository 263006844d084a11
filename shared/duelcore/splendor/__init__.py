"""Splendor Duel: the rules core (docs/splendor-duel.md).

``Game`` is the protocol of duelcore.engine; ``cards`` holds the card table;
``words()`` the words of the flash codec (duelcore.pack).
"""

from . import codes
from .rules import Game

__all__ = ("Game", "codes", "quick", "words")


def words() -> tuple:
    """The words the flash codec (duelcore.pack) numbers: the verbs first, then the
    other names events use. Append-only, forever: see vocabulary.py. Imported here, by
    the codec only: the tuple is 0.8 to 1.8 KB of heap that playing a game never needs
    (docs/benchmarks.md, "Imported where they are used")."""
    from .vocabulary import WORDS

    return WORDS


def quick() -> type:
    """The quick score's Game (pad.py), imported when a quick score is played."""
    from .pad import Game as Pad

    return Pad
