"""The simulator in a terminal: the e-ink frame in block or braille characters, keys as buttons.

The frame is fitted to the terminal (``fit``): half blocks (U+2580, U+2584, U+2588: two
panel pixels a character, one above the other) when the panel's width fits, 296
columns and 68 lines; braille (U+2800..U+28FF: 2 x 4 pixels a character) otherwise, every
pixel in 148 x 36, and in a smaller terminal the frame scaled down to fit, with a line
saying how large a terminal shows every pixel and how else to see it (PNGs from
``--script`` and ``--screenshot``). Black on white as on the panel. Keys are read without
echo; each key press is a short press of its button (a terminal reports no key releases),
the capital letter is a long press. The device runs in real time, one tick per 10 ms.
"""

import os
import select
import shutil
import sys
import termios
import textwrap
import time
import tty
from collections import deque
from typing import NamedTuple, TextIO

from duelkeeper.errors import DuelkeeperError
from duelkeeper.sim.device import Driven, decode
from duelkeeper.sim.script import (
    BUTTONS,
    LONG_MS,
    PRESS_MS,
    TICK_MS,
    Step,
    has,
    masks,
    missing,
)

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
# Braille dots' bits by (x, y) in the 2 x 4 cell (Unicode's dot numbering 1-8).
_DOTS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))
_INK = "\x1b[30;107m"  # black on bright white: the panel
_RESET = "\x1b[0m"
_INK_SHARE = 0.34  # scaled down: a pixel is black when this share of its area is
FOOT = 4  # lines under the frame: a blank one, the status, the keys, a refused key


class Fit(NamedTuple):
    """How a frame is drawn in a terminal: ``braille`` or half blocks, at ``scale``."""

    braille: bool
    scale: float  # 1.0: every pixel


def fit(width: int, height: int, cols: int, lines: int) -> Fit:
    """The largest drawing of a ``width`` x ``height`` frame in ``cols`` x ``lines``
    (``lines``: what is left under the frame's footer)."""
    cols -= 1  # a line as wide as the terminal would wrap on some
    if cols >= width and lines >= (height + 1) // 2:
        return Fit(False, 1.0)
    return Fit(True, min(1.0, 2 * cols / width, 4 * lines / height))


def scaled(rows: list[list[int]], scale: float) -> list[list[int]]:
    """Pixel rows shrunk by ``scale`` (< 1): a pixel is black when about a third of the
    area it stands for is (thin strokes stay, a black bar stays black)."""
    height, width = len(rows), len(rows[0]) if rows else 0
    spans = []
    for n, size in ((int(width * scale), width), (int(height * scale), height)):
        cuts = [min(size, int(i / scale)) for i in range(n + 1)]
        spans.append([(a, max(b, a + 1)) for a, b in zip(cuts, cuts[1:], strict=False)])
    out = []
    for y0, y1 in spans[1]:
        band = rows[y0:y1]
        out.append(
            [
                int(sum(sum(r[x0:x1]) for r in band) >= _INK_SHARE * (x1 - x0) * len(band))
                for x0, x1 in spans[0]
            ]
        )
    return out


def text(rows: list[list[int]], braille: bool = False) -> list[str]:
    """Pixel rows (1 = black) as lines of half blocks, or of braille characters."""
    height = len(rows)
    width = len(rows[0]) if rows else 0
    lines = []
    if not braille:
        for y in range(0, height, 2):
            top = rows[y]
            bottom = rows[y + 1] if y + 1 < height else [0] * width
            lines.append("".join(_HALF[(top[x], bottom[x])] for x in range(width)))
        return lines
    for y in range(0, height, 4):
        band = rows[y : y + 4]
        line = []
        for x in range(0, width, 2):
            bits = 0
            for dy, row in enumerate(band):
                for dx in range(min(2, width - x)):
                    if row[x + dx]:
                        bits |= _DOTS[dx][dy]
            line.append(chr(0x2800 + bits))
        lines.append("".join(line))
    return lines


def drawn(rows: list[list[int]], how: Fit) -> list[str]:
    """The frame's lines as ``fit`` chose."""
    return text(scaled(rows, how.scale) if how.scale < 1 else rows, how.braille)


def how_large(width: int, height: int, how: Fit, cols: int, lines: int) -> str:
    """A scaled frame's line: how large a terminal shows every pixel, and the PNGs."""
    if how.scale >= 1:
        return ""
    return (
        f"The frame at {how.scale:.0%} to fit {cols}x{lines}: {(width + 1) // 2 + 1} columns and"
        f" {(height + 3) // 4 + FOOT} lines show every pixel (or play a --script with"
        " --screenshot DIR for PNGs)."
    )


def frame_text(device: Driven, cols: int, lines: int) -> str:
    """The device's frame fitted to ``cols`` x ``lines``, with its scale line if any."""
    w, h = device.geometry
    how = fit(w, h, cols, lines)
    said = textwrap.wrap(how_large(w, h, how, cols, lines), max(20, cols - 1))
    return "\n".join(drawn(decode(device.frame, w, h), how) + said)


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
        cols, lines = shutil.get_terminal_size((120, 40))
        w, h = d.geometry
        last = d.last
        info = "%s  %dx%d  presses %d  refreshes: %d full, %d partial" % (
            d.runtime,
            *d.geometry,
            last.presses,
            last.full,
            last.partial,
        )
        width = max(20, cols - 1)
        foot = [""] + [
            part for said in (info, self.help, self.note) for part in textwrap.wrap(said, width)
        ]
        how = fit(w, h, cols, lines - len(foot))
        if how.scale < 1:  # room for the line saying so, then the scale that leaves
            said = textwrap.wrap(how_large(w, h, how, cols, lines), width)
            how = fit(w, h, cols, lines - len(foot) - len(said))
            foot += textwrap.wrap(how_large(w, h, how, cols, lines), width)
        body = "".join(
            _INK + line + _RESET + "\x1b[K\n" for line in drawn(decode(d.frame, w, h), how)
        )
        tail = "".join(line + "\x1b[K\n" for line in foot)
        self.out.write("\x1b[H" + body + tail + "\x1b[J")
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
