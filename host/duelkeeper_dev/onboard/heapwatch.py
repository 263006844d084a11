"""Bench only: the app as firmware/main.py runs it, plus a heap line after each gesture.

host/duelkeeper_dev/bench_rp2.py and soak.py put this file, compiled, in the ROMFS image of
an emulated board as ``firmware/main.mpy``, in place of the shipped one; the rest of the
image is unchanged. The base firmware's launcher calls its ``run(board)``, which opens
the board and storage and runs ``firmware.app.App`` exactly as ``firmware.main.run``
does (the loop is copied: ``run`` has no hook). When the app has
handled a gesture (``app.presses`` moved) and has sent that gesture's frame (nothing
drawn or waiting for a refresh), it collects the garbage and prints one line over USB
serial::

    HEAP <presses> <gc.mem_alloc()> <gc.mem_free()> <screen> <game> <events played> <depth>

(the top screen's module, the game in progress or "-", its events played or -1, the
screens on the app's stack: the soak tells a game's screen from a menu over it),
followed by ``micropython.mem_info()``'s own lines, whose "max free sz" is the largest
free block in 16-byte blocks (MicroPython has no call that returns it). A first HEAP
line with presses -1 (and no app) comes before the app starts. ``/rom/cores.txt``, when
present, names modules to import before that (one a line: the other games' cores, for "all cores").
"""

import gc

import micropython

# Imported by name, as firmware/main.py imports the board: the host's type check of this
# file then stops here instead of following the device code without its stubs.
App = __import__("firmware.app", None, None, ("App",)).App
_clock = __import__("firmware.clock", None, None, ("ticks_ms",))
_power = __import__("firmware.power", None, None, ("Power", "woken"))
Storage = __import__("firmware.storage", None, None, ("Storage",)).Storage
TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from typing import Any


def report(presses: int, app: "Any" = None) -> None:
    screen, game, played, depth = "-", "-", -1, 0
    if app is not None:
        screen = type(app.stack[-1]).__module__
        at = screen.find(".games.")  # a game's screen by its game and file, as simdev's view
        screen = screen[at + 7 :] if at >= 0 else screen[screen.rfind(".") + 1 :]
        depth = len(app.stack)
        if app.match is not None:
            game, played = app.match.record["game"], app.match.played
    gc.collect()
    print("HEAP", presses, gc.mem_alloc(), gc.mem_free(), screen, game, played, depth)  # type: ignore[attr-defined]
    micropython.mem_info()


def preload() -> None:
    try:
        f = open("/rom/cores.txt")
    except OSError:
        return
    with f:
        for line in f.read().split():
            __import__(line)


def run(name: str) -> None:
    preload()
    report(-1)
    board = __import__("boards." + name, None, None, ("open",)).open()
    pressed = _power.woken(board)
    app = App(board, Storage(board.root))
    power = _power.Power(board, app.settings)
    app.power = power
    board.wake_on_press(app.buttons.catch)
    app.wake(pressed)
    seen = app.presses
    while True:
        now = _clock.ticks_ms()
        app.tick(now)
        if app.presses != seen and not app.dirty and not app.refresh.pending:
            seen = app.presses
            report(seen, app)
        power.rest(app, now)
