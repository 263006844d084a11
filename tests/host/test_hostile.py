"""Issue 10's hostile inputs to the command, each the input itself: one line and exit 2,
nothing stored; and a read-only play log that the reading commands still read."""

import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from loghelp import made, played, store_made
from test_cli_replay import assert_refused

from duelkeeper.log import ENV, Log

COMMAND = str(Path(sys.executable).with_name("duelkeeper"))
# Root reads and writes whatever the modes say: the read-only cases run as nobody then.
AS_READER = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]


def run(*args: str, reader: bool = False) -> subprocess.CompletedProcess[str]:
    prefix = AS_READER if reader and os.geteuid() == 0 else []
    env = {k: v for k, v in os.environ.items() if k != ENV}
    return subprocess.run(
        [*prefix, COMMAND, *args], capture_output=True, text=True, env=env, timeout=120
    )


def with_event(event: list[Any], game: str = "7wd") -> dict[str, Any]:
    """A finished random game with ``event`` played first."""
    record = played(game, 1)
    record["events"].insert(0, event)
    return record


BIG = [10**9, 10**15, 10**400]


@pytest.mark.parametrize(
    "game,event,why",
    [("7wd", ["coins", 1, n], "a coin correction is a whole number") for n in BIG]
    + [("splendor-duel", ["tokens", 1, {"gold": n}], "whole tokens from -25") for n in BIG],
    ids=[f"{g}-10e{len(str(n)) - 1}" for g in ("7wd", "splendor") for n in BIG],
)
def test_huge_corrections_are_refused_by_replay_and_import(
    tmp_path: Path, game: str, event: list[Any], why: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(with_event(event, game)))
    assert_refused(run("replay", str(path)), "event 0", why)
    db = tmp_path / "log.sqlite3"
    assert_refused(run("import", "--db", str(db), str(path)), "event 0", why)
    with Log.open(db) as log:
        assert log.count() == 0


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize(
    "text",
    [
        deep(200_000),
        deep(33),
        json.dumps(dict(played(), meta={"x": 0}))[:-1].replace('"x": 0', '"x": ' + deep(200_000))
        + "}",
        deep(200_000) + "\n" + deep(200_000),  # JSON lines
    ],
    ids=["array-200000", "array-33", "meta-200000", "lines-200000"],
)
def test_json_nested_too_deep_is_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "deep.json"
    path.write_text(text)
    assert_refused(run("replay", str(path)), "JSON nested deeper than 32 levels")
    db = tmp_path / "log.sqlite3"
    assert_refused(run("import", "--db", str(db), str(path)), "JSON nested deeper than 32")


@pytest.mark.parametrize(
    "changes,why",
    [
        ({"id": "a" * 100_000}, "'id' must be 1 to 64"),
        ({"id": "e661-1\nGAME x"}, "'id' must be 1 to 64"),
        ({"id": "../../etc/passwd"}, "'id' must be 1 to 64"),
        ({"players": ["\x1b]0;pwned\x07\x1b[2J", "Bob"]}, "player 0's name"),
        ({"players": ["Ann", "Bob\nEve 99 - 0"]}, "player 1's name"),
        ({"players": ["A" * 1_000_000, "Bob"]}, "player 0's name"),
    ],
    ids=["id-100000", "id-newline", "id-path", "name-escapes", "name-newline", "name-1000000"],
)
def test_ids_and_names_beyond_the_limits_are_refused(
    tmp_path: Path, changes: dict[str, Any], why: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played(**changes)))
    assert_refused(run("replay", str(path)), why)
    db = tmp_path / "log.sqlite3"
    assert_refused(run("import", "--db", str(db), str(path)), why)
    assert "\x1b" not in run("import", "--db", str(db), str(path)).stderr
    with Log.open(db) as log:
        assert log.count() == 0


ESCAPES = "\x1b]0;pwned\x07\x1b[2J\x9b31m"
ACTED_ON = {"\x1b", "\x07", "\x9b", "\u202e"}  # what a terminal would act on


def test_a_refusal_quotes_the_record_safely(tmp_path: Path) -> None:
    """A refusal names the card given: its escapes are shown, not acted on."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(with_event(["build", 0, ESCAPES + "\u202e"])))
    proc = run("replay", str(path))
    assert_refused(proc, "no card named", "\\x1b]0;pwned\\x07", "\\u202e")
    assert not set(proc.stderr) & ACTED_ON


def test_names_from_an_older_log_are_shown_safely(tmp_path: Path) -> None:
    """A log filled before names were checked: the tables show the escapes as text;
    ``show``, which replays the record, refuses it in one line as import now would."""
    db = tmp_path / "log.sqlite3"
    store_made(db, [made("old-1", (ESCAPES, "Bob\nEve"), (40, 30), 0)])
    assert_refused(run("show", "old-1", "--db", str(db)), "player 0's name must be")
    for args in (["games"], ["stats"]):
        proc = run(*args, "--db", str(db))
        assert proc.returncode == 0, proc.stderr
        assert "\\x1b[2J" in proc.stdout and "Bob\\nEve" in proc.stdout, args
        assert not set(proc.stdout) & ACTED_ON, args


# -- a read-only play log -----------------------------------------------------------------


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A folder nobody may read too (pytest's tmp_path is its owner's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="dk-ro-"))
    folder.chmod(0o755)
    yield folder
    folder.chmod(0o755)
    shutil.rmtree(folder)


@pytest.mark.parametrize("where", ["file-0444", "folder-0555"])
def test_reading_commands_read_a_read_only_log(shared_dir: Path, where: str) -> None:
    db = shared_dir / "log.sqlite3"
    with Log.open(db) as log:
        log.add(played("7wd", 1))
        log.add(played("splendor-duel", 2))
    db.chmod(0o444)
    if where == "folder-0555":
        shared_dir.chmod(0o555)
    before = db.read_bytes()
    out = run("games", "--db", str(db), reader=True)
    assert out.returncode == 0, out.stderr
    assert "random-7wd-1" in out.stdout and "random-splendor-duel-2" in out.stdout
    show = run("show", "random-7wd-1", "--db", str(db), reader=True)
    assert show.returncode == 0 and "Ann vs Bob" in show.stdout, show.stderr
    stats = run("stats", "--db", str(db), reader=True)
    assert stats.returncode == 0 and "Splendor Duel: 1 game" in stats.stdout, stats.stderr
    export = run("export", "--format", "csv", "--db", str(db), reader=True)
    assert export.returncode == 0 and export.stdout.count("random-") == 4, export.stderr
    assert db.read_bytes() == before
    assert stat.S_IMODE(db.stat().st_mode) == 0o444


@pytest.mark.parametrize("fmt", ["csv", "jsonl", "bgstats", "bgg"])
def test_free_text_in_meta_is_exported_safely(tmp_path: Path, fmt: str) -> None:
    """meta is free-form and never checked: its comments and location reach exports
    (and terminals, and XML) with their escapes shown."""
    db = tmp_path / "log.sqlite3"
    meta = {"comments": "good game\n" + ESCAPES, "location": "\x1b[31mpub", "date": "2026-05-01"}
    with Log.open(db) as log:
        log.add(played("7wd", 1, meta=meta))
    proc = run("export", "--format", fmt, "--db", str(db))
    assert proc.returncode == 0, proc.stderr
    assert not set(proc.stdout) & ACTED_ON
    if fmt == "bgg":
        ET.fromstring(proc.stdout)  # still XML
