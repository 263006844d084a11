"""A power cut during setup loses nothing: setup is journalled as it is entered
(games/setup.log) and a boot without a game in progress plays it back through the same
screens, on both runtimes; a cut while a step is being written loses only that step."""

import shutil
from pathlib import Path
from typing import Any

import apphelp
import pytest
from fwhelp import framebuf  # noqa: F401  (installs the shims: firmware imports them)
from powercut import Flash, PowerCut, each_cut
from test_storage import installed

from duelkeeper.sim.script import BUTTONS
from duelkeeper_dev.autoplay import Autoplayer


def _draft(ap: Autoplayer) -> None:
    """7 Wonders Duel, the seats' names, Player 1 starts after a wonder draft; two of the
    first seat's wonders marked, one more marked and taken back, a third marked."""
    ap.press("a")  # 7 Wonders Duel
    ap.press("a")  # Start the game
    ap.pick(ap.view(), 2)  # "Player 1, draft"
    for _ in range(3):
        ap.press("a")
    ap.press("up")
    ap.press("a")  # the third mark taken back


def _screen(v: dict) -> tuple:
    return (v["screen"], v["class"], v["depth"], v.get("marks"), v["labels"][0])


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_a_restart_mid_setup_comes_back_where_it_was(tmp_path: Path, runtime: str) -> None:
    with apphelp.device(tmp_path, runtime) as d:
        ap = Autoplayer(d)
        _draft(ap)
        before = _screen(d.view())
        assert before[:3] == ("setup", "Marks", 4)
        assert sorted(m for m in before[3] if m) == [1, 2]  # two marked: their places
        assert (tmp_path / "games" / "setup.log").read_bytes() == bytes([0, 2, 0, 1, 2, 2])
    with apphelp.device(tmp_path, runtime) as d:
        v = d.view()
        assert _screen(v) == before and v["notice"] == "Setup resumed"
        ap = Autoplayer(d)
        ap.press("b")  # B goes back a step, as before the cut
        assert d.view()["labels"][0] == "Player 1, preset"
        ap.pick(d.view(), 2)
        for _ in range(4):
            ap.press("a")  # four wonders: the second seat's list
        assert d.view()["class"] == "Marks" and d.view()["depth"] == 5
    with apphelp.device(tmp_path, runtime) as d:
        ap = Autoplayer(d)
        assert d.view()["depth"] == 5 and sum(d.view()["marks"]) == 0
        for _ in range(4 + 5):  # the second seat's wonders, the five tokens: the game
            ap.press("a")
        assert d.view()["screen"] == "sevenwonders.track" and d.last.events == 0
    assert not (tmp_path / "games" / "setup.log").exists()
    with apphelp.device(tmp_path, runtime) as d:  # the game, not the setup, resumes
        assert d.view()["screen"] == "sevenwonders.track" and d.view()["notice"] is None


def test_b_out_of_setup_ends_its_log(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        ap.press("a")
        ap.press("a")
        assert (tmp_path / "games" / "setup.log").exists()
        ap.press("b")  # back to the players: no setup in progress
        assert not (tmp_path / "games" / "setup.log").exists()
    with apphelp.device(tmp_path) as d:
        assert d.view()["screen"] == "games" and d.view()["notice"] is None


# The presses of _draft, then the rest of the first seat's wonders and a step back.
PRESSES = "a a down down a a a a up a a a b".split()


@pytest.fixture(autouse=True)
def _board_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """_app sets the simulator board's module globals: each test's are undone after it."""
    from boards import sim as board

    for name in ("WIDTH", "HEIGHT", "BUTTONS", "ROOT"):
        monkeypatch.setattr(board, name, getattr(board, name))


def _app(root: Path) -> Any:
    """The App booted on the simulator's board in this process, over ``root``."""
    from boards import sim as board
    from firmware.app import App
    from firmware.storage import Storage

    board.WIDTH, board.HEIGHT, board.BUTTONS, board.ROOT = 296, 128, "abcud", str(root)
    b = board.open()
    app = App(b, Storage(b.root))
    app.tick(0)
    return app


def _press(app: Any, name: str) -> None:
    t = app.now if hasattr(app, "now") else 0
    for k in range(20):
        app.board.held = BUTTONS[name] if k < 8 else 0
        t += 10
        app.tick(t)
    app.now = t


def _where(app: Any) -> tuple:
    s = app.stack[-1]
    return (type(s).__name__, len(app.stack), bytes(getattr(s, "marks", b"")), s.labels[0])


@pytest.mark.parametrize("kind", ["torn", "lfs"])
def test_a_cut_while_a_step_is_written_loses_that_step_only(tmp_path: Path, kind: str) -> None:
    """Every unit of flash work (powercut.Flash: each byte, each file operation) of a
    setup's presses cut in turn, the App in this process: the next boot shows setup as
    it was before the press or after it."""
    whole = tmp_path / "whole"
    whole.mkdir()
    flash = Flash(kind)
    app = _app(whole)
    where = [_where(app)]
    at = [0]  # the selected item: a boot selects the first, the player moves again
    starts = []
    for k, name in enumerate(PRESSES):
        shutil.copytree(whole, tmp_path / ("before%d" % k))
        starts.append(flash.units)
        with installed(flash):
            _press(app, name)
        where.append(_where(app))
        at.append(app.stack[-1].i)
    starts.append(flash.units)
    assert where[-1][:2] == ("Marks", 4)  # back at the first seat's wonders, all marked
    shutil.copytree(whole, tmp_path / ("before%d" % len(PRESSES)))
    booted = [_where(_app(tmp_path / ("before%d" % k))) for k in range(len(PRESSES) + 1)]
    assert booted[0] == ("Screen", 1, b"", "7 Wonders Duel")  # the game's choice
    assert booted[2:] == where[2:]  # from "Start the game" on, setup is where it was
    outcomes = {"before": 0, "after": 0}
    for cut, k in each_cut(starts):
        root = tmp_path / ("cut%d" % cut)
        shutil.copytree(tmp_path / ("before%d" % k), root)
        app = _app(root)
        if k == 1:  # the players' screen is no step of setup: its game is in the settings
            _press(app, "a")
        assert _where(app) == where[k]
        app.stack[-1].i = at[k]
        with installed(Flash(kind, cut - starts[k])), pytest.raises(PowerCut):
            _press(app, PRESSES[k])
        got = _where(_app(root))
        if got == booted[k]:
            outcomes["before"] += 1
        else:
            assert got == booted[k + 1], "cut at unit %d (press %d): %r" % (cut, k, got)
            outcomes["after"] += 1
    assert outcomes["before"] and outcomes["after"]
