"""`duelkeeper sync --watch`: wait for a board, sync it, wait for the next.

Every ``POLL`` seconds the serial ports are listed (pyserial's ``comports``, or a lister
the tests inject) and those with Raspberry Pi's USB vendor id kept. A port that appears
is synced once, and again only after it has gone (unplugged) and come back, so a board
left plugged in is not synced over and over. A sync that fails is reported in one line
and the watch goes on: what it committed stays, and a sync resumes where a cut one
stopped. A board that cannot be reached (just plugged in, not ready yet) is tried
``TRIES`` times, a poll apart, then left until it is plugged in again. Ctrl-C ends the
watch, between polls or in a sync (whose guarantees hold: docs/sync.md).
"""

import sys
from collections.abc import Callable, Iterable
from time import sleep
from typing import Any

from serial.tools.list_ports import comports  # type: ignore[import-untyped]

from duelkeeper.device import PICO_VID, DeviceError
from duelkeeper.errors import DuelkeeperError

POLL = 0.5  # seconds between two looks at the ports
TRIES = 3  # attempts at a board that cannot be reached, before it is left

Lister = Callable[[], Iterable[Any]]  # port infos with .device and .vid, as comports()


def picos(lister: Lister) -> set[str]:
    """The ports of the Raspberry Pi boards plugged in now."""
    return {str(p.device) for p in lister() if p.vid == PICO_VID}


def watch(
    sync_one: Callable[[str], None],
    lister: Lister | None = None,
    pause: Callable[[float], None] | None = None,
) -> None:
    """Sync each board that is plugged in with ``sync_one(port)``, for ever (Ctrl-C).
    ``lister`` and ``pause`` default to this module's ``comports`` and ``sleep``."""
    say("waiting for a board on USB (Ctrl-C to stop)")
    done: set[str] = set()  # synced, or given up on, until unplugged
    failed: dict[str, int] = {}
    while True:
        now = picos(lister or comports)
        done &= now
        for port in sorted(now - done):
            try:
                sync_one(port)
            except DeviceError as e:
                failed[port] = failed.get(port, 0) + 1
                if failed[port] < TRIES:
                    continue
                say("%s; left until it is plugged in again" % e)
            except DuelkeeperError as e:
                say(str(e))
            failed.pop(port, None)
            done.add(port)
            say("waiting for the next board (Ctrl-C to stop)")
        (pause or sleep)(POLL)


def say(line: str) -> None:
    print("duelkeeper: " + line, file=sys.stderr, flush=True)
