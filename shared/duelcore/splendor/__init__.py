"""Splendor Duel: the rules core (docs/splendor-duel.md).

``Game`` is the protocol of duelcore.engine; ``cards`` holds the card table.
"""

from .rules import Game

__all__ = ("Game",)
