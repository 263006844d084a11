"""The games the device plays: their ids as records name them (duelcore.games, the
core's table), and their names."""

from duelcore.games import GAMES

from .lang import word

__all__ = ("GAMES", "NAMES")
NAMES = (word("7 Wonders Duel"), word("Splendor Duel"), word("Antike Duellum"))
