"""Frames as text: half blocks (1 x 2 pixels a character) or braille (2 x 4), fitted to
the terminal; keys for buttons the board lacks."""

import io
import re
import shutil
from pathlib import Path

import pytest

from duelkeeper.sim import terminal
from duelkeeper.sim.device import Device, Geometry, Step, decode


def test_half_blocks() -> None:
    rows = [[1, 0, 1, 0], [1, 1, 0, 0], [0, 0, 0, 1]]
    assert terminal.text(rows) == ["\u2588\u2584\u2580 ", "   \u2580"]


def test_braille() -> None:
    rows = [[1, 0, 1, 1], [0, 1, 1, 1], [0, 0, 0, 0], [0, 0, 0, 1]]
    # dots 1 and 5 (0x11); then 1, 2, 4, 5 and 8 (0x9b)
    assert terminal.text(rows, braille=True) == ["\u2811\u289b"]


@pytest.mark.parametrize(
    ("cols", "lines", "braille", "scale"),
    [
        (300, 70, False, 1.0),  # half blocks: every pixel, square
        (300, 40, True, 1.0),  # too few lines for them: braille, every pixel
        (150, 36, True, 1.0),
        (120, 40, True, 238 / 296),  # scaled to the width
        (150, 20, True, 80 / 128),  # scaled to the lines
    ],
)
def test_fit(cols: int, lines: int, braille: bool, scale: float) -> None:
    assert terminal.fit(296, 128, cols, lines) == (braille, pytest.approx(scale))


def test_scaled_keeps_thin_strokes_and_solid_bars() -> None:
    rows = [[1 if x == 5 or y >= 12 else 0 for x in range(20)] for y in range(16)]
    small = terminal.scaled(rows, 0.5)
    assert len(small) == 8 and len(small[0]) == 10
    assert [r[2] for r in small[:6]] == [1] * 6 and sum(small[0]) == 1  # the line
    assert small[6] == small[7] == [1] * 10  # the bar


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


def test_a_key_for_a_missing_button_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # A terminal wide enough for the note on one line, whatever runs the test.
    monkeypatch.setattr(shutil, "get_terminal_size", lambda fallback=None: (200, 60))
    out = io.StringIO()
    term = terminal.Terminal(_Board("abc"), out)  # type: ignore[arg-type]
    assert term._key("j") and not term.queue
    assert term.note.startswith("this board has no DOWN button, only A, B, C")
    assert term.note in out.getvalue() and terminal.HELP_THREE in out.getvalue()
    term._key("a")  # a tap of A: pressed, and the note goes
    assert term.queue and term.note == ""
    five = terminal.Terminal(_Board("abcud"), io.StringIO())  # type: ignore[arg-type]
    assert five._key("j") and five.queue and five.note == ""


@pytest.mark.parametrize(("cols", "lines"), [(80, 24), (120, 40), (150, 40), (300, 70)])
def test_a_real_frame_fits_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cols: int, lines: int
) -> None:
    """The frame and every line under it fit the terminal, none wraps; a scaled frame
    says how large a terminal shows every pixel and how else to see it."""
    monkeypatch.setattr(shutil, "get_terminal_size", lambda fallback=None: (cols, lines))
    out = io.StringIO()
    with Device(tmp_path, runtime="cpython") as device:
        device.step(0)
        assert device.frame is not None
        terminal.Terminal(device, out)._draw()
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out.getvalue()).split("\n")
    assert shown[-1] == ""  # the draw ends with a new line
    shown.pop()
    assert len(shown) <= lines and max(map(len, shown)) < cols
    ink = sum(0x2801 <= ord(ch) <= 0x28FF or ch in "\u2580\u2584\u2588" for ch in "".join(shown))
    assert ink > 100  # the games list, drawn
    said = " ".join(shown)
    if cols < 149:
        assert f"to fit {cols}x{lines}: 149 columns and 36 lines show every pixel" in said
        assert "--screenshot" in said
    else:
        assert "every pixel" not in said
