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
           GP24   VBUS_DETECT: high on USB
           GP29   VBAT_SENSE: the battery through a divider of 3 (ADC 3)
           GP27   VREF_POWER: switches on a 1.24 V reference, read on GP28 (ADC 2)
=========  =====  ==================================================================

A press on any button powers the board; the base firmware raises the hold pin within
microseconds of power-on and keeps the buttons held then (rp2-base/DUELKEEPER_PICO/
power_on.c), and ``open()`` raises it again. ``power_off()`` lowers it: on battery the
board is then off, and any button powers it up. The battery is read against the 1.24 V
reference, as Pimoroni's module does, since the 3.3 V supply sags with the cells. The
buttons sit under the screen (A B C) and on its right edge (UP above DOWN), matching the
logical layout of firmware/buttons.py.
"""

from machine import ADC, SPI, Pin
from micropython import const

from firmware.display.uc8151 import UC8151

from .pico import Pico

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
_VREF_POWER = const(27)
_VREF = const(28)
_VREF_MV_3 = const(3720)  # 3 x 1240 mV: the divider times the reference
_KEYS = (_A, _B, _C, _UP, _DOWN)  # in BTN_* order


class Board(Pico):
    """The Badger 2040's parts (docs/firmware.md, "Board interface")."""

    buttons = BUTTONS
    can_power_off = True

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
        Pico.__init__(self, _KEYS, True)
        self._a, self._b, self._c, self._up, self._down = self.keys
        self._vref_power = Pin(_VREF_POWER, Pin.OUT, value=0)
        self._vref = ADC(Pin(_VREF))

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

    def power_off(self) -> None:
        """Let go of the power: off at once on battery, unless a button is held."""
        self._hold.value(0)

    def battery_mv(self) -> "int | None":
        """The battery's voltage, millivolts, against the 1.24 V reference."""
        self._vref_power.value(1)
        ref = self._vref.read_u16()
        raw = self._vsys.read_u16()
        self._vref_power.value(0)
        return raw * _VREF_MV_3 // ref if ref else None

    def at_power_on(self, levels: int) -> int:
        """The buttons among the GPIO ``levels`` kept at power-on (active high)."""
        mask = 0
        bit = 1
        for pin in _KEYS:
            if levels >> pin & 1:
                mask |= bit
            bit <<= 1
        return mask


def open() -> Board:
    return Board()
