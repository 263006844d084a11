"""Splendor Duel through the device's menus: a whole game, on both runtimes.

Token takes go through the token picker, purchases and reservations through the card
lists, the rules' choices (steal, royal card, tokens over ten) open by themselves. One
event is undone and entered again; the game ends on the score sheet and is filed.
"""

from pathlib import Path

import apphelp
import pytest

from duelkeeper_dev.tablegame import splendor_record

SEED = 1


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> apphelp.Scripted:
    record = splendor_record(SEED)
    return apphelp.autoplay(record, tmp_path_factory.mktemp("cpython"), undo_at=(3, 20))


def test_whole_game_is_filed_as_played(game: apphelp.Scripted) -> None:
    assert game.view["screen"] == "games"
    (filed,) = apphelp.archived(game.storage)
    apphelp.same_game(filed, game.record)


def test_frames_identical_on_micropython(tmp_path: Path, game: apphelp.Scripted) -> None:
    run, d = apphelp.replay(game.steps, tmp_path)
    with d:
        assert d.view()["screen"] == "games"
    assert [f.data for f in run.frames] == [f.data for f in game.frames]
    (filed,) = apphelp.archived(tmp_path)
    apphelp.same_game(filed, game.record)
