"""7 Wonders Duel through the device's menus: a whole game as played at a table.

The game (duelkeeper_dev.tablegame: real layouts, reachable cards only) is entered press
by press; one event is undone and entered again on the way; the score sheet must be the
frame shown right after the last event, and its A files the game. The flash must then
hold exactly the source record. The same presses on the MicroPython VM (the .mpy build
that ships) must show the very same frames and file the same record.
"""

from pathlib import Path

import apphelp
import pytest

from duelkeeper_dev import measure
from duelkeeper_dev.tablegame import table_record

SEED = 3


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> apphelp.Scripted:
    record = table_record(SEED)
    return apphelp.autoplay(record, tmp_path_factory.mktemp("cpython"), undo_at=(5, 40))


def test_whole_game_is_filed_as_played(game: apphelp.Scripted) -> None:
    assert game.view["screen"] == "games"  # the sheet's A filed it
    assert game.view["notice"] == "Game saved"
    (filed,) = apphelp.archived(game.storage)
    apphelp.same_game(filed, game.record)
    assert apphelp.journal(game.storage) is None
    # the start's tick mark is gone; no date from a clock the PC never set
    assert set(filed["meta"]) <= {"firmware", "board", "seconds"}, filed["meta"]


def test_score_sheet_needs_no_extra_press(tmp_path: Path, game: apphelp.Scripted) -> None:
    # Replay up to the press that plays the last event: the sheet is already shown.
    final_a = len(game.steps) - 1  # the sheet's A is the last press
    run, d = apphelp.replay(game.steps[:final_a], tmp_path, runtime="cpython")
    with d:
        v = d.view()
        assert v["screen"] == "sheet"
        assert d.last.events == len(game.record["events"])
        sheet_frame = run.frames[-1].data
        assert run.frames[-1].full  # a change of screen: a clean, full refresh
    assert sheet_frame in [f.data for f in game.frames]


def test_frames_identical_on_micropython(tmp_path: Path, game: apphelp.Scripted) -> None:
    run, d = apphelp.replay(game.steps, tmp_path)
    with d:
        assert d.view()["screen"] == "games"
    assert len(run.frames) == len(game.frames)
    for mine, theirs in zip(run.frames, game.frames, strict=True):
        assert mine.data == theirs.data, f"frame {mine.number} differs"
        assert mine.full == theirs.full
    (filed,) = apphelp.archived(tmp_path)
    apphelp.same_game(filed, game.record)


def test_presses_per_turn_within_budget(game: apphelp.Scripted) -> None:
    # The undone events' presses are dropped by the recorder; the redo counts from the undo.
    per_turn = measure.turns(game.record["events"], game.presses)
    assert measure.median(per_turn) <= 4
