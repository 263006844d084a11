"""The play-log commands, run as the installed `duelkeeper`: results, files, one-line errors."""

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from loghelp import played

from duelkeeper.cli import COMMANDS
from duelkeeper.log import ENV, Log
from duelkeeper.repo import ROOT

COMMAND = str(Path(sys.executable).with_name("duelkeeper"))


def run(
    *args: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != ENV} | (env or {})
    return subprocess.run(
        [COMMAND, *args], input=stdin, capture_output=True, text=True, env=environ
    )


def ok(*args: str, stdin: str = "") -> str:
    proc = run(*args, stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    return proc.stdout


def assert_refused(proc: subprocess.CompletedProcess[str], *words: str) -> None:
    """Exit 2, exactly one line on stderr holding ``words``, no traceback."""
    assert proc.returncode == 2, proc
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.splitlines()) == 1, proc.stderr
    for word in words:
        assert word in proc.stderr, proc.stderr


def lines(*records: dict[str, Any]) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "log.sqlite3"


@pytest.fixture
def filled(tmp_path: Path, db: Path) -> Path:
    """A log with two 7wd games and one Splendor Duel game, imported from a JSONL file."""
    source = tmp_path / "games.jsonl"
    source.write_text(
        lines(
            played("7wd", 1, meta={"ended": "2026-05-01T20:00:00"}),
            played("7wd", 2, players=["Bob", "Cy"], meta={"ended": "2026-05-03T20:00:00"}),
            played("splendor-duel", 1, meta={"date": "2026-05-02"}),
        )
    )
    assert ok("import", "--db", str(db), str(source)) == "3 new games, 0 already in the log\n"
    return db


def stored(db: Path) -> list[tuple[Any, ...]]:
    if not db.exists():
        return []
    with Log.open(db) as log:
        return log.conn.execute("SELECT id, record FROM games ORDER BY id").fetchall()


def test_import_is_idempotent_and_reads_every_shape(tmp_path: Path, db: Path) -> None:
    one = tmp_path / "one.json"
    one.write_text(json.dumps(played("7wd", 3), indent=2))
    array = tmp_path / "array.json"
    array.write_text(json.dumps([played("7wd", 4), played("splendor-duel", 2)]))
    out = ok("import", "--db", str(db), str(one), str(array), "-", stdin=lines(played("7wd", 5)))
    assert out == "4 new games, 0 already in the log\n"
    again = ok("import", "--db", str(db), str(one), str(array))
    assert again == "0 new games, 3 already in the log\n"


def test_environment_names_the_log(tmp_path: Path) -> None:
    path = tmp_path / "from-env.sqlite3"
    proc = run("import", "-", stdin=lines(played("7wd", 3)), env={ENV: str(path)})
    assert proc.returncode == 0, proc.stderr
    assert [row[0] for row in stored(path)] == ["random-7wd-3"]


def _illegal() -> str:
    record = played("7wd", 6)
    record["events"][3] = ["build", record["events"][3][1], "palace"]
    return lines(played("7wd", 7), record)


def _unfinished() -> str:
    record = played("7wd", 6)
    record["events"] = record["events"][:4]
    return lines(record)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"format": 1,\n "game": ', ["<stdin>: not JSON", "line 2"]),
        (lines(played("7wd", 7)) + "{oops\n", ["<stdin>:2: not JSON"]),
        ("", ["<stdin>: no records"]),
        ("[]", ["<stdin>: no records"]),
        ("[1, 2]", ["<stdin> item 1", "a record is a JSON object"]),
        ('{"format": 2, "game": "7wd"}', ["<stdin>", "format 2"]),
        (_illegal(), ["<stdin>:2 (game random-7wd-6): event 3 ", '"palace"']),
        (_unfinished(), ["(game random-7wd-6)", "not over"]),
        (lines(played("7wd", 7, id="random-7wd-1")), ["random-7wd-1 is already in the log"]),
    ],
    ids=[
        "malformed-json",
        "bad-json-line",
        "empty",
        "empty-list",
        "not-a-record",
        "format-2",
        "illegal-event",
        "unfinished",
        "id-conflict",
    ],
)
def test_refused_import_changes_nothing(filled: Path, text: str, words: list[str]) -> None:
    before = stored(filled)
    assert_refused(run("import", "--db", str(filled), "-", stdin=text), *words)
    assert stored(filled) == before


def test_not_utf8_and_missing_files(tmp_path: Path, db: Path) -> None:
    binary = tmp_path / "game.bin"
    binary.write_bytes(b"\xff\xfe{}")
    assert_refused(run("import", "--db", str(db), str(binary)), str(binary), "not UTF-8")
    missing = tmp_path / "missing.json"
    assert_refused(run("import", "--db", str(db), str(missing)), str(missing), "No such file")
    assert stored(db) == []


def test_a_db_that_is_not_a_log(tmp_path: Path) -> None:
    text = tmp_path / "notes.sqlite3"
    text.write_text("hello " * 1000)
    assert_refused(run("games", "--db", str(text)), str(text), "not a duelkeeper play log")
    assert_refused(run("stats", "--db", str(tmp_path)), str(tmp_path))  # a directory


def test_games_filters_and_json(filled: Path) -> None:
    rows = json.loads(ok("games", "--db", str(filled), "--json"))
    assert [r["id"] for r in rows] == ["random-7wd-1", "random-splendor-duel-1", "random-7wd-2"]
    picked = json.loads(
        ok("games", "--db", str(filled), "--json", "--player", "Bob", "--game", "7wd") + ""
    )
    assert [r["players"] for r in picked] == [["Ann", "Bob"], ["Bob", "Cy"]]
    window = ok("games", "--db", str(filled), "--since", "2026-05-02", "--until", "2026-05-02")
    assert "random-splendor-duel-1" in window and "random-7wd" not in window
    bad = run("games", "--db", str(filled), "--since", "May")
    assert bad.returncode == 2 and "invalid day value" in bad.stderr


def test_show_prints_the_sheet_and_the_timeline(filled: Path) -> None:
    record = played("7wd", 1)
    data = json.loads(ok("show", "--db", str(filled), "random-7wd-1", "--json"))
    assert data["timeline"]["labels"] == ["coins Ann", "coins Bob", "conflict"] + [
        "points Ann",
        "points Bob",
    ]
    rows = data["timeline"]["rows"]
    assert len(rows) == len(record["events"]) + 1
    assert rows[0]["event"] is None and rows[0]["values"][:3] == [7, 7, 0]  # the setup
    final = json.loads(ok("replay", "-", stdin=json.dumps(record)))
    assert rows[-1]["values"] == [
        final["players"][0]["coins"],
        final["players"][1]["coins"],
        final["conflict"],
        final["players"][0]["score"]["total"],
        final["players"][1]["score"]["total"],
    ]
    assert data["scores"]["total"] == [p["score"]["total"] for p in final["players"]]
    text = ok("show", "--db", str(filled), "random-7wd-1")
    assert "civilian" in text and "conflict" in text and "setup" in text
    splendor = ok("show", "--db", str(filled), "random-splendor-duel-1")
    assert "crowns Ann" in splendor and "points Bob" in splendor
    assert_refused(run("show", "--db", str(filled), "nope"), "no game nope")


def test_stats_command(filled: Path) -> None:
    figures = json.loads(ok("stats", "--db", str(filled), "--json"))
    assert [s["game"] for s in figures] == ["7wd", "splendor-duel"]
    bob = next(p for p in figures[0]["players"] if p["player"] == "Bob")
    assert bob["games"] == 2
    text = ok("stats", "--db", str(filled), "--game", "splendor-duel")
    assert "Splendor Duel: 1 game" in text and "7 Wonders Duel" not in text


def test_every_stored_record_replays_to_its_stored_result(filled: Path) -> None:
    records = ok("export", "--db", str(filled), "--format", "jsonl").splitlines()
    with Log.open(filled) as log:
        for line in records:
            result = json.loads(ok("replay", "-", stdin=line))
            assert result == log.get(result["id"]).result


def test_export_round_trip_and_files(tmp_path: Path, filled: Path) -> None:
    out = tmp_path / "games.jsonl"
    ok("export", "--db", str(filled), "--format", "jsonl", "-o", str(out))
    copy = tmp_path / "copy.sqlite3"
    assert ok("import", "--db", str(copy), str(out)) == "3 new games, 0 already in the log\n"
    assert stored(copy) == stored(filled)
    for fmt, start in [("csv", "id,date,game"), ("bgstats", "<!DOCTYPE html>"), ("bgg", "<?xml")]:
        target = tmp_path / ("export." + fmt)
        assert ok("export", "--db", str(filled), "--format", fmt, "-o", str(target)) == ""
        assert target.read_text().startswith(start)
    csv_rows = ok("export", "--db", str(filled), "--format", "csv", "--game", "splendor-duel")
    assert len(csv_rows.splitlines()) == 3  # header and two players


def test_report_command(tmp_path: Path, filled: Path) -> None:
    out = tmp_path / "report.html"
    assert ok("report", "--db", str(filled), str(out)) == f"wrote {out}\n"
    html = out.read_text()
    assert html.count("data:image/png;base64,") == 3
    assert_refused(run("report", "--db", str(filled), str(out), "--game-id", "nope"), "nope")


def test_every_command_is_documented() -> None:
    """Each command has a section in the docs (README.md or docs/*.md) naming it."""
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    text = "\n".join(p.read_text() for p in docs if p.is_file())
    for command in COMMANDS:
        assert f"duelkeeper {command.name}" in text, f"`duelkeeper {command.name}` undocumented"
