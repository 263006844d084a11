"""What the PC knows of each game, one package a game: duelkeeper.games.<p>, named as
its core's package duelcore.<p> (and as firmware/games/<p>/), and found from it
(``of``). The games are duelcore.games' table: nothing lists them here
(docs/firmware.md, "Adding a game").

A game's package holds what its ``Game`` protocol below says, and the names of its
components, ``<lang>.tsv`` beside it for each language that names them
(duelkeeper.names). kinds.py and names.py read them; tools/make_lang.py too.
"""

import importlib
from typing import Protocol, cast

from duelcore.games import core

# A category's or a series' value in a result: the keys that lead to it.
Path = tuple[str, ...]


class Game(Protocol):
    """A game's package, as the PC reads it."""

    # What the log calls it: its published name (BGG, BG Stats) and BoardGameGeek's id.
    TITLE: str
    BGG_ID: int
    # Score categories in sheet order; the last one is the total a player is ranked by.
    CATEGORIES: tuple[str, ...]
    # The values a timeline follows: (label, seat, path), "{0}"/"{1}" in a label for the
    # players' names, the seat None for a value of the whole result.
    SERIES: tuple[tuple[str, int | None, Path], ...]
    # How a category sits in the one-line summary of a player ("14 civilian").
    UNIT: str

    def where(self, category: str) -> Path:
        """Where a category lies in a player's result."""

    def components(self) -> list[str]:
        """Every component id a player may see named, from the core's own lists."""

    def collated(self) -> list[list[str]]:
        """The lists of components the device sorts by their names (tools/make_lang.py)."""


def package(game: str) -> str:
    """The name of ``game``'s package ("duelkeeper.games.sevenwonders"); RecordError for
    a game duelcore.games does not know."""
    return "%s.%s" % (__name__, core(game).__name__.rpartition(".")[2])


def of(game: str) -> Game:
    """``game``'s package (``package``)."""
    return cast(Game, importlib.import_module(package(game)))
