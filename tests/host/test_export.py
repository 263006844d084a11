"""Every export format, parsed back with the standard library, holds the right values."""

import csv
import io
import json
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from pathlib import Path

import pytest
from loghelp import bgstats_plays, played

from duelkeeper import export
from duelkeeper.entry import utc
from duelkeeper.errors import DuelkeeperError
from duelkeeper.kinds import kind
from duelkeeper.log import Game, Log
from duelkeeper.players import identities, rename

META = {
    "started": "2026-05-01T20:00:00",
    "ended": "2026-05-01T20:35:00",
    "location": "Kitchen table",
    "comments": "close one",
}


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[Game]:
    path = tmp_path_factory.mktemp("export") / "log.sqlite3"
    with Log.open(path) as log:
        log.add(played("7wd", 1, players=["Ann", "Bob"], meta=META))
        log.add(played("splendor-duel", 1, players=["Cy", "Ann"], meta={"date": "2026-05-02"}))
        return list(log.games())


def seven(games: list[Game]) -> Game:
    return next(g for g in games if g.game == "7wd")


def test_csv_one_row_per_game_and_player(games: list[Game]) -> None:
    rows = list(csv.DictReader(io.StringIO(export.to_csv(games))))
    assert len(rows) == 4
    g = seven(games)
    score = g.result["players"][1]["score"]
    bob = next(r for r in rows if r["id"] == g.id and r["player"] == "Bob")
    assert bob["opponent"] == "Ann" and bob["seat"] == "1" and bob["date"] == g.date
    assert bob["score"] == str(score["total"])
    for category in kind("7wd").categories[:-1]:
        assert bob[category] == str(score[category])
    assert bob["result"] == ("win" if g.winner == 1 else "loss")
    assert bob["started"] == str(int(g.record["setup"]["first"] == 1))
    assert bob["crowns"] == ""  # a Splendor category, empty for 7wd
    splendor = [r for r in rows if r["game"] == "splendor-duel"]
    assert {r["result"] for r in splendor} == {"win", "loss"}
    assert all(r["civilian"] == "" and r["crowns"] != "" for r in splendor)


def test_jsonl_holds_the_records(games: list[Game]) -> None:
    lines = export.to_jsonl(games).splitlines()
    assert [json.loads(line) for line in lines] == [g.record for g in games]


def test_bgstats_links_one_a_play(games: list[Game]) -> None:
    page = export.to_bgstats(games, {"Ann": "id-ann", "Bob": "id-bob", "Cy": "id-cy"})
    plays = bgstats_plays(page)
    assert len(plays) == 2 and page.count("<svg") == 2  # a QR code beside each link
    g = seven(games)
    play = next(p for p in plays if p["sourcePlayId"] == g.id)
    assert set(play) == {
        "sourceName", "sourcePlayId", "playDate", "durationMin", "location", "comments",
        "game", "players",
    }  # fmt: skip
    assert play["sourceName"] == "duelkeeper"
    # meta.ended, zone-less: this PC's local time, sent as UTC
    ended = datetime.fromisoformat(META["ended"]).astimezone(UTC)
    assert play["playDate"] == ended.strftime("%Y-%m-%d %H:%M:%S")
    assert play["durationMin"] == 35
    assert play["location"] == "Kitchen table"
    assert play["game"] == {
        "sourceGameId": "7wd",
        "name": "7 Wonders Duel",
        "bggId": 173346,
        "highestWins": True,
        "noPoints": False,
    }
    players = play["players"]
    assert [set(p) for p in players] == [
        {"sourcePlayerId", "name", "score", "winner", "rank", "startPlayer"}
    ] * 2
    assert [p["sourcePlayerId"] for p in players] == ["id-ann", "id-bob"]
    assert [p["name"] for p in players] == ["Ann", "Bob"]
    assert [p["score"] for p in players] == list(g.totals)
    assert [p["winner"] for p in players] == [g.winner == 0, g.winner == 1]
    assert [p["rank"] for p in players] == [1 + (g.winner != 0), 1 + (g.winner != 1)]
    first = g.record["setup"]["first"]
    assert [p["startPlayer"] for p in players] == [first == 0, first == 1]
    assert "close one" in play["comments"] and "civilian" in play["comments"]
    splendor = next(p for p in plays if p["game"]["sourceGameId"] == "splendor-duel")
    assert splendor["game"]["bggId"] == 364073 and "durationMin" not in splendor
    assert "location" not in splendor  # nothing to say: left out, not empty


def test_bgstats_play_date_is_utc() -> None:
    meta = {"ended": "2026-05-01T20:35:00+02:00"}
    assert utc(meta) == datetime(2026, 5, 1, 18, 35)
    assert utc({"date": 0}) == datetime(1970, 1, 1)
    assert utc({"board": "x"}) is None


def test_bgstats_ids_outlive_a_rename(tmp_path: Path) -> None:
    path = tmp_path / "log.sqlite3"
    with Log.open(path) as log:
        log.add(played("7wd", 1, players=["Ann", "Bob"], meta={"date": "2026-05-01"}))
        before = identities(log)
        rename(log, "Ann", "Anne")
        log.add(played("7wd", 2, players=["Ann", "Bob"], meta={"date": "2026-05-03"}))
        after = identities(log)
        games = list(log.games())
    assert after == {"Anne": before["Ann"], "Bob": before["Bob"]}
    assert before["Ann"] != before["Bob"]
    plays = bgstats_plays(export.to_bgstats(games, after))
    assert {p["players"][0]["sourcePlayerId"] for p in plays} == {before["Ann"]}
    assert {p["players"][0]["name"] for p in plays} == {"Anne"}


def test_bgg_play_xml_in_the_plays_api_shape(games: list[Game]) -> None:
    root = ET.fromstring(export.to_bgg(games, "ann_bgg"))
    assert root.tag == "plays" and len(root) == 2
    assert root.attrib == {"username": "ann_bgg", "userid": "0", "total": "2", "page": "1"}
    g = seven(games)
    play = root[0]
    assert list(play.attrib) == [
        "id", "date", "quantity", "length", "incomplete", "nowinstats", "location",
    ]  # fmt: skip
    assert play.attrib["id"] == g.id and play.attrib["date"] == "2026-05-01"
    assert play.attrib["quantity"] == "1" and play.attrib["length"] == "35"
    assert play.attrib["location"] == "Kitchen table"
    assert [child.tag for child in play] == ["item", "comments", "players"]  # BGG's order
    item = play.find("item")
    assert item is not None
    assert item.attrib == {"name": "7 Wonders Duel", "objecttype": "thing", "objectid": "173346"}
    players = play.findall("players/player")
    assert [list(p.attrib) for p in players] == [
        ["userid", "name", "startposition", "score", "new", "rating", "win"]
    ] * 2
    assert [p.attrib["name"] for p in players] == ["Ann", "Bob"]
    assert [p.attrib["score"] for p in players] == [str(t) for t in g.totals]
    assert [p.attrib["win"] for p in players] == [str(int(g.winner == s)) for s in (0, 1)]
    first = g.record["setup"]["first"]
    assert players[first].attrib["startposition"] == "1"
    comments = play.findtext("comments") or ""
    ann = g.result["players"][0]["score"]
    assert "Ann: civilian %d, science %d" % (ann["civilian"], ann["science"]) in comments
    assert "(%d points)" % ann["total"] in comments
    assert root[1].find("item").attrib["objectid"] == "364073"  # type: ignore[union-attr]
    assert "location" not in root[1].attrib  # none in its record: left out, not empty
    assert all(v != "" for e in root.iter() for v in e.attrib.values())


def test_csv_location_length_comments_and_excel(games: list[Game]) -> None:
    rows = list(csv.DictReader(io.StringIO(export.to_csv(games))))
    g = seven(games)
    ann = next(r for r in rows if r["id"] == g.id and r["player"] == "Ann")
    assert (ann["location"], ann["length"], ann["comments"]) == ("Kitchen table", "35", "close one")
    splendor = next(r for r in rows if r["game"] == "splendor-duel")
    assert (splendor["location"], splendor["length"], splendor["comments"]) == ("", "", "")
    excel = export.to_csv(games, excel=True)
    assert excel.encode("utf-8")[:3] == b"\xef\xbb\xbf" and excel[1:] == export.to_csv(games)


def test_shared_win_and_escaping(tmp_path: Path) -> None:
    from loghelp import made, store_made

    record, result = made("d1", ("A & B", '<Cy "C">'), (50, 50), None)
    store_made(tmp_path / "log.sqlite3", [(record, result)])
    with Log.open(tmp_path / "log.sqlite3") as log:
        games = list(log.games())
    players = ET.fromstring(export.to_bgg(games)).findall("play/players/player")
    assert [p.attrib["name"] for p in players] == ["A & B", '<Cy "C">']
    assert [p.attrib["win"] for p in players] == ["1", "1"]
    plays = bgstats_plays(export.to_bgstats(games, {}))
    assert [p["rank"] for p in plays[0]["players"]] == [1, 1]
    rows = list(csv.DictReader(io.StringIO(export.to_csv(games))))
    assert [r["result"] for r in rows] == ["draw", "draw"]


DEVICE = {  # as the device stamps a game (docs/record-dates.md): 25 minutes played
    "started": "2026-06-02T19:00:00",
    "ended": "2026-06-02T19:40:00",
    "seconds": 1500,
}


@pytest.fixture(scope="module")
def dated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Game]]:
    """A game the device dated, and one it could not (its clock was never set)."""
    path = tmp_path_factory.mktemp("dated") / "log.sqlite3"
    with Log.open(path) as log:
        log.add(played("7wd", 2, players=["Ann", "Bob"], meta=DEVICE))
        log.add(played("7wd", 3, players=["Ann", "Bob"], meta={"board": "pico_inky_pack"}))
        return path, list(log.games())


def test_dates_through_every_format(dated: tuple[Path, list[Game]]) -> None:
    _, games = dated
    known, unknown = sorted(games, key=lambda g: g.date == "")
    assert known.date == "2026-06-02 19:40:00" and unknown.date == ""
    rows = list(csv.DictReader(io.StringIO(export.to_csv(games))))
    assert {r["id"]: r["date"] for r in rows} == {known.id: known.date, unknown.id: ""}
    records = [json.loads(line) for line in export.to_jsonl(games).splitlines()]
    assert {r["id"]: r["meta"] for r in records}[known.id] == DEVICE
    (play,) = bgstats_plays(export.to_bgstats([known], {}))
    local = datetime.fromisoformat(DEVICE["ended"]).astimezone(UTC)
    assert play["playDate"] == local.strftime("%Y-%m-%d %H:%M:%S")
    assert play["durationMin"] == 25  # the playing time, not ended - started
    with pytest.raises(DuelkeeperError, match="has no date, and BG Stats takes no play without"):
        export.to_bgstats(games, {})  # never a play sent without its date
    bgg = {p.attrib["id"]: p.attrib for p in ET.fromstring(export.to_bgg(games))}
    assert (bgg[known.id]["date"], bgg[known.id]["length"]) == ("2026-06-02", "25")
    assert "date" not in bgg[unknown.id] and bgg[unknown.id]["length"] == "0"
    assert export.summary(unknown)["date"] is None


def test_an_undated_game_stops_the_bgstats_export_in_one_line(
    dated: tuple[Path, list[Game]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from duelkeeper.cli import main

    path, games = dated
    unknown = next(g for g in games if g.date == "")
    out = tmp_path / "plays.html"
    assert main(["export", "--db", str(path), "--format", "bgstats", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and unknown.id in err and "--since 1970-01-01" in err
    assert not out.exists()
    args = ["export", "--db", str(path), "--format", "bgstats", "--since", "1970-01-01"]
    assert main([*args, "-o", str(out)]) == 0
    assert len(bgstats_plays(out.read_text())) == 1


def test_games_and_show_say_unknown(
    dated: tuple[Path, list[Game]], capsys: pytest.CaptureFixture[str]
) -> None:
    from duelkeeper.cli import main

    path, games = dated
    unknown = next(g for g in games if g.date == "")
    assert main(["games", "--db", str(path)]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed[1].startswith("unknown ") and unknown.id in listed[1]  # listed first
    assert listed[2].startswith("2026-06-02 19:40:00 ")
    assert main(["show", unknown.id, "--db", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith("  unknown")
    assert main(["games", "--json", "--db", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)[0]["date"] is None


def test_show_says_location_comments_and_length(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from duelkeeper.cli import main

    path = tmp_path / "log.sqlite3"
    with Log.open(path) as log:
        log.add(played("7wd", 1, players=["Ann", "Bob"], meta=META))
    assert main(["show", "random-7wd-1", "--db", str(path)]) == 0
    head = capsys.readouterr().out.split("\n\n")[0].splitlines()
    assert head[2:] == ["location: Kitchen table", "comments: close one", "length: 35 min"]
    assert main(["show", "random-7wd-1", "--db", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["location"], data["comments"], data["minutes"]) == (
        "Kitchen table",
        "close one",
        35,
    )


def test_bgstats_and_bgg_read_back_to_the_games(games: list[Game]) -> None:
    """What each format holds of a game comes back as the log has it."""
    log = {
        g.id: (g.names, g.totals, tuple(g.outcome(s) >= 0 for s in (0, 1)), g.date[:10])
        for g in games
    }
    plays = bgstats_plays(export.to_bgstats(games, {}))
    assert {
        p["sourcePlayId"]: (
            tuple(q["name"] for q in p["players"]),
            tuple(q["score"] for q in p["players"]),
            tuple(q["winner"] for q in p["players"]),
            log[p["sourcePlayId"]][3],
        )
        for p in plays
    } == log
    root = ET.fromstring(export.to_bgg(games))
    assert {
        p.attrib["id"]: (
            tuple(q.attrib["name"] for q in p.iter("player")),
            tuple(int(q.attrib["score"]) for q in p.iter("player")),
            tuple(q.attrib["win"] == "1" for q in p.iter("player")),
            p.attrib["date"],
        )
        for p in root
    } == log


def test_format_options_are_refused_with_another_format(
    dated: tuple[Path, list[Game]], capsys: pytest.CaptureFixture[str]
) -> None:
    from duelkeeper.cli import main

    path, _ = dated
    for option, fmt in ((["--excel"], "bgg"), (["--bgg-user", "ann"], "csv")):
        assert main(["export", "--db", str(path), "--format", fmt, *option]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "is for --format" in err
    assert main(["export", "--db", str(path), "--format", "csv", "--excel"]) == 0
    assert capsys.readouterr().out.startswith("\ufeffid,date,")
    assert main(["export", "--db", str(path), "--format", "bgg", "--bgg-user", "ann"]) == 0
    assert ET.fromstring(capsys.readouterr().out).attrib["username"] == "ann"
