"""Frames as text: half blocks (1 x 2 pixels a character) or quadrants (2 x 2)."""

import io

from duelkeeper.sim import terminal
from duelkeeper.sim.device import Geometry, Step, decode


def test_half_blocks() -> None:
    rows = [[1, 0, 1, 0], [1, 1, 0, 0], [0, 0, 0, 1]]
    assert terminal.text(rows) == ["\u2588\u2584\u2580 ", "   \u2580"]


def test_quadrants() -> None:
    rows = [[1, 0, 1, 1], [0, 1, 1, 1]]
    assert terminal.text(rows, quadrants=True) == ["\u259a\u2588"]


def test_decode_mono_vlsb() -> None:
    # Byte (y >> 3) * width + x, bit y & 7: a 3 x 9 frame.
    frame = bytes([0b00000001, 0b10000000, 0, 1, 0, 0])
    rows = decode(frame, 3, 9)
    assert rows[0] == [1, 0, 0]
    assert rows[7] == [0, 1, 0]
    assert rows[8] == [1, 0, 0]
    assert sum(map(sum, rows)) == 3


class _Board:
    """A stand-in for a driven device: what Terminal reads of it."""

    runtime = "cpython"
    frame = None
    last = Step(0, None, -1, 0, 0, 0)
    settle_ms = 0

    def __init__(self, buttons: str) -> None:
        self.buttons = buttons
        self.geometry = Geometry(296, 128)


def test_a_key_for_a_missing_button_says_so() -> None:
    out = io.StringIO()
    term = terminal.Terminal(_Board("abc"), out)  # type: ignore[arg-type]
    assert term._key("j") and not term.queue
    assert term.note.startswith("this board has no DOWN button, only A, B, C")
    assert term.note in out.getvalue() and terminal.HELP_THREE in out.getvalue()
    term._key("a")  # a tap of A: pressed, and the note goes
    assert term.queue and term.note == ""
    five = terminal.Terminal(_Board("abcud"), io.StringIO())  # type: ignore[arg-type]
    assert five._key("j") and five.queue and five.note == ""
