"""Frames as text: half blocks (1 x 2 pixels a character) or quadrants (2 x 2)."""

from duelkeeper.sim import terminal
from duelkeeper.sim.device import decode


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
