"""firmware/buttons.py: debounce, press, long press, repeat, the three-button mapping."""

import fwhelp
import pytest
from fwhelp import run_vm

from firmware.buttons import (
    BTN_A,
    BTN_B,
    BTN_C,
    BTN_DOWN,
    BTN_UP,
    LONG,
    PRESS,
    REPEAT,
    Buttons,
    button,
    kind,
)

assert fwhelp


class Board:
    def __init__(self, buttons: str = "abcud") -> None:
        self.buttons = buttons
        self.mask = 0

    def pressed(self) -> int:
        return self.mask


def run(board: Board, script: list[tuple[int, int]], start: int = 1000) -> list[tuple[int, int]]:
    """Poll every 10 ms; ``script`` is (mask, how many polls). Returns (time, gesture)."""
    b = Buttons(board)
    now = start
    out = []
    for mask, polls in script:
        board.mask = mask
        for _ in range(polls):
            g = b.poll(now)
            if g:
                out.append((now - start, g))
            now += 10
    return out


def test_gesture_encoding() -> None:
    g = BTN_UP | REPEAT << 5
    assert (button(g), kind(g)) == (BTN_UP, REPEAT)
    assert (BTN_A, BTN_B, BTN_C, BTN_UP, BTN_DOWN) == (1, 2, 4, 8, 16)


def test_press_on_release_after_two_stable_samples() -> None:
    board = Board()
    assert run(board, [(0, 3), (BTN_B, 5), (0, 3)]) == [(90, BTN_B | PRESS << 5)]


def test_a_one_sample_glitch_is_not_a_press() -> None:
    board = Board()
    assert run(board, [(0, 2), (BTN_A, 1), (0, 5), (BTN_A, 1), (0, 5)]) == []


def test_long_press_is_sent_while_held_and_no_press_after() -> None:
    board = Board()
    got = run(board, [(BTN_A, 100), (0, 5)])
    # debounced down at 10 ms; long at 10 + 600 ms; A does not repeat
    assert got == [(610, BTN_A | LONG << 5)]


def test_up_and_down_repeat_after_the_long_press() -> None:
    board = Board()
    got = run(board, [(BTN_DOWN, 110)])
    assert got[0] == (610, BTN_DOWN | LONG << 5)
    assert got[1:] == [(610 + 150 * k, BTN_DOWN | REPEAT << 5) for k in range(1, 4)]


def test_late_polls_do_not_burst() -> None:
    board = Board(buttons="abcud")
    b = Buttons(board)
    board.mask = BTN_UP
    assert b.poll(0) == 0 and b.poll(10) == 0
    assert b.poll(700) == BTN_UP | LONG << 5
    assert b.poll(2000) == BTN_UP | REPEAT << 5  # one repeat, however late
    assert b.poll(2010) == 0
    assert b.poll(2150) == BTN_UP | REPEAT << 5


def test_a_late_poll_after_the_release_sends_no_repeat() -> None:
    # On the rp2 port a redraw after the LONG can hold the loop past the first repeat's
    # time; the button was let go meanwhile. That poll sees it up (not yet debounced):
    # it must not count as held, or a long UP moves the list twice (found on the
    # emulated Badger 2040, tests/rp2/test_games.py).
    board = Board()
    b = Buttons(board)
    board.mask = BTN_UP
    assert b.poll(0) == 0 and b.poll(10) == 0
    assert b.poll(620) == BTN_UP | LONG << 5
    board.mask = 0  # let go at 700 ms; the next poll comes at 800
    assert b.poll(800) == 0
    assert b.poll(810) == 0
    assert b.held() == 0


def test_other_buttons_wait_for_all_released() -> None:
    board = Board()
    got = run(board, [(BTN_A, 5), (BTN_A | BTN_C, 5), (BTN_C, 5), (0, 3), (BTN_C, 3), (0, 3)])
    assert got == [(110, BTN_A | PRESS << 5), (220, BTN_C | PRESS << 5)]


def test_two_at_once_follow_the_lowest() -> None:
    board = Board()
    assert run(board, [(BTN_B | BTN_UP, 5), (0, 3)]) == [(60, BTN_B | PRESS << 5)]


def test_held_is_the_debounced_mask() -> None:
    board = Board()
    b = Buttons(board)
    board.mask = BTN_C
    b.poll(0)
    assert b.held() == 0
    b.poll(10)
    assert b.held() == BTN_C
    board.mask = 0
    b.poll(20)
    assert b.held() == BTN_C
    b.poll(30)
    assert b.held() == 0


def test_ticks_wrap_around() -> None:
    board = Board()
    start = (1 << 30) - 300  # MicroPython's ticks_ms wraps at 2**30
    got = run(board, [(BTN_UP, 80)], start=start)
    assert got[:2] == [(610, BTN_UP | LONG << 5), (760, BTN_UP | REPEAT << 5)]


@pytest.mark.parametrize(
    ("physical", "tap", "hold"),
    [
        (BTN_A, BTN_DOWN | PRESS << 5, BTN_A | PRESS << 5),
        (BTN_B, BTN_B | PRESS << 5, BTN_B | LONG << 5),
        (BTN_C, BTN_UP | PRESS << 5, BTN_C | PRESS << 5),
    ],
)
def test_three_button_mapping(physical: int, tap: int, hold: int) -> None:
    board = Board(buttons="abc")
    assert Buttons(board).three
    assert run(board, [(physical, 5), (0, 3)]) == [(60, tap)]
    assert run(board, [(physical, 200), (0, 3)]) == [(610, hold)]  # no repeat, no press


def test_no_allocation_per_poll_in_micropython() -> None:
    # The VM collects garbage only between top-level calls, so gc.mem_alloc() inside one
    # call grows by everything allocated: polling must not move it.
    code = """
import gc
from firmware.buttons import Buttons, BTN_UP, BTN_A
class B:
    buttons = "abcud"
    mask = 0
    def pressed(self):
        return self.mask
board = B()
b = Buttons(board)
pattern = (0, 0, BTN_UP, BTN_UP, 0, BTN_A, BTN_A | BTN_UP, 0)
n = 0
for t in range(200):  # warm up: every path once
    board.mask = pattern[t % 8]
    b.poll(t * 10)
before = gc.mem_alloc()
for t in range(200, 2200):
    board.mask = BTN_UP if t < 1200 else pattern[t % 8]
    if b.poll(t * 10):
        n += 1
print(gc.mem_alloc() - before, n > 0)
"""
    assert run_vm(code).split() == ["0", "True"]
