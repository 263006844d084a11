"""A power cut while a quick score's counts are entered loses nothing already entered:
every unit of flash work (powercut.Flash: each byte, each file operation) of a pad's
steps is cut in turn, the App in this process, and the next boot shows the pad as it
was before the step or after it (firmware/screens/quick.py, games/pad.log)."""

import shutil
from pathlib import Path
from typing import Any

import pytest
from fwhelp import framebuf  # noqa: F401  (installs the shims: firmware imports them)
from powercut import Flash, PowerCut, each_cut
from test_app_setup_resume import _app, _board_kept  # noqa: F401  (_app sets the board's globals; the fixture puts them back)
from test_storage import installed

from duelkeeper.sim.script import BUTTONS

# Steps from the pad's first field, each ending where a boot can come back to: a field
# entered (A), a B back, Player 1's score (the eighth A), a B back across to it (undone)
# and entered again, then Player 2's first fields.
STEPS = [
    "c c up a", "long up up up a", "b", "a", "long up up a", "a", "c a", "long up down a",
    "up up a", "long up a", "c c up a", "b", "b", "a", "c a", "long up a",
]  # fmt: skip


def _press(app: Any, gesture: str) -> None:
    long = gesture.startswith("long ")
    mask = BUTTONS[gesture[5:] if long else gesture]
    t = getattr(app, "now", 0)
    for k in range(90 if long else 20):
        app.board.held = mask if k < (70 if long else 8) else 0
        t += 10
        app.tick(t)
    app.now = t


def _step(app: Any, step: str) -> None:
    for gesture in step.replace("long ", "long_").split():
        _press(app, gesture.replace("_", " "))


def _where(app: Any) -> tuple:
    s = app.stack[-1]
    assert type(s).__module__ == "firmware.screens.quick", type(s)
    return (s.p, s.at, bytes(s.cols[0]), bytes(s.cols[1]), app.match.played)


@pytest.mark.parametrize("kind", ["torn", "lfs"])
def test_a_cut_while_counts_are_entered_loses_only_that_step(tmp_path: Path, kind: str) -> None:
    whole = tmp_path / "whole"
    whole.mkdir()
    app = _app(whole)
    _step(app, "a up a")  # 7 Wonders Duel, "Final score only": the pad
    flash = Flash(kind)
    where = [_where(app)]
    starts = []
    for k, step in enumerate(STEPS):
        shutil.copytree(whole, tmp_path / ("before%d" % k))
        starts.append(flash.units)
        with installed(flash):
            _step(app, step)
        where.append(_where(app))
    starts.append(flash.units)
    shutil.copytree(whole, tmp_path / ("before%d" % len(STEPS)))
    assert where[-1][:2] == (1, 2) and where[-1][4] == 1  # Player 2's third field
    booted = [_where(_app(tmp_path / ("before%d" % k))) for k in range(len(STEPS) + 1)]
    assert booted == where  # a boot between two steps: the pad as it was, every count
    outcomes = {"before": 0, "after": 0}
    for cut, k in each_cut(starts):
        root = tmp_path / ("cut%d" % cut)
        shutil.copytree(tmp_path / ("before%d" % k), root)
        app = _app(root)
        with installed(Flash(kind, cut - starts[k])), pytest.raises(PowerCut):
            _step(app, STEPS[k])
        got = _where(_app(root))
        if got == where[k]:
            outcomes["before"] += 1
        else:
            assert got == where[k + 1], "cut at unit %d (step %d): %r" % (cut, k, got)
            outcomes["after"] += 1
    assert outcomes["before"] and outcomes["after"]
