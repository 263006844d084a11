"""What each game kind's replay result means to the play log.

The log, the score sheet, the stats and the exports all need the same few facts about a
result: a player's total, the score categories behind it, the values worth following
event by event, and the names other tools know the game by. They are read here, in one
place per game, so a change in a core's result touches one table.
"""

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

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


_7WD_CATEGORIES = (
    "civilian science commercial guilds wonders progress coins military total"
).split()
_GEMS = ("white", "blue", "green", "red", "black")
_PERSONALITIES = ("king", "scholar", "citizen", "general", "navigator")


def _seven_wonders(player: Mapping[str, Any], category: str) -> int:
    return _get(player, "score", category)


def _splendor(player: Mapping[str, Any], category: str) -> int:
    if category in _GEMS:
        return _get(player, "color_points", category)
    return _get(player, category)


def _antike(player: Mapping[str, Any], category: str) -> int:
    if category in ("cities", "temples"):
        return _get(player, category)
    return _get(player, "personalities", category)


def _of(seat: int, *path: str) -> Callable[[Result], int]:
    return lambda result: _get(_player(result, seat), *path)


KINDS = {
    k.name: k
    for k in (
        Kind(
            "7wd",
            "7 Wonders Duel",
            173346,
            tuple(_7WD_CATEGORIES),
            _seven_wonders,
            (
                ("coins {0}", _of(0, "coins")),
                ("coins {1}", _of(1, "coins")),
                ("conflict", lambda result: _get(result, "conflict")),
                ("points {0}", _of(0, "score", "total")),
                ("points {1}", _of(1, "score", "total")),
            ),
            "points",
        ),
        Kind(
            "splendor-duel",
            "Splendor Duel",
            364073,
            ("crowns", *_GEMS, "points"),
            _splendor,
            (
                ("points {0}", _of(0, "points")),
                ("points {1}", _of(1, "points")),
                ("crowns {0}", _of(0, "crowns")),
                ("crowns {1}", _of(1, "crowns")),
            ),
            "points",
        ),
        Kind(
            "antike-duellum",
            "Antike Duellum",
            104955,
            ("cities", "temples", *_PERSONALITIES, "total"),
            _antike,
            (
                ("personalities {0}", _of(0, "personalities", "total")),
                ("personalities {1}", _of(1, "personalities", "total")),
                ("cities {0}", _of(0, "cities")),
                ("cities {1}", _of(1, "cities")),
            ),
            "personalities",
        ),
    )
}


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
