"""Pimoroni Badger 2040 W: the Badger 2040 with a Pico W (Wi-Fi) and a real-time clock.

Pimoroni's Badger 2040 W schematic (badger_w_schematic.pdf) and TinyGo's board reference
(tinygo.org/docs/reference/microcontrollers/boards/badger2040-w) give the same pins as the
Badger 2040 for everything this program uses: the UC8151 display on SPI0 (CS GP17,
SCK GP18, MOSI GP19, DC GP20, RESET GP21, BUSY GP26), buttons A GP12, B GP13, C GP14,
UP GP15, DOWN GP11 (active high, pull-downs), and the power hold ENABLE_3V3 on GP10
(HOLD_VSYS_EN on the schematic). What differs (the LED on GP22, the RTC alarm on GP8, the
RTC on I2C GP4/GP5, VBUS sensed through the Wi-Fi chip) is not used, so the board
reuses badger2040's Board.
"""

from .badger2040 import BUTTONS, HEIGHT, WIDTH, Board

NAME = "badger2040w"

__all__ = ("BUTTONS", "HEIGHT", "NAME", "WIDTH", "Board", "open")


def open() -> Board:
    return Board()
