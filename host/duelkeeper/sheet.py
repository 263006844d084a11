"""The score sheet of one stored game, and its timeline event by event.

The timeline replays the record one event at a time on a duelcore Match (built from the
setup alone) and reads the game's series (kinds.Kind.series) after each event: coins,
conflict and points for 7 Wonders Duel, points and crowns for Splendor Duel,
personalities and cities for Antike Duellum. One pass: each prefix is the Match as it
stands after that event, with no replay from the start.
"""

import json
from typing import Any, NamedTuple

from duelcore import Match
from duelkeeper.entry import date_shown
from duelkeeper.kinds import kind
from duelkeeper.log import Game
from duelkeeper.textable import shown, table


class Timeline(NamedTuple):
    labels: list[str]  # one per series, with the players' names filled in
    events: list[list[Any]]  # None first: the setup, before any event
    values: list[list[int]]  # values[i]: the series after events[i]


def timeline(record: dict[str, Any], players: tuple[str, str]) -> Timeline:
    """The record replayed event by event; ``players``: the log's names (renames kept)."""
    k = kind(record["game"])
    match = Match(dict(record, events=[]))
    events: list[Any] = [None]
    values = [[read(match.result()) for _, read in k.series]]
    for event in record.get("events", []):
        match.play(event)
        events.append(event)
        values.append([read(match.result()) for _, read in k.series])
    return Timeline([label.format(*players) for label, _ in k.series], events, values)


def sheet(game: Game) -> dict[str, Any]:
    """The score sheet as data (``show --json``)."""
    k = kind(game.game)
    result = game.result
    scores = [k.scores(result, 0), k.scores(result, 1)]
    line = timeline(game.record, game.players)
    return {
        "id": game.id,
        "game": game.game,
        "title": k.title,
        "date": game.date or None,
        "players": list(game.players),
        "winner": game.winner,
        "victory": game.victory,
        "scores": {c: [scores[0][c], scores[1][c]] for c in k.categories},
        "timeline": {
            "labels": line.labels,
            "rows": [
                {"event": e, "values": v} for e, v in zip(line.events, line.values, strict=True)
            ],
        },
    }


def describe(event: list[Any] | None, players: list[str]) -> str:
    """``build Ann lumber-yard`` for ``["build", 0, "lumber-yard"]``."""
    if event is None:
        return "setup"
    verb, who, *args = event
    words = [str(verb), players[who] if who in (0, 1) else str(who)]
    words += [a if isinstance(a, str) else json.dumps(a, separators=(",", ":")) for a in args]
    return " ".join(words)


def render(data: dict[str, Any]) -> str:
    """A sheet (from ``sheet``) as text: header, scores by category, timeline."""
    players = data["players"]
    winner = data["winner"]
    outcome = ("shared win" if winner is None else "%s wins" % players[winner]) + (
        " (%s)" % data["victory"] if data["victory"] else ""
    )
    head = shown("%s  %s  %s" % (data["title"], data["id"], date_shown(data["date"] or "")))
    head += "\n" + shown("%s vs %s: %s" % (players[0], players[1], outcome))
    scores = table(["", *players], [[c, *v] for c, v in data["scores"].items()])
    line = data["timeline"]
    steps = table(
        ["#", "event", *line["labels"]],
        [
            ["-" if i == 0 else i - 1, describe(row["event"], players), *row["values"]]
            for i, row in enumerate(line["rows"])
        ],
    )
    return "\n\n".join([head, scores, steps])
