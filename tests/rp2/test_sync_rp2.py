"""Sync with the board's real RTC: the emulated RP2040 runs MicroPython's rp2 port, whose
``machine.RTC`` is the chip's (docs/record-dates.md).

A sync sets the board's clock to the PC's; a game the board's firmware then starts and
files is stamped by that clock (its Storage and ``firmware.rtc``, run in the board's raw
REPL as the app runs them), and the next sync brings it into the log dated.
"""

import json
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

from rp2help import needs_rp2

from duelkeeper.device import Device, DeviceError
from duelkeeper.entry import DATE_FORMAT
from duelkeeper.log import Log
from duelkeeper.randomgame import random_record
from duelkeeper.rp2.device import Rp2Device

pytestmark = needs_rp2
COMMAND = str(Path(sys.executable).with_name("duelkeeper"))
ENTER_TRIES = 20
# A game as the app plays it: stamped at its start (rtc.begin), journalled event by
# event, filed at its end (finish stamps its end and playing time).
PLAY = """
import json
from firmware import rtc
from firmware.storage import Storage
record = json.loads(%r)
events = record["events"]
record["events"] = []
record["meta"] = {}
rtc.begin(record["meta"])
s = Storage("/")
s.start(record)
for e in events:
    s.append(e)
print(s.finish())
"""


def _sync(port: str, db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [COMMAND, "sync", "--port", port, "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=300,
    )


def _enter(device: Device) -> None:
    """The raw REPL, once the app the sync restarted has booted far enough to take a
    Ctrl-C (the emulated board boots in several seconds of wall time)."""
    for _ in range(ENTER_TRIES - 1):
        try:
            return device.enter()
        except DeviceError:
            time.sleep(1)
    device.enter()


def test_sync_sets_the_boards_rtc_and_the_games_played_after_are_dated(tmp_path: Path) -> None:
    record = random_record("7wd", 5)
    db = tmp_path / "log.sqlite3"
    with Rp2Device(tmp_path / "rp2", "badger2040") as board:
        board.boot()
        board.board.free_run(True)
        set_at = datetime.now().replace(microsecond=0)
        first = _sync(board.board.path, db)  # the clock step checks what the RTC reads
        assert first.returncode == 0, first.stderr
        assert "0 games synced" in first.stdout
        with Device(board.board.path) as device:
            _enter(device)
            filed = device.run(PLAY % json.dumps(record)).decode().strip()
            device.leave()
        second = _sync(board.board.path, db)
    assert second.returncode == 0, second.stderr
    assert "1 game synced (1 new, 0 already in the log)" in second.stdout
    with Log.open(db) as log:
        [game] = list(log.games())
    assert game.id == filed
    meta = game.record["meta"]
    started = datetime.fromisoformat(meta["started"])
    ended = datetime.fromisoformat(meta["ended"])
    # The board's RTC runs on emulated time, which a free-running board paces to the wall
    # clock (never ahead of it; behind it while the chip is busier than real time).
    assert (
        set_at - timedelta(seconds=2) <= started <= ended <= datetime.now() + timedelta(seconds=2)
    )
    assert game.date == ended.strftime(DATE_FORMAT)
    assert 0 <= meta["seconds"] <= (ended - started).total_seconds() + 1
