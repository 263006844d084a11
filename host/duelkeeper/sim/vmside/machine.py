"""``machine.RTC`` for the simulator's MicroPython VM (``duelkeeper sim``), which has no
``machine`` module: a clock that runs on the VM's time, reading 2021-01-01 00:00:00 until
set, as a Pico's RTC does at power on. The simulator sets it at boot to the PC's local
time, as a sync sets a board's (sim/device.py, ``clock``). Only the RTC: the firmware's
other uses of ``machine`` (lightsleep, mem32, unique_id) find nothing here and take the
simulator's path, as without this module.
"""

import time

# The VM's epoch is 1970 and its time.gmtime is UTC: the RTC reads time.time() + _ahead.
_ahead = time.mktime((2021, 1, 1, 0, 0, 0, 0, 0, 0)) - int(time.time())


class RTC:
    def datetime(self, t: "tuple[int, ...] | None" = None) -> "tuple[int, ...]":
        """(year, month, day, weekday, hours, minutes, seconds, subseconds); with ``t``
        (the same), set."""
        global _ahead
        if t is not None:
            _ahead = time.mktime((t[0], t[1], t[2], t[4], t[5], t[6], 0, 0, 0)) - int(time.time())
        now = time.gmtime(int(time.time()) + _ahead)
        return (now[0], now[1], now[2], now[6], now[3], now[4], now[5], 0)
