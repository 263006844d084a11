"""Raspberry Pi Pico with a Pimoroni Pico Inky Pack: 2.9" 296x128 UC8151, three buttons.

Pins from Pimoroni's Pico Inky Pack schematic (inky_pack_schematic.pdf, Pimoroni's
product page) and their pimoroni-pico library, which drives this pack with the same
UC8151 wiring as the Badger 2040 (github.com/pimoroni/pimoroni-pico, drivers/uc8151):

=========  =====  ==================================================================
display    GP17   CS      SPI0: SCK GP18, MOSI GP19, 12 MHz
           GP20   DC
           GP21   RESET
           GP26   BUSY    (low while busy)
buttons    GP12   A       active low: each switch shorts its pin to ground, read
           GP13   B       with the RP2040's pull-ups (Pimoroni's examples read them
           GP14   C       the same way, inverted)
=========  =====  ==================================================================

The three buttons sit in a row under the screen; firmware/buttons.py maps them for a
three-button board (A tap = DOWN, C tap = UP, holds give A and C). The Pico has no power
latch: its power and battery are boards/pico.py's.
"""

from machine import SPI, Pin
from micropython import const

from firmware.display.uc8151 import UC8151

from .pico import Pico

NAME = "pico_inky_pack"
WIDTH = 296
HEIGHT = 128
BUTTONS = "abc"

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
_ALL = const(0b111)
_SPI_HZ = const(12_000_000)


class Board(Pico):
    """The Pico Inky Pack's parts (docs/firmware.md, "Board interface")."""

    buttons = BUTTONS

    def __init__(self) -> None:
        spi = SPI(_SPI_ID, baudrate=_SPI_HZ, sck=Pin(_SCK), mosi=Pin(_MOSI))
        self.display = UC8151(
            spi,
            cs=Pin(_CS, Pin.OUT, value=1),
            dc=Pin(_DC, Pin.OUT, value=0),
            rst=Pin(_RESET, Pin.OUT, value=1),
            busy=Pin(_BUSY, Pin.IN, Pin.PULL_UP),
        )
        Pico.__init__(self, (_A, _B, _C), False)
        self._a, self._b, self._c = self.keys

    def pressed(self) -> int:
        """BTN_A | BTN_B << 1 | BTN_C << 2 of the buttons held now (active low)."""
        return _ALL ^ (self._a.value() | self._b.value() << 1 | self._c.value() << 2)


def open() -> Board:
    return Board()
