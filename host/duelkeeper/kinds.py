"""What each game kind's replay result means to the play log.

The log, the score sheet, the stats and the exports all need the same few facts about a
result: a player's total, the score categories behind it, the values worth following
event by event, and the names other tools know the game by. They are read here, from
what each game's package says of its result (duelkeeper.games), so a change in a core's
result touches that package alone.
"""

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from duelcore.games import GAMES
from duelkeeper import games
from duelkeeper.games import Path

Result = Mapping[str, Any]


def _get(data: Any, *path: str) -> int:
    """A number inside a result; 0 where the core does not report it (yet)."""
    for key in path:
        if not isinstance(data, Mapping):
            return 0
        data = data.get(key)
    return data if isinstance(data, int) and not isinstance(data, bool) else 0


def _player(result: Result, seat: int) -> Mapping[str, Any]:
    players = result.get("players")
    player = players[seat] if isinstance(players, list) and len(players) == 2 else None
    return player if isinstance(player, Mapping) else {}


class Kind(NamedTuple):
    """One game kind as the log sees it."""

    name: str  # the record's "game"
    title: str  # the published name (BGG, BG Stats)
    bgg_id: int
    # Score categories in sheet order; the last one is the total a player is ranked by.
    categories: tuple[str, ...]
    # Reads one category of one player's result.
    category: Callable[[Mapping[str, Any], str], int]
    # The values a timeline follows, as (label, read(result)); "{0}"/"{1}" in a label stand
    # for the players' names.
    series: tuple[tuple[str, Callable[[Result], int]], ...]
    # How a category sits in the one-line summary of a player ("14 civilian").
    unit: str

    def total(self, result: Result, seat: int) -> int:
        return self.category(_player(result, seat), self.categories[-1])

    def scores(self, result: Result, seat: int) -> dict[str, int]:
        player = _player(result, seat)
        return {c: self.category(player, c) for c in self.categories}


def _of(seat: int | None, path: Path) -> Callable[[Result], int]:
    if seat is None:
        return lambda result: _get(result, *path)
    return lambda result: _get(_player(result, seat), *path)


def _kind(name: str) -> Kind:
    """The kind of game ``name``, from its package (duelkeeper.games)."""
    game = games.of(name)
    return Kind(
        name,
        game.TITLE,
        game.BGG_ID,
        game.CATEGORIES,
        lambda player, category: _get(player, *game.where(category)),
        tuple((label, _of(seat, path)) for label, seat, path in game.SERIES),
        game.UNIT,
    )


KINDS = {name: _kind(name) for name in GAMES}


# How a game was entered (docs/record-quick-score.md): the log's ``quick`` column.
TURNS = 0  # turn by turn
SCORE = 1  # a quick score: the score pad's counts
WINNER = 2  # a quick score: the winner and the victory only, no counts


def entered(result: Result) -> int:
    """TURNS, SCORE or WINNER for a replay result."""
    if not result.get("score_only"):
        return TURNS
    players = result.get("players")
    return SCORE if isinstance(players, list) and any(players) else WINNER


def kind(name: str) -> Kind:
    """The kind called ``name``; KeyError for a game the log does not know."""
    return KINDS[name]


def summary(k: Kind, result: Result, seat: int) -> str:
    """One player's categories as text, for play comments: ``civilian 14, ... (total 49)``."""
    if entered(result) == WINNER:
        return "no counts (a quick score of the winner only)"
    scores = k.scores(result, seat)
    parts = ", ".join("%s %d" % (c, scores[c]) for c in k.categories[:-1])
    return "%s (%d %s)" % (parts, scores[k.categories[-1]], k.unit)
