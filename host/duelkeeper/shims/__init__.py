"""MicroPython's built-in modules for CPython, so the firmware runs unchanged on the host.

The folder holds top-level modules named as MicroPython names them (``framebuf``,
``micropython``, ``machine``); none of them exists in CPython's standard library, so
putting the folder on ``sys.path`` shadows nothing. The simulator's ``--runtime cpython``
and the firmware tests call :func:`install` before importing ``firmware`` or ``boards``.

Time is not shimmed here: the firmware takes ``ticks_ms``/``ticks_diff``/``sleep_ms``
from ``firmware/clock.py``, which falls back to CPython's ``time`` by itself, so the
host's ``import time`` stays the standard library's.
"""

import sys
from pathlib import Path

PATH = Path(__file__).resolve().parent


def install() -> None:
    """Put the shims first on ``sys.path`` (once)."""
    entry = str(PATH)
    if entry not in sys.path:
        sys.path.insert(0, entry)
