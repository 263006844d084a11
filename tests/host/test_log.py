"""The play log: schema migrations, idempotent adds, refusals that leave it untouched."""

import json
import sqlite3
from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from loghelp import PLAYED_KINDS, made, played

from duelcore import IllegalEvent, RecordError, replay
from duelcore.record import dumps
from duelkeeper import schema
from duelkeeper.entry import UNKNOWN, canonical, from_result, game_date, prepare
from duelkeeper.errors import DuelkeeperError
from duelkeeper.log import ENV, Filter, IdConflict, Log, default_path


@pytest.fixture
def log(tmp_path: Path) -> Iterator[Log]:
    opened = Log.open(tmp_path / "log.sqlite3")
    yield opened
    opened.close()


def snapshot(log: Log) -> list[Any]:
    """Everything stored, to compare before and after a refusal."""
    games = log.conn.execute("SELECT * FROM games ORDER BY id").fetchall()
    plays = log.conn.execute("SELECT * FROM plays ORDER BY game_id, seat").fetchall()
    return [games, plays]


def test_new_log_is_latest_version_in_wal_mode(log: Log) -> None:
    assert schema.version(log.conn) == schema.VERSION == len(schema.MIGRATIONS)
    assert log.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_upgrade_from_version_0(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    sqlite3.connect(path).close()  # an empty SQLite file: user_version 0
    with Log.open(path) as log:
        assert schema.version(log.conn) == schema.VERSION
        assert log.add(played("7wd", 1))


def test_upgrade_from_version_1_fills_the_per_player_rows(tmp_path: Path) -> None:
    path = tmp_path / "v1.sqlite3"
    record = played("7wd", 1)
    entry = prepare(record)
    conn = sqlite3.connect(path, isolation_level=None)
    assert schema.migrate(conn, upto=1) == 0
    # A game as version 1 stored it: the games table was all there was.
    conn.execute(
        "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (entry.id, entry.game, *entry.players, entry.date, entry.imported, entry.winner)
        + (entry.victory, *entry.totals, entry.record, entry.result),
    )
    conn.close()
    with Log.open(path) as log:
        assert schema.version(log.conn) == schema.VERSION
        rows = log.conn.execute(
            "SELECT seat, player, opponent, outcome, score FROM plays ORDER BY seat"
        ).fetchall()
        winner = entry.winner
        assert rows == [
            (0, entry.players[0], entry.players[1], 1 if winner == 0 else -1, entry.totals[0]),
            (1, entry.players[1], entry.players[0], 1 if winner == 1 else -1, entry.totals[1]),
        ]
        assert log.add(record) is False  # the upgraded log knows the game


def test_a_failed_migration_leaves_the_version(tmp_path: Path, monkeypatch: Any) -> None:
    path = tmp_path / "log.sqlite3"
    broken = (*schema.MIGRATIONS, ("CREATE TABLE games (id TEXT)",))  # fails: games exists
    monkeypatch.setattr(schema, "MIGRATIONS", broken)
    monkeypatch.setattr(schema, "VERSION", len(broken))
    conn = sqlite3.connect(path, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError):
        schema.migrate(conn)
    assert schema.version(conn) == 0
    assert conn.execute("SELECT name FROM sqlite_master").fetchall() == []


def test_a_newer_log_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = %d" % (schema.VERSION + 1))
    conn.close()
    with pytest.raises(DuelkeeperError, match="newer than this duelkeeper reads"):
        Log.open(path)


def test_a_file_that_is_not_a_log_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database, just text " * 100)
    with pytest.raises(DuelkeeperError, match="not a duelkeeper play log"):
        Log.open(path)


def test_default_path_from_environment(monkeypatch: Any, tmp_path: Path) -> None:
    monkeypatch.setenv(ENV, str(tmp_path / "env.sqlite3"))
    assert default_path() == tmp_path / "env.sqlite3"
    monkeypatch.delenv(ENV)
    assert default_path().name == "log.sqlite3"
    assert "duelkeeper" in str(default_path())


def test_adding_the_same_game_twice_adds_nothing(log: Log) -> None:
    record = played("7wd", 2)
    assert log.add(record) is True
    before = snapshot(log)
    assert log.add(json.loads(json.dumps(record))) is False
    assert snapshot(log) == before
    assert log.count() == 1


def test_same_id_with_a_different_record_is_refused(log: Log) -> None:
    log.add(played("7wd", 2))
    before = snapshot(log)
    other = played("7wd", 3, id="random-7wd-2")
    with pytest.raises(IdConflict, match="random-7wd-2 is already in the log"):
        log.add(other)
    assert snapshot(log) == before


def test_a_record_that_does_not_replay_is_refused(log: Log) -> None:
    log.add(played("7wd", 2))
    before = snapshot(log)
    bad = played("7wd", 4)
    bad["events"][5] = ["build", bad["events"][5][1], "palace"]  # an age 3 card in age 1
    with pytest.raises(IllegalEvent) as refused:
        log.add(bad)
    assert refused.value.index == 5
    assert snapshot(log) == before


@pytest.mark.parametrize(
    "record",
    [{"format": 1, "game": "chess"}, [1, 2], {"format": 2}],
    ids=["unknown-game", "not-an-object", "format-2"],
)
def test_not_a_record_is_refused(log: Log, record: Any) -> None:
    with pytest.raises(RecordError):
        log.add(record)
    assert log.count() == 0


def test_an_unfinished_game_is_refused(log: Log) -> None:
    record = played("7wd", 2)
    record["events"] = record["events"][:10]
    with pytest.raises(DuelkeeperError, match="not over"):
        log.add(record)
    assert log.count() == 0


def test_store_many_is_all_or_nothing(log: Log) -> None:
    entries = [prepare(played("7wd", 5)), prepare(played("7wd", 6))]
    clash = prepare(played("7wd", 7, id="random-7wd-5"))
    with pytest.raises(IdConflict):
        log.store_many([*entries, clash])
    assert log.count() == 0
    assert log.store_many(entries) == 2


def test_a_callers_transaction_takes_the_add_with_it(log: Log) -> None:
    """Sync adds a game and notes it inside one transaction of its own."""
    with pytest.raises(RuntimeError), log.transaction():
        assert log.add(played("7wd", 8))
        raise RuntimeError("the device did not take the acknowledgement")
    assert log.count() == 0
    with log.transaction():
        log.add(played("7wd", 8))
        with pytest.raises(IdConflict):
            log.add(played("7wd", 9, id="random-7wd-8"))  # rolls back to its savepoint only
    assert log.count() == 1


@pytest.mark.parametrize("game", PLAYED_KINDS)
def test_every_stored_record_replays_to_its_stored_result(log: Log, game: str) -> None:
    for seed in range(3):
        log.add(played(game, seed))
    for stored in log.games():
        assert replay(stored.record) == stored.result
        assert stored.totals == tuple(stored.totals)


def test_game_date_from_meta() -> None:
    assert game_date({}) is None
    assert game_date({"date": "2026-05-01"}) == "2026-05-01 00:00:00"
    assert game_date({"ended": "2026-05-01T21:30:05+02:00", "date": "2020-01-01"}) == (
        "2026-05-01 21:30:05"  # ended first; the offset is dropped, wall-clock time kept
    )
    assert game_date({"started": 0}) == "1970-01-01 00:00:00"  # Unix time, UTC
    with pytest.raises(DuelkeeperError, match="meta.date: yesterday is not an ISO 8601 date"):
        game_date({"date": "yesterday"})


def test_unknown_date_when_meta_has_none() -> None:
    """Never the import (or sync) time: a game played last week is not today's."""
    record, result = made("g1", ("Ann", "Bob"), (10, 5), 0)
    del record["meta"]
    entry = from_result(record, result, now=datetime(2026, 3, 4, 5, 6, 7))
    assert entry.date == UNKNOWN and entry.imported == "2026-03-04 05:06:07"


def test_filter(log: Log) -> None:
    for seed, (day, players) in enumerate(
        [
            ("2026-01-01", ["Ann", "Bob"]),
            ("2026-01-02", ["Bob", "Cy"]),
            ("2026-01-03", ["Cy", "Ann"]),
        ]
    ):
        log.add(played("7wd", seed, players=players, meta={"date": day}))
    log.add(played("splendor-duel", 0, meta={"date": "2026-01-02"}))

    def ids(which: Filter) -> list[str]:
        return [g.id for g in log.games(which)]

    assert ids(Filter()) == [
        "random-7wd-0",
        "random-7wd-1",
        "random-splendor-duel-0",
        "random-7wd-2",
    ]
    assert ids(Filter(game="7wd", player="Ann")) == ["random-7wd-0", "random-7wd-2"]
    second = date(2026, 1, 2)
    assert ids(Filter(since=second, until=second)) == ["random-7wd-1", "random-splendor-duel-0"]
    assert ids(Filter(since=date(2026, 1, 3))) == ["random-7wd-2"]
    latest = log.latest("7wd")
    assert latest is not None and latest.id == "random-7wd-2"
    assert log.latest("antike-duellum") is None


def test_get_names_a_missing_game(log: Log) -> None:
    with pytest.raises(DuelkeeperError, match="no game nope in the play log"):
        log.get("nope")


@pytest.mark.parametrize("game", PLAYED_KINDS)
def test_canonical_json_is_the_cores(game: str) -> None:
    record = played(game, 1, meta={"b": [1, {"z": 1, "a": (2, 3)}], "a": "é"})
    assert canonical(record) == dumps(record)
    assert canonical(replay(record)) == dumps(replay(record))
