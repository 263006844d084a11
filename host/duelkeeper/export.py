"""The play log in other tools' formats: CSV, JSON lines, BG Stats and BGG play XML.

Each format is a function from stored games to text (FORMATS). docs/play-log.md gives
the columns and fields, and the choices made where a format has no place for something:
7 Wonders Duel's score categories, for instance, go into the play's comments for BG Stats
and BGG, one line per player, because neither has per-player fields for them.
"""

import csv
import io
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from typing import Any

from duelkeeper.entry import UNKNOWN, moment, playing_time
from duelkeeper.kinds import KINDS, WINNER, kind
from duelkeeper.kinds import summary as score_line
from duelkeeper.log import Game
from duelkeeper.textable import shown

SOURCE = "duelkeeper"
_RESULT = {1: "win", 0: "draw", -1: "loss"}


def summary(game: Game) -> dict[str, Any]:
    """The short form of a game (``duelkeeper games --json``)."""
    return {
        "id": game.id,
        "game": game.game,
        "date": game.date or None,
        "players": list(game.players),
        "scores": None if game.quick == WINNER else list(game.totals),
        "winner": game.winner,
        "victory": game.victory,
        "score_only": game.score_only,
    }


def _meta(game: Game) -> dict[str, Any]:
    meta = game.record.get("meta")
    return meta if isinstance(meta, dict) else {}


def _text(meta: dict[str, Any], key: str) -> str:
    """Free text from meta (never checked on the way in), its lines kept and each shown
    safely: exports reach terminals, and XML cannot hold control characters."""
    value = meta.get(key)
    return "\n".join(shown(line) for line in value.split("\n")) if isinstance(value, str) else ""


def _first(game: Game) -> int | None:
    """The seat that started, from the setup."""
    first = game.record.get("setup", {}).get("first")
    return first if first in (0, 1) else None


def _minutes(meta: dict[str, Any]) -> int | None:
    """The game's length: meta.seconds (the playing time the device measured), else the
    time from meta.started to meta.ended; None when neither is there."""
    seconds = playing_time(meta)  # None also for a log filled before it was checked
    if seconds is not None:
        return round(seconds / 60)
    start, end = moment(meta.get("started")), moment(meta.get("ended"))
    if start is None or end is None or end < start:
        return None
    return round((end - start).total_seconds() / 60)


def comments(game: Game) -> str:
    """The play's comments: outcome, each player's categories, the record's own comments."""
    k = kind(game.game)
    result = game.result
    names = [shown(n) for n in game.players]
    outcome = "shared win" if game.winner is None else "%s wins" % names[game.winner]
    if game.victory:
        outcome += " (%s)" % game.victory
    if game.score_only:
        outcome += ", score only"
    lines = ["%s game %s: %s" % (SOURCE, game.id, outcome)]
    lines += ["%s: %s" % (names[s], score_line(k, result, s)) for s in (0, 1)]
    own = _text(_meta(game), "comments")
    return "\n".join(lines + ([own] if own else []))


def to_csv(games: Sequence[Game]) -> str:
    """One row per game and player; the categories of every game kind present."""
    present = [k for k in KINDS.values() if any(g.game == k.name for g in games)]
    categories = [c for k in present for c in k.categories[:-1]]  # the last is `score`
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["id", "date", "game", "seat", "player", "opponent", "started", "result", "victory"]
        + ["score_only", "score", *categories]
    )
    for g in games:
        k = kind(g.game)
        result = g.result
        first = _first(g)
        for seat in (0, 1):
            scores = {} if g.quick == WINNER else k.scores(result, seat)
            row = (
                [g.id, g.date, g.game, seat, g.players[seat], g.players[1 - seat]]
                + [int(first == seat), _RESULT[g.outcome(seat)], g.victory or ""]
                + [int(g.score_only), scores.get(k.categories[-1], "")]
                + [scores.get(c, "") for c in categories]
            )
            writer.writerow([_cell(c) for c in row])
    return out.getvalue()


# What makes a spreadsheet read a cell as a formula (OWASP's CSV injection list).
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> object:
    """A CSV cell: text a spreadsheet would run as a formula gets a ``'`` first (shown as
    text, as OWASP advises), and what a terminal acts on is shown as escapes."""
    if not isinstance(value, str):
        return value
    return "'" + shown(value) if value.startswith(_FORMULA) else shown(value)


def to_jsonl(games: Sequence[Game]) -> str:
    """The records, one per line, as stored (``duelkeeper import`` reads them back)."""
    return "".join(g.record_json + "\n" for g in games)


def _bgstats_play(game: Game) -> dict[str, Any]:
    k = kind(game.game)
    meta = _meta(game)
    first = _first(game)
    play: dict[str, Any] = {
        "sourceName": SOURCE,
        "sourcePlayId": game.id,
        "playDate": game.date,  # left out below when unknown
        "location": _text(meta, "location"),
        "comments": comments(game),
        "board": "",
        "game": {
            "sourceGameId": game.game,
            "name": k.title,
            "bggId": k.bgg_id,
            "highestWins": True,
            "noPoints": False,
        },
        "players": [
            {
                "sourcePlayerId": shown(game.players[seat]),
                "name": shown(game.players[seat]),
                "score": game.totals[seat],
                "winner": game.outcome(seat) >= 0,
                "rank": 2 if game.outcome(seat) < 0 else 1,
                "startPlayer": first == seat,
                "role": "",
            }
            for seat in (0, 1)
        ],
    }
    if game.date == UNKNOWN:
        del play["playDate"]
    if game.quick == WINNER:  # no counts: no score, not 0
        for player in play["players"]:
            del player["score"]
    minutes = _minutes(meta)
    if minutes is not None:
        play["durationMin"] = minutes
    return play


def to_bgstats(games: Sequence[Game]) -> str:
    """A JSON array of plays, each in BG Stats' documented import format for one play."""
    return json.dumps([_bgstats_play(g) for g in games], indent=2, ensure_ascii=False) + "\n"


# What XML 1.0 cannot hold, even escaped: controls but tab and new lines, surrogates,
# U+FFFE and U+FFFF (a log filled before names were checked may hold them).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml(text: str) -> str:
    """``text`` as XML holds it: what it cannot hold, as Python escapes."""
    return _NOT_XML.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def _bgg_play(game: Game) -> ET.Element:
    k = kind(game.game)
    meta = _meta(game)
    first = _first(game)
    play = ET.Element(
        "play",
        date=game.date[:10],  # empty when unknown
        quantity="1",
        length=str(_minutes(meta) or 0),
        incomplete="0",
        nowinstats="0",
        location=_text(meta, "location"),
    )
    item = ET.SubElement(play, "item", name=k.title, objecttype="thing", objectid=str(k.bgg_id))
    ET.SubElement(ET.SubElement(item, "subtypes"), "subtype", value="boardgame")
    players = ET.SubElement(play, "players")
    for seat in (0, 1):
        ET.SubElement(
            players,
            "player",
            username="",
            userid="0",
            name=_xml(shown(game.players[seat])),
            startposition="" if first is None else str(1 + (seat != first)),
            color="",
            score="" if game.quick == WINNER else str(game.totals[seat]),
            new="0",
            rating="0",
            win=str(int(game.outcome(seat) >= 0)),
        )
    ET.SubElement(play, "comments").text = _xml(comments(game))
    return play


def to_bgg(games: Sequence[Game]) -> str:
    """BoardGameGeek play XML (the shape of BGG's plays API), one <play> per game."""
    root = ET.Element("plays")
    root.extend(_bgg_play(g) for g in games)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


FORMATS: dict[str, Callable[[Sequence[Game]], str]] = {
    "csv": to_csv,
    "jsonl": to_jsonl,
    "bgstats": to_bgstats,
    "bgg": to_bgg,
}
