"""`make soak` ends a game that runs long with fixed gestures (soak.END_GAME), blind: it
reads only the screen's name. Played here on the simulated device in each game, with
the redo row an undo puts at the head of the C menu, so that a change to that menu
changes them too (a confirmation added there once left the soak's first game running to
the end of the walk, the other two games never started)."""

import json
from pathlib import Path

import apphelp
import pytest

from duelkeeper.sim.autoplay import Autoplayer
from duelkeeper.soak import END_GAME

VECTORS = Path(__file__).resolve().parents[1] / "vectors"


@pytest.mark.parametrize("game", ["7wd", "splendor-duel", "antike-duellum"])
def test_end_game_files_the_game_in_progress(tmp_path: Path, game: str) -> None:
    record = json.loads((VECTORS / game / "complete-game.json").read_text())
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        ap.start(record)
        ap.event(record["events"][0])
        ap.event(record["events"][1])
        if not d.view()["screen"].startswith("track"):
            ap.press("b")  # Antike's turn menu opens again after a move: back to the game
        ap.press("b")  # undo the second: B, then B again
        ap.press("b")
        assert d.last.events == 1 and d.view()["screen"].startswith("track")
        for button, long in END_GAME:
            ap.press("long " + button if long else button)
        assert d.view()["screen"] == "games"
    (filed,) = apphelp.archived(tmp_path)
    assert filed["game"] == game and filed["events"] == record["events"][:1]
