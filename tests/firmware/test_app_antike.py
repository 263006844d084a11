"""Antike Duellum through the device's menus, on both runtimes.

A whole game (tests/vectors/antike-duellum/complete-game.json: 230 events, won by nine
personalities) entered press by press, one event undone and entered again on the way:
the score sheet must be the frame shown right after the last event, and its A files the
game. And thirty events of another game (rondel moves with their payment, production,
cities, personalities, event cards taken and played), one undone, then ended from the C
menu ("End game now and save it"), which shows its score sheet as it stands, and A
files it. The same presses on the
MicroPython VM (the .mpy build that ships) must show the very same frames.
"""

import json
from pathlib import Path

import apphelp
import pytest

from duelkeeper.repo import ROOT
from duelkeeper_dev.autoplay import Autoplayer
from duelkeeper_dev.tablegame import antike_record

WHOLE = ROOT / "tests" / "vectors" / "antike-duellum" / "complete-game.json"


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> apphelp.Scripted:
    record = json.loads(WHOLE.read_text())
    return apphelp.autoplay(record, tmp_path_factory.mktemp("whole"), undo_at=(7, 150))


def test_whole_game_is_filed_as_played(whole: apphelp.Scripted) -> None:
    assert whole.view["screen"] == "games"  # the sheet's A filed it
    (filed,) = apphelp.archived(whole.storage)
    apphelp.same_game(filed, whole.record)
    assert apphelp.journal(whole.storage) is None


def test_score_sheet_needs_no_extra_press(tmp_path: Path, whole: apphelp.Scripted) -> None:
    run, d = apphelp.replay(whole.steps[:-1], tmp_path, runtime="cpython")  # all but A
    with d:
        assert d.view()["screen"] == "sheet"
        assert d.last.events == len(whole.record["events"])
        assert run.frames[-1].full  # a change of screen: a clean, full refresh


def test_whole_game_frames_identical_on_micropython(
    tmp_path: Path, whole: apphelp.Scripted
) -> None:
    run, d = apphelp.replay(whole.steps, tmp_path)
    with d:
        assert d.view()["screen"] == "games"
    assert [f.data for f in run.frames] == [f.data for f in whole.frames]
    (filed,) = apphelp.archived(tmp_path)
    apphelp.same_game(filed, whole.record)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> apphelp.Scripted:
    record = antike_record(0, 30)
    storage = tmp_path_factory.mktemp("cpython")
    played = apphelp.autoplay(record, storage, undo_at=(4,), finish=False)
    assert played.view["screen"] in ("antike.track", "antike.turn")  # the menu stays up mid-turn
    # End it from the C menu: C, the last-but-one item, "End and save", then A on the
    # score sheet as it stands.
    with apphelp.device(storage) as d:
        ap = Autoplayer(d)
        if d.view()["screen"] == "antike.turn":  # the player to act goes on: back to the game
            ap.press("b")
        ap.press("c")
        v = d.view()
        ap.pick(v, len(v["labels"]) - 2)
        ap.pick(d.view(), 1)
        assert d.view()["screen"] == "sheet"
        ap.press("a")
        end = d.view()
    return played._replace(steps=played.steps + [apphelp.restart_step()] + ap.steps, view=end)


def test_game_is_filed_as_played(game: apphelp.Scripted) -> None:
    assert game.view["screen"] == "games"
    (filed,) = apphelp.archived(game.storage)
    apphelp.same_game(filed, game.record)


def test_frames_identical_on_micropython(tmp_path: Path, game: apphelp.Scripted) -> None:
    run, d = apphelp.replay(game.steps, tmp_path)
    with d:
        assert d.view()["screen"] == "games"
    (filed,) = apphelp.archived(tmp_path)
    apphelp.same_game(filed, game.record)
    theirs = [f.data for f in game.frames]
    assert [f.data for f in run.frames][: len(theirs)] == theirs
