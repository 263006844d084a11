"""Issue 25's hostile records: exports a spreadsheet or XML reader takes safely, names and
dates the log refuses, players renamed within the limits, messages that stay short."""

import csv
import io
import json
import sqlite3
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from loghelp import bgstats_plays, played
from test_cli_replay import assert_refused
from test_hostile import run

from duelkeeper.log import Log


def imported(tmp_path: Path, *records: dict[str, Any]) -> Path:
    db = tmp_path / "log.sqlite3"
    with Log.open(db) as log:
        for record in records:
            log.add(record)
    return db


def export(db: Path, fmt: str) -> str:
    done = run("export", "--format", fmt, "--db", str(db))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout


FORMULAS = ['=HYPERLINK("x")', "+1+1", "-2+3", "@SUM(A1)"]


def test_csv_cells_are_never_formulas(tmp_path: Path) -> None:
    db = imported(
        tmp_path,
        played("7wd", 1, players=FORMULAS[:2]),
        played("7wd", 2, id="g-2", players=FORMULAS[2:]),
    )
    rows = list(csv.DictReader(io.StringIO(export(db, "csv"))))
    names = {r["player"] for r in rows} | {r["opponent"] for r in rows}
    assert names == {"'" + n for n in FORMULAS}


def spoil(db: Path, **meta_or_names: Any) -> None:
    """What a log filled before the checks may hold: the record changed in place."""
    conn = sqlite3.connect(db)
    (text,) = conn.execute("SELECT record FROM games").fetchone()
    record = json.loads(text)
    if "players" in meta_or_names:
        record["players"] = meta_or_names.pop("players")
        conn.execute("UPDATE games SET player0 = ?, player1 = ?", record["players"])
    record.setdefault("meta", {}).update(meta_or_names)
    conn.execute("UPDATE games SET record = ?", (json.dumps(record),))
    conn.commit()
    conn.close()


@pytest.mark.parametrize("name", ["Ann\ufffe", "Ann\uffff", "Ann\x1b[2J"])
def test_bgg_xml_stays_well_formed(tmp_path: Path, name: str) -> None:
    db = imported(tmp_path, played("7wd", 1))
    spoil(db, players=[name, "Bob"])
    root = ET.fromstring(export(db, "bgg"))
    shown = name.encode("unicode_escape").decode()
    assert root.find("play/players/player").get("name") == shown  # type: ignore[union-attr]


@pytest.mark.parametrize("seconds", [float("inf"), 10**400, -5, 1.5, True])
def test_a_stored_playing_time_that_is_none_exports(tmp_path: Path, seconds: Any) -> None:
    db = imported(tmp_path, played("7wd", 1, meta={"date": "2026-05-01"}))
    spoil(db, seconds=seconds)
    for fmt in ("bgstats", "bgg"):
        text = export(db, fmt)
        if fmt == "bgstats":
            assert "durationMin" not in bgstats_plays(text)[0]
        else:
            assert ET.fromstring(text).find("play").get("length") == "0"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "meta_text,why",
    [
        ('{"seconds": Infinity}', "not JSON: NaN, Infinity"),
        ('{"seconds": 1e400}', "not JSON: NaN, Infinity"),
        ('{"seconds": NaN}', "not JSON: NaN, Infinity"),
        ('{"seconds": %s}' % ("1" + "0" * 400), "meta.seconds: "),
        ('{"seconds": -1}', "meta.seconds: -1 is not a playing time"),
        ('{"seconds": 604801}', "whole seconds from 0 to 604800"),
        ('{"date": "0999-01-01"}', "meta.date: 0999-01-01 is not a date of a game: years 1970"),
        ('{"date": -86400}', "years 1970 to 9999"),
        ('{"ended": "%s"}' % ("9" * 5000), "meta.ended: '9999"),
    ],
    ids=["inf", "1e400", "nan", "10e400", "negative", "over-a-week", "year-999", "1969", "long"],
)
def test_meta_times_beyond_reason_are_refused(tmp_path: Path, meta_text: str, why: str) -> None:
    text = json.dumps(played("7wd", 1, meta={"x": 0})).replace('{"x": 0}', meta_text)
    path = tmp_path / "game.json"
    path.write_text(text)
    db = tmp_path / "log.sqlite3"
    done = run("import", "--db", str(db), str(path))
    assert_refused(done, why)
    assert len(done.stderr) < 300
    with Log.open(db) as log:
        assert log.count() == 0


@pytest.mark.parametrize(
    "players,why",
    [
        (["Ann\u00a0", "Bob"], "player 0's name must be"),
        (["Ann", "B\u200bob"], "player 1's name must be"),
        (["\u061cAnn", "Bob"], "player 0's name must be"),
        (["Ann", "Ann"], "the two players must have different names"),
    ],
    ids=["nbsp", "zwsp", "alm", "same"],
)
def test_names_the_limits_refuse_are_refused_by_import(
    tmp_path: Path, players: list[str], why: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played("7wd", 1, players=players)))
    assert_refused(run("import", "--db", str(tmp_path / "l.sqlite3"), str(path)), why)
    assert_refused(run("replay", str(path)), why)


@pytest.mark.parametrize(
    "new", ["N" * 5000, "Ann\u00a0", " Ann", "A\u202eB", "A\u200dB", "", "A\x1b[2J"]
)
def test_rename_keeps_the_name_rules(tmp_path: Path, new: str) -> None:
    db = imported(tmp_path, played("7wd", 1))
    done = run("players", "rename", "Ann", new, "--db", str(db))
    assert_refused(done, "is not a player's name: 1 to 24 characters")
    assert len(done.stderr) < 300 and "\x1b" not in done.stderr
    with Log.open(db) as log:
        assert sorted(log.games())[0].players == ("Ann", "Bob")


@pytest.mark.parametrize(
    "changes",
    [
        {"id": "a" * 100_000},
        {"events": [["build", 0, "x" * 1_000_000]]},
        {"events": [["coins", 0, 10**400]]},
        {"players": ["A" * 1_000_000, "Bob"]},
    ],
    ids=["id-100000", "card-1000000", "coins-10e400", "name-1000000"],
)
def test_messages_quote_input_cut(tmp_path: Path, changes: dict[str, Any]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played("7wd", 1, **changes)))
    for args in (["replay", str(path)], ["import", "--db", str(tmp_path / "l"), str(path)]):
        done = run(*args)
        assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr[:300]
        assert len(done.stderr) - len(str(path)) < 300, done.stderr[:400]


def test_a_game_of_more_events_than_any_game_needs_is_refused(tmp_path: Path) -> None:
    record = played("7wd", 1)
    record["events"] += [["coins", 0, 0]] * 4000
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert_refused(run("replay", str(path)), "events: a game holds at most 4000")
    assert_refused(run("import", "--db", str(tmp_path / "l"), str(path)), "at most 4000")
