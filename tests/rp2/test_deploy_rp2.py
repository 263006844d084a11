"""`duelkeeper deploy --port` onto emulated boards, over the emulated USB CDC exactly as to
a plugged-in Pico, through mpremote's transport and its ``romfs deploy``.

A board that ran a deploy for stock MicroPython, with games, gets the project's base
firmware (its UF2 dropped on it, as a user does once), then deploy writes the program's
ROMFS image, removes the stock-era program files and keeps every game; the app starts
at the next power-on. A board on stock MicroPython is refused with one line.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from rp2help import needs_rp2

from duelkeeper import romfs, uf2
from duelkeeper.rp2 import flashimage
from duelkeeper.rp2.board import EmulatedBoard, firmware_dir
from duelkeeper.rp2.device import Rp2Device

pytestmark = needs_rp2
COMMAND = str(Path(sys.executable).with_name("duelkeeper"))
STOCK_UF2 = firmware_dir() / "firmware-RPI_PICO-v1.28.0.uf2"  # ../shared/rp2/README.md
GAME = b'{"format": 1, "game": "7wd"}\n'


def _deploy(board: EmulatedBoard, *args: str) -> subprocess.CompletedProcess[str]:
    board.free_run(True)
    try:
        return subprocess.run(
            [COMMAND, "deploy", "--port", board.path, *args],
            capture_output=True,
            text=True,
            timeout=600,
        )
    finally:
        board.free_run(False)


def test_deploy_onto_a_stock_era_board_keeps_its_games_and_starts_the_app(
    tmp_path: Path,
) -> None:
    src = tmp_path / "src"
    for path, data in {
        "main.py": b"from firmware.main import run\n\nrun()\n",
        "lib/firmware/app.mpy": b"M\x06old",
        "lib/duelcore/pack.mpy": b"M\x06old",
        "lib/keep.txt": b"not ours",
        "games/0001.json": GAME,
        "journal.jsonl": b'{"e": 1}\n',
        "settings.json": json.dumps({"board": "badger2040", "names": ["Ann"]}).encode(),
        "roster.txt": b"+Zed\n",  # a name spelled on the board
    }.items():
        (src / path).parent.mkdir(parents=True, exist_ok=True)
        (src / path).write_bytes(data)
    image = flashimage.from_folder(tmp_path / "flash.img", src)
    with EmulatedBoard(image, "pico_inky_pack") as board:
        board.run(300)  # the base firmware alone: the launcher waits at the REPL
        done = _deploy(board, "--board", "pico_inky_pack", "--db", str(tmp_path / "log.db"))
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines()[1] == "roster: 1 name on the device; new from it: Zed"
        assert done.stdout.splitlines()[0] == (
            "deployed to %s: board pico_inky_pack, ROMFS image written (%d of %d bytes, "
            "%.0f%% free); 3 stock-era files removed"
            % (
                board.path,
                len(romfs.image("pico_inky_pack")),
                uf2.ROMFS_SIZE,
                100 * (1 - len(romfs.image("pico_inky_pack")) / uf2.ROMFS_SIZE),
            )
        )
        again = _deploy(board, "--db", str(tmp_path / "log.db"))  # the board its image names
        assert again.returncode == 0, again.stderr
        assert "board pico_inky_pack, ROMFS image unchanged" in again.stdout
    on_flash = flashimage.read_back(image)
    assert on_flash["games/0001.json"] == GAME and on_flash["journal.jsonl"] == b'{"e": 1}\n'
    assert on_flash["lib/keep.txt"] == b"not ours"
    assert not any(
        p == "main.py" or p.startswith(("lib/firmware", "lib/duelcore")) for p in on_flash
    )
    assert json.loads(on_flash["settings.json"]) == {"names": ["Ann"]}
    rom = romfs.image("pico_inky_pack")
    assert flashimage.romfs_image(image)[: len(rom)] == rom
    with Rp2Device(tmp_path, "pico_inky_pack", install=False) as device:  # the power returns
        assert device.boot() < 5000  # emulated ms to the first completed refresh
        assert device.board.panel()["errors"] == []
        assert device.frame is not None and any(device.frame)


@pytest.mark.skipif(not STOCK_UF2.is_file(), reason=f"{STOCK_UF2} is absent")
def test_a_board_on_stock_micropython_is_refused_naming_the_uf2(tmp_path: Path) -> None:
    with EmulatedBoard(tmp_path / "flash.img", "pico_inky_pack", uf2=STOCK_UF2) as board:
        board.run(300)
        done = _deploy(board, "--board", "pico_inky_pack", "--db", str(tmp_path / "log.db"))
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 300, done.stderr
    assert "no ROMFS partition" in lines[0] and "duelkeeper uf2 --board" in lines[0]


def test_deploy_without_a_board_on_a_board_without_a_program_asks_for_one(tmp_path: Path) -> None:
    with EmulatedBoard(tmp_path / "flash.img", "pico_inky_pack") as board:
        board.run(300)
        done = _deploy(board, "--db", str(tmp_path / "log.db"))
    assert done.returncode == 2
    assert done.stderr.strip().endswith("name it with --board"), done.stderr
