"""The hardware loop, and nothing else: open the board, start the App, tick it forever.

MicroPython runs ``/main.py`` at boot; that is this file (kept as source) or two lines
that import ``firmware.main`` and call ``run()`` (docs/firmware.md, "What goes on the
flash"). Both work because this module imports by absolute names: run as ``/main.py``
it has no package to be relative to. The board is the one named in the settings
(``"board"``, written by ``duelkeeper deploy``). The simulator does the same steps
itself, one ``app.tick()`` per call (host/duelkeeper/sim).
"""

from firmware.app import App
from firmware.clock import sleep_ms, ticks_ms
from firmware.storage import Storage

DEFAULT_BOARD = "badger2040"
TICK_MS = 10  # the loop period: buttons are polled and debounced at this rate


def run() -> None:
    storage = Storage("/")
    name = str(storage.settings().get("board") or DEFAULT_BOARD)
    board = __import__("boards." + name, None, None, ("open",)).open()
    if board.root.rstrip("/") != "":
        storage = Storage(board.root)
    app = App(board, storage)
    while True:
        app.tick(ticks_ms())  # type: ignore[arg-type]  # an int on the device; opaque in the stubs
        sleep_ms(TICK_MS)


if __name__ == "__main__":
    run()
