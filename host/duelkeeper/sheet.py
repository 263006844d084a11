"""The score sheet of one stored game, and its timeline event by event.

The timeline replays the record one event at a time on a duelcore Match (built from the
setup alone) and reads the game's series (kinds.Kind.series) after each event: coins,
conflict and points for 7 Wonders Duel, points and crowns for Splendor Duel,
personalities and cities for Antike Duellum. One pass: each prefix is the Match as it
stands after that event, with no replay from the start.

Text (``render``, ``describe``) may name components in another language (``--lang``,
duelkeeper.names); the sheet as data (``show --json``) keeps the record's ids.
"""

import json
from typing import Any, NamedTuple

from duelcore import Match
from duelkeeper.entry import date_shown
from duelkeeper.kinds import WINNER, kind
from duelkeeper.log import Game, seat_names
from duelkeeper.names import Words
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
    """The score sheet as data (``show --json``). A quick score (``score_only``) has no
    timeline, and with the winner only no scores either (docs/record-quick-score.md)."""
    k = kind(game.game)
    result = game.result
    scores = [k.scores(result, 0), k.scores(result, 1)]
    return {
        "id": game.id,
        "game": game.game,
        "title": k.title,
        "date": game.date or None,
        "players": list(game.players),
        "winner": game.winner,
        "victory": game.victory,
        "score_only": game.score_only,
        "scores": None
        if game.quick == WINNER
        else {c: [scores[0][c], scores[1][c]] for c in k.categories},
        "timeline": None if game.score_only else _rows(timeline(game.record, game.names)),
    }


def _rows(line: Timeline) -> dict[str, Any]:
    return {
        "labels": line.labels,
        "rows": [{"event": e, "values": v} for e, v in zip(line.events, line.values, strict=True)],
    }


def label(text: str, words: Words) -> str:
    """A series' label or a score category with its first word named: ``coins Ann``."""
    first, space, rest = text.partition(" ")
    return words.word(first) + space + rest


def describe(event: list[Any] | None, players: list[str], words: Words | None = None) -> str:
    """``build Ann lumber-yard`` for ``["build", 0, "lumber-yard"]``; with ``words`` in
    Japanese, ``建設 Ann 伐採場`` (objects as JSON, their component ids named too)."""
    if event is None:
        return "setup"
    verb, who, *args = event
    if words is not None and words.lang != "en":
        verb, args = words.word(str(verb)), words.value(args)
    ascii_only = words is None or words.lang == "en"
    out = [str(verb), players[who] if who in (0, 1) else str(who)]
    out += [
        a if isinstance(a, str) else json.dumps(a, separators=(",", ":"), ensure_ascii=ascii_only)
        for a in args
    ]
    return " ".join(out)


def render(data: dict[str, Any], lang: str = "en") -> str:
    """A sheet (from ``sheet``) as text: header, scores by category, timeline; component
    names in ``lang`` (English: the record's ids, as always)."""
    words = Words(data["game"], lang)
    players = list(seat_names(data["players"]))  # a seat nobody named as "Player 1"
    winner = data["winner"]
    outcome = ("shared win" if winner is None else "%s wins" % players[winner]) + (
        " (%s)" % data["victory"] if data["victory"] else ""
    )
    head = shown("%s  %s  %s" % (data["title"], data["id"], date_shown(data["date"] or "")))
    head += "\n" + shown("%s vs %s: %s" % (players[0], players[1], outcome))
    if data["score_only"]:
        head += "\nscore only: entered after the game, not tracked turn by turn"
    parts = [head]
    if data["scores"] is None:
        parts.append("no counts entered: the winner only")
    else:
        rows = [[label(c, words), *v] for c, v in data["scores"].items()]
        parts.append(table(["", *players], rows))
    line = data["timeline"]
    if line is not None:
        parts.append(
            table(
                ["#", "event", *(label(t, words) for t in line["labels"])],
                [
                    ["-" if i == 0 else i - 1, describe(row["event"], players, words)]
                    + row["values"]
                    for i, row in enumerate(line["rows"])
                ],
            )
        )
    return "\n\n".join(parts)
