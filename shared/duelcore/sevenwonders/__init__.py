"""7 Wonders Duel (base game)."""

from . import cards, codes
from .rules import Game

__all__ = ("Game", "cards", "codes", "quick", "words")


def quick() -> type:
    """The quick score's Game (pad.py), imported when a quick score is played."""
    from .pad import Game as Pad

    return Pad


def words() -> None:
    """7 Wonders Duel lists no codec words: the flash codec (duelcore.pack) numbers its
    verbs, and its cards, wonders and tokens by the card tables themselves."""
    return None
