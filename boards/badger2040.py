"""Pimoroni Badger 2040: RP2040, 2.9" 296x128 UC8151 e-paper, five buttons, battery.

Pins from Pimoroni's Badger 2040 schematic (badger_schematic.pdf, Pimoroni's product
page) and their badger2040 MicroPython module (github.com/pimoroni/badger2040), as also
listed in TinyGo's board reference (tinygo.org/docs/reference/microcontrollers/badger2040):

=========  =====  ==================================================================
display    GP17   CS      SPI0: SCK GP18, MOSI GP19, 12 MHz
           GP20   DC
           GP21   RESET
           GP26   BUSY    (low while busy)
buttons    GP12   A       active high: each switch ties the pin to 3V3 through a
           GP13   B       diode that also turns the board on, so the pins are read
           GP14   C       with pull-downs
           GP15   UP
           GP11   DOWN
power      GP10   ENABLE_3V3: on battery, the board stays on only while this is high
=========  =====  ==================================================================

A press on any button powers the board; ``open()`` raises the hold pin first thing so
it stays on after the finger lifts. The buttons sit under the screen (A B C) and on its
right edge (UP above DOWN), matching the logical layout of firmware/buttons.py.
"""

from machine import SPI, Pin
from micropython import const

from firmware.display.uc8151 import UC8151

NAME = "badger2040"
WIDTH = 296
HEIGHT = 128
BUTTONS = "abcud"

_POWER_HOLD = const(10)
_SPI_ID = const(0)
_SCK = const(18)
_MOSI = const(19)
_CS = const(17)
_DC = const(20)
_RESET = const(21)
_BUSY = const(26)
_A = const(12)
_B = const(13)
_C = const(14)
_UP = const(15)
_DOWN = const(11)
_SPI_HZ = const(12_000_000)


class Board:
    """The Badger 2040's parts (docs/firmware.md, "Board interface")."""

    buttons = BUTTONS
    root = "/"

    def __init__(self) -> None:
        self._hold = Pin(_POWER_HOLD, Pin.OUT, value=1)
        spi = SPI(_SPI_ID, baudrate=_SPI_HZ, sck=Pin(_SCK), mosi=Pin(_MOSI))
        self.display = UC8151(
            spi,
            cs=Pin(_CS, Pin.OUT, value=1),
            dc=Pin(_DC, Pin.OUT, value=0),
            rst=Pin(_RESET, Pin.OUT, value=1),
            busy=Pin(_BUSY, Pin.IN, Pin.PULL_UP),
        )
        self._a = Pin(_A, Pin.IN, Pin.PULL_DOWN)
        self._b = Pin(_B, Pin.IN, Pin.PULL_DOWN)
        self._c = Pin(_C, Pin.IN, Pin.PULL_DOWN)
        self._up = Pin(_UP, Pin.IN, Pin.PULL_DOWN)
        self._down = Pin(_DOWN, Pin.IN, Pin.PULL_DOWN)

    def pressed(self) -> int:
        """BTN_A | BTN_B << 1 | ... of the buttons held now (active high)."""
        return (
            self._a.value()
            | self._b.value() << 1
            | self._c.value() << 2
            | self._up.value() << 3
            | self._down.value() << 4
        )

    def power_hold(self) -> None:
        """Keep the board on when running from the battery."""
        self._hold.value(1)


def open() -> Board:
    return Board()
