"""How long the firmware takes to draw, on the real port (MicroPython rp2 v1.28.0 in the
emulated RP2040; rp2040js is not cycle-exact, so these are emulated microseconds).

    python -m duelkeeper_dev.bench_draw

The board's UF2 is installed on a Badger 2040 image; at its raw REPL an App is made
over the board (the real driver and storage), and each line times one call with
``time.ticks_us``: drawing a screen into the framebuffer (nothing sent to the panel),
text in each font, and sending a frame. A press's frame is mostly its screen's draw:
docs/rp2.md ("Found on the real port") has the figures and what moved them. The board's
time depends on the firmware only, not on the load of the PC.
"""

import sys
import tempfile
from pathlib import Path

from duelkeeper import deploy
from duelkeeper.device import Device as Serial
from duelkeeper.rp2 import flashimage
from duelkeeper.rp2.board import EmulatedBoard, firmware_missing

BOARD = "badger2040"
BOOT_MS = 4000
# Seconds the emulated board may stay silent in a bench's code (compiling a game's events
# at the raw REPL, building a card menu) on a host busy with other work: with the device's
# 10 s, bench_lang failed while tests ran beside it.
SILENCE = 60.0
SETUP = {
    "first": 0,
    "wonders": "first-game",
    "progress": ["agriculture", "architecture", "economy", "law", "masonry"],
}
# Runs on the board: each timing is printed as "T <label> <microseconds>".
CODE = """
import time, gc
from firmware.storage import Storage
from firmware.app import App
from firmware.gfx.canvas import LARGE
from firmware.games.sevenwonders import pick
b = __import__("boards.%s", None, None, ("open",)).open()
app = App(b, Storage(b.root))
c = app.canvas
def T(label, f, n=1):
    gc.collect()
    t = time.ticks_us()
    for _ in range(n):
        f()
    print("T", label, time.ticks_diff(time.ticks_us(), t) // n)
T("the games list, drawn", lambda: app.stack[-1].draw(c))
app.new_game("7wd", ["Ann", "Bob"], %r)
T("7WD tracking screen, drawn", lambda: app.stack[-1].draw(c))
app.push(pick.Screen(app))
T("7WD card menu, drawn", lambda: app.stack[-1].draw(c))
T("20 characters, small font", lambda: c.text("Ann to play 12345678", 0, 0), 5)
T("10 characters, large font", lambda: c.text("Ann 123456", 0, 0, LARGE), 5)
T("width of 20 small characters", lambda: c.text_width("Ann to play 12345678"), 5)
T("a blank frame", lambda: c.clear(), 5)
T("a frame sent to the driver", lambda: b.display.show(c.fb))
""" % (BOARD, SETUP)


def on_board(code: str, files: dict[str, bytes] | None = None) -> str:
    """What ``code`` printed at the raw REPL of a board booted with the program
    (``files``, ``romfs.files()`` by default) installed on a fresh flash."""
    with tempfile.TemporaryDirectory(prefix="bench-draw-") as name:
        image = flashimage.install(Path(name) / "flash.img", files or deploy.files(), BOARD)
        with EmulatedBoard(image, BOARD) as board:
            board.run(BOOT_MS)
            board.free_run(True)
            with Serial(board.path) as serial:
                serial.silence = SILENCE
                serial.call_seconds = 20 * SILENCE  # a whole bench is one call
                serial.enter()
                return serial.run(code).decode()


def timings(out: str) -> list[tuple[str, int]]:
    """(label, number) for each "T <label> <number>" line of ``out``."""
    rows = []
    for line in out.splitlines():
        if line.startswith("T "):
            label, us = line[2:].rsplit(" ", 1)
            rows.append((label, int(us)))
    return rows


def measure() -> list[tuple[str, int]]:
    """(label, emulated microseconds) for each timing of CODE."""
    return timings(on_board(CODE))


def main() -> int:
    missing = firmware_missing()
    if missing:
        print(f"bench_draw: not measured: {missing}")
        return 0
    print(f"drawing on the real port (board {BOARD}), emulated ms:")
    for label, us in measure():
        print(f"  {label:<32} {us / 1000:8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
