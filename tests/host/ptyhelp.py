"""Shared by the sync, deploy and pty tests: the simulated device on a pseudo-terminal.

``device(flash, games=N)`` archives N random games on a flash folder with the firmware's
own Storage (duelkeeper.sim.fill) and serves the VM's REPL on a new pty
(duelkeeper.sim.pty), in this process: the tests then reach it with the real mpremote and
pyserial, as they would a board. The bridge loads the flash folder at every soft reset,
so a test may change the folder between two syncs (each sync starts with one).
"""

import ast
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

from duelkeeper.device import Device
from duelkeeper.sim.fill import fill, storage_class
from duelkeeper.sim.pty import PtyDevice

COMMAND = str(Path(sys.executable).with_name("duelkeeper"))


@contextmanager
def device(flash: Path, games: int = 0, seed: int = 0) -> Iterator[PtyDevice]:
    if games:
        fill(flash, games, seed)
    with PtyDevice(flash) as served:
        yield served


def duelkeeper(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed command, in a process of its own."""
    return subprocess.run([COMMAND, *args], capture_output=True, text=True, timeout=120)


def unsynced(flash: Path) -> list[str]:
    return storage_class()(str(flash)).unsynced()


def synced(flash: Path) -> list[str]:
    return storage_class()(str(flash)).synced()


def snapshot(flash: Path, to: Path) -> None:
    shutil.copytree(flash / "games", to)


def restore(flash: Path, saved: Path) -> None:
    """Put the games folder back as it was (the device reloads it at its next reset)."""
    shutil.rmtree(flash / "games")
    shutil.copytree(saved, flash / "games")


FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"


def old_firmware(flash: Path) -> None:
    """Deploy, as sources in the flash's /lib, firmware that speaks only sync protocol 1
    (as before packed transfer): today's, with protocol 2's calls taken out."""
    lib = flash / "lib" / "firmware"
    shutil.copytree(FIRMWARE, lib, ignore=shutil.ignore_patterns("__pycache__"))
    code = (lib / "sync.py").read_text()
    assert "\nPROTOCOL = 2\n" in code
    code = code.replace("\nPROTOCOL = 2\n", "\nPROTOCOL = 1\n")
    (lib / "sync.py").write_text(code + "\n\npull = acks = clock = None\n")


def device_clock(port: str) -> datetime:
    """What the device's RTC reads (machine.RTC, the bridge's on the simulated device)."""
    with Device(port) as d:
        d.enter()
        (line,) = d.lines("import machine\nprint(machine.RTC().datetime())")
        d.leave()
    y, mo, day, _, h, mi, s, _ = ast.literal_eval(line.decode())
    return datetime(y, mo, day, h, mi, s)
