"""The hardware loop, and nothing else: open the board, start the App, tick it forever.

The base firmware's launcher, frozen into it as its ``main.py``, calls ``run(board)``
with the board's name read from /rom/board, the ROMFS image's last file
(rp2-base/DUELKEEPER_PICO/launcher/main.py; docs/firmware.md, "What goes on the flash"):
that call is the launcher's interface with the program, so its signature stays. The
simulator does the same steps itself, one ``app.tick()`` per call (host/duelkeeper/sim).
"""

from firmware.app import App
from firmware.clock import ticks_ms
from firmware.power import Power, woken
from firmware.storage import Storage


def run(name: str) -> None:
    """Open the board ``boards.<name>`` and its storage, and tick the App forever, waiting
    between ticks as firmware/power.py decides."""
    board = __import__("boards." + name, None, None, ("open",)).open()
    pressed = woken(board)  # the button that powered the board up, if one did
    storage = Storage(board.root)
    app = App(board, storage)
    power = Power(board, app.settings)
    app.power = power
    board.wake_on_press(app.buttons.catch)
    app.wake(pressed)
    while True:
        now = ticks_ms()
        app.tick(now)  # type: ignore[arg-type]  # an int on the device; opaque in the stubs
        power.rest(app, now)  # type: ignore[arg-type]  # as the line above
