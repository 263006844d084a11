"""7 Wonders Duel (base game)."""

from .game import Game

__all__ = ("Game",)
