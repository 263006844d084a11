"""Raspberry Pi Pico with a Waveshare Pico-ePaper-2.9 (SSD1680, 296x128) and five buttons.

Display pins from Waveshare's Pico-ePaper-2.9 wiki page
(https://www.waveshare.com/wiki/Pico-ePaper-2.9) and their demo code
(github.com/waveshareteam/Pico_ePaper_Code, python/Pico_ePaper-2.9.py). The module has no
buttons of its own; five momentary switches are wired to free GPIOs on the Pico's
left-hand header, next to its ground pins, each from the GPIO to ground:

=========  =====  ======  ========================================================
display    GP9    CS      SPI1: SCK GP10 (pin 14), MOSI GP11 (pin 15), 8 MHz
           GP8    DC
           GP12   RST
           GP13   BUSY    (high while busy)
buttons    GP2    A       pin 4      (GND on pin 3)
           GP3    B       pin 5
           GP4    C       pin 6
           GP5    UP      pin 7      (GND on pin 8)
           GP6    DOWN    pin 9
=========  =====  ======  ========================================================

GP2..GP6 are not used by the Pico-ePaper-2.9 (it takes GP8..GP13 only) nor by the
Pico itself (GP23..GP25 and GP29 are), so they are free on every Pico. The buttons are
active low with the RP2040's internal pull-ups: no resistors to add. The Pico has no
power latch: its power and battery are boards/pico.py's.
"""

from machine import SPI, Pin
from micropython import const

from firmware.display.ssd1680 import SSD1680

from .pico import Pico

NAME = "pico_epaper_2in9"
WIDTH = 296
HEIGHT = 128
BUTTONS = "abcud"

_SPI_ID = const(1)
_SCK = const(10)
_MOSI = const(11)
_CS = const(9)
_DC = const(8)
_RESET = const(12)
_BUSY = const(13)
_A = const(2)
_B = const(3)
_C = const(4)
_UP = const(5)
_DOWN = const(6)
_ALL = const(0b11111)
_SPI_HZ = const(8_000_000)


class Board(Pico):
    """The Pico-ePaper-2.9 build's parts (docs/firmware.md, "Board interface")."""

    buttons = BUTTONS

    def __init__(self) -> None:
        spi = SPI(_SPI_ID, baudrate=_SPI_HZ, sck=Pin(_SCK), mosi=Pin(_MOSI))
        self.display = SSD1680(
            spi,
            cs=Pin(_CS, Pin.OUT, value=1),
            dc=Pin(_DC, Pin.OUT, value=0),
            rst=Pin(_RESET, Pin.OUT, value=1),
            busy=Pin(_BUSY, Pin.IN, Pin.PULL_UP),
            width=WIDTH,
            height=HEIGHT,
        )
        Pico.__init__(self, (_A, _B, _C, _UP, _DOWN), False)
        self._a, self._b, self._c, self._up, self._down = self.keys

    def pressed(self) -> int:
        """BTN_A | BTN_B << 1 | ... of the buttons held now (active low)."""
        return _ALL ^ (
            self._a.value()
            | self._b.value() << 1
            | self._c.value() << 2
            | self._up.value() << 3
            | self._down.value() << 4
        )


def open() -> Board:
    return Board()
