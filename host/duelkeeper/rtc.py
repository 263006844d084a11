"""The device's clock, set from this PC at every sync and deploy.

A Pico's RTC starts at 2021-01-01 after power on; the firmware stamps a game's start
and end only while the RTC holds a real time (firmware/rtc.py), which is what this sets:
the PC's local time, the wall-clock time the players see (the log keeps dates so).
"""

from datetime import datetime

from duelkeeper.device import Device, DeviceError
from duelkeeper.errors import shown_quote


def set_clock(device: Device, now: datetime | None = None) -> datetime:
    """Set the device's RTC (firmware with sync protocol 2 and later); return the time
    set. DeviceError when the device does not confirm it."""
    t = (now or datetime.now()).replace(microsecond=0)
    reply = device.lines(
        "from firmware import sync\nsync.clock(%d,%d,%d,%d,%d,%d)"
        % (t.year, t.month, t.day, t.hour, t.minute, t.second)
    )
    unconfirmed = DeviceError(
        "%s: the clock was not confirmed: %s" % (device.port, shown_quote(reply[:2]))
    )
    if len(reply) != 1 or not reply[0].startswith(b"CLOCK "):
        raise unconfirmed
    try:
        read = datetime.fromisoformat(reply[0][6:].decode())
    except (ValueError, UnicodeError):
        raise unconfirmed from None
    if abs((read - t).total_seconds()) > 2:
        raise DeviceError("%s: the clock reads %s after being set to %s" % (device.port, read, t))
    return t
