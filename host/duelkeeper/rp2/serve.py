"""`duelkeeper sim --target rp2 --pty`: the emulated board's own USB serial line.

The board boots the build installed on its flash and runs the app, as a plugged-in Pico
does; emulated time runs by itself. mpremote, ``duelkeeper sync --port`` and ``deploy
--port`` open the printed pty path and get in with Ctrl-C, the way they get into a board.
"""

import signal
import sys
from pathlib import Path
from types import FrameType
from typing import TextIO

from duelkeeper.rp2.device import Rp2Device


def _stop(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(0)


def serve(storage: Path, board: str, out: TextIO = sys.stdout) -> int:
    """Print the pty's path, then run the board until interrupted or terminated."""
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        with Rp2Device(storage, board) as device:
            device.boot()  # the app up (its USB too) before a host is told the port
            print(device.board.path, file=out, flush=True)
            device.board.free_run(True)
            try:
                device.board.wait()
            except KeyboardInterrupt:
                pass
    finally:
        signal.signal(signal.SIGTERM, previous)
    return 0
