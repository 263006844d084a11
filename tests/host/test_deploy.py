"""`duelkeeper deploy` against the simulated device on a pty, and finding the board.

The first deploy (the whole device code, about 110 KB through the raw REPL) is made once
for the module; the other tests deploy again over it.
"""

import json
import shutil
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace

import pytest
import serial.tools.list_ports  # type: ignore[import-untyped]
from ptyhelp import device, device_clock, duelkeeper, unsynced

from duelkeeper import deploy, sync
from duelkeeper.device import Device, DeviceError, find_port
from duelkeeper.repo import ROOT
from duelkeeper.sim.device import cached_build
from duelkeeper.sim.pty import PtyDevice


class Deployed(SimpleNamespace):
    flash: Path
    device: PtyDevice
    stdout: str


@pytest.fixture(scope="module")
def deployed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployed]:
    flash = tmp_path_factory.mktemp("deploy") / "flash"
    flash.mkdir()
    (flash / "settings.json").write_text(json.dumps({"names": ["Ann", "Bob"]}))
    with device(flash, games=2) as d:
        db = str(flash.parent / "log.sqlite3")
        done = duelkeeper("deploy", "--port", d.path, "--board", "pico_inky_pack", "--db", db)
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""
        yield Deployed(flash=flash, device=d, stdout=done.stdout)


def test_first_deploy_copies_everything_and_merges_the_settings(deployed: Deployed) -> None:
    wanted = deploy.files()
    assert (
        deployed.stdout
        == "deployed to %s: %d files copied, 0 unchanged, 0 removed; %s\n%s\n"
        % (
            deployed.device.path,
            len(wanted),
            "board pico_inky_pack",
            "roster: 0 names on the device",
        )
    )
    for path, data in wanted.items():
        assert (deployed.flash / path.lstrip("/")).read_bytes() == data, path
    glyphs = deployed.flash / "lib" / "firmware" / "gfx" / "lang-en.bin"  # data ships too
    assert glyphs.read_bytes() == (ROOT / "firmware" / "gfx" / "lang-en.bin").read_bytes()
    assert (deployed.flash / "main.py").read_text() == "from firmware.main import run\n\nrun()\n"
    code = cached_build()
    assert (deployed.flash / "lib" / "firmware" / "storage.mpy").read_bytes() == (
        code / "firmware" / "storage.mpy"
    ).read_bytes()
    settings = json.loads((deployed.flash / "settings.json").read_text())
    assert settings == {"names": ["Ann", "Bob"], "board": "pico_inky_pack"}
    assert not list(deployed.flash.rglob("*.tmp"))
    # the clock set, so that the games played from now on are dated
    assert abs((device_clock(deployed.device.path) - datetime.now()).total_seconds()) < 5


def test_second_deploy_copies_nothing(deployed: Deployed) -> None:
    report = deploy.run(deployed.device.path, None, deployed.flash.parent / "log.sqlite3")
    assert (report.copied, report.removed) == ([], [])
    assert report.unchanged == len(deploy.files())
    assert report.board == "pico_inky_pack"  # kept: no --board this time
    assert report.lang == "en"  # a device never set speaks English


def test_changed_and_stale_files(tmp_path: Path, deployed: Deployed) -> None:
    lib = deployed.flash / "lib"
    with (lib / "firmware" / "sync.mpy").open("ab") as f:
        f.write(b"\0")  # a file changed on the board by other means
    (lib / "duelcore" / "stale.py").write_text("x = 1\n")  # would shadow a module
    (lib / "boards" / "pico_inky_pack.mpy.tmp").write_bytes(b"half")  # a cut deploy's
    (lib / "firmware" / "display" / "uc8151.mpy").unlink()
    glyphs = lib / "firmware" / "gfx" / "lang-ru.bin"
    glyphs.write_bytes(glyphs.read_bytes()[:-1])  # a data file cut short
    report = deploy.run(deployed.device.path, "badger2040", tmp_path / "deploy.sqlite3")
    assert report.copied == [
        "/lib/firmware/display/uc8151.mpy",
        "/lib/firmware/gfx/lang-ru.bin",
        "/lib/firmware/sync.mpy",
    ]
    assert report.removed == ["/lib/boards/pico_inky_pack.mpy.tmp", "/lib/duelcore/stale.py"]
    assert report.board == "badger2040"
    assert json.loads((deployed.flash / "settings.json").read_text())["names"] == ["Ann", "Bob"]
    assert not (lib / "duelcore" / "stale.py").exists()
    # The deployed code (in the flash's /lib) is what the device runs, and it syncs.
    outcome = sync.run(deployed.device.path, tmp_path / "log.sqlite3")
    assert (outcome.new, outcome.problems) == (2, [])
    assert unsynced(deployed.flash) == []


def test_deploy_sets_the_language_and_keeps_the_rest(tmp_path: Path, deployed: Deployed) -> None:
    before = json.loads((deployed.flash / "settings.json").read_text())
    report = deploy.run(deployed.device.path, None, tmp_path / "log.sqlite3", "ja")
    assert (report.copied, report.removed, report.lang) == ([], [], "ja")
    assert report.summary().endswith("; board %s, language ja" % before["board"])
    assert json.loads((deployed.flash / "settings.json").read_text()) == {**before, "lang": "ja"}
    report = deploy.run(deployed.device.path, None, tmp_path / "log.sqlite3")
    assert report.lang == "ja"  # kept: no --lang this time
    done = duelkeeper("deploy", "--port", deployed.device.path, "--lang", "xx")
    assert done.returncode == 2 and "invalid choice: 'xx'" in done.stderr


def test_deploy_to_a_board_without_settings_keeps_the_default(tmp_path: Path) -> None:
    code = tmp_path / "code"  # a small build, the boards alone: the path is the same
    shutil.copytree(cached_build() / "boards", code / "boards")
    with device(tmp_path / "flash") as d, Device(d.path) as dev:
        report = deploy.deploy(dev, None, code)
    assert report.board == "badger2040 (the firmware's default)"
    assert len(report.copied) == len(list((code / "boards").glob("*.mpy"))) + 1
    assert not (tmp_path / "flash" / "settings.json").exists()


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
