"""The games the device plays: their ids as records name them, and their names."""

from .lang import word

GAMES = ("7wd", "splendor-duel", "antike-duellum")
NAMES = (word("7 Wonders Duel"), word("Splendor Duel"), word("Antike Duellum"))
