"""Antike Duellum: the rules core (see docs/antike-duellum.md).

Modules: layout (where each count lives), tables (fixed numbers and names), parse
(argument checks), rules (Game: turn structure and the verbs), cards (the 25 event
cards), result (the replay result), legal (the events accepted now), queries (what a
player still needs, what things cost now). legal, queries and result load on first use.
"""

from .rules import Game

__all__ = ("Game",)
