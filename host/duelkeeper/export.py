"""The play log in other tools' formats: CSV, JSON lines, BG Stats and BGG play XML.

Each format is a function from stored games to text (FORMATS). docs/play-log.md gives
the columns and fields, and the choices made where a format has no place for something:
7 Wonders Duel's score categories, for instance, go into the play's comments for BG Stats
and BGG, one line per player, because neither has per-player fields for them.
"""

import csv
import html
import io
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple
from urllib.parse import quote

from duelkeeper.entry import minutes, utc
from duelkeeper.errors import DuelkeeperError
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


def to_csv(games: Sequence[Game], excel: bool = False) -> str:
    """One row per game and player; the categories of every game kind present. ``excel``:
    a UTF-8 byte order mark first, by which Excel reads the file as UTF-8 on a
    double-click (without one it takes the system's code page: Кира and 花子 garbled)."""
    present = [k for k in KINDS.values() if any(g.game == k.name for g in games)]
    categories = [c for k in present for c in k.categories[:-1]]  # the last is `score`
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["id", "date", "game", "seat", "player", "opponent", "started", "result", "victory"]
        + ["score_only", "location", "length", "comments", "score", *categories]
    )
    for g in games:
        k = kind(g.game)
        result = g.result
        first = _first(g)
        meta = _meta(g)
        length = minutes(meta)
        for seat in (0, 1):
            scores = {} if g.quick == WINNER else k.scores(result, seat)
            row = (
                [g.id, g.date, g.game, seat, g.players[seat], g.players[1 - seat]]
                + [int(first == seat), _RESULT[g.outcome(seat)], g.victory or ""]
                + [int(g.score_only), _text(meta, "location"), "" if length is None else length]
                + [_text(meta, "comments"), scores.get(k.categories[-1], "")]
                + [scores.get(c, "") for c in categories]
            )
            writer.writerow([_cell(c) for c in row])
    return ("\ufeff" if excel else "") + out.getvalue()


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


# BG Stats' way in from another app: one play, as JSON, in the ``data`` parameter of
# this page, which hands it to the app (docs/play-log.md, "bgstats", says where from).
BGSTATS_URL = "https://app.bgstatsapp.com/createPlay.html"
BGSTATS_DATE = "%Y-%m-%d %H:%M:%S"  # playDate: UTC, as BG Stats wants it


def bgstats_play(game: Game, ids: Mapping[str, str]) -> dict[str, Any]:
    """One play as BG Stats' push format has it; ``ids``: the players' stable ids
    (players.identities). Raises DuelkeeperError for a game without a date."""
    k = kind(game.game)
    meta = _meta(game)
    when = utc(meta)
    if when is None:
        raise DuelkeeperError(
            "game %s has no date, and BG Stats takes no play without one: "
            "`--since 1970-01-01` leaves the undated games out" % game.id
        )
    first = _first(game)
    play: dict[str, Any] = {
        "sourceName": SOURCE,
        "sourcePlayId": game.id,
        "playDate": when.strftime(BGSTATS_DATE),
        "comments": comments(game),
        "game": {
            "sourceGameId": game.game,
            "name": k.title,
            "bggId": k.bgg_id,
            "highestWins": True,
            "noPoints": False,
        },
        "players": [],
    }
    location = _text(meta, "location")
    if location:
        play["location"] = location
    length = minutes(meta)
    if length is not None:
        play["durationMin"] = length
    for seat in (0, 1):
        name = game.players[seat]
        player: dict[str, Any] = {
            "sourcePlayerId": ids.get(name) or "duelkeeper-seat-%d" % (seat + 1),
            "name": shown(game.names[seat]),
            "winner": game.outcome(seat) >= 0,
            "rank": 2 if game.outcome(seat) < 0 else 1,
            "startPlayer": first == seat,
        }
        if game.quick != WINNER:  # no counts: no score, not 0
            player["score"] = game.totals[seat]
        play["players"].append(player)
    return play


def bgstats_link(play: dict[str, Any]) -> str:
    """The link that hands ``play`` to BG Stats: its JSON, percent-encoded, as ``data``."""
    data = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return "%s?data=%s" % (BGSTATS_URL, quote(data, safe=""))


def to_bgstats(games: Sequence[Game], ids: Mapping[str, str]) -> str:
    """An HTML page of BG Stats links, one a play, each with its QR code: a phone with BG
    Stats opens a link (tapped, or its code scanned) and is offered the play. Every game
    is checked first: one without a date stops the export (bgstats_play)."""
    import segno  # only this format draws QR codes

    rows = []
    for game in games:
        link = bgstats_link(bgstats_play(game, ids))
        title = "%s, %s vs %s, %s" % (kind(game.game).title, *game.names, game.date)
        code = segno.make(link, error="l").svg_inline(scale=3, title=game.id)
        rows.append(
            '<li id="%s"><a href="%s">%s</a><br>%s</li>'
            % (html.escape(game.id), html.escape(link), html.escape(title), code)
        )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width">'
        "<title>duelkeeper: plays for BG Stats</title></head>\n<body>\n"
        "<h1>Plays for BG Stats</h1>\n<p>%d play%s. Open a link on the phone or tablet that "
        "has BG Stats (or scan its code): BG Stats shows the play to save.</p>\n"
        "<ol>\n%s\n</ol>\n</body></html>\n"
        % (len(rows), "" if len(rows) == 1 else "s", "\n".join(rows))
    )


# What XML 1.0 cannot hold, even escaped: controls but tab and new lines, surrogates,
# U+FFFE and U+FFFF (a log filled before names were checked may hold them).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml(text: str) -> str:
    """``text`` as XML holds it: what it cannot hold, as Python escapes."""
    return _NOT_XML.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def _bgg_play(game: Game) -> ET.Element:
    """One <play> as BGG's plays API writes it: attributes and elements in its order,
    none empty (what is not known is left out)."""
    k = kind(game.game)
    meta = _meta(game)
    first = _first(game)
    play = ET.Element("play", id=game.id)  # the record's id: a play read back names its game
    if game.date:
        play.set("date", game.date[:10])
    play.set("quantity", "1")
    play.set("length", str(minutes(meta) or 0))  # BGG's own 0: not entered
    play.set("incomplete", "0")
    play.set("nowinstats", "0")
    location = _xml(_text(meta, "location"))
    if location:
        play.set("location", location)
    item = ET.SubElement(play, "item", name=k.title, objecttype="thing", objectid=str(k.bgg_id))
    ET.SubElement(ET.SubElement(item, "subtypes"), "subtype", value="boardgame")
    ET.SubElement(play, "comments").text = _xml(comments(game))
    players = ET.SubElement(play, "players")
    for seat in (0, 1):
        player = ET.SubElement(players, "player", userid="0", name=_xml(shown(game.names[seat])))
        if first is not None:
            player.set("startposition", str(1 + (seat != first)))
        if game.quick != WINNER:
            player.set("score", str(game.totals[seat]))
        player.set("new", "0")
        player.set("rating", "0")
        player.set("win", str(int(game.outcome(seat) >= 0)))
    return play


def to_bgg(games: Sequence[Game], username: str = SOURCE) -> str:
    """BoardGameGeek play XML in the shape of BGG's plays API (``/xmlapi2/plays``): the
    user's plays, all on one page, one <play> per game."""
    root = ET.Element("plays", username=_xml(username), userid="0", total=str(len(games)), page="1")
    root.extend(_bgg_play(g) for g in games)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


class Options(NamedTuple):
    """What some formats need beyond the games."""

    ids: Mapping[str, str] = {}  # bgstats: the players' stable ids (players.identities)
    excel: bool = False  # csv: a byte order mark first (to_csv)
    username: str = SOURCE  # bgg: the user the plays are for


FORMATS: dict[str, Callable[[Sequence[Game], Options], str]] = {
    "csv": lambda games, o: to_csv(games, o.excel),
    "jsonl": lambda games, o: to_jsonl(games),
    "bgstats": lambda games, o: to_bgstats(games, o.ids),
    "bgg": lambda games, o: to_bgg(games, o.username),
}
