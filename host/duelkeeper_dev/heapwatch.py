"""The host side of the heap watcher (onboard/heapwatch.py): install it, read its lines.

The watcher runs the shipped app as firmware/main.py does and, after each gesture the
app handled and drew, prints a HEAP line and ``micropython.mem_info()`` over USB serial.
``Watch`` reads the board's pty, keeps everything it said (to find a traceback), and
turns each complete report into a ``HeapLine``.
"""

import re
import tempfile
from pathlib import Path
from typing import NamedTuple

from duelkeeper.mpycross import compile_file
from duelkeeper.rp2 import flashimage
from duelkeeper.rp2.board import EmulatedBoard

WATCHER = Path(__file__).with_name("onboard") / "heapwatch.py"
BLOCK = 16  # bytes in a block of MicroPython's heap: mem_info counts in blocks
# The other games' cores, imported at boot for "all cores" (bench_firmware.OTHER_CORES).
ALL_CORES = ("duelcore.splendor", "duelcore.antike")
_REPORT = re.compile(
    r"^HEAP (-?\d+) (\d+) (\d+) (\S+) (\S+) (-?\d+) (\d+)\r?\n(?:.*\n)*?.*max free sz: (\d+)",
    re.MULTILINE,
)
TROUBLE = ("Traceback", "MemoryError")


class HeapLine(NamedTuple):
    presses: int  # gestures the app handled (-1: at boot, before the app)
    alloc: int  # gc.mem_alloc() on a collected heap, bytes
    free: int  # gc.mem_free(), bytes
    largest: int  # the largest free block, bytes (mem_info's "max free sz" x 16)
    screen: str  # the top screen's module ("-" before the app)
    game: str  # the game in progress ("7wd", ...) or "-"
    played: int  # its events played, -1 without a game
    depth: int = 0  # screens on the app's stack (1: the game's own screen alone), 0 before it


def parse(text: str) -> tuple[list[HeapLine], str]:
    """The complete reports in ``text``, and what follows the last (maybe partial)."""
    lines, end = [], 0
    for m in _REPORT.finditer(text):
        p, alloc, free, screen, game, played, depth, largest = m.groups()
        kb = int(largest) * BLOCK
        lines.append(
            HeapLine(int(p), int(alloc), int(free), kb, screen, game, int(played), int(depth))
        )
        end = m.end()
    return lines, text[end:]


def install(image: Path, files: dict[str, bytes], board: str, cores: tuple[str, ...] = ()) -> None:
    """``files`` (the program, ``romfs.files()``) installed on the flash ``image`` with
    the watcher as firmware/main.mpy, and ``cores`` imported before the app starts."""
    files = dict(files)
    with tempfile.TemporaryDirectory() as tmp:
        compiled = Path(tmp) / "main.mpy"
        compile_file(WATCHER, compiled)
        files["firmware/main.mpy"] = compiled.read_bytes()
    files["cores.txt"] = "".join(m + "\n" for m in cores).encode()
    flashimage.install(image, files, board)


class Watch:
    """What a board running the watcher says: ``poll()`` gives the new reports."""

    def __init__(self, board: EmulatedBoard) -> None:
        self.board = board
        self.said = ""  # everything read from the serial line
        self._rest = ""

    def poll(self) -> list[HeapLine]:
        new = self.board.read_serial().decode("utf-8", "replace")
        self.said += new
        lines, self._rest = parse(self._rest + new)
        return lines

    def trouble(self) -> str | None:
        """The serial output from the first traceback or MemoryError on, if any."""
        at = [self.said.find(word) for word in TROUBLE if word in self.said]
        return self.said[min(at) :][:2000] if at else None
