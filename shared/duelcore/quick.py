"""The quick score: a game not tracked turn by turn, filed from its final counts.

docs/record-quick-score.md describes the record: a setup with ``"score_only": true``
and, as its only events, ``["score", p, {field: n}]`` once per player (the counts the
game's own score pad asks, ``fields(game)``) or one ``["won", p, victory]`` (a victory
entered without counts, ``wins(game)``). The second score ends the game; the core, not
the players, decides the winner and the victory from the counts.

Each game's ``pad`` module subclasses duelcore.pad's Quick with its fields, their ranges
and the rules that read them (``check`` one player's counts, ``decide`` the winner from
both).
"""

from .engine import game_class

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from .pad import Quick


def fields(game: str) -> list:
    """The counts a quick score of ``game`` asks per player, in the score pad's order:
    ``[(name, low, high), ...]`` (RecordError for an unknown game)."""
    pad = _pad(game)
    names = pad.FIELDS.split()
    out = []
    for i in range(len(names)):
        out.append((names[i], pad.LOW[i], pad.HIGH[i]))
    return out


def choices(game: str, name: str) -> "tuple | None":
    """The only values field ``name`` of ``game`` takes, where they are a few spread over
    its range (7WD's military: 0, 2, 5, 10); None where any whole number in range goes."""
    return _pad(game).CHOICES.get(name)


def start(game: str) -> tuple:
    """Where the screen starts each field's number: a typical count of a game won on
    points, so that a player steps from near it, not from 0 (each field's least where the
    pad names none)."""
    pad = _pad(game)
    return pad.START or pad.LOW


def stride(game: str, name: str) -> int:
    """What a long UP/DOWN adds to field ``name`` on the screen: 5, or the pad's own step
    where the game's points come in it (7WD's commercial points, 3 a card)."""
    return _pad(game).STRIDE.get(name, 5)


def wins(game: str) -> list:
    """The victories a quick score of ``game`` may name without counts (``won``)."""
    return _pad(game).WINS.split()


def _pad(game: str) -> "type[Quick]":
    return game_class(game, True)  # type: ignore[return-value]  # a pad's Game is a Quick
