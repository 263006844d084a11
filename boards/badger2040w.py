"""Pimoroni Badger 2040 W: the Badger 2040 with a Pico W (Wi-Fi) and a real-time clock.

Pimoroni's Badger 2040 W schematic (badger_w_schematic.pdf) and TinyGo's board reference
(tinygo.org/docs/reference/microcontrollers/boards/badger2040-w) give the same pins as the
Badger 2040 for everything this program uses: the UC8151 display on SPI0 (CS GP17,
SCK GP18, MOSI GP19, DC GP20, RESET GP21, BUSY GP26), buttons A GP12, B GP13, C GP14,
UP GP15, DOWN GP11 (active high, pull-downs), and the power hold ENABLE_3V3 on GP10
(HOLD_VSYS_EN on the schematic). What differs (the LED on GP22, the RTC alarm on GP8, the
RTC on I2C GP4/GP5) is not used, so the board reuses badger2040's Board, but for power:
VBUS is sensed through the Wi-Fi chip, which the base firmware does not drive, so USB is
told by VSYS (USB's 5 V less a diode, above any 2 AAA cells or a LiPo's 4.2 V); and the
Pico W reads VSYS / 3 on GP29 only while GP25 is high (Raspberry Pi Pico W datasheet,
"Powering Pico W"), where the Badger 2040 has its own sense and reference.
"""

from machine import Pin
from micropython import const

from . import badger2040
from .badger2040 import BUTTONS as BUTTONS  # the Badger 2040's, as they are
from .badger2040 import HEIGHT as HEIGHT
from .badger2040 import WIDTH as WIDTH
from .pico import Pico

NAME = "badger2040w"
_VSYS_READ = const(25)  # high: GP29 reads VSYS / 3
_USB_MV = const(4400)  # VSYS above this: USB powers the board


class Board(badger2040.Board):
    """The Badger 2040 W's parts: the Badger 2040's, power read as a Pico W does."""

    def __init__(self) -> None:
        badger2040.Board.__init__(self)
        self._vsys_read = Pin(_VSYS_READ, Pin.OUT, value=0)

    def battery_mv(self) -> "int | None":
        self._vsys_read.value(1)
        mv = Pico.battery_mv(self)
        self._vsys_read.value(0)
        return mv

    def vbus(self) -> int:
        return (self.battery_mv() or 0) > _USB_MV


def open() -> Board:
    return Board()
