"""SSD1680 e-paper controller: 296x128 black/white (Waveshare Pico-ePaper-2.9).

Read with:

* Solomon Systech SSD1680 datasheet (176 source x 296 gate active-matrix EPD driver):
  command table, data entry mode (0x11), display update control 1 and 2 (0x21, 0x22),
  border waveform (0x3C), the 153-byte waveform LUT (0x32), deep sleep (0x10).
* Waveshare's Pico-ePaper-2.9 wiki page (https://www.waveshare.com/wiki/Pico-ePaper-2.9)
  and their MicroPython demo (github.com/waveshareteam/Pico_ePaper_Code,
  python/Pico_ePaper-2.9.py) for the pins, the 128 x 296 panel and which way up the
  landscape picture is.

Frame buffer
------------
``fb`` is a ``framebuf.MONO_VLSB`` buffer, ``width`` (gates) wide and ``height``
(sources) tall, (0, 0) at the user's top-left in landscape, 1 = black. The controller
can walk its RAM gate-first (data entry AM=1), and then a byte stream of VLSB pages is
exactly what it wants: each page is one 8-source RAM column, byte after byte down the
gates. VLSB puts the top pixel in bit 0 and the controller puts bit 7 on the lowest
source of the byte, so the X address counts down from the last column: user row y is
source ``height - 1 - y``, user column x is gate x. The whole buffer goes out in one SPI
write, straight from ``buf``. "1 = black" comes from display update control 1 reading
the RAM inverted (the controller's own convention is 1 = white).

Refresh
-------
Full refresh (0x22 = 0xF7): the controller loads the temperature, then the panel
maker's waveform and voltages from OTP, and runs it: the familiar flashing, about 3 s,
which clears ghosts and evens out the charge partial updates leave. Both RAMs get the
frame first, so nothing depends on what the "old" RAM held.

Partial refresh (0x22 = 0xCF, display mode 2): our waveform, written to the LUT
register (0x32) after each full refresh has replaced it with the OTP one. It keeps the
voltages the OTP load set (so a partial needs one full refresh after every reset; the
driver turns a partial that comes first into a full one). Group 0, phase A only: a push
of ``_PARTIAL_FRAMES`` x 2 frames to VSH1 (black) or VSL (white) by the pixel's new
colour; LUT0..LUT3 are chosen by (old, new) and ours depend on the new colour alone, so
the old RAM never matters. No flash, about 0.4 s; the trade-off is the UC8151 driver's:
one short push may leave a faint ghost, and repeated pushes of unchanged pixels a small
DC imbalance, which the periodic full refresh of refresh.py clears. The border is held
at VCOM during partials so it does not flicker.

BUSY is high while the controller works; ``show()`` returns after starting the update
and ``busy()`` reads the pin. The update sequences end with the analog part and the
clock switched off, so nothing else needs to happen when BUSY falls.
"""

import framebuf
from micropython import const

from ..clock import sleep_ms
from .wire import Wire

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from machine import SPI, Pin

# -- commands (datasheet: command table) -----------------------------------------------
_DRIVER_OUTPUT = const(0x01)  # gates in use, scan order
_DEEP_SLEEP = const(0x10)
_DATA_ENTRY = const(0x11)
_SW_RESET = const(0x12)
_TEMP_SENSOR = const(0x18)
_ACTIVATE = const(0x20)  # master activation: run the sequence of 0x22
_UPDATE_1 = const(0x21)  # display update control 1: RAM options
_UPDATE_2 = const(0x22)  # display update control 2: the sequence
_RAM_BW = const(0x24)  # the frame
_RAM_RED = const(0x26)  # the "old" frame in black/white mode
_WRITE_LUT = const(0x32)
_BORDER = const(0x3C)
_RAM_X_RANGE = const(0x44)
_RAM_Y_RANGE = const(0x45)
_RAM_X_AT = const(0x4E)
_RAM_Y_AT = const(0x4F)

# -- fields ------------------------------------------------------------------------------
_ENTRY_AM_Y = const(1 << 2)  # address counter moves along Y (gates) first
_ENTRY_Y_INC = const(1 << 1)  # Y increments (X bit 0 clear: X decrements)
_UPD1_INVERT_BOTH = const(0x88)  # red and black/white RAM read inverted: 1 = black
_UPD1_S8_TO_S167 = const(0x80)  # source outputs S8..S167 (the chip's middle 160)
_SEQ_CLOCK_ON = const(0x80)
_SEQ_ANALOG_ON = const(0x40)
_SEQ_LOAD_TEMP = const(0x20)
_SEQ_LOAD_LUT = const(0x10)  # from OTP, with the voltages
_SEQ_MODE_2 = const(0x08)
_SEQ_DISPLAY = const(0x04)
_SEQ_ANALOG_OFF = const(0x02)
_SEQ_CLOCK_OFF = const(0x01)
_SEQ_ON = const(_SEQ_CLOCK_ON | _SEQ_ANALOG_ON)
_SEQ_OFF = const(_SEQ_ANALOG_OFF | _SEQ_CLOCK_OFF)
# 0xF7: temperature and the OTP waveform loaded, display mode 1.
_SEQ_FULL = const(_SEQ_ON | _SEQ_LOAD_TEMP | _SEQ_LOAD_LUT | _SEQ_DISPLAY | _SEQ_OFF)
# 0xCF: display mode 2 with whatever the LUT register holds (ours).
_SEQ_PARTIAL = const(_SEQ_ON | _SEQ_MODE_2 | _SEQ_DISPLAY | _SEQ_OFF)
_BORDER_FOLLOW_LUT1 = const(0x05)  # border follows LUT1: white
_BORDER_VCOM = const(0x80)  # border held at VCOM: untouched
_TEMP_INTERNAL = const(0x80)
_SLEEP_MODE_1 = const(0x01)  # deep sleep, RAM kept; a hardware reset wakes it

# -- the partial waveform (datasheet: "waveform setting") --------------------------------
# 60 bytes of voltage selects (LUT0..LUT4 x 12 groups, 2 bits per phase A B C D), 84 of
# timing (12 groups x TPA TPB SRAB TPC TPD SRCD RP), 6 of frame rate, 3 of gate XON.
_LUT_SIZE = const(153)
_VS_GROUP = const(12)
_VS_BLACK = const(0b01 << 6)  # phase A at VSH1
_VS_WHITE = const(0b10 << 6)  # phase A at VSL
_TIMING = const(60)  # group 0: TPA at +0, RP at +6
_PARTIAL_FRAMES = const(12)
_PARTIAL_REPEAT = const(1)  # RP = 1: the group runs twice
_FRAME_RATE = const(144)
_FRAME_RATE_CODE = const(0x22)  # the code vendors' partial waveforms use for all groups

_IDLE = const(0)
_REFRESH = const(1)
_ASLEEP = const(2)
_RESET_MS = const(10)
_WAKE_LIMIT_MS = const(200)


def _partial_lut() -> bytes:
    lut = bytearray(_LUT_SIZE)
    lut[0 * _VS_GROUP] = _VS_BLACK  # LUT0: old black, new black
    lut[1 * _VS_GROUP] = _VS_WHITE  # LUT1: old black, new white
    lut[2 * _VS_GROUP] = _VS_BLACK  # LUT2: old white, new black
    lut[3 * _VS_GROUP] = _VS_WHITE  # LUT3: old white, new white
    # LUT4 (VCOM) stays 0: VCOM at its DC level throughout.
    lut[_TIMING] = _PARTIAL_FRAMES
    lut[_TIMING + 6] = _PARTIAL_REPEAT
    for i in range(_FRAME_RATE, _FRAME_RATE + 6):
        lut[i] = _FRAME_RATE_CODE
    return bytes(lut)


_PARTIAL_LUT = _partial_lut()


class SSD1680(Wire):
    """An SSD1680 panel on ``spi`` (mode 0, up to 20 MHz): ``width`` gates x ``height``
    sources, ``height`` a multiple of 8 (the 2.9" panel: 296 x 128)."""

    def __init__(
        self,
        spi: "SPI",
        cs: "Pin",
        dc: "Pin",
        rst: "Pin",
        busy: "Pin",
        width: int = 296,
        height: int = 128,
    ) -> None:
        if height % 8 or not 8 <= height <= 176 or not 8 <= width <= 296:
            raise ValueError("SSD1680 panel must be up to 296 x 176, height a multiple of 8")
        Wire.__init__(self, spi, cs, dc)
        self._rst = rst
        self._busy = busy
        self.width = width
        self.height = height
        self.buf = bytearray(width * height // 8)
        self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.MONO_VLSB)
        self._y0 = bytearray(2)  # RAM Y counter at gate 0
        self._last_column = height // 8 - 1
        self._state = _ASLEEP
        self._based = False  # a full refresh since the last reset (voltages loaded)
        self._lut_ready = False  # the LUT register holds our partial waveform
        self._sleep_after = False
        self._wake()

    # -- the interface of docs/firmware.md -------------------------------------------------

    def show(self, full: bool) -> None:
        """Send the frame and start a refresh; returns at once (see busy())."""
        if self.busy():
            raise RuntimeError("display busy")  # refresh.py never asks: it waits
        if self._state == _ASLEEP:
            self._wake()
        full = full or not self._based
        self._write_ram(_RAM_BW)
        if full:
            self._write_ram(_RAM_RED)
            self._send(_BORDER, self._one(_BORDER_FOLLOW_LUT1))
            self._send(_UPDATE_2, self._one(_SEQ_FULL))
            self._based = True
            self._lut_ready = False  # the OTP load replaced the LUT register
        else:
            if not self._lut_ready:
                self._send(_WRITE_LUT, _PARTIAL_LUT)
                self._lut_ready = True
            self._send(_BORDER, self._one(_BORDER_VCOM))
            self._send(_UPDATE_2, self._one(_SEQ_PARTIAL))
        self._send(_ACTIVATE)
        self._state = _REFRESH

    def busy(self) -> bool:
        """True while the panel refreshes."""
        if self._state != _REFRESH:
            return False
        if self._busy.value():
            return True
        if self._sleep_after:
            self._deep_sleep()
        else:
            self._state = _IDLE
        return False

    def sleep(self) -> None:
        """Deep sleep until the next show(), which resets the panel."""
        if self._state == _IDLE:
            self._deep_sleep()
        elif self._state == _REFRESH:
            self._sleep_after = True  # busy() lets the refresh finish first

    # -- the wire ------------------------------------------------------------------------

    def _write_ram(self, ram: int) -> None:
        self._send(_RAM_X_AT, self._one(self._last_column))
        self._send(_RAM_Y_AT, self._y0)
        self._send(ram, self.buf)

    # -- reset, init, sleep ----------------------------------------------------------------

    def _wait_idle(self) -> None:
        """Used only while resetting: sleeps 1 ms at a time, gives up after 200 ms."""
        waited = 0
        while self._busy.value():
            if waited >= _WAKE_LIMIT_MS:
                raise OSError("SSD1680 stays busy after reset: check the BUSY wiring")
            sleep_ms(1)
            waited += 1

    def _wake(self) -> None:
        rst = self._rst
        rst.value(0)
        sleep_ms(_RESET_MS)
        rst.value(1)
        sleep_ms(_RESET_MS)
        self._wait_idle()
        self._send(_SW_RESET)
        self._wait_idle()
        last_gate = self.width - 1
        self._send(_DRIVER_OUTPUT, bytes((last_gate & 0xFF, last_gate >> 8, 0)))
        self._send(_DATA_ENTRY, self._one(_ENTRY_AM_Y | _ENTRY_Y_INC))
        self._send(_RAM_X_RANGE, bytes((self._last_column, 0)))
        self._send(_RAM_Y_RANGE, bytes((0, 0, last_gate & 0xFF, last_gate >> 8)))
        self._send(_UPDATE_1, bytes((_UPD1_INVERT_BOTH, _UPD1_S8_TO_S167)))
        self._send(_TEMP_SENSOR, self._one(_TEMP_INTERNAL))
        self._state = _IDLE
        self._based = False
        self._lut_ready = False

    def _deep_sleep(self) -> None:
        self._send(_DEEP_SLEEP, self._one(_SLEEP_MODE_1))
        self._state = _ASLEEP
        self._sleep_after = False
