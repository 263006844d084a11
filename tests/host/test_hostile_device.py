"""Issue 25: the simulated device with code left printing by a killed mpremote stays
bounded and answers the next sync; a device that never answers ends a sync in one line,
in bounded time."""

import os
import threading
import time
import tty
from collections.abc import Iterator
from pathlib import Path

import pytest
from ptyhelp import device, duelkeeper

from duelkeeper import device as devices
from duelkeeper import sync
from duelkeeper.device import Device, DeviceError


def rss(pid: int) -> int:
    """Bytes of memory the process holds (its threads, the VM's worker, included)."""
    for line in Path("/proc/%d/status" % pid).read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def test_code_left_printing_stays_bounded_and_the_next_sync_stops_it(tmp_path: Path) -> None:
    with device(tmp_path / "flash", games=2) as d:
        with Device(d.path) as left:  # mpremote runs it, then is killed: nobody reads
            left.enter()
            left._transport.exec_raw_no_follow('while True:\n print("x" * 1000)')
        assert d._proc is not None
        time.sleep(2)
        before = rss(d._proc.pid)
        time.sleep(8)
        grown = rss(d._proc.pid) - before
        assert grown < 64 * 2**20, "the simulator grew %d MB in 8 s" % (grown // 2**20)
        start = time.monotonic()
        outcome = sync.run(d.path, tmp_path / "log.sqlite3")
        assert time.monotonic() - start < 60
        assert (outcome.new, outcome.ok) == (2, True)


@pytest.fixture
def talker() -> Iterator[str]:
    """A line whose other side prints without end and answers nothing."""
    master, slave = os.openpty()
    tty.setraw(slave)
    stop = threading.Event()

    def talk() -> None:
        while not stop.is_set():
            try:
                os.write(master, b"x" * 1000 + b"\r\n")
            except OSError:
                return
            time.sleep(0.001)

    thread = threading.Thread(target=talk, daemon=True)
    thread.start()
    yield os.ttyname(slave)
    stop.set()
    os.close(master)
    thread.join(5)
    os.close(slave)


def test_a_device_that_talks_but_never_answers_ends_in_time(
    talker: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(devices, "ANSWER", 3.0)
    start = time.monotonic()
    with Device(talker) as d, pytest.raises(DeviceError) as caught:
        d.enter()
    assert time.monotonic() - start < 10
    message = str(caught.value)
    assert message.startswith(
        talker + ": cannot stop the app for the raw REPL: no answer within 3 s"
    )
    assert "\n" not in message and len(message) < 300


def test_a_silent_device_ends_a_sync_in_one_line(tmp_path: Path) -> None:
    master, slave = os.openpty()  # nobody answers on the other side
    tty.setraw(slave)
    try:
        start = time.monotonic()
        done = duelkeeper("sync", "--port", os.ttyname(slave), "--db", str(tmp_path / "l"))
        assert time.monotonic() - start < 40
    finally:
        os.close(master)
        os.close(slave)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
    assert "cannot stop the app for the raw REPL" in done.stderr
