"""`duelkeeper sim --target rp2`: the simulator's front end on the emulated board."""

import subprocess
import sys
from pathlib import Path

from PIL import Image
from rp2help import needs_rp2

from duelkeeper.device import Device
from duelkeeper.rp2 import flashimage
from duelkeeper.sim.device import Device as SimDevice
from duelkeeper.sim.device import decode

pytestmark = needs_rp2
COMMAND = str(Path(sys.executable).with_name("duelkeeper"))


def test_a_script_with_screenshots_from_the_panel(tmp_path: Path) -> None:
    script = tmp_path / "start.txt"
    # On a Badger A picks 7 Wonders Duel; the panel shows it once its refresh is over.
    script.write_text("shot boot\na\nwait 1000\nshot after\n")
    shots = tmp_path / "shots"
    done = subprocess.run(
        [COMMAND, "sim", "--target", "rp2", "--storage", str(tmp_path / "flash"),
         "--script", str(script), "--screenshot", str(shots)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "1 presses" in done.stdout and "(1 full" in done.stdout
    boot = Image.open(shots / "boot.png")
    after = Image.open(shots / "after.png")
    assert boot.size == after.size == (296, 128)
    assert boot.tobytes() != after.tobytes()  # the players screen replaced the games list
    # the same first frame as the simulator's, pixel for pixel
    with SimDevice(tmp_path / "sim") as sim:
        for _ in range(3):
            sim.step(0)
        rows = decode(sim.frame, 296, 128)
    assert [[int(boot.getpixel((x, y)) < 128) for x in range(296)] for y in range(128)] == rows
    assert "settings.json" in flashimage.read_back(tmp_path / "flash" / "flash.img")


def test_pty_serves_the_boards_own_repl(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [COMMAND, "sim", "--target", "rp2", "--pty", "--storage", str(tmp_path)],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        path = proc.stdout.readline().strip()
        assert path.startswith("/dev/pts/")
        with Device(path) as device:  # mpremote's transport: Ctrl-C into the app, raw REPL
            device.enter()
            said = device.run(
                "import sys, os\n"
                "print(sys.platform, sys.implementation._machine, open('/rom/board').read())"
            )
        # the project's firmware, with the program in its ROMFS (the default board's)
        assert said == b"rp2 Raspberry Pi Pico (duelkeeper) with RP2040 badger2040\r\n\r\n"
    finally:
        proc.terminate()
        assert proc.wait(timeout=30) == 0
