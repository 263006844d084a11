"""MicroPython's tick arithmetic in CPython, for the simulator and the tests.

firmware/clock.py imports this only where ``time`` lacks the ticks functions, so the
device never loads it. Ticks wrap every 2**30 ms as on MicroPython's 32-bit ports.
"""

import time

_PERIOD = 1 << 30  # MicroPython's TICKS_PERIOD on 32-bit ports
_HALF = _PERIOD >> 1


def ticks_ms() -> int:
    return int(time.monotonic() * 1000) & (_PERIOD - 1)  # type: ignore[attr-defined]  # CPython's time, not the stubs'


def ticks_add(ticks: int, delta: int) -> int:
    return (ticks + delta) & (_PERIOD - 1)


def ticks_diff(ticks1: int, ticks2: int) -> int:
    return ((ticks1 - ticks2 + _HALF) & (_PERIOD - 1)) - _HALF


def sleep_ms(ms: int) -> None:
    time.sleep(ms / 1000)
