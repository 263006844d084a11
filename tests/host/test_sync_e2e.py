"""`duelkeeper sync` end to end: the simulated device on a pty, the real mpremote and
pyserial, the play log, and the commands that read it.

Every sync here starts the way it would with a board: Ctrl-C, the raw REPL, a soft reset
(a new MicroPython VM over the flash folder). Sync is cut at every protocol step, by an
exception, by SIGKILL and by pulling the cable, and must then finish with the same log.
"""

import json
import shutil
import signal
import subprocess
import sys
import time
import zlib
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from ptyhelp import (
    device,
    device_clock,
    duelkeeper,
    old_firmware,
    restore,
    snapshot,
    synced,
    unsynced,
)

from duelkeeper import packed, sync
from duelkeeper.device import Device, DeviceError
from duelkeeper.log import Log
from duelkeeper.randomgame import random_record
from duelkeeper.sim.fill import fill, one_file_each, storage_class
from duelkeeper.sim.pty import PtyDevice

KINDS = {"7wd", "splendor-duel", "antike-duellum"}


@pytest.fixture(scope="module")
def six(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A flash folder with six finished games, two of each kind (made once)."""
    flash = tmp_path_factory.mktemp("six") / "flash"
    fill(flash, 6, seed=7)
    return flash


@pytest.fixture(scope="module")
def two(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two short games (7wd, Splendor Duel): sync is cut at each of its ten steps."""
    flash = tmp_path_factory.mktemp("two") / "flash"
    fill(flash, 2, seed=9)
    return flash


@pytest.fixture(scope="module")
def three(tmp_path_factory: pytest.TempPathFactory) -> Path:
    flash = tmp_path_factory.mktemp("three") / "flash"
    fill(flash, 3, seed=8)
    return flash


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory, three: Path) -> set[tuple[str, str, str]]:
    """The log an uninterrupted sync of ``three`` makes."""
    flash = tmp_path_factory.mktemp("ref") / "flash"
    shutil.copytree(three, flash)
    with device(flash) as d:
        sync.run(d.path, flash.parent / "ref.sqlite3")
    return rows(flash.parent / "ref.sqlite3")


@pytest.fixture
def flash(tmp_path: Path, six: Path) -> Path:
    shutil.copytree(six, tmp_path / "flash")
    return tmp_path / "flash"


@pytest.fixture
def served(flash: Path) -> Iterator[PtyDevice]:
    with device(flash) as d:
        yield d


def rows(db: Path) -> set[tuple[str, str, str]]:
    """What the log holds of each game, leaving out the import time."""
    with Log.open(db) as log:
        return {(g.id, g.record_json, g.result_json) for g in log.games()}


def test_sync_stats_export_and_resync(tmp_path: Path, flash: Path, served: PtyDevice) -> None:
    db = tmp_path / "log.sqlite3"
    ids = unsynced(flash)
    assert len(ids) == 6
    done = duelkeeper("sync", "--port", served.path, "--db", str(db))
    assert done.returncode == 0, done.stderr
    assert all(line.startswith("sync: ") for line in done.stderr.splitlines())  # progress
    assert ": 6 games synced (6 new, 0 already in the log)\nroster: " in done.stdout
    assert unsynced(flash) == [] and synced(flash) == ids
    with Log.open(db) as log:
        games = list(log.games())
    assert sorted(g.id for g in games) == ids
    assert {g.game for g in games} == KINDS
    assert all(set(g.record["meta"]) == {"board", "started", "ended", "seconds"} for g in games)

    stats = duelkeeper("stats", "--db", str(db), "--json")
    assert stats.returncode == 0, stats.stderr
    kinds = json.loads(stats.stdout)
    assert {k["game"] for k in kinds} == KINDS
    assert sum(k["games"] for k in kinds) == 6
    export = duelkeeper("export", "--db", str(db), "--format", "jsonl")
    assert sorted(json.loads(line)["id"] for line in export.stdout.splitlines()) == ids

    before = rows(db)
    again = duelkeeper("sync", "--port", served.path, "--db", str(db))
    assert again.returncode == 0, again.stderr
    assert ": 0 games synced (0 new, 0 already in the log)" in again.stdout
    assert rows(db) == before


def test_game_in_the_log_is_still_acknowledged(
    tmp_path: Path, flash: Path, served: PtyDevice
) -> None:
    db = tmp_path / "log.sqlite3"
    with Log.open(db) as log:  # the log got the first game, the device never heard back
        with Device(served.path) as d:
            d.enter()
            d.run("from firmware import sync")
            first = unsynced(flash)[0]
            record = sync.read_record(first, d.lines("sync.get(%r)" % first))
        assert log.add(record)
    outcome = sync.run(served.path, db)
    assert (outcome.new, outcome.known, outcome.problems) == (5, 1, [])
    assert unsynced(flash) == []


class Cut(Exception):
    pass


def workers(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every game of a sync replayed by the workers, however few and short: the ids
    handed to them, as they are."""
    monkeypatch.setattr(sync, "POOL_FROM", 1)
    monkeypatch.setattr(sync, "POOL_BYTES", 0)
    monkeypatch.setattr(sync, "WORKERS", 2)  # however many cores this host has
    handed: list[str] = []
    add = sync._Replays.add

    def counted(self: sync._Replays, game: packed.Served, before: str) -> None:
        handed.append(game.id)
        add(self, game, before)

    monkeypatch.setattr(sync._Replays, "add", counted)
    return handed


# The steps a sync of two games takes: protocol 2 in one batch and in batches of one
# (each game added as its line arrives, the pull over at the batch's END), the games
# replayed by the workers (the sync of many long games: sync.POOL_FROM), and protocol 1
# (a device whose firmware predates packed transfer).
STEPS = {
    "packed": ["enter", "info", "clock", "add", "add", "pull", "commit", "ack", "roster", "leave"],
    "packed, replayed by workers": [
        "enter",
        "info",
        "clock",
        "add",
        "add",
        "pull",
        "commit",
        "ack",
        "roster",
        "leave",
    ],  # fmt: skip
    "packed, one a batch": ["enter", "info", "clock"]
    + ["add", "pull", "commit", "ack"] * 2
    + ["roster", "leave"],
    "protocol 1": ["enter", "info", "list"] + ["get", "add", "ack"] * 2 + ["roster", "leave"],
}


@pytest.mark.parametrize("way", sorted(STEPS))
def test_cut_after_every_step_resumes_to_the_same_log(
    tmp_path: Path, two: Path, way: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    flash = tmp_path / "flash"
    shutil.copytree(two, flash)
    if way == "protocol 1":
        old_firmware(flash)
    if way == "packed, one a batch":
        monkeypatch.setattr(packed, "BATCH", 1)
    handed = workers(monkeypatch) if way == "packed, replayed by workers" else []
    saved = tmp_path / "saved"
    snapshot(flash, saved)
    with device(flash) as d:
        steps: list[tuple[str, str | None]] = []
        sync.run(d.path, tmp_path / "ref.sqlite3", after=lambda s, g: steps.append((s, g)))
        reference = rows(tmp_path / "ref.sqlite3")
        assert len(reference) == 2
        assert [s for s, _ in steps] == STEPS[way]
        assert len(handed) == (2 if way == "packed, replayed by workers" else 0)
        for k, (name, gid) in enumerate(steps):
            restore(flash, saved)
            db = tmp_path / ("cut%d.sqlite3" % k)
            seen: list[int] = []

            def cut(step: str, game: str | None, k: int = k, seen: list[int] = seen) -> None:
                seen.append(1)
                if len(seen) == k + 1:
                    raise Cut()

            with pytest.raises(Cut):
                sync.run(d.path, db, after=cut)
            acked = len(synced(flash))
            resumed = sync.run(d.path, db)
            assert resumed.problems == [], (name, gid)
            assert rows(db) == reference, (name, gid)
            assert unsynced(flash) == [], (name, gid)
            # what the cut sync had committed is found again, not added twice
            assert resumed.new + resumed.known == 2 - acked, (name, gid)


KILLER = """
import os, signal, sys
from pathlib import Path
from duelkeeper import sync
from duelkeeper import packed
port, db, step, nth = sys.argv[1:]
packed.BATCH = 1
seen = []
def after(name, game):
    if name == step:
        seen.append(game)
        if len(seen) == int(nth):
            os.kill(os.getpid(), signal.SIGKILL)
sync.run(port, Path(db), after=after)
"""


@pytest.mark.parametrize(("step", "nth"), [("pull", 1), ("add", 2), ("commit", 3), ("ack", 1)])
def test_killed_sync_resumes(
    tmp_path: Path, three: Path, reference: set[tuple[str, str, str]], step: str, nth: int
) -> None:
    flash = tmp_path / "flash"
    shutil.copytree(three, flash)
    db = tmp_path / "log.sqlite3"
    with device(flash) as d:
        killed = subprocess.run(
            [sys.executable, "-c", KILLER, d.path, str(db), step, str(nth)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert killed.returncode == -signal.SIGKILL, killed.stderr
        done = duelkeeper("sync", "--port", d.path, "--db", str(db))
    assert done.returncode == 0, done.stderr
    assert rows(db) == reference
    assert unsynced(flash) == []


ONE_A_BATCH = """
import sys
from duelkeeper import cli, packed
packed.BATCH = 1
sys.exit(cli.main(sys.argv[1:]))
"""


def test_killed_at_any_moment_resumes(
    tmp_path: Path, three: Path, reference: set[tuple[str, str, str]]
) -> None:
    flash = tmp_path / "flash"
    shutil.copytree(three, flash)
    saved = tmp_path / "saved"
    snapshot(flash, saved)
    with device(flash) as d:
        for n, delay in enumerate([0.0, 0.1, 0.25]):
            restore(flash, saved)
            db = tmp_path / ("log%d.sqlite3" % n)
            proc = subprocess.Popen(  # a batch a game: killed between batches and in one
                [sys.executable, "-c", ONE_A_BATCH, "sync", "--port", d.path, "--db", str(db)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            while not synced(flash) and proc.poll() is None:  # the first game is acknowledged:
                time.sleep(0.005)  # kill it somewhere in the next ones
            time.sleep(delay)
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            resumed = sync.run(d.path, db)
            assert resumed.problems == []
            assert resumed.new + resumed.known < 3
            assert rows(db) == reference
            assert unsynced(flash) == []


def test_cable_pulled_mid_sync(
    tmp_path: Path, three: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(packed, "BATCH", 1)
    flash = tmp_path / "flash"
    shutil.copytree(three, flash)
    db = tmp_path / "log.sqlite3"
    with device(flash) as d:

        def pull(step: str, game: str | None) -> None:
            if step == "add" and len(synced(flash)) == 1:
                d.power_cut()  # the second game added in the open transaction: device gone

        with pytest.raises(DeviceError, match=d.path):
            sync.run(d.path, db, after=pull)
    assert len(synced(flash)) == 1
    with device(flash) as d:  # plugged in again: a new port
        outcome = sync.run(d.path, db)
    # The second game is in the log when the batch's END had arrived before the cut
    # (committed, not acknowledged: known now), else its transaction was rolled back (new
    # now); which of the two depends on when the cut lands, and neither loses or
    # duplicates a game.
    assert (outcome.new + outcome.known, outcome.problems) == (2, []) and outcome.new >= 1
    assert len(rows(db)) == 3 and unsynced(flash) == []


@pytest.mark.parametrize("replayed", ["here", "by workers"])
def test_garbled_transfer_is_reported_not_acknowledged(
    tmp_path: Path, flash: Path, served: PtyDevice, monkeypatch: pytest.MonkeyPatch, replayed: str
) -> None:
    db = tmp_path / "log.sqlite3"
    handed = workers(monkeypatch) if replayed == "by workers" else []
    bad = unsynced(flash)[2]
    stream = Device.stream

    def garbling(self: Device, code: str) -> Iterator[bytes]:
        for line in stream(self, code):  # one byte of the game changed on the way
            if line.startswith(b"G %s " % bad.encode()):  # also when pulled again
                other = b"C" if line[-8:-7] == b"B" else b"B"
                line = line[:-8] + other + line[-7:]
            yield line

    monkeypatch.setattr(Device, "stream", garbling)
    outcome = sync.run(served.path, db)
    assert len(handed) == (6 if replayed == "by workers" else 0)
    assert [p.id for p in outcome.problems] == [bad]
    assert "garbled in transfer: CRC-32 mismatch" in outcome.problems[0].why
    assert outcome.new == 5 and unsynced(flash) == [bad]
    assert bad not in {i for i, _, _ in rows(db)}
    monkeypatch.undo()
    assert sync.run(served.path, db).new == 1  # the next sync, on a good line, has it
    assert unsynced(flash) == []


def flip_byte(path: Path, at: int) -> None:
    data = bytearray(path.read_bytes())
    data[at] ^= 0x20
    path.write_bytes(bytes(data))


def archive(flash: Path, record: dict[str, Any]) -> str:
    """Put a record on the flash as the device's firmware archives a finished game."""
    store = storage_class()(str(flash))
    record = dict(record)
    del record["id"]
    store.start(record)
    gid = store.finish()
    assert gid is not None
    return str(gid)


def test_damaged_games_are_set_aside_and_refused_ones_stay(tmp_path: Path, flash: Path) -> None:
    db = tmp_path / "log.sqlite3"
    one_file_each(flash)  # games of the layout before bundles, then two in a bundle
    damaged = unsynced(flash)[1]
    flip_byte(flash / "games" / (damaged + ".dk"), 20)
    unfinished = random_record("7wd", 3)
    unfinished["events"] = unfinished["events"][:10]  # "end and save now" on the device
    illegal = random_record("splendor-duel", 4)
    illegal["events"][6] = illegal["events"][7]  # the same move twice: out of turn
    short = archive(flash, unfinished)
    wrong = archive(flash, illegal)
    with device(flash) as d:
        done = duelkeeper("sync", "--port", d.path, "--db", str(db))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    err = [line for line in done.stderr.splitlines() if not line.startswith("sync: ")]
    assert err[-1] == (
        "duelkeeper: 3 of 8 games not synced, left on the device: %s, %s; "
        "set aside on the device: %s" % (short, wrong, damaged)
    )
    copy = tmp_path / "quarantine" / (damaged + ".dk")
    assert err[0] == (
        "duelkeeper: game %s: damaged on the device's flash (game %s fails its checksum): "
        "set aside on the device (a raw copy: %s)" % (damaged, damaged, copy)
    )
    assert copy.read_bytes() == (flash / "games" / (damaged + ".bad")).read_bytes()
    assert err[1].startswith("duelkeeper: game %s: quarantined, the log refuses it:" % short)
    assert "is not over" in err[1]
    assert err[2].startswith("duelkeeper: game %s: quarantined, the log refuses it:" % wrong)
    assert ": 5 games synced (5 new" in done.stdout
    assert unsynced(flash) == sorted([short, wrong])
    assert {i for i, _, _ in rows(db)}.isdisjoint({damaged, short, wrong})
    kept = json.loads((tmp_path / "quarantine" / (wrong + ".json")).read_text())
    assert kept["id"] == wrong and kept["events"] == illegal["events"]
    # The next sync does not name the damaged game again.
    with device(flash) as d:
        again = duelkeeper("sync", "--port", d.path, "--db", str(db))
    assert damaged not in again.stderr
    assert again.stderr.splitlines()[-1] == (
        "duelkeeper: 2 of 2 games not synced, left on the device: %s, %s" % (short, wrong)
    )


def test_games_refused_in_the_workers_are_quarantined_alike(
    tmp_path: Path, flash: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    handed = workers(monkeypatch)
    db = tmp_path / "log.sqlite3"
    one_file_each(flash)
    damaged = unsynced(flash)[1]
    flip_byte(flash / "games" / (damaged + ".dk"), 20)
    unfinished = random_record("7wd", 3)
    unfinished["events"] = unfinished["events"][:10]
    illegal = random_record("splendor-duel", 4)
    illegal["events"][6] = illegal["events"][7]
    short = archive(flash, unfinished)
    wrong = archive(flash, illegal)
    with device(flash) as d:
        outcome = sync.run(d.path, db)
    assert sorted(handed) == sorted(set(unsynced(flash)) | set(synced(flash)) - {damaged})
    assert [(p.id, p.aside) for p in outcome.problems] == sorted(
        [(damaged, True), (short, False), (wrong, False)]
    )
    why = {p.id: p.why for p in outcome.problems}
    assert why[short].startswith("quarantined, the log refuses it: game %s is not over" % short)
    assert why[wrong].startswith("quarantined, the log refuses it:")
    assert why[damaged].startswith("damaged on the device's flash")
    kept = json.loads((tmp_path / "quarantine" / (wrong + ".json")).read_text())
    assert kept["id"] == wrong and kept["events"] == illegal["events"]
    assert outcome.new == 5 and unsynced(flash) == sorted([short, wrong])
    assert {i for i, _, _ in rows(db)}.isdisjoint({damaged, short, wrong})


@pytest.mark.parametrize(("cores", "want"), [(1, 0), (2, 2), (3, 3), (4, 4), (64, 4)])
def test_one_worker_a_core_four_at_most_none_on_one(cores: int, want: int) -> None:
    assert sync.workers(cores) == want


def test_without_workers_the_pc_replays_every_game(
    tmp_path: Path, flash: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    handed = workers(monkeypatch)
    monkeypatch.setattr(sync, "WORKERS", 0)  # a PC of one core
    with device(flash) as d:
        outcome = sync.run(d.path, tmp_path / "log.sqlite3")
    assert handed == [] and outcome.new == len(synced(flash)) > 0 and not outcome.problems


def test_no_device_is_one_line(tmp_path: Path) -> None:
    done = duelkeeper("sync", "--port", str(tmp_path / "nothing"), "--db", str(tmp_path / "l"))
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("duelkeeper: %s: cannot open the port" % (tmp_path / "nothing"))


def test_answers_that_make_no_sense() -> None:
    with pytest.raises(sync.SyncError, match="protocol 3, this duelkeeper 1 or 2: update"):
        sync.read_info([b"DK 3 abc 1"])
    with pytest.raises(sync.SyncError, match="is its firmware ours"):
        sync.read_info([])
    ids, count, noise = sync.read_list([b"GAME a-1", b"GAxE a-2", b"GAME a-3", b"END 4"])
    assert ids == ["a-1", "a-3"] and count == 4
    assert noise == [
        "a garbled line in the device's list: b'GAxE a-2'",
        "the device's list and its count disagree (3 lines, 4 said)",
    ]
    text = b'{"id":"a-1"}'
    good = [b"REC %d %08x" % (len(text), zlib.crc32(text)), text]
    assert sync.read_record("a-1", good) == {"id": "a-1"}
    for lines, why in [
        ([good[0], text + b" "], "13 bytes arrived of 12"),
        ([good[0]], "1 lines where"),
        ([b"REC x y"], "header line is garbled"),
        ([b"REC 12 00000000", text], "CRC-32 mismatch"),
    ]:
        with pytest.raises(sync._Garbled, match=why):
            sync.read_record("a-1", lines)
    with pytest.raises(sync._Damaged, match="its file holds game a-1, not game a-2"):
        sync.read_record("a-2", good)


@pytest.mark.parametrize("firmware", ["today's", "protocol 1"])
def test_games_from_before_dates_sync_undated(tmp_path: Path, firmware: str) -> None:
    """Games archived without times (older firmware, or a clock never set) sync,
    with today's firmware and with firmware that speaks only protocol 1; their dates are
    unknown in the log, not the sync's. The clock is set where the firmware can."""
    flash = tmp_path / "flash"
    fill(flash, 3, seed=5, dated=False)
    if firmware == "protocol 1":
        old_firmware(flash)
    db = tmp_path / "log.sqlite3"
    with device(flash) as d:
        assert device_clock(d.path).year == 2021  # a Pico's RTC after power on
        outcome = sync.run(d.path, db)
        clock = device_clock(d.path)
    assert (outcome.new, outcome.problems) == (3, [])
    with Log.open(db) as log:
        assert [g.date for g in log.games()] == ["", "", ""]
        assert all("started" not in g.record["meta"] for g in log.games())
    if firmware == "protocol 1":
        assert clock.year == 2021  # left alone: that firmware has no sync.clock
    else:
        assert abs((clock - datetime.now()).total_seconds()) < 5
    listed = duelkeeper("games", "--db", str(db))
    assert [line.split()[0] for line in listed.stdout.splitlines()[1:]] == ["unknown"] * 3


def test_dated_games_keep_their_dates(tmp_path: Path, six: Path) -> None:
    flash = tmp_path / "flash"
    shutil.copytree(six, flash)
    with device(flash) as d:
        sync.run(d.path, tmp_path / "log.sqlite3")
    with Log.open(tmp_path / "log.sqlite3") as log:
        games = list(log.games())
    assert len(games) == 6
    for g in games:
        meta = g.record["meta"]
        assert g.date == meta["ended"].replace("T", " ") and meta["seconds"] > 0
        assert g.date[:10] != g.imported[:10]  # the day played, not the day synced


def test_garbled_acknowledgement_is_sent_again_then_noted(
    tmp_path: Path, flash: Path, served: PtyDevice, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The device marked the batch, but its answer is garbled, twice (it is sent once
    more: marking twice is harmless): the games are in the log and counted so, one note
    says the answer was garbled; the next sync has nothing left to do (issue 33: before,
    a line per game and "6 of 6 games not synced", though all were in the log)."""
    db = tmp_path / "log.sqlite3"
    lines = Device.lines
    calls = []

    def garbling(self: Device, code: str) -> list[bytes]:
        out = lines(self, code)
        calls.append(code)
        return [b"ACKS 6 0000000x"] if code.startswith("sync.acks(") else out

    monkeypatch.setattr(Device, "lines", garbling)
    outcome = sync.run(served.path, db)
    assert (outcome.new, outcome.known, outcome.problems) == (6, 0, [])
    assert outcome.ok and len([c for c in calls if c.startswith("sync.acks(")]) == 2
    (note,) = outcome.noise
    assert note.startswith("the device's acknowledgement of 6 games in the log arrived garbled")
    assert len(rows(db)) == 6
    monkeypatch.undo()
    again = sync.run(served.path, db)
    assert (again.new, again.known, again.problems) == (0, 0, [])
    assert unsynced(flash) == [] and len(rows(db)) == 6


def test_quick_scores_sync_like_any_game(tmp_path: Path) -> None:
    """A quick score (docs/record-quick-score.md) journalled a player at a time, and one
    of the winner only, archived by the firmware's Storage and synced into the log."""
    flash = tmp_path / "flash"
    flash.mkdir()
    store = storage_class()(str(flash))
    pad = {"points": 21, "crowns": 4, "white": 3, "blue": 9, "green": 0, "red": 5, "black": 0}
    store.start(
        {
            "format": 1,
            "game": "splendor-duel",
            "players": ["Ann", "Bob"],
            "setup": {"first": 0, "score_only": True},
            "events": [],
            "meta": {"board": "sim"},
        }
    )
    store.append(["score", 1, dict(pad, points=12, crowns=9, blue=2)])
    store.append(["score", 0, pad])
    counted = store.finish()
    won = archive(
        flash,
        {
            "format": 1,
            "game": "7wd",
            "id": "x",
            "players": ["Cy", "Ann"],
            "setup": {"score_only": True},
            "events": [["won", 0, "science"]],
        },
    )
    db = tmp_path / "log.sqlite3"
    with device(flash) as d:
        outcome = sync.run(d.path, db)
    assert (outcome.new, outcome.problems) == (2, [])
    with Log.open(db) as log:
        a = log.get(counted)
        assert (a.winner, a.victory, a.totals, a.quick) == (0, "points", (21, 12), 1)
        assert a.record["events"][0] == ["score", 1, dict(pad, points=12, crowns=9, blue=2)]
        b = log.get(won)
        assert (b.winner, b.victory, b.quick) == (0, "science", 2)
    assert unsynced(flash) == []
