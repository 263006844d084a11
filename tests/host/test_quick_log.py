"""A quick score (docs/record-quick-score.md) through the host: replay, import, the play
log's commands and exports, each marking it as score-only where a game is shown."""

import csv
import io
import json
import sqlite3
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from loghelp import bgstats_plays, played
from test_cli_log import assert_refused, lines, ok, run

from duelkeeper import schema, stats
from duelkeeper.entry import prepare
from duelkeeper.kinds import SCORE, TURNS, WINNER
from duelkeeper.log import Log

SW = "civilian science commercial guilds wonders progress coins military".split()


def quick(gid: str, *events: list, game: str = "7wd", day: str = "2026-06-0") -> dict[str, Any]:
    return {
        "format": 1,
        "game": game,
        "id": gid,
        "players": ["Ann", "Bob"],
        "setup": {"first": 1, "score_only": True},
        "events": [list(e) for e in events],
        "meta": {"date": day + gid[-1]},
    }


def pad(*values: int) -> dict[str, int]:
    return dict(zip(SW, values, strict=True))


ANN = pad(20, 4, 3, 6, 9, 4, 4, 0)  # 50
BOB = pad(30, 0, 0, 0, 0, 0, 0, 5)  # 35
COUNTED = quick("q-1", ["score", 0, ANN], ["score", 1, BOB])
WON = quick("q-2", ["won", 1, "military"])


@pytest.fixture
def log_db(tmp_path: Path) -> Path:
    """A log with one game tracked turn by turn and two quick scores, imported."""
    db = tmp_path / "log.sqlite3"
    tracked = played("7wd", 1, meta={"date": "2026-06-03"})
    source = tmp_path / "games.jsonl"
    source.write_text(lines(COUNTED, WON, tracked))
    assert ok("import", "--db", str(db), str(source)) == "3 new games, 0 already in the log\n"
    return db


def test_replay_prints_the_result_from_the_counts() -> None:
    result = json.loads(ok("replay", "-", stdin=json.dumps(COUNTED)))
    assert (result["over"], result["winner"], result["victory"]) == (True, 0, "civil")
    assert result["score_only"] is True
    assert [p["score"]["total"] for p in result["players"]] == [50, 35]


def test_replay_refuses_bad_counts_in_one_line() -> None:
    bad = quick("q-9", ["score", 0, dict(ANN, coins=-3)])
    assert_refused(
        run("replay", "-", stdin=json.dumps(bad)),
        'event 0 ["score", 0,',
        "coins must be a whole number from 0 to 28",
    )


def test_import_refuses_an_unfinished_quick_score(tmp_path: Path) -> None:
    half = quick("q-8", ["score", 0, ANN])
    assert_refused(
        run("import", "--db", str(tmp_path / "l.sqlite3"), "-", stdin=json.dumps(half)),
        "q-8 is not over",
    )


def test_the_log_knows_how_each_game_was_entered(log_db: Path) -> None:
    with Log.open(log_db) as log:
        quick_of = {g.id: g.quick for g in log.games()}
        assert quick_of == {"q-1": SCORE, "q-2": WINNER, "random-7wd-1": TURNS}
        plays = dict(log.conn.execute("SELECT game_id, quick FROM plays WHERE seat = 0"))
        assert plays == quick_of
        assert log.get("q-2").score_only and not log.get("random-7wd-1").score_only
        latest = log.latest("7wd")  # the report's track: never a quick score
        assert latest is not None and latest.id == "random-7wd-1"


def test_games_marks_score_only(log_db: Path) -> None:
    text = ok("games", "--db", str(log_db)).splitlines()
    assert text[0].split()[-1] == "entered"
    rows = {line.split()[2]: line for line in text[1:]}
    assert rows["q-1"].endswith("score only") and "50 - 35" in rows["q-1"]
    assert rows["q-2"].split()[7:] == ["-", "Bob", "military", "score", "only"]
    assert rows["random-7wd-1"].endswith("turns")
    data = {g["id"]: g for g in json.loads(ok("games", "--db", str(log_db), "--json"))}
    assert data["q-1"]["score_only"] and data["q-1"]["scores"] == [50, 35]
    assert data["q-2"]["score_only"] and data["q-2"]["scores"] is None
    assert data["q-2"]["victory"] == "military" and data["q-2"]["winner"] == 1
    assert data["random-7wd-1"]["score_only"] is False


def test_show_a_quick_score(log_db: Path) -> None:
    data = json.loads(ok("show", "--db", str(log_db), "q-1", "--json"))
    assert data["score_only"] is True and data["timeline"] is None
    assert data["scores"]["civilian"] == [20, 30] and data["scores"]["total"] == [50, 35]
    text = ok("show", "--db", str(log_db), "q-1")
    assert "Ann wins (civil)" in text and "score only" in text and "setup" not in text
    won = ok("show", "--db", str(log_db), "q-2")
    assert "Bob wins (military)" in won and "no counts entered" in won
    assert json.loads(ok("show", "--db", str(log_db), "q-2", "--json"))["scores"] is None


def test_stats_count_quick_scores_and_average_only_counts(log_db: Path) -> None:
    figures = json.loads(ok("stats", "--db", str(log_db), "--json"))
    (sw,) = figures
    assert sw["games"] == 3 and sw["score_only"] == 2
    with Log.open(log_db) as log:
        tracked = log.get("random-7wd-1")
    bob = next(p for p in sw["players"] if p["player"] == "Bob")
    assert bob["games"] == 3 and bob["wins"] == 1 + (tracked.winner == 1)
    assert bob["victories"]["military"] == 1
    # The winner-only game has no score: the average is over the other two.
    assert bob["average"] == pytest.approx((35 + tracked.totals[1]) / 2)
    assert bob["best"] == max(35, tracked.totals[1])
    assert "7 Wonders Duel: 3 games (2 score-only)" in ok("stats", "--db", str(log_db))


def test_stats_with_only_a_winner_entered(tmp_path: Path) -> None:
    db = tmp_path / "w.sqlite3"
    ok("import", "--db", str(db), "-", stdin=json.dumps(WON))
    (sw,) = json.loads(ok("stats", "--db", str(db), "--json"))
    assert [(p["average"], p["best"]) for p in sw["players"]] == [(None, None)] * 2
    row = next(line for line in ok("stats", "--db", str(db)).splitlines() if "Bob" in line)
    assert row.split()[5:7] == ["-", "-"]
    out = tmp_path / "r.html"
    ok("report", "--db", str(db), str(out), "--game-id", "q-2")
    html = out.read_text()
    assert "no track" in html and "Score distributions" not in html


def test_report_never_draws_a_quick_score(tmp_path: Path, log_db: Path) -> None:
    out = tmp_path / "report.html"
    ok("report", "--db", str(log_db), str(out))
    assert "random-7wd-1" in out.read_text()  # the latest tracked game, not q-2
    ok("report", "--db", str(log_db), str(out), "--game-id", "q-1")
    html = out.read_text()
    assert "q-1" in html and "A quick score, entered after the game: no track." in html


def test_exports_mark_score_only(log_db: Path) -> None:
    rows = list(csv.DictReader(io.StringIO(ok("export", "--db", str(log_db), "--format", "csv"))))
    by = {(r["id"], r["seat"]): r for r in rows}
    assert by[("q-1", "0")]["score_only"] == "1" and by[("q-1", "0")]["score"] == "50"
    assert by[("q-1", "1")]["military"] == "5"
    assert by[("q-2", "1")]["score"] == "" and by[("q-2", "1")]["result"] == "win"
    assert by[("random-7wd-1", "0")]["score_only"] == "0"
    plays = {
        p["sourcePlayId"]: p
        for p in bgstats_plays(ok("export", "--db", str(log_db), "--format", "bgstats"))
    }
    assert "score only" in plays["q-1"]["comments"].splitlines()[0]
    assert [p["score"] for p in plays["q-1"]["players"]] == [50, 35]
    assert all("score" not in p for p in plays["q-2"]["players"])
    assert "no counts" in plays["q-2"]["comments"]
    assert "score only" not in plays["random-7wd-1"]["comments"]
    root = ET.fromstring(ok("export", "--db", str(log_db), "--format", "bgg"))
    xml = {p.find("comments").text.split()[2].rstrip(":"): p for p in root}  # type: ignore[union-attr]
    assert [p.get("score") for p in xml["q-2"].iter("player")] == [None, None]  # not empty
    assert [p.get("score") for p in xml["q-1"].iter("player")] == ["50", "35"]
    again = ok("export", "--db", str(log_db), "--format", "jsonl")
    assert json.loads(again.splitlines()[0]) == COUNTED  # the record as entered


def test_upgrade_from_version_3_marks_every_game_tracked(tmp_path: Path) -> None:
    path = tmp_path / "v3.sqlite3"
    e = prepare(played("7wd", 1))
    conn = sqlite3.connect(path, isolation_level=None)
    assert schema.migrate(conn, upto=3) == 0
    conn.execute(
        "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (e.id, e.game, *e.players, e.date, e.imported, e.winner, e.victory, *e.totals)
        + (e.record, e.result),
    )
    conn.execute(
        "INSERT INTO plays VALUES (?, 0, ?, ?, ?, ?, 1, ?, ?)",
        (e.id, e.game, e.date, e.players[0], e.players[1], e.victory, e.totals[0]),
    )
    conn.close()
    with Log.open(path) as log:
        assert schema.version(log.conn) == schema.VERSION == 5
        assert log.get(e.id).quick == TURNS
        assert log.conn.execute("SELECT quick FROM plays").fetchall() == [(TURNS,)]
        plan = str(log.conn.execute("EXPLAIN QUERY PLAN " + stats._GROUPS % "").fetchall())
        assert "COVERING INDEX plays_by_player" in plan and "TEMP B-TREE" not in plan
        assert log.add(COUNTED)


@pytest.mark.parametrize("seats", [["Player 1", "Player 2"], ["Player 2", "Player 1"]])
def test_a_quick_scores_placeholder_seats_are_no_players(tmp_path: Path, seats: list) -> None:
    """A quick score entered with the device's names for seats nobody named (``Player
    1``, ``Player 2``, either seat) counts as a game of its kind and for the named player
    it was played against, but neither name is a player: not listed, no stats row, no
    rating, no head to head (docs/play-log.md, "Seats nobody named")."""
    db = tmp_path / "log.sqlite3"
    alone = dict(quick("q-1", ["score", 0, ANN], ["score", 1, BOB]), players=seats)
    against = dict(quick("q-2", ["score", 0, ANN], ["score", 1, BOB]), players=["Ann", seats[1]])
    source = tmp_path / "games.jsonl"
    source.write_text(lines(alone, against))
    assert ok("import", "--db", str(db), str(source)).startswith("2 new games")
    (sw,) = json.loads(ok("stats", "--db", str(db), "--json"))
    assert sw["games"] == 2
    assert [p["player"] for p in sw["players"]] == ["Ann"]
    assert sw["players"][0]["rating"] == 1500 and sw["head_to_head"] == []
    assert [line.split()[0] for line in ok("players", "--db", str(db)).splitlines()[1:]] == ["Ann"]
    with Log.open(db, readonly=True) as log:
        assert log.get("q-1").record["players"] == seats  # as entered


def test_upgrade_to_version_5_makes_placeholder_seats_no_players(tmp_path: Path) -> None:
    """A log that stored a quick score's ``Player 1`` as a player before version 5 lists
    and counts it as nobody after the upgrade; the record keeps the name as played."""
    path = tmp_path / "v4.sqlite3"
    e = prepare(dict(COUNTED, players=["Player 1", "Ann"]))
    conn = sqlite3.connect(path, isolation_level=None)
    assert schema.migrate(conn, upto=4) == 0
    conn.execute(  # as version 4 stored it: the names as played
        "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (e.id, e.game, *e.players, e.date, e.imported, e.winner, e.victory, *e.totals)
        + (e.record, e.result, e.quick),
    )
    for seat in (0, 1):
        conn.execute(
            "INSERT INTO plays VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
            (e.id, seat, e.game, e.date, e.players[seat], e.players[1 - seat], e.victory)
            + (e.totals[seat], e.quick),
        )
    conn.close()
    with Log.open(path) as log:
        assert schema.version(log.conn) == 5
        assert log.get(e.id).players == ("", "Ann")
        assert log.get(e.id).record["players"] == ["Player 1", "Ann"]
        assert log.conn.execute("SELECT player FROM plays ORDER BY seat").fetchall() == [
            ("",),
            ("Ann",),
        ]
