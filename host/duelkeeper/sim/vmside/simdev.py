"""The simulated device, inside the runtime (the MicroPython VM or a CPython process).

The host (host/duelkeeper/sim/device.py) calls these functions one top-level call at a
time, ``step()`` once per 10 ms tick, as the board's own loop would call ``app.tick()``.
After a call, the globals ``_value`` (JSON text) and ``_mem`` (the frame just shown:
``"address length"`` in the VM, bytes under CPython) carry the answer back; the runner
reads and clears them (host/duelkeeper/mpvm/run.mjs says why they are strings). Only
what both interpreters have is used here.
"""

import json
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: MicroPython never runs this import
    from typing import Any

_MICROPYTHON = sys.implementation.name == "micropython"

app: "Any" = None
board: "Any" = None
_seen = 0  # refreshes seen so far
_fulls = 0  # full refreshes seen so far


def boot(
    board_name: str, width: int, height: int, buttons: str, root: str, clock: "Any" = None
) -> None:
    """Open the board module as firmware/main.py would, then start the App over ``root``;
    ``clock``: the PC's local time (year, month, day, hours, minutes, seconds), set on the
    board's RTC first, as a sync sets a board's (firmware/rtc.py): its games are dated."""
    global app, board, _seen, _fulls
    if clock is not None:
        __import__("firmware.rtc", None, None, ("set_clock",)).set_clock(tuple(clock))
    module: Any = __import__("boards." + board_name, None, None, ("open",))
    if board_name == "sim":
        module.WIDTH = width
        module.HEIGHT = height
        module.BUTTONS = buttons
        module.ROOT = root
    board = module.open()
    storage = __import__("firmware.storage", None, None, ("Storage",))
    app_module = __import__("firmware.app", None, None, ("App",))
    app = app_module.App(board, storage.Storage(board.root))
    power = __import__("firmware.power", None, None, ("Power",))
    app.power = power.Power(board, app.settings)  # the battery the screens show
    _seen = 0
    _fulls = 0


def sync() -> "Any":
    """firmware.sync, pointed at the simulated flash (docs/firmware.md, "Sync"). Imported
    only when asked for, as on a board, so it holds no heap in the figures otherwise."""
    module: Any = __import__("firmware.sync", None, None, ("ROOT",))
    module.ROOT = board.root
    return module


def geometry() -> str:
    d = board.display
    return json.dumps((d.width, d.height, len(d.buf)))


def step(now: int, held: int) -> "tuple[str, Any]":
    """One tick with ``held`` buttons down: (JSON of shown, events, presses, full,
    partial; the frame for ``_mem`` or None)."""
    global _seen, _fulls
    board.held = held
    app.tick(now)
    d = board.display
    shown = d.full + d.partial
    mem: Any = None
    kind = 0
    if shown != _seen:
        _seen = shown
        kind = 2 if d.full != _fulls else 1
        _fulls = d.full
        if _MICROPYTHON:
            import uctypes  # type: ignore[import-not-found]

            mem = "%d %d" % (uctypes.addressof(d.buf), len(d.buf))
        else:
            mem = bytes(d.buf)
    m = app.match
    events = m.played if m is not None else -1
    presses = app.presses
    return "[%d,%d,%d,%d,%d]" % (kind, events, presses, d.full, d.partial), mem


def steps(now: int, helds: "list[int]", ms: int) -> "tuple[str, Any]":
    """``step()`` for each mask, ``ms`` apart from ``now``, until a tick shows a frame:
    (JSON of how many ticks ran and the last one's answer; its frame or None). The host
    makes a call per frame instead of a call per tick, and reads each frame as it was
    shown (in the VM ``_mem`` points at the buffer, read after the call)."""
    n = 0
    value = "[0,0,0,0,0]"
    mem: Any = None
    for held in helds:
        value, mem = step(now, held)
        n += 1
        now += ms
        if mem is not None:
            break
    return "[%d,%s]" % (n, value[1:-1]), mem


def heap() -> str:
    """Live heap bytes (call it in a top-level call of its own, after gc.collect())."""
    import gc

    alloc = getattr(gc, "mem_alloc", None)
    return str(alloc() if alloc is not None else -1)


def view() -> str:
    """The top screen as data, for the host's autoplayer: module, selected item, items,
    group starts, and per item what the screen maps it to (events, cards, verbs)."""
    s = app.stack[-1]
    module = _short(type(s).__module__)
    out: dict[str, Any] = {"screen": module, "class": type(s).__name__}
    for name in (
        "i",
        "labels",
        "groups",
        "events",
        "verbs",
        "kinds",
        "page",
        "others",
        "levels",
        "verb",
        "n",
        "cur",
        "seat",
        "at",
        "p",
        "alphabet",
        "told",
        "fixes",
        "title",
    ):
        v = getattr(s, name, None)
        if name == "labels" and v is not None:  # a row kept as its place in the catalog
            text_at = __import__("firmware.gfx.canvas", None, None, ("text_at",)).text_at
            v = [text_at(x) if type(x) is int else x for x in v]
        if v is not None:
            # a lazy column (a list worded as it is drawn) goes as its items
            out[name] = v if isinstance(v, (int, str, list, tuple)) else list(v)
    cards = getattr(s, "cards", None)
    if cards is not None:
        out["cards"] = list(cards)
        out["affordable"] = list(s.affordable)
    sel = getattr(s, "sel", None)
    if sel is not None:
        out["sel"] = list(sel)
        out["rows"] = list(s.rows)  # the colour of each row
    cols = getattr(s, "cols", None)  # the quick score's pad: each player's counts
    if cols is not None:
        out["cols"] = [list(c) for c in cols]
    marks = getattr(s, "marks", None)
    if marks is not None:
        out["marks"] = list(marks)
    out["depth"] = len(app.stack)
    out["notice"] = app.notice
    out["three"] = app.buttons.three
    return json.dumps(out)


def _short(module: str) -> str:
    """A screen's module as the host names it: a game's under firmware/games/ by its
    game and file ("sevenwonders.track"), any other by its file ("choice")."""
    at = module.find(".games.")
    return module[at + 7 :] if at >= 0 else module[module.rfind(".") + 1 :]
