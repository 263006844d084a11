"""The simulator in a terminal: the e-ink frame in half-block characters, keys as buttons.

Each character cell shows two panel pixels, one above the other (the half blocks
U+2580, U+2584, U+2588), black on white as on the panel; a terminal narrower than the
panel gets quadrant blocks instead (2 x 2 pixels a cell). Keys are read without echo;
each key press is a short press of its button (a terminal reports no key releases),
the capital letter is a long press. The device runs in real time, one tick per 10 ms.
"""

import os
import select
import shutil
import sys
import termios
import time
import tty
from collections import deque
from typing import TextIO

from duelkeeper.errors import DuelkeeperError
from duelkeeper.sim.device import Driven, decode
from duelkeeper.sim.script import BUTTONS, LONG_MS, PRESS_MS, TICK_MS, Step, has, masks, missing

# Key -> (button, long)
KEYS = {
    "a": ("a", False), "b": ("b", False), "c": ("c", False),
    "A": ("a", True), "B": ("b", True), "C": ("c", True),
    "k": ("up", False), "j": ("down", False), "K": ("up", True), "J": ("down", True),
    "\x1b[A": ("up", False), "\x1b[B": ("down", False),
    "\x1b[5~": ("up", True), "\x1b[6~": ("down", True),
}  # fmt: skip
HELP = (
    "a b c: buttons A B C   up/down or k j: UP DOWN   A B C K J (capitals), PgUp PgDn: "
    "long press   r: restart (power cycle)   q: quit"
)
HELP_THREE = (
    "a b c: tap A (down) B C (up)   A B C (capitals): hold (A, long B, C)   "
    "r: restart (power cycle)   q: quit"
)
_HALF = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}
# Quadrants indexed by top-left | top-right << 1 | bottom-left << 2 | bottom-right << 3.
_QUAD = (
    " \u2598\u259d\u2580\u2596\u258c\u259e\u259b\u2597\u259a\u2590\u259c\u2584\u2599\u259f\u2588"
)
_INK = "\x1b[30;107m"  # black on bright white: the panel
_RESET = "\x1b[0m"


def text(rows: list[list[int]], quadrants: bool = False) -> list[str]:
    """Pixel rows (1 = black) as lines of block characters."""
    height = len(rows)
    width = len(rows[0]) if rows else 0
    lines = []
    if not quadrants:
        for y in range(0, height, 2):
            top = rows[y]
            bottom = rows[y + 1] if y + 1 < height else [0] * width
            lines.append("".join(_HALF[(top[x], bottom[x])] for x in range(width)))
        return lines
    for y in range(0, height, 2):
        top = rows[y]
        bottom = rows[y + 1] if y + 1 < height else [0] * width
        line = []
        for x in range(0, width, 2):
            r = x + 1 < width
            k = top[x] | (top[x + 1] if r else 0) << 1 | bottom[x] << 2
            k |= (bottom[x + 1] if r else 0) << 3
            line.append(_QUAD[k])
        lines.append("".join(line))
    return lines


def frame_text(device: Driven, quadrants: bool = False) -> str:
    w, h = device.geometry
    return "\n".join(text(decode(device.frame, w, h), quadrants))


def _final(ch: str) -> bool:
    """The last character of an escape sequence (a letter, or ~ for PgUp/PgDn)."""
    return ch.isalpha() or ch == "~"


class Terminal:
    """Runs the device interactively until q (or end of input)."""

    def __init__(self, device: Driven, out: TextIO = sys.stdout) -> None:
        self.device = device
        self.out = out
        self.queue: deque[int] = deque()
        self.drawn = -1
        self.help = HELP_THREE if device.buttons == "abc" else HELP
        self.note = ""  # a key the board has no button for, said under the frame

    def _draw(self) -> None:
        d = self.device
        cols, _ = shutil.get_terminal_size((120, 40))
        w, _h = d.geometry
        quadrants = cols < w + 2
        lines = text(decode(d.frame, *d.geometry), quadrants)
        last = d.last
        info = "%s  %dx%d  presses %d  refreshes: %d full, %d partial" % (
            d.runtime,
            *d.geometry,
            last.presses,
            last.full,
            last.partial,
        )
        body = "".join(_INK + line + _RESET + "\x1b[K\n" for line in lines)
        foot = "".join(line + "\x1b[K\n" for line in ("", info, self.help, self.note))
        self.out.write("\x1b[H" + body + foot)
        self.out.flush()

    def _key(self, key: str) -> bool:
        if key == "q":
            return False
        if key == "r":
            self.queue.clear()
            self.device.restart()
            self.drawn = -1
            return True
        hit = KEYS.get(key)
        if hit is not None:
            name, long = hit
            if not has(self.device.buttons, name):
                self.note = missing(name, self.device.buttons, "this board")
                self._draw()
                return True
            self.note = ""
            step = Step("press", BUTTONS[name], LONG_MS if long else PRESS_MS, long=long)
            self.queue.extend(masks(step))
        return True

    def run(self) -> None:
        if not sys.stdin.isatty():
            raise DuelkeeperError("the simulator needs a terminal (or play a --script)")
        fd = sys.stdin.fileno()
        saved = termios.tcgetattr(fd)
        self.out.write("\x1b[?25l\x1b[2J")
        try:
            tty.setcbreak(fd)
            self._loop(fd)
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
            self.out.write(_RESET + "\x1b[?25h\n")
            self.out.flush()

    def _loop(self, fd: int) -> None:
        d = self.device
        next_tick = time.monotonic()
        pending = ""
        while True:
            wait = max(0.0, next_tick - time.monotonic())
            ready, _, _ = select.select([fd], [], [], wait)
            if ready:
                data = os.read(fd, 64).decode(errors="replace")
                if not data:
                    return
                pending += data
                while pending:
                    key = pending[0]
                    if key == "\x1b":
                        # An escape sequence arrives whole from the terminal.
                        end = 1
                        while end < len(pending) and not _final(pending[end]):
                            end += 1
                        key = pending[: end + 1]
                        pending = pending[end + 1 :]
                    else:
                        pending = pending[1:]
                    if not self._key(key):
                        return
                continue
            held = self.queue.popleft() if self.queue else 0
            d.step(held, TICK_MS)
            if d.last.shown or self.drawn < 0:
                self._draw()
                self.drawn = d.last.full + d.last.partial
            next_tick += TICK_MS / 1000
            if next_tick < time.monotonic() - 0.5:  # fell behind: do not race to catch up
                next_tick = time.monotonic()
