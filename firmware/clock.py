"""Milliseconds as MicroPython counts them, with a CPython fallback for the simulator.

MicroPython's ``time.ticks_ms()`` wraps (every 2**30 ms on the 32-bit ports), so times
are compared with ``ticks_diff`` and advanced with ``ticks_add``, never with ``-``/``+``.
CPython's ``time`` has none of these; the fallback below gives the same arithmetic, so
firmware code (and the firmware tests, which pass their own ``now_ms``) behaves the same
under both. Importing this module never shadows the host's ``time``.

``ticks_ms`` and ``ticks_add`` are thin functions over MicroPython's so that the rest of
the firmware (and mypy, whose MicroPython stubs give ticks their own types) sees plain
ints; one extra call per tick costs nothing that matters.
"""

try:
    from time import sleep_ms, ticks_diff
    from time import ticks_add as _add
    from time import ticks_ms as _ms
except ImportError:  # CPython: the simulator and the tests
    import time as _time

    _PERIOD = 1 << 30  # MicroPython's TICKS_PERIOD on 32-bit ports
    _HALF = _PERIOD >> 1

    def _ms() -> int:  # type: ignore[misc]
        now = _time.monotonic()  # type: ignore[attr-defined]
        return int(now * 1000) & (_PERIOD - 1)

    def _add(ticks: int, delta: int) -> int:  # type: ignore[misc]
        return (ticks + delta) & (_PERIOD - 1)

    def ticks_diff(ticks1: int, ticks2: int) -> int:  # type: ignore[no-redef]
        return ((ticks1 - ticks2 + _HALF) & (_PERIOD - 1)) - _HALF

    def sleep_ms(ms: int) -> None:  # type: ignore[misc]
        _time.sleep(ms / 1000)


def ticks_ms() -> int:
    """Milliseconds, wrapping: compare with ticks_diff."""
    return _ms()  # type: ignore[return-value]


def ticks_add(ticks: int, delta: int) -> int:
    """``ticks`` moved by ``delta`` ms, wrapping as ticks_ms does."""
    return _add(ticks, delta)  # type: ignore[type-var]


__all__ = ("sleep_ms", "ticks_add", "ticks_diff", "ticks_ms")
