"""firmware/main.py on the MicroPython VM: the board named, the App, the loop; and the
base firmware's launcher (rp2-base/DUELKEEPER_PICO/launcher/main.py) that calls it.

The loop never ends on a board, so the test stops it from ``sleep_ms`` after a few
turns; by then the first frame must have been shown. Run both ways: ``run("sim")``
called, and the launcher reading the board's name from /rom/board (the VM's filesystem
stands in for the ROMFS image).
"""

import json
from pathlib import Path

import pytest

from duelkeeper import mpvm
from duelkeeper.program import cached_build
from duelkeeper.uf2 import BASE_DIR

LAUNCHER = BASE_DIR / "DUELKEEPER_PICO" / "launcher" / "main.py"

_CODE = """
import json
import firmware.clock as clock
import boards.sim as sim

class Stop(Exception):
    pass

turns = []
def stop_after(ms):
    turns.append(ms)
    if len(turns) >= 5:
        raise Stop()

opened = []
def open_board(orig=sim.open):
    opened.append(orig())
    return opened[-1]
sim.open = open_board

clock.sleep_ms = stop_after
try:
    %s
except Stop:
    pass
print(json.dumps(turns))
print(json.dumps([opened[0].display.full, opened[0].root]))
"""


@pytest.mark.parametrize(
    "how",
    [
        "import firmware.main as m\n    m.sleep_ms = stop_after\n    m.run('sim')",
        "import firmware.main as m\n    m.sleep_ms = stop_after\n"
        "    exec(open('/launcher.py').read(), {'__name__': '__main__'})",
    ],
    ids=["called", "launched"],
)
def test_main_loop_ticks_the_app(tmp_path: Path, how: str) -> None:
    (tmp_path / "board").write_text("sim\n")
    build = cached_build(mpy=True)  # the .mpy files that ship
    files = {f"/lib/{name}": build / name for name in ("firmware", "boards", "duelcore")}
    files["/launcher.py"] = LAUNCHER
    files["/rom/board"] = tmp_path / "board"
    out = mpvm.run(_CODE % how, files).splitlines()
    assert json.loads(out[0]) == [10] * 5  # five turns of the loop, 10 ms sleeps
    assert json.loads(out[1]) == [1, "/"]  # the first frame shown, storage at "/"


@pytest.mark.parametrize("board", [None, b"sim", b"sim\n"[:-1] + b"\xff\xff"])
def test_the_launcher_without_a_whole_image_says_so_and_returns(
    tmp_path: Path, board: bytes | None
) -> None:
    files = {"/launcher.py": LAUNCHER}
    if board is not None:  # an image cut short: its last file lacks the newline
        (tmp_path / "board").write_bytes(board)
        files["/rom/board"] = tmp_path / "board"
    out = mpvm.run("exec(open('/launcher.py').read())\nprint('REPL')", files)
    assert out.splitlines() == [
        "duelkeeper: no whole program in /rom; run duelkeeper deploy",
        "REPL",
    ]
