"""The simulated board: no hardware, a display that records what it shows.

Runs in the MicroPython VM and under CPython (with host/duelkeeper/shims); it imports
only ``framebuf``. The simulator sets the module's settings *before* ``open()``:

* ``WIDTH``, ``HEIGHT``: the panel size, 296 x 128 (the 2.9" boards) or 250 x 122
  (the 2.13" panels; ``--size 250x122``);
* ``BUTTONS``: "abcud" (five buttons) or "abc" (a three-button board, mapped as
  firmware/buttons.py documents);
* ``ROOT``: the storage folder, becomes ``board.root``;
* ``VBUS``, ``BATTERY_MV``: on USB (True, as a board beside the PC; the screens show a
  plug), or on cells of that many millivolts (``--battery MV``).

and drives the board through its attributes afterwards:

* ``board.held``: the BTN_* mask that ``pressed()`` returns (set it, then tick);
* ``board.display.on_show``: None, or ``f(full, buf)`` called at each show() with the
  live frame buffer (copy it if you keep it);
* ``board.display.frames``: None, or a list to which each shown frame is appended as
  ``(full, bytes)``;
* ``board.display.full`` / ``.partial`` / ``.sleeps``: counts of refreshes and sleeps;
* ``board.display.full_polls`` / ``.partial_polls``: how many busy() polls answer True
  after a show (0 by default), to simulate the panel's refresh time in ticks;
* ``board.holds``: how often ``power_hold()`` was called.

The frame buffer is the real drivers' layout: ``framebuf.MONO_VLSB``, byte
``(y >> 3) * WIDTH + x``, bit ``y & 7``, 1 = black; ``((HEIGHT + 7) >> 3) * WIDTH`` bytes.
"""

import framebuf

NAME = "sim"
WIDTH = 296
HEIGHT = 128
BUTTONS = "abcud"
ROOT = "/"
VBUS = True
BATTERY_MV = 3000


class Display:
    """A driver with the interface of docs/firmware.md that shows nothing."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.buf = bytearray(((height + 7) >> 3) * width)
        self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.MONO_VLSB)
        self.full = 0
        self.partial = 0
        self.sleeps = 0
        self.asleep = False
        self.full_polls = 0
        self.partial_polls = 0
        self.on_show: object = None
        self.frames: list[tuple[bool, bytes]] | None = None
        self._busy = 0

    def show(self, full: bool) -> None:
        if self._busy:
            raise RuntimeError("display busy")  # as the real drivers: never queued
        if full:
            self.full += 1
            self._busy = self.full_polls
        else:
            self.partial += 1
            self._busy = self.partial_polls
        self.asleep = False
        if self.frames is not None:
            self.frames.append((full, bytes(self.buf)))
        if self.on_show is not None:
            self.on_show(full, self.buf)  # type: ignore[operator]

    def busy(self) -> bool:
        if self._busy:
            self._busy -= 1
            return True
        return False

    def sleep(self) -> None:
        self.sleeps += 1
        self.asleep = True


class Board:
    """The simulated board (docs/firmware.md, "Board interface")."""

    can_power_off = False  # the simulator never lets go of its power

    def __init__(self, width: int, height: int, buttons: str, root: str) -> None:
        self.display = Display(width, height)
        self.buttons = buttons
        self.root = root
        self.held = 0
        self.holds = 0
        self.vbus_on = VBUS
        self.mv = BATTERY_MV

    def pressed(self) -> int:
        return self.held

    def power_hold(self) -> None:
        self.holds += 1

    def vbus(self) -> int:
        return int(self.vbus_on)

    def battery_mv(self) -> "int | None":
        return self.mv

    def wake_on_press(self, catch: object) -> None:
        pass  # the simulator's loop never sleeps

    def at_power_on(self, levels: int) -> int:
        return 0

    def power_off(self) -> None:
        pass


def open() -> Board:
    """A board with the module's current settings."""
    return Board(WIDTH, HEIGHT, BUTTONS, ROOT)
