"""What every board here has from the Raspberry Pi Pico's wiring around its RP2040: VBUS
sensed on GP24, VSYS through a divider of 3 on GP29 (ADC 3), and buttons whose
interrupts end a lightsleep (Raspberry Pi Pico datasheet, "Powering Pico" and the pin
table; docs/power.md). A board's ``Board`` derives from ``Pico`` and calls
``Pico.__init__`` with its button pins, in BTN_* order, and their active level.
"""

from machine import ADC, Pin
from micropython import const

_VBUS = const(24)  # high while USB powers the board
_VSYS = const(29)  # VSYS / 3
_MV_FULL_SCALE = const(9900)  # 3 x 3.3 V: the ADC's full scale, as VSYS


class Pico:
    """Power and wake-up of a board on a Pico (docs/firmware.md, "Board interface")."""

    root = "/"
    can_power_off = False  # the cells feed VSYS directly: nothing to let go of

    def __init__(self, pins: tuple, high: bool) -> None:
        pull = Pin.PULL_DOWN if high else Pin.PULL_UP
        self.keys = tuple(Pin(n, Pin.IN, pull) for n in pins)
        self._trigger = Pin.IRQ_RISING if high else Pin.IRQ_FALLING
        self._vbus = Pin(_VBUS, Pin.IN)
        self._vsys = ADC(Pin(_VSYS))

    def vbus(self) -> int:
        """1 while USB powers the board."""
        return self._vbus.value()

    def battery_mv(self) -> "int | None":
        """The cells' voltage (VSYS, a Schottky diode's drop below them), millivolts."""
        return self._vsys.read_u16() * _MV_FULL_SCALE // 65535

    def wake_on_press(self, catch: object) -> None:
        """Call ``catch(BTN_*)`` when a button goes down, also from lightsleep (the
        interrupt ends it), and end a lightsleep when USB comes; the handlers are made
        once, here."""
        bit = 1
        for pin in self.keys:
            pin.irq(_handler(catch, bit), self._trigger)  # type: ignore[arg-type]
            bit <<= 1
        # a cable plugged in ends a sleep too (no button: the loop sees USB and ticks)
        self._vbus.irq(_handler(catch, 0), Pin.IRQ_RISING)  # type: ignore[arg-type]

    def at_power_on(self, levels: int) -> int:
        """The buttons (BTN_* mask) among the GPIO ``levels`` held at power-on: none,
        where no button powers the board up."""
        return 0

    def power_off(self) -> None:
        """Turn the board off (where it holds its own power; nothing here)."""

    def power_hold(self) -> None:
        """Keep the board on (where it holds its own power; nothing here)."""


def _handler(catch: object, bit: int) -> object:
    return lambda pin: catch(bit)  # type: ignore[operator]
