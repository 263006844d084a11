"""`duelkeeper deploy --port` onto an empty emulated board, then a reboot starts the app.

The board is blank (the port formats its littlefs at first boot); the deploy goes over
the emulated USB CDC exactly as to a plugged-in Pico, through mpremote's transport.
"""

import subprocess
import sys
from pathlib import Path

import pytest
from rp2help import needs_rp2

from duelkeeper import deploy
from duelkeeper.rp2 import flashimage
from duelkeeper.rp2.board import EmulatedBoard
from duelkeeper.rp2.device import Rp2Device

pytestmark = needs_rp2
COMMAND = str(Path(sys.executable).with_name("duelkeeper"))


@pytest.mark.parametrize("board", ["badger2040", "pico_inky_pack", "pico_epaper_2in9"])
def test_deploy_onto_an_empty_board_then_reboot_starts_the_app(tmp_path: Path, board: str) -> None:
    image = tmp_path / "flash.img"
    with EmulatedBoard(image, board) as emulated:
        emulated.run(200)  # first boot: littlefs formatted, the REPL up
        emulated.free_run(True)
        done = subprocess.run(
            [COMMAND, "deploy", "--port", emulated.path, "--board", board],
            capture_output=True,
            text=True,
            timeout=600,
        )
    assert done.returncode == 0, done.stderr
    assert f"deployed to {emulated.path}: " in done.stdout and f"board {board}" in done.stdout
    on_flash = flashimage.read_back(image)
    shipped = deploy.files()
    assert {path: on_flash.get(path.lstrip("/")) for path in shipped} == shipped
    assert f'"board": "{board}"' in on_flash["settings.json"].decode()
    with Rp2Device(tmp_path, board, install=False) as device:  # the power comes back
        first = device.boot()
        assert first < 5000  # emulated ms to the first completed refresh
        assert device.board.panel()["errors"] == []
        assert device.frame is not None and any(device.frame)
