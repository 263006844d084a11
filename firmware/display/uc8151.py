"""UC8151 (also sold as IL0373) e-paper controller: 296x128 black/white.

The Pimoroni Badger 2040, Badger 2040 W and Pico Inky Pack carry this controller with a
128-source x 296-gate panel. Read with:

* UltraChip UC8151C datasheet ("UC8151C 160 source x 296 gate red/black/white
  driver", https://www.orientdisplay.com/wp-content/uploads/2022/09/UC8151C.pdf): the
  command table, the PSR/PWR/BTST/CDI/PTL fields, the LUT format, deep sleep.
* Pimoroni's Badger 2040 and Pico Inky Pack schematics and their C++ driver
  (github.com/pimoroni/pimoroni-pico, drivers/uc8151) for how the panel is mounted and
  the voltages it is driven at on those boards.

Frame buffer
------------
``fb`` is a ``framebuf.MONO_VLSB`` buffer 296 wide and 128 tall, (0, 0) at the user's
top-left with the board held landscape, 1 = black. The panel's own rows run along the
296 gates and every byte it takes holds 8 neighbouring *sources*, which in landscape are
8 pixels stacked vertically: a VLSB page (8 rows x 296 columns) is exactly one band of
the panel 8 sources wide, sent gate after gate. So instead of transposing the buffer in
Python on every refresh, the driver sends each page through a partial window one source
bank wide (PTL): 16 windows of 296 bytes, straight from memoryviews over ``buf``. VLSB
keeps the top pixel in bit 0 while the panel shifts bit 7 out first, so the source
direction is reversed (SHL=0) and page p goes to bank 15 - p; the gates scan as on
Pimoroni's boards. ``flip=True`` turns the picture 180 degrees (both scan directions
reversed) for a board mounted the other way up.

Refresh
-------
Full refresh: the panel maker's waveform from the controller's OTP (PSR REG=0). It
drives every pixel black and white several times (the flash everybody knows), which
clears ghosts and evens out the DC charge the partial updates leave behind; about 4 s.

Partial refresh: our own waveform from the LUT registers (PSR REG=1). Each pixel gets one
push of ``_PARTIAL_FRAMES`` frames towards its new colour (VDH for black, VDL for
white) and nothing else: no flash, about 0.3 s. The "white" tables (WW, BW) are equal
and so are the "black" ones (WB, BB), so the controller's idea of the old frame
(DTM1) never matters and no second 4.7 KB buffer is needed. The price: a pixel that
changes gets a single short push and may keep a faint ghost of its old colour, and
unchanged pixels are pushed again in their own direction, which builds up a small DC
imbalance. Both are why refresh.py asks for a full refresh every FULL_EVERY partial
ones and on every change of screen. Longer frames mean fewer ghosts and slower updates.

BUSY
----
BUSY_N is low while the controller works, and it takes no command meanwhile: not while
it powers on (PON), refreshes (DRF) or powers off (POF). ``show()`` sends the frame into
the controller's RAM (which needs no power) and then PON, and returns; ``busy()`` reads
the pin and walks the rest: once power-on is done it sends DRF, once the refresh is over
it powers the charge pumps off (POF) and, if ``sleep()`` was asked meanwhile, enters deep
sleep. Only a reset after deep sleep waits (a few tens of milliseconds, with sleep_ms,
not a spin). The emulated panel (host/duelkeeper/rp2/panels) refuses a command sent
while busy, which is how a DRF sent straight after PON was found.
"""

import framebuf
from micropython import const

from ..clock import sleep_ms
from .wire import Wire

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from machine import SPI, Pin

# -- commands (datasheet: command table) -----------------------------------------------
_PSR = const(0x00)  # panel setting
_PWR = const(0x01)  # power setting
_POF = const(0x02)  # power off
_PFS = const(0x03)  # power off sequence
_PON = const(0x04)  # power on
_BTST = const(0x06)  # booster soft start
_DSLP = const(0x07)  # deep sleep
_DSP = const(0x11)  # data stop
_DRF = const(0x12)  # display refresh
_DTM2 = const(0x13)  # data transmission 2: the new frame
_LUT_VCOM = const(0x20)
_LUT_WW = const(0x21)  # white -> white
_LUT_BW = const(0x22)  # black -> white
_LUT_WB = const(0x23)  # white -> black
_LUT_BB = const(0x24)  # black -> black
_PLL = const(0x30)  # frame rate
_TSE = const(0x41)  # temperature sensor selection
_CDI = const(0x50)  # VCOM and data interval
_TCON = const(0x60)  # gate/source non-overlap
_PTL = const(0x90)  # partial window
_PTIN = const(0x91)  # partial in
_PTOU = const(0x92)  # partial out

# -- PSR fields ------------------------------------------------------------------------
_PSR_RES_128X296 = const(0b10 << 6)  # 128 sources x 296 gates
_PSR_LUT_REG = const(1 << 5)  # waveform from the LUT registers (0: from OTP)
_PSR_KW = const(1 << 4)  # black/white mode (0: black/white/red)
_PSR_UD = const(1 << 3)  # gates scan up
_PSR_SHL = const(1 << 2)  # sources shift right
_PSR_SHD_N = const(1 << 1)  # booster on
_PSR_RST_N = const(1 << 0)  # no soft reset
_PSR_BASE = const(_PSR_RES_128X296 | _PSR_KW | _PSR_SHD_N | _PSR_RST_N)

# -- power: internal DC/DC for source and gate rails; VGH/VGL +-16 V; VDH/VDL/VDHR
# 2.4 V + 0.2 V x 43 = 11 V, the level Pimoroni drives these 2.9" panels at.
_PWR_VDS_VDG_INTERNAL = const(0b11)
_PWR_VGHL_16V = const(0b00)
_PWR_11V = const(0x2B)
# Booster soft start for phases A, B, C: 10 ms start, strength 3, 6.58 us off time.
_BTST_PHASE = const(0b00_010_111)
_PFS_1_FRAME = const(0x00)  # power off after 1 frame
_TSE_INTERNAL = const(0x00)  # internal sensor, no offset: the OTP waveform is compensated
_TCON_DEFAULT = const(0x22)  # 12 periods source-to-gate and gate-to-source
# CDI: border data VBD=01, data polarity DDX=00 (1 = black, as the framebuffer has it),
# data interval 10 periods. Pimoroni pair VBD=01 with this polarity.
_CDI_SETTING = const(0b01_00_1100)
_PLL_100HZ = const(0x3A)  # frame rate: sets the partial waveform's speed
_DSLP_CHECK = const(0xA5)  # deep sleep only takes this check code
_PT_SCAN = const(0x01)  # gates scan inside and outside the window

# -- LUTs (datasheet: LUTC/LUTWW/...): 7 groups of 6 bytes (VCOM: plus 2): a level-select
# byte (2 bits per phase, phase 1 in bits 7:6), four frame counts, a repeat count.
_LEVEL_VDH = const(0b01 << 6)  # phase 1 at VDH: pushes a pixel black
_LEVEL_VDL = const(0b10 << 6)  # phase 1 at VDL: pushes a pixel white
_PARTIAL_FRAMES = const(30)  # phase 1 length; about 0.3 s at 100 Hz
_LUT_LEN = const(42)
_LUT_VCOM_LEN = const(44)

# -- geometry and states ---------------------------------------------------------------
_WIDTH = const(296)  # gates
_HEIGHT = const(128)  # sources
_PAGES = const(16)  # 128 sources / 8
_IDLE = const(0)
_REFRESH = const(1)  # DRF sent, waiting for BUSY_N
_POWER_OFF = const(2)  # POF sent, waiting for BUSY_N
_ASLEEP = const(3)
_POWER_ON = const(4)  # frame sent, PON sent, waiting for BUSY_N before DRF
_RESET_MS = const(10)
_WAKE_LIMIT_MS = const(200)


class UC8151(Wire):
    """A 296x128 UC8151 panel on ``spi`` (mode 0, up to 12 MHz) with its four pins."""

    def __init__(
        self,
        spi: "SPI",
        cs: "Pin",
        dc: "Pin",
        rst: "Pin",
        busy: "Pin",
        flip: bool = False,
    ) -> None:
        Wire.__init__(self, spi, cs, dc)
        self._rst = rst
        self._busy = busy
        self.width = _WIDTH
        self.height = _HEIGHT
        self.buf = bytearray(_WIDTH * _PAGES)
        self.fb = framebuf.FrameBuffer(self.buf, _WIDTH, _HEIGHT, framebuf.MONO_VLSB)
        self._psr = _PSR_BASE | (_PSR_UD | _PSR_SHL if flip else 0)
        # Everything show() sends is built here, once.
        whole = memoryview(self.buf)
        self._pages = tuple(whole[p * _WIDTH : (p + 1) * _WIDTH] for p in range(_PAGES))
        self._window = bytearray(7)
        self._window[2] = 0  # first gate (high, low)
        self._window[3] = 0
        self._window[4] = (_WIDTH - 1) >> 8  # last gate
        self._window[5] = (_WIDTH - 1) & 0xFF
        self._window[6] = _PT_SCAN
        self._state = _ASLEEP
        self._sleep_after = False
        self._wake()

    # -- the interface of docs/firmware.md -------------------------------------------------

    def show(self, full: bool) -> None:
        """Send the frame and start a refresh; returns at once (see busy())."""
        if self.busy():
            raise RuntimeError("display busy")  # refresh.py never asks: it waits
        if self._state == _ASLEEP:
            self._wake()
        self._send(_PSR, self._one(self._psr if full else self._psr | _PSR_LUT_REG))
        self._send(_PTIN)
        window = self._window
        for page in range(_PAGES):
            bank = (_PAGES - 1 - page) << 3
            window[0] = bank  # first source of the bank
            window[1] = bank | 7  # last source
            self._send(_PTL, window)
            self._send(_DTM2, self._pages[page])
            self._send(_DSP)
        self._send(_PTOU)
        self._send(_PON)
        self._state = _POWER_ON

    def busy(self) -> bool:
        """True while the panel powers on, refreshes or powers down; advances that
        sequence."""
        state = self._state
        if state == _IDLE or state == _ASLEEP:
            return False
        if self._busy.value() == 0:
            return True
        if state == _POWER_ON:
            self._send(_DRF)  # powered on: the refresh can start
            self._state = _REFRESH
            return True
        if state == _REFRESH:
            self._send(_POF)  # the refresh is over: charge pumps off
            self._state = _POWER_OFF
            return True
        if self._sleep_after:
            self._deep_sleep()
        else:
            self._state = _IDLE
        return False

    def sleep(self) -> None:
        """Deep sleep (a few microamps) until the next show(), which resets the panel."""
        if self._state == _IDLE:
            self._deep_sleep()
        elif self._state != _ASLEEP:
            self._sleep_after = True  # busy() finishes the refresh first

    # -- the wire ------------------------------------------------------------------------

    def _send_lut(self, command: int, level: int, length: int) -> None:
        lut = bytearray(length)  # only at reset: after deep sleep the registers are lost
        lut[0] = level
        lut[1] = _PARTIAL_FRAMES
        lut[5] = 1  # the group runs once
        self._send(command, lut)

    # -- reset, init, sleep ----------------------------------------------------------------

    def _wake(self) -> None:
        """Hardware reset and the register set-up; the panel is left powered off."""
        rst = self._rst
        rst.value(0)
        sleep_ms(_RESET_MS)
        rst.value(1)
        sleep_ms(_RESET_MS)
        waited = 0
        while self._busy.value() == 0:
            if waited >= _WAKE_LIMIT_MS:
                raise OSError("UC8151 stays busy after reset: check the BUSY wiring")
            sleep_ms(1)
            waited += 1
        self._send(_PSR, self._one(self._psr))
        pwr = bytearray(5)
        pwr[0] = _PWR_VDS_VDG_INTERNAL
        pwr[1] = _PWR_VGHL_16V
        pwr[2] = _PWR_11V  # VDH
        pwr[3] = _PWR_11V  # VDL
        pwr[4] = _PWR_11V  # VDHR
        self._send(_PWR, pwr)
        self._send(_BTST, bytes((_BTST_PHASE, _BTST_PHASE, _BTST_PHASE)))
        self._send(_PFS, self._one(_PFS_1_FRAME))
        self._send(_TSE, self._one(_TSE_INTERNAL))
        self._send(_TCON, self._one(_TCON_DEFAULT))
        self._send(_CDI, self._one(_CDI_SETTING))
        self._send(_PLL, self._one(_PLL_100HZ))
        self._send_lut(_LUT_VCOM, 0, _LUT_VCOM_LEN)  # VCOM stays at its DC level
        self._send_lut(_LUT_WW, _LEVEL_VDL, _LUT_LEN)
        self._send_lut(_LUT_BW, _LEVEL_VDL, _LUT_LEN)
        self._send_lut(_LUT_WB, _LEVEL_VDH, _LUT_LEN)
        self._send_lut(_LUT_BB, _LEVEL_VDH, _LUT_LEN)
        self._state = _IDLE

    def _deep_sleep(self) -> None:
        self._send(_DSLP, self._one(_DSLP_CHECK))
        self._state = _ASLEEP
        self._sleep_after = False
