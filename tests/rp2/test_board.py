"""The emulated board itself: boot, flash images, its USB REPL, and bad input.

Every test here runs MicroPython's real rp2 firmware in rp2040js (host/duelkeeper/rp2).
"""

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rp2help import needs_rp2

from duelkeeper.rp2 import flashimage
from duelkeeper.rp2.board import BOOTROM_NAME, BoardError, EmulatedBoard
from duelkeeper.rp2.device import Rp2Device

pytestmark = needs_rp2
COMMAND = str(Path(sys.executable).with_name("duelkeeper"))


def repl(board: EmulatedBoard, text: bytes, ms: int = 300) -> str:
    board.read_serial()
    board.write_serial(text)
    board.run(ms)
    return board.read_serial().decode("utf-8", "replace")


def test_a_blank_flash_is_formatted_at_first_boot_and_reads_back(tmp_path: Path) -> None:
    image = tmp_path / "flash.img"
    with EmulatedBoard(image) as board:
        report = board.run(300)
        assert report.flash_ops > 0  # littlefs formatted through the boot ROM's functions
        said = repl(board, b"f=open('hello.txt','w');f.write('from rp2');f.close()\r\n")
        assert "Traceback" not in said
    assert flashimage.read_back(image) == {"hello.txt": b"from rp2"}


def test_a_flash_made_from_a_folder_is_what_the_port_sees(tmp_path: Path) -> None:
    (tmp_path / "src" / "games").mkdir(parents=True)
    (tmp_path / "src" / "games" / "seq").write_bytes(b"41")
    image = flashimage.from_folder(tmp_path / "flash.img", tmp_path / "src")
    with EmulatedBoard(image) as board:
        board.run(100)
        said = repl(board, b"import os;print(os.listdir('/games'), open('/games/seq').read())\r\n")
    assert "['seq'] 41" in said


def test_the_port_reports_its_free_heap_at_boot(tmp_path: Path) -> None:
    with EmulatedBoard(tmp_path / "flash.img") as board:
        board.run(100)
        said = repl(board, b"import gc;gc.collect();print('FREE', gc.mem_free())\r\n")
    free = int(said.split("FREE ")[1].split()[0])
    assert 230_000 < free < 250_000  # ../shared/rp2/README.md measured 241,712


def test_a_free_running_board_keeps_to_the_wall_clock(tmp_path: Path) -> None:
    """An idle chip free running sleeps with the wall clock: its emulated time is never
    ahead of it (unpaced, a blank board ran 523 emulated s in 2 wall s, spinning a core)."""
    with EmulatedBoard(tmp_path / "flash.img") as board:
        start = board.run(100).t_us
        began = time.monotonic()
        board.free_run(True)
        time.sleep(2)
        board.free_run(False)
        wall = time.monotonic() - began
        emulated = (board.run(0).t_us - start) / 1e6
    assert 0.5 < emulated <= wall + 0.05


def test_the_repl_answers_ctrl_c_while_the_app_runs(tmp_path: Path) -> None:
    with Rp2Device(tmp_path, "pico_inky_pack") as device:
        device.boot()
        said = repl(device.board, b"\x03", 500)
        assert "KeyboardInterrupt" in said and said.rstrip().endswith(">>>")
        assert "42" in repl(device.board, b"print(6*7)\r\n")


def test_power_cut_keeps_the_flash_and_boots_again(tmp_path: Path) -> None:
    with Rp2Device(tmp_path, "pico_inky_pack") as device:
        device.boot()
        report = device.board.cut()
        assert report.cut and report.t_us == 0
        device.boot()  # the app starts again over the same flash


@pytest.mark.parametrize(
    ("case", "says"),
    [
        ("missing bootrom", "boot ROM .*: no such file"),
        ("short bootrom", "not an RP2040 boot ROM"),
        ("wrong flash", "flash image .*: 1000 bytes"),
    ],
)
def test_bad_firmware_files_give_one_line_and_no_traceback(
    tmp_path: Path, case: str, says: str
) -> None:
    from duelkeeper.rp2.board import firmware_dir

    here = tmp_path / "rp2"
    here.mkdir()
    shutil.copy(firmware_dir() / BOOTROM_NAME, here / BOOTROM_NAME)
    storage = tmp_path / "flash"
    storage.mkdir()
    if case == "missing bootrom":
        (here / BOOTROM_NAME).unlink()
    elif case == "short bootrom":
        (here / BOOTROM_NAME).write_bytes(b"\x00" * 100)
    elif case == "wrong flash":
        (storage / "flash.img").write_bytes(b"\x00" * 1000)
    script = tmp_path / "s.txt"
    script.write_text("a\n")
    done = subprocess.run(
        [COMMAND, "sim", "--target", "rp2", "--storage", str(storage), "--script", str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "DUELKEEPER_RP2": str(here)},
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert re.search(says, lines[0]), lines[0]


def test_a_board_that_shows_nothing_fails_with_its_last_output(tmp_path: Path) -> None:
    with Rp2Device(tmp_path, "pico_inky_pack", install=False) as device:  # no app on it
        device.board.run(100)
        device.board.write_serial(b"print('no app here')\r\n")
        with pytest.raises(BoardError, match="showed no frame in 2000 ms: .*no app here"):
            device.boot(limit_ms=2000)
