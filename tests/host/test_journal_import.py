"""`duelkeeper import` of a journal the device set aside (``<device>-<n>.journal.dk``,
which sync copies raw into the quarantine folder): the game is kept as far as its
entries read and the rules replay them, or one line says why not (issue 25, item 3)."""

from pathlib import Path

from test_hostile import run

from duelkeeper.log import Log
from duelkeeper.randomgame import random_record
from duelkeeper_dev.journalfuzz import journal

SEED = 1


def whole() -> tuple[str, bytes, list[tuple[int, int]]]:
    record = random_record("7wd", SEED)
    j = journal("7wd", SEED, len(record["events"]))
    return record["id"], j.data, j.spans


def imported(db: Path) -> list[str]:
    with Log.open(db) as log:
        return [g.id for g in log.games()]


def test_a_whole_journal_imports(tmp_path: Path) -> None:
    gid, data, _ = whole()
    path = tmp_path / "e6614103-7.journal.dk"
    path.write_bytes(data)
    db = tmp_path / "log.sqlite3"
    done = run("import", "--db", str(db), str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "1 new game, 0 already in the log\n"
    assert imported(db) == [gid]


def test_an_entry_the_rules_refuse_keeps_the_game_before_it(tmp_path: Path) -> None:
    """The last event written twice (a journal boot refused): the game up to it is whole."""
    gid, data, spans = whole()
    start, end = spans[-1]
    path = tmp_path / "e6614103-8.journal.dk"
    path.write_bytes(data + data[start:end])
    db = tmp_path / "log.sqlite3"
    done = run("import", "--db", str(db), str(path))
    assert done.returncode == 0, done.stderr
    assert "kept, %d events" % (len(spans) - 1) in done.stderr
    assert imported(db) == [gid]
    with Log.open(db) as log:
        assert len(log.get(gid).record["events"]) == len(spans) - 1


def test_an_unfinished_journal_is_one_line(tmp_path: Path) -> None:
    _, data, spans = whole()
    path = tmp_path / "e6614103-9.journal.dk"
    path.write_bytes(data[: spans[12][1]] + b"\x07garble")
    done = run("import", "--db", str(tmp_path / "l.sqlite3"), str(path))
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
    assert "a journal; 7 bytes past its event 12 do not read" in done.stderr


def test_a_journal_whose_record_does_not_read_is_one_line(tmp_path: Path) -> None:
    _, data, spans = whole()
    first = spans[0][1]
    path = tmp_path / "e6614103-10.journal.dk"
    path.write_bytes(data[:2] + b"[1]" + data[5:first] + data[first:])
    done = run("import", "--db", str(tmp_path / "l.sqlite3"), str(path))
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
