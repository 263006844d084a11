"""The hardware loop, and nothing else: open the board, start the App, tick it forever.

The base firmware's launcher, frozen into it as its ``main.py``, calls ``run(board)``
with the board's name read from /rom/board, the ROMFS image's last file
(rp2-base/DUELKEEPER_PICO/launcher/main.py; docs/firmware.md, "What goes on the flash"):
that call is the launcher's interface with the program, so its signature stays. The
simulator does the same steps itself, one ``app.tick()`` per call (host/duelkeeper/sim).
"""

from firmware.app import App
from firmware.clock import sleep_ms, ticks_ms
from firmware.storage import Storage

TICK_MS = 10  # the loop period: buttons are polled and debounced at this rate


def run(name: str) -> None:
    """Open the board ``boards.<name>`` and its storage, and tick the App forever."""
    storage = Storage("/")
    board = __import__("boards." + name, None, None, ("open",)).open()
    if board.root.rstrip("/") != "":
        storage = Storage(board.root)
    app = App(board, storage)
    while True:
        app.tick(ticks_ms())  # type: ignore[arg-type]  # an int on the device; opaque in the stubs
        sleep_ms(TICK_MS)
