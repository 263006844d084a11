"""`duelkeeper deploy` against the simulated device on a pty, and finding the board.

The simulated device has no ROMFS partition, so deploy refuses it; deploys that write
the program run on the emulated RP2040 (tests/rp2/test_deploy_rp2.py).
"""

from pathlib import Path
from types import SimpleNamespace

import pytest
import serial.tools.list_ports  # type: ignore[import-untyped]
from ptyhelp import device, duelkeeper

from duelkeeper.device import DeviceError, find_port


def test_a_device_without_a_romfs_partition_is_refused_naming_the_uf2(tmp_path: Path) -> None:
    """The simulated device's MicroPython, like stock MicroPython on a Pico, has no ROMFS."""
    (tmp_path / "flash").mkdir()
    with device(tmp_path / "flash", games=1) as d:
        before = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*"))
        done = duelkeeper("deploy", "--port", d.path, "--board", "pico_inky_pack")
        after = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*"))
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 300, done.stderr
    assert lines[0] == (
        "duelkeeper: %s: its MicroPython has no ROMFS partition: install the project's "
        "firmware once (`duelkeeper uf2 --board pico_inky_pack -o duelkeeper.uf2`, then drop "
        "that file on the Pico's RPI-RP2 drive; its games stay)" % d.path
    )
    assert after == before  # nothing written


def test_unknown_board_is_one_line(tmp_path: Path) -> None:
    done = duelkeeper("deploy", "--port", str(tmp_path / "none"), "--board", "toaster")
    assert done.returncode == 2
    assert done.stderr.startswith("duelkeeper: no board 'toaster' in boards/ (known: badger2040,")
    assert len(done.stderr.splitlines()) == 1


def port(device: str, vid: int | None) -> SimpleNamespace:
    return SimpleNamespace(device=device, vid=vid)


def test_the_one_pico_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    found = [port("/dev/ttyS0", None), port("/dev/ttyACM1", 0x2E8A), port("/dev/ttyUSB0", 0x10C4)]
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: found)
    assert find_port() == "/dev/ttyACM1"
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: found[:1])
    with pytest.raises(DeviceError, match="^no Raspberry Pi Pico found on USB: plug one in"):
        find_port()
    two = found + [port("/dev/ttyACM0", 0x2E8A)]
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: two)
    with pytest.raises(
        DeviceError, match=r"^2 Picos found \(/dev/ttyACM0, /dev/ttyACM1\): choose one with --port$"
    ):
        find_port()
