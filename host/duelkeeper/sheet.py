"""The score sheet of one stored game, and its timeline event by event.

The timeline replays the record one event at a time on a duelcore Match (built from the
setup alone) and reads the game's series (kinds.Kind.series) after each event: coins,
conflict and points for 7 Wonders Duel, points and crowns for Splendor Duel,
personalities and cities for Antike Duellum. One pass: each prefix is the Match as it
stands after that event, with no replay from the start.

Text (``render``) names components in the language asked for (``--lang``,
duelkeeper.names) and tells events as the device does (duelkeeper.told); the sheet as
data (``show --json``) keeps the record's ids.
"""

from typing import Any, NamedTuple

from duelcore import Match
from duelkeeper.entry import date_shown, minutes
from duelkeeper.kinds import WINNER, kind
from duelkeeper.log import Game, seat_names
from duelkeeper.names import Words
from duelkeeper.textable import shown, table
from duelkeeper.told import tell


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


def sheet(game: Game, told: str | None = None) -> dict[str, Any]:
    """The score sheet as data (``show --json``). A quick score (``score_only``) has no
    timeline, and with the winner only no scores either (docs/record-quick-score.md).
    With ``told`` (a language), each timeline row also says its event as the device
    tells it (duelkeeper.told), for ``render``."""
    k = kind(game.game)
    result = game.result
    scores = [k.scores(result, 0), k.scores(result, 1)]
    meta = game.record.get("meta")
    meta = meta if isinstance(meta, dict) else {}
    out: dict[str, Any] = {
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
        "location": _said(meta, "location"),
        "comments": _said(meta, "comments"),
        "minutes": minutes(meta),
        "timeline": None if game.score_only else _rows(timeline(game.record, game.names)),
    }
    if told is not None and out["timeline"] is not None:
        said = ["setup", *tell(game.record, game.names, told)]
        for row, text in zip(out["timeline"]["rows"], said, strict=True):
            row["told"] = text
    return out


def _said(meta: dict[str, Any], key: str) -> str | None:
    """Free text of meta (location, comments), or None where there is none."""
    value = meta.get(key)
    return value if isinstance(value, str) and value else None


def _rows(line: Timeline) -> dict[str, Any]:
    return {
        "labels": line.labels,
        "rows": [{"event": e, "values": v} for e, v in zip(line.events, line.values, strict=True)],
    }


def label(text: str, words: Words) -> str:
    """A series' label or a score category with its first word named: ``coins Ann``."""
    first, space, rest = text.partition(" ")
    return words.word(first) + space + rest


def render(data: dict[str, Any], lang: str = "en") -> str:
    """A sheet (from ``sheet`` with ``told=lang``) as text: header, scores by category,
    timeline; its words in ``lang``, events as the device tells them."""
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
    for key, said in (("location", data["location"]), ("comments", data["comments"])):
        if said is not None:
            head += "\n%s: %s" % (key, " / ".join(shown(line) for line in said.split("\n")))
    if data["minutes"] is not None:
        head += "\nlength: %d min" % data["minutes"]
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
                    ["-" if i == 0 else i - 1, row["told"]] + row["values"]
                    for i, row in enumerate(line["rows"])
                ],
            )
        )
    return "\n\n".join(parts)
