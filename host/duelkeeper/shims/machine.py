"""Fakes of MicroPython's ``machine.Pin``, ``machine.SPI``, ``machine.ADC`` and
``machine.RTC``.

For the driver and board tests on CPython. Every pin write and SPI transfer is appended
to the module-wide :data:`LOG` in the order it happened, so a test can tell command bytes
(DC low) from data bytes (DC high) exactly as the panel would. A test sets an input
pin's level with ``pin.level = 0`` (or gives it a ``source`` callable read on each
``value()``), an ADC's reading with ``ADC_LEVELS[gpio] = n`` (16 bits), and calls a
pin's interrupt handler as ``pin.handler(pin)``. There is deliberately no
``unique_id``: code that asks for one takes the "no such function" path it takes in the
simulator.

The RTC is a Pico's: it reads 2021-01-01 00:00:00 at "power on" (this module's import,
or ``power_on()``) and runs from there until set.
"""

import time
from collections.abc import Callable
from datetime import datetime, timedelta

# ("pin", id, level) for each write; ("spi", id, bytes) for each SPI write.
LOG: list[tuple[str, object, object]] = []
# The last Pin made for each id, so a test can set the level of a pin a board made.
PINS: dict[object, "Pin"] = {}
# Input levels by pin id for pins made later (a panel's BUSY line a board wires at once).
LEVELS: dict[object, int] = {}
# ADC readings (read_u16) by the GPIO the ADC reads.
ADC_LEVELS: dict[object, int] = {}


def reset_log() -> None:
    LOG.clear()
    PINS.clear()
    LEVELS.clear()
    ADC_LEVELS.clear()


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(
        self, id: object, mode: int = -1, pull: int = -1, *, value: int | None = None
    ) -> None:
        self.id = id
        self.mode = mode
        self.pull = pull
        # An input idles at the level its pull gives it (no pull reads as 0).
        self.level = LEVELS.get(id, 1 if pull == Pin.PULL_UP else 0)
        self.source: Callable[[], int] | None = None
        self.handler: Callable[[Pin], object] | None = None
        self.trigger = 0
        PINS[id] = self
        if value is not None:
            self.value(value)

    def value(self, level: object = None) -> int:
        if level is None:
            if self.source is not None:
                return 1 if self.source() else 0
            return self.level
        self.level = 1 if level else 0
        LOG.append(("pin", self.id, self.level))
        return self.level

    def __call__(self, level: object = None) -> int:
        return self.value(level)

    def irq(self, handler: "Callable[[Pin], object] | None" = None, trigger: int = 0) -> None:
        self.handler = handler
        self.trigger = trigger

    def on(self) -> None:
        self.value(1)

    def off(self) -> None:
        self.value(0)

    def init(self, mode: int = -1, pull: int = -1, *, value: int | None = None) -> None:
        self.mode = mode
        self.pull = pull
        if value is not None:
            self.value(value)

    def __repr__(self) -> str:
        return "Pin(%r)" % (self.id,)


class ADC:
    def __init__(self, pin: "Pin | int") -> None:
        self.id = pin.id if isinstance(pin, Pin) else pin

    def read_u16(self) -> int:
        return ADC_LEVELS.get(self.id, 0)


class SPI:
    MSB = 0
    LSB = 1

    def __init__(self, id: int, baudrate: int = 1_000_000, **kwargs: object) -> None:
        self.id = id
        self.baudrate = baudrate
        self.config = kwargs
        self.writes: list[bytes] = []

    def init(self, baudrate: int = 1_000_000, **kwargs: object) -> None:
        self.baudrate = baudrate
        self.config.update(kwargs)

    def write(self, buf: bytes | bytearray | memoryview) -> None:
        data = bytes(buf)
        self.writes.append(data)
        LOG.append(("spi", self.id, data))

    def deinit(self) -> None:
        pass


_POWER_ON = datetime(2021, 1, 1)


class _Clock:
    """What the RTC read, and when (monotonic seconds)."""

    read = _POWER_ON
    at = time.monotonic()


def power_on() -> None:
    """The RTC as after a power cut: 2021-01-01 00:00:00, running."""
    _Clock.read, _Clock.at = _POWER_ON, time.monotonic()


class RTC:
    def datetime(
        self, t: tuple[int, ...] | None = None
    ) -> tuple[int, int, int, int, int, int, int, int]:
        """(year, month, day, weekday, hours, minutes, seconds, subseconds); with ``t``
        (the same), set."""
        if t is not None:
            _Clock.read = datetime(t[0], t[1], t[2], t[4], t[5], t[6])
            _Clock.at = time.monotonic()
        now = _Clock.read + timedelta(seconds=time.monotonic() - _Clock.at)
        return (now.year, now.month, now.day, now.weekday(), now.hour, now.minute, now.second, 0)
