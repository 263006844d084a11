"""Milliseconds as MicroPython counts them, with a CPython fallback for the simulator.

MicroPython's ``time.ticks_ms()`` wraps (every 2**30 ms on the 32-bit ports), so times
are compared with ``ticks_diff`` and advanced with ``ticks_add``, never with ``-``/``+``.
CPython's ``time`` has none of these: firmware/hostclock.py gives the same arithmetic,
so firmware code (and the firmware tests, which pass their own ``now_ms``) behaves the
same under both. The device never loads that fallback, and importing this module never
shadows the host's ``time``.
"""

try:
    from time import sleep_ms, ticks_add, ticks_diff, ticks_ms
except ImportError:  # CPython: the simulator and the tests
    from .hostclock import sleep_ms, ticks_add, ticks_diff, ticks_ms  # type: ignore[no-redef,assignment]  # the stubs' names, redefined

__all__ = ("sleep_ms", "ticks_add", "ticks_diff", "ticks_ms")
