"""Splendor Duel: the rules core (docs/splendor-duel.md).

``Game`` is the protocol of duelcore.engine; ``cards`` holds the card table;
``words()`` the words of the flash codec (duelcore.pack), loaded only to pack.
"""

from .rules import Game

__all__ = ("Game", "words", "HELPERS")

# Modules loaded for one moment (a picker's legal events, an event's code, a price or a
# threat a frame shows, a descriptor, a refusal's words, packing): a device may unload
# them after it (firmware.unload_helpers), and Game imports them again when asked.
HELPERS = ("moves", "codes", "queries", "names", "why", "vocabulary")


def words() -> tuple:
    """The words the flash codec (duelcore.pack) numbers: the verbs first, then the
    other names events use. Append-only, forever: see vocabulary.py."""
    from .vocabulary import WORDS

    return WORDS
