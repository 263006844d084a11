"""Antike Duellum: the rules core (see docs/antike-duellum.md).

Modules: layout (where each count lives), tables (fixed numbers and names), parse
(argument checks), rules (Game: turn structure and the verbs), codes (events as small
ints for the engine's log), cards (the 25 event cards), result (the replay result),
legal (the events accepted now), queries (what a player still needs, what things cost
now), vocabulary (the words of the flash codec). legal, queries and result load on first
use, vocabulary when a record is packed.
"""

from .rules import Game

__all__ = ("Game", "words", "HELPERS")

# Modules loaded for one moment (a picker's legal events, an event's code, an event
# card's effect, the result a frame shows, a refusal's words, packing): a device may
# unload them after it (firmware.unload_helpers), and Game imports them again when asked.
HELPERS = ("legal", "codes", "cards", "result", "queries", "why", "vocabulary")


def words() -> tuple:
    """The words the flash codec (duelcore.pack) numbers: the verbs first, then the
    other names events use. Append-only, forever: see vocabulary.py."""
    from .vocabulary import WORDS

    return WORDS
