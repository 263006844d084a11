"""Antike Duellum through the device's menus, on both runtimes.

Thirty events of a game (rondel moves with their payment, production, cities,
personalities, event cards taken and played), one undone and entered again; then the
game is ended from the C menu ("End game now and save it"), which files it as it
stands: nine personalities take longer than a test should.
"""

from pathlib import Path

import apphelp
import pytest

from duelkeeper.sim.autoplay import Autoplayer
from duelkeeper.sim.tablegame import antike_record


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> apphelp.Scripted:
    record = antike_record(0, 30)
    storage = tmp_path_factory.mktemp("cpython")
    played = apphelp.autoplay(record, storage, undo_at=(4,), finish=False)
    assert played.view["screen"] == "trackad"
    # End it from the C menu: C, the last-but-one item, then "End and save".
    with apphelp.device(storage) as d:
        ap = Autoplayer(d)
        ap.press("c")
        v = d.view()
        ap.pick(v, len(v["labels"]) - 2)
        ap.pick(d.view(), 1)
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
