"""Issue 25's hostile inputs to `import` and `replay`: games as the device archives them
(sync's raw copies in the quarantine folder), and inputs that are no files of records."""

import os
import subprocess
from pathlib import Path

import pytest
from test_cli_replay import assert_refused
from test_hostile import run
from test_packed import archived

from duelkeeper.inputs import MAX_BYTES
from duelkeeper.log import Log


def imported(db: Path) -> list[str]:
    with Log.open(db) as log:
        return [g.id for g in log.games()]


def test_an_archive_file_imports(tmp_path: Path) -> None:
    gid, data = archived(tmp_path)
    path = tmp_path / (gid + ".dk")
    path.write_bytes(data)
    db = tmp_path / "log.sqlite3"
    done = run("import", "--db", str(db), str(path))
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        "1 new game, 0 already in the log\n",
        "",
    )
    assert imported(db) == [gid]


def test_stray_bytes_after_an_archive_file_are_left_out(tmp_path: Path) -> None:
    gid, data = archived(tmp_path)
    path = tmp_path / (gid + ".dk")
    path.write_bytes(data + b"\x00garble")  # 7 stray bytes
    db = tmp_path / "log.sqlite3"
    done = run("import", "--db", str(db), str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "1 new game, 0 already in the log\n"
    assert done.stderr.startswith("duelkeeper: note: %s (7 stray bytes after its checksum" % path)
    assert imported(db) == [gid]


def test_a_damaged_archive_file_keeps_what_replays_or_says_why(tmp_path: Path) -> None:
    """A flipped byte: the CRC-32 fails; the events that unpack and replay are the game if
    it is over, else one line says how far it replays."""
    gid, data = archived(tmp_path)
    outcomes = set()
    for at in [*range(len(data) - 60, len(data) - 4, 5), len(data) - 2]:  # then its CRC
        path = tmp_path / ("%d.dk" % at)
        path.write_bytes(data[:at] + bytes([data[at] ^ 0x10]) + data[at + 1 :])
        db = tmp_path / ("%d.sqlite3" % at)
        done = run("import", "--db", str(db), str(path))
        assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1, done.stderr
        assert "fails its CRC-32" in done.stderr, done.stderr
        assert len(done.stderr) - len(str(path)) < 300, done.stderr
        outcomes.add(done.returncode)
        if done.returncode == 0:
            assert imported(db) == [gid]
    assert outcomes == {0, 2}  # some kept whole, some refused with the reason


@pytest.mark.parametrize("cut", [3, 40, -5])
def test_a_cut_archive_file_is_one_line(tmp_path: Path, cut: int) -> None:
    gid, data = archived(tmp_path)
    path = tmp_path / (gid + ".dk")
    path.write_bytes(data[:cut])
    assert_refused(run("import", "--db", str(tmp_path / "l.sqlite3"), str(path)), str(path))


@pytest.mark.parametrize("source", ["/dev/zero", "/dev/urandom", "/dev/null", "fifo", "folder"])
def test_what_is_no_file_of_records_is_refused_at_once(tmp_path: Path, source: str) -> None:
    if source == "fifo":
        source = str(tmp_path / "fifo")
        os.mkfifo(source)
    elif source == "folder":
        source = str(tmp_path)
    for args in (["replay", source], ["import", "--db", str(tmp_path / "l.sqlite3"), source]):
        try:
            done = run(*args)
        except subprocess.TimeoutExpired:
            pytest.fail("%s hangs" % " ".join(args))
        assert_refused(done, source, "not a file of records")


def test_a_file_larger_than_any_collection_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as f:
        f.truncate(MAX_BYTES + 1)  # sparse: no disk used
    assert_refused(run("replay", str(path)), "larger than 64 MiB")
    assert_refused(run("import", "--db", str(tmp_path / "l.sqlite3"), str(path)), "split it")
