"""``machine.RTC`` for the simulated device on a pty (``duelkeeper sim --pty``).

The VM has no ``machine`` module. Its clock lives in the bridge (repl.mjs, the ``_rtc``
JS module), so that, as on a Pico, it runs on through a soft reset (a new VM) and starts
at 2021-01-01 00:00:00 when the bridge does (power on). No ``unique_id``: the device id
comes from the flash, as in the rest of the simulator.
"""

import _rtc  # type: ignore[import-not-found]


class RTC:
    def datetime(self, t: "tuple[int, ...] | None" = None) -> "tuple[int, ...]":
        """(year, month, day, weekday, hours, minutes, seconds, subseconds); with ``t``
        (the same), set."""
        if t is not None:
            _rtc.set(t[0], t[1], t[2], t[4], t[5], t[6])
        return tuple(int(x) for x in str(_rtc.read()).split())
