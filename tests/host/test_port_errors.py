"""A port that will not open says why in one line, naming the fix; no log file is made
when no board is reached (docs/sync.md, "Failures")."""

import errno
import fcntl
import os
from pathlib import Path

import pytest
from ptyhelp import duelkeeper

from duelkeeper import device
from duelkeeper.device import Device, DeviceError


def test_a_port_held_by_another_program_says_so(tmp_path: Path) -> None:
    """A real pseudo-terminal, locked as pyserial locks a port it opens (flock)."""
    master, slave = os.openpty()
    held = os.open(os.ttyname(slave), os.O_RDWR | os.O_NOCTTY)
    fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)  # the other program
    try:
        with pytest.raises(DeviceError) as caught:
            Device(os.ttyname(slave))
    finally:
        for fd in (held, slave, master):
            os.close(fd)
    message = str(caught.value)
    assert "\n" not in message
    assert "cannot open the port: another program holds it" in message
    assert "close it, then again" in message


def test_a_port_the_user_may_not_open_names_the_group(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fake port: the system refuses it as it refuses a user outside dialout (the tests
    run as root here, for whom no mode refuses)."""

    def refused(path: str, flags: int) -> int:
        raise PermissionError(errno.EACCES, "Permission denied", path)

    monkeypatch.setattr(device.os, "open", refused)
    monkeypatch.setattr(device.sys, "platform", "linux")
    with pytest.raises(DeviceError) as caught:
        Device("/dev/ttyACM7")
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("/dev/ttyACM7: cannot open the port: you may not open it")
    assert "dialout group" in message and "udev rule" in message
    monkeypatch.setattr(device.sys, "platform", "darwin")
    assert "ls -l /dev/ttyACM7" in device.why("/dev/ttyACM7")
    monkeypatch.setattr(device.sys, "platform", "win32")
    assert "one program at a time" in device.why("COM3")


def test_a_busy_port_says_another_program(monkeypatch: pytest.MonkeyPatch) -> None:
    def busy(path: str, flags: int) -> int:
        raise OSError(errno.EBUSY, "Device or resource busy", path)

    monkeypatch.setattr(device.os, "open", busy)
    assert device.why("/dev/ttyACM0").startswith("another program holds it")


def test_no_board_leaves_no_log_file(tmp_path: Path) -> None:
    db = tmp_path / "log.sqlite3"
    for command in ("sync", "deploy"):
        done = duelkeeper(command, "--port", str(tmp_path / "nothing"), "--db", str(db))
        assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
        assert "no such port" in done.stderr
        assert not db.exists() and list(tmp_path.iterdir()) == []
