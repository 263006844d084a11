"""Shared by the app tests: scripted games through the real menus, on both runtimes.

A game record (the table-game bots of duelkeeper_dev.tablegame) is turned into a button
script by the autoplayer on the CPython runtime (fast), once per test session; the
same script then plays on the MicroPython VM, and the two runs are compared frame by
frame. Each run is one runtime process over its own storage folder.
"""

import json
from pathlib import Path
from typing import Any, NamedTuple

from duelkeeper.sim import runner
from duelkeeper.sim.device import Device
from duelkeeper.sim.script import Step
from duelkeeper_dev.autoplay import Autoplayer


def restart_step() -> Step:
    """A power cycle in a script (the runtime starts again over the same flash)."""
    return Step("restart")


class Scripted(NamedTuple):
    record: dict[str, Any]  # the game as the device should have recorded it
    steps: list[Step]  # the presses, start to end
    frames: list[runner.Frame]  # every frame shown on the CPython runtime
    view: dict[str, Any]  # the top screen at the end
    storage: Path  # the CPython run's flash
    presses: list[int]  # per event, the presses since the one before (runner.Recorder)


def device(storage: Path, runtime: str = "cpython", **kw: Any) -> Device:
    d = Device(storage, runtime=runtime, **kw)
    d.step(0)
    return d


def autoplay(
    record: dict[str, Any],
    storage: Path,
    undo_at: tuple[int, ...] = (),
    finish: bool = True,
    **kw: Any,
) -> Scripted:
    """Play ``record`` through the menus on CPython, keeping every frame. After each
    event whose index is in ``undo_at`` the last event is undone (B twice on the
    tracking screen or the sheet: the first only asks; a long B elsewhere) and played
    again. With ``finish``, the score sheet's A files the finished game in the archive."""
    frames: list[runner.Frame] = []
    rec = runner.Recorder(None)
    with device(storage, **kw) as d:
        ap = Autoplayer(d, rec.see)
        rec.see(d)
        ap.start(record)
        for k, ev in enumerate(record["events"]):
            if d.last.events > k:
                continue  # the device took it: the only choice there was
            ap.event(ev)
            if k in undo_at:
                v = d.view()
                if v["screen"].endswith(".track") or v["screen"] == "sheet":
                    ap.press("b")  # asks
                    assert d.last.events == k + 1, "one B took an event back"
                    ap.press("b")
                else:
                    ap.press("long b")
                assert d.last.events == k, "undo did not take the event back"
                ap.event(ev)
        v = d.view()
        if finish and v["screen"] == "sheet":
            ap.press("a")
            v = d.view()
        for _ in range(50):
            d.step(0)
            rec.see(d, None)
        frames = rec.frames
    return Scripted(record, ap.steps, frames, v, storage, rec.presses)


def replay(steps: list[Step], storage: Path, runtime: str = "micropython", **kw: Any) -> Any:
    """Play ``steps`` (a script) from a fresh boot; the run's frames and the device."""
    d = device(storage, runtime=runtime, **kw)
    rec = runner.Recorder(None)
    rec.see(d, None)
    run = runner.play(d, steps, rec)
    return run, d


def archived(storage: Path) -> list[dict[str, Any]]:
    """The finished games on a simulated flash, read with the firmware's own storage
    (through the CPython runtime: the packed format is the storage module's business)."""
    with Device(storage, runtime="cpython") as d:
        code = (
            "import json\n"
            "_s = simdev.app.storage\n"
            "_value = json.dumps([_s.read(i) for i in _s.unsynced()])\n"
            "del _s"
        )
        value: list[dict[str, Any]] = d.call(code).value
    return value


def journal(storage: Path) -> dict[str, Any] | None:
    """The game in progress on a simulated flash (None: none)."""
    with Device(storage, runtime="cpython") as d:
        code = "import json\n_value = json.dumps(simdev.app.storage.resume()[0])"
        value: dict[str, Any] | None = d.call(code).value
    return value


def same_game(got: dict[str, Any], want: dict[str, Any]) -> None:
    """The device's record is the source record: game, players, setup, events (progress
    token lists and each seat's wonders compare as sets: the autoplayer marks them in
    the list's order, and the box is listed in table order; test_app_traps checks the
    order marked is kept)."""
    assert got["game"] == want["game"]
    assert got["players"] == want["players"]
    setup = dict(got["setup"])
    wanted = dict(want["setup"])
    for key in ("progress", "box_progress"):
        if key in setup or key in wanted:
            assert sorted(setup.pop(key, [])) == sorted(wanted.pop(key, []))
    if isinstance(wanted.get("wonders"), list):  # each seat's four, in the order marked
        assert [sorted(w) for w in setup.pop("wonders")] == [
            sorted(w) for w in wanted.pop("wonders")
        ]
    assert setup == wanted
    assert json.loads(json.dumps(got["events"])) == json.loads(json.dumps(want["events"]))
