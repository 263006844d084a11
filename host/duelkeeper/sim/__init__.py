"""The simulator: the device's own firmware on this PC (``duelkeeper sim``, ``make sim``).

The firmware runs unchanged, in the real MicroPython VM (WebAssembly under Node) or under
CPython with the shims in ``duelkeeper/shims/``; ``device.py`` drives it one tick a call. The frame
is drawn in the terminal (``terminal.py``) or written as PNG files (``png.py``); a button
script (``script.py``) plays without a terminal. ``command.py`` is the command itself;
the emulated RP2040 (duelkeeper.rp2) is its other device. docs/firmware.md, "The
simulator", describes the whole.
"""
