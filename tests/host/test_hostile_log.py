"""Issue 25's play log failures, each said as what it is: a full disk, a read-only log, a
log whose pages are damaged. Nothing is written then, and the reading commands read."""

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from loghelp import played
from test_cli_replay import assert_refused
from test_hostile import run, shared_dir  # noqa: F401 (a fixture)

from duelkeeper.entry import prepare
from duelkeeper.errors import DuelkeeperError
from duelkeeper.log import Log


def test_a_full_disk_is_said_and_nothing_is_written(tmp_path: Path) -> None:
    db = tmp_path / "log.sqlite3"
    with Log.open(db) as log:
        log.add(played("7wd", 1))
    entries = [prepare(played("7wd", s, id="g-%d" % s)) for s in range(2, 40)]
    with Log.open(db) as log:
        pages = log.conn.execute("PRAGMA page_count").fetchone()[0]
        log.conn.execute("PRAGMA max_page_count = %d" % (pages + 2))  # a disk nearly full
        with pytest.raises(DuelkeeperError) as caught:
            log.store_many(entries)  # a savepoint a game, in one transaction
        assert str(caught.value) == (
            "%s: the disk is full; nothing of this was written (free some space, then again)" % db
        )
        assert log.count() == 1
        log.conn.execute("PRAGMA max_page_count = 1000000")
        assert log.store_many(entries) == len(entries)  # space again: all of them


@pytest.mark.parametrize("where", ["file-0444", "folder-0555"])
def test_a_read_only_log_is_said_to_be_read_only(shared_dir: Path, where: str) -> None:  # noqa: F811
    db = shared_dir / "log.sqlite3"
    with Log.open(db) as log:
        log.add(played("7wd", 1))
    (shared_dir / "game.json").write_text(json.dumps(played("splendor-duel", 2)))
    (shared_dir / "game.json").chmod(0o644)
    db.chmod(0o444)
    if where == "folder-0555":
        shared_dir.chmod(0o555)
    before = db.read_bytes()
    listed = run("players", "--db", str(db), reader=True)
    assert listed.returncode == 0 and "Ann" in listed.stdout, listed.stderr
    imported = run("import", "--db", str(db), str(shared_dir / "game.json"), reader=True)
    assert_refused(imported, "%s: read-only (the file or its folder)" % db)
    synced = run("sync", "--port", str(shared_dir / "no-port"), "--db", str(db), reader=True)
    assert_refused(synced, "read-only")
    renamed = run("players", "rename", "Ann", "Ann B", "--db", str(db), reader=True)
    assert_refused(renamed, "read-only")
    assert db.read_bytes() == before


def damage(db: Path) -> Path:
    """A copy of ``db`` with one page's header broken where the games still read: SQLite's
    own check fails on it, a plain query does not."""
    data = db.read_bytes()
    for page in range(1, len(data) // 4096):
        copy = db.with_name("damaged-%d.sqlite3" % page)
        broken = bytearray(data)
        broken[page * 4096 + 3 : page * 4096 + 5] = b"\x7f\xff"  # its cell count
        copy.write_bytes(bytes(broken))
        conn = sqlite3.connect(copy)
        try:
            conn.execute("SELECT COUNT(*) FROM games").fetchone()
            failed = conn.execute("PRAGMA quick_check").fetchone() != ("ok",)
        except sqlite3.DatabaseError:
            failed = False
        finally:
            conn.close()
        if failed:
            return copy
        copy.unlink()
    raise AssertionError("no page to break")


@pytest.fixture
def damaged(tmp_path: Path) -> Path:
    db = tmp_path / "log.sqlite3"
    with Log.open(db) as log:
        for seed in range(1, 6):
            log.add(played("7wd", seed))
    return damage(db)


def test_nothing_is_written_onto_damaged_pages(tmp_path: Path, damaged: Path) -> None:
    before = damaged.read_bytes()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played("splendor-duel", 2)))
    done = run("import", "--db", str(damaged), str(path))
    assert_refused(done, "%s: damaged: its pages fail SQLite's quick_check (" % damaged, ".recover")
    assert len(done.stderr) - len(str(damaged)) < 300
    assert damaged.read_bytes() == before


def test_a_damaged_log_closed_uncleanly_is_said_at_open(tmp_path: Path, damaged: Path) -> None:
    """A crash leaves the write-ahead log beside it: the pages are checked before reading."""
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    held = Log.open(damaged)  # open, as when the PC died: the -wal is there
    try:
        shutil.copyfile(damaged, crashed / "log.sqlite3")
        wal = damaged.with_name(damaged.name + "-wal")
        held.conn.execute("INSERT INTO players VALUES ('Zed', '2026-01-01 00:00:00')")
        shutil.copyfile(wal, crashed / "log.sqlite3-wal")
    finally:
        held.close()
    assert (crashed / "log.sqlite3-wal").stat().st_size > 0
    done = run("games", "--db", str(crashed / "log.sqlite3"))
    assert_refused(done, "damaged: its pages fail SQLite's integrity_check")
