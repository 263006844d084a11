"""Power: how the loop waits between ticks, when the board lets go of its power, and the
battery's level (docs/power.md).

On USB (the board's VBUS high) the loop ticks every 10 ms as it always has, so the REPL,
deploy and sync reach it at once. On cells the core never waits with its clocks on:

* while anything is under way (a button down, a refresh pending or running, a frame to
  draw) it waits each 10 ms tick in ``machine.lightsleep``: the system clock on the
  crystal, the PLLs stopped, about 1.5 mA where ``time.sleep_ms`` holds 125 MHz at
  about 21 mA;
* at rest it sleeps in lightsleep until a button's interrupt (``Board.wake_on_press``)
  or the next thing due: after ``PANEL_MS`` at rest the panel goes into deep sleep, and
  after the ``off_s`` setting (60 s) a board that holds its own power (the Badger 2040)
  draws a mark that a press wakes it, and lets go: the board is off, and the panel keeps
  the picture.

A press powers such a board up again; the base firmware raises the power hold and keeps
the buttons held within microseconds of power-on (rp2-base/DUELKEEPER_PICO/power_on.c),
``woken()`` reads them, and the app acts on that press without redrawing the screen the
panel still shows (``App.wake``).
"""

from micropython import const

from .clock import sleep_ms, ticks_diff

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from typing import Any

TICK_MS = const(10)  # the loop period: buttons are polled and debounced at this rate
PANEL_MS = const(5000)  # at rest this long, the panel goes into deep sleep
OFF_S = const(60)  # at rest this long on cells, a Badger lets go of its power
_LONG_MS = const(3_600_000)  # the longest lightsleep (v1.28 takes up to about 71 min)
_SCRATCH = const(0x4005800C)  # the watchdog's scratch 0 and 1 (power_on.c)
_GPIOS = const(0x3FFFFFFF)  # GP0-29: the bits scratch 0 holds

# Battery levels (docs/power.md, "The battery"): the pack's millivolts at which each of
# the icon's 4 steps is reached, and below which it is low; 2 AAA cells (alkaline or
# NiMH) in series, or one LiPo cell. A pack above LIPO_FROM mV is a LiPo (two AAA cells
# never reach it), remembered in the settings from then on.
AAA = (2100, 2300, 2500, 2700, 2200)
LIPO = (3550, 3700, 3800, 4000, 3500)
LIPO_FROM = const(3500)


def level(mv: int, steps: tuple) -> int:
    """The icon's steps, 0 to 4, for ``mv`` millivolts of the pack ``steps`` describes."""
    n = 0
    while n < 4 and mv >= steps[n]:
        n += 1
    return n


def woken(board: "Any") -> int:
    """The board's buttons held at power-on (BTN_* mask), read once: 0 when the base
    firmware kept none (a soft reset, or a firmware without power_on.c)."""
    try:
        from machine import mem32
    except ImportError:  # CPython: the simulator and the tests
        return 0
    levels = mem32[_SCRATCH] & _GPIOS  # mem32 reads signed: the low 30 bits compared
    if ~(levels ^ mem32[_SCRATCH + 4]) & _GPIOS:
        return 0
    mem32[_SCRATCH + 4] = levels  # read once: a soft reset does not press it again
    return board.at_power_on(levels)


class Power:
    """The waits of one board's loop; ``rest(app, now)`` after every tick."""

    def __init__(self, board: "Any", settings: dict) -> None:
        self.board = board
        self.settings = settings
        self.off_ms = int(settings.get("off_s", OFF_S)) * 1000
        self._since = 0  # when the app was last seen busy (ticks_ms)
        self._panel_asleep = False
        self._left = False  # let_go() drew the mark: the power goes at the next rest
        self._tried = False  # power_off() was called, and the board is still on
        self._warned = False  # the low battery was said (once a power-on)
        self._sleep = sleep_ms  # CPython: the tests give rest() their own
        try:
            from machine import lightsleep

            self._sleep = lightsleep
        except ImportError:
            pass

    def usb(self) -> bool:
        return bool(self.board.vbus())

    def battery(self) -> "int | None":
        """The icon's steps (0 to 4), or None on USB (the icon is a plug) or where the
        board cannot read its battery."""
        reading = self._cells()
        return None if reading is None else level(reading[0], reading[1])

    def low(self) -> bool:
        """Whether the cells are below their low mark (False on USB)."""
        reading = self._cells()
        return reading is not None and reading[0] < reading[1][4]

    def _cells(self) -> "tuple | None":
        """(millivolts, the steps of the cells in use), None on USB or with no reading;
        a pack above LIPO_FROM is a LiPo from then on (saved with the next settings)."""
        if self.usb():
            return None
        mv = self.board.battery_mv()
        if mv is None:
            return None
        if mv > LIPO_FROM:
            self.settings["cells"] = "lipo"
        return mv, LIPO if self.settings.get("cells") == "lipo" else AAA

    def rest(self, app: "Any", now: int) -> None:
        """Wait until the next tick is due: 10 ms, or at rest on cells until a press or
        the next thing due (the panel's sleep, letting go of the power)."""
        usb = self.usb()
        idle = app.idle()
        if idle:
            app.at_rest()
        if usb or not idle:
            self._since = now
            self._panel_asleep = False
            # the mark being drawn keeps the app busy; a button, USB or a power-off that
            # did not happen means the board stays on
            if self._left and (usb or self._tried or app.buttons.busy()):
                self._left = self._tried = False
                app.stay()
            if usb:
                sleep_ms(TICK_MS)
            else:
                self._sleep(TICK_MS)
            return
        if self._left:  # the mark is on the panel: let go (off at once, on cells)
            app.refresh.sleep()
            self._tried = True
            self.board.power_off()
            self._sleep(TICK_MS)  # still on: USB came, or a finger holds a button
            return
        still = ticks_diff(now, self._since)
        if self.board.can_power_off and still >= self.off_ms:
            self._left = True
            app.let_go()  # drawn and shown by the next ticks, then off
            return
        if not self._warned and self.low():
            self._warned = True
            app.warn_low()
            return
        app.buttons.listening = True  # a tap while asleep is caught (Buttons.catch)
        if not self._panel_asleep:
            if still < PANEL_MS:
                self._sleep(PANEL_MS - still)
                return
            self._panel_asleep = True
            app.refresh.sleep()
        due = self.off_ms - still if self.board.can_power_off else _LONG_MS
        self._sleep(max(TICK_MS, due))
