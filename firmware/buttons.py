"""Buttons: polled, debounced, turned into gestures (docs/firmware.md, "Buttons").

``Buttons(board).poll(now_ms)`` is called about every 10 ms. It reads
``board.pressed()`` (a bitmask of BTN_* held now) and returns the next gesture as a
small int, ``button | kind << 5``, or 0:

* PRESS: the button went down and came up before 600 ms (sent on release, so that
  a long press is never also a press);
* LONG: the button has been held for 600 ms (sent while still held);
* REPEAT: UP or DOWN still held, every 150 ms after the LONG.

Debounce: a new reading counts once two polls in a row agree (10-20 ms at the 10 ms
poll), enough for the tactile switches of these boards and still quick to the finger.
A press a button's interrupt caught (``catch``: the one that ended a lightsleep, or
powered the board up) is sent as a PRESS even when the button is up again before two
polls could agree: a tap is never lost to sleep.
A gesture starts only when every button was up, and follows the first button pressed;
other buttons pressed meanwhile are ignored until all are released again.

Five-button boards (A B C UP DOWN: Badger 2040, the Waveshare 2.9 build) give all the
gestures above. Three-button boards (A B C only: Pico Inky Pack, buttons in a row under
the screen) map them so that the commonest action at the table, changing a number, is a
single tap:

=========  ================  ===========================================
physical   tap (< 600 ms)    hold (600 ms, sent while held)
=========  ================  ===========================================
A (left)   DOWN  PRESS  (-)  A PRESS
B (mid)    B PRESS           B LONG
C (right)  UP    PRESS  (+)  C PRESS
=========  ================  ===========================================

So on three buttons every screen still gets A, B, C and UP/DOWN presses and B's long
press (undo in a game); what it does not get is LONG of A, C, UP or DOWN and the
auto-repeat, so screens keep those as shortcuts only, with another way to the same end.
Holding is also when the display waits (refresh.py never refreshes under a held
button), which suits a hold that means "go back" or "next".
"""

from micropython import const

from .clock import ticks_diff

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from typing import Any


BTN_A = const(1)
BTN_B = const(2)
BTN_C = const(4)
BTN_UP = const(8)
BTN_DOWN = const(16)

PRESS = const(1)
LONG = const(2)
REPEAT = const(3)
_SHIFT = const(5)  # gesture = button | kind << _SHIFT
_MASK = const(0x1F)

_LONG_MS = const(600)
_REPEAT_MS = const(150)

_REPEATING = const(BTN_UP | BTN_DOWN)


def button(gesture: int) -> int:
    """The BTN_* of a gesture."""
    return gesture & _MASK


def kind(gesture: int) -> int:
    """PRESS, LONG or REPEAT."""
    return gesture >> _SHIFT


class Buttons:
    """Gestures from one board's buttons; polled, nothing allocated per poll."""

    def __init__(self, board: "Any") -> None:  # a Board: pressed(), buttons
        self._board = board
        # "abc" boards have no UP/DOWN of their own (boards/<name>.py: BUTTONS).
        self.three = getattr(board, "buttons", "abcud") == "abc"
        self._sample = 0  # the last raw reading
        self._held = 0  # the debounced mask
        self._active = 0  # the button of the gesture in progress, 0 when none
        self._long = False  # its LONG was sent
        self._down_at = 0  # when the active button went down (ticks_ms)
        self._due = 0  # ms after _down_at when the next LONG or REPEAT is due
        self._caught = 0  # buttons an interrupt saw go down since the last gesture began
        # Interrupts count only from a sleep at rest (firmware/power.py) until a gesture:
        # awake, the polls see every press, as the simulator's do.
        self.listening = False

    def held(self) -> int:
        """The debounced mask of buttons down now (refresh.py waits while it is not 0)."""
        return self._held

    def busy(self) -> bool:
        """Whether a gesture is under way or due (the loop must keep polling)."""
        return bool(self._sample | self._held | self._active | self._caught)

    def catch(self, mask: int) -> None:
        """A button went down, as its interrupt saw it (``Board.wake_on_press``)."""
        if self.listening:
            self._caught |= mask

    def poll(self, now: int) -> int:
        """Read the buttons once; return a gesture or 0."""
        raw = self._board.pressed()
        before = self._held
        if raw == self._sample:
            self._held = raw
        else:
            self._sample = raw  # one more poll must agree before it counts
        held = self._held
        active = self._active
        if not active:
            if held and not before:  # a gesture starts from "all released"
                self._active = held & -held  # the lowest button, if two came at once
                self._long = False
                self._down_at = now
                self._due = _LONG_MS
                self._caught = 0
                self.listening = False
                return 0
            caught = self._caught
            if caught and not raw and not held:  # down and up again between two polls
                self._caught = 0
                self.listening = False
                return self._tap(caught & -caught)
            return 0
        if not held & active:  # released
            self._active = 0
            if self._long:
                return 0
            return self._tap(active)
        if not raw & active:  # let go, not yet debounced: a late poll sends no LONG/REPEAT
            return 0
        elapsed = ticks_diff(now, self._down_at)
        if elapsed < self._due:
            return 0
        self._due = elapsed + _REPEAT_MS  # late polls delay repeats, never burst them
        if not self._long:
            self._long = True
            if self.three and active != BTN_B:  # a held A or C is the press of A or C
                return active | PRESS << _SHIFT
            return active | LONG << _SHIFT
        if self.three or not active & _REPEATING:
            return 0
        return active | REPEAT << _SHIFT

    def _tap(self, button: int) -> int:
        """The PRESS a tap of ``button`` sends (on three buttons a tap of A or C is DOWN
        or UP)."""
        if self.three and button != BTN_B:
            button = BTN_DOWN if button == BTN_A else BTN_UP
        return button | PRESS << _SHIFT
