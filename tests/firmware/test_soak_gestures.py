"""`make soak` ends a game that runs long with fixed gestures (soak.ending), blind: it
reads only the screen's name and how many screens are on the app's stack. Played here
on the simulated device: a tracked game in each kind, with the redo row an undo puts at
the head of the C menu, and a quick score left halfway through its pad, so that a
menu that changes changes them too (a confirmation added to the C menu once left the
soak's games running to the end of the walk, as did a quick score's pad)."""

import json
from pathlib import Path
from typing import Any

import apphelp
import pytest

from duelkeeper_dev.autoplay import GAMES, Autoplayer
from duelkeeper_dev.soak import END_GAME, ending

VECTORS = Path(__file__).resolve().parents[1] / "vectors"


def _end(ap: Autoplayer, d: Any) -> None:
    """The soak's gestures until the game is filed (the choice of game again)."""
    for _ in range(60):
        v = d.view()
        if v["screen"] == "games":
            return
        gestures = ending(v["screen"], v["depth"])
        assert gestures, v["screen"]
        for button, long in gestures:
            ap.press("long " + button if long else button)
    raise AssertionError("the soak's gestures never ended the game")


@pytest.mark.parametrize("game", GAMES)
def test_end_game_files_the_tracked_game(tmp_path: Path, game: str) -> None:
    record = json.loads((VECTORS / game / "complete-game.json").read_text())
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        ap.start(record)
        ap.event(record["events"][0])
        ap.event(record["events"][1])
        if not d.view()["screen"].endswith(".track"):
            ap.press("b")  # Antike's turn menu opens again after a move: back to the game
        ap.press("b")  # undo the second: B, then B again
        ap.press("b")
        assert d.last.events == 1 and d.view()["screen"].endswith(".track")
        assert ending(d.view()["screen"], d.view()["depth"]) == END_GAME
        _end(ap, d)
    (filed,) = apphelp.archived(tmp_path)
    assert filed["game"] == game and filed["events"] == record["events"][:1]


@pytest.mark.parametrize("game", GAMES)
def test_end_game_files_a_quick_score_left_halfway(tmp_path: Path, game: str) -> None:
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        ap.pick(d.view(), GAMES.index(game))
        v = d.view()  # the players as they come: "Final score only", the last row
        assert v["screen"] == "players"
        ap.pick(v, len(v["labels"]) - 1)
        for gesture in ("a", "up", "a", "c", "a", "a"):  # counts, a few fields on
            ap.press(gesture)
        assert d.view()["screen"] == "quick" and d.view()["depth"] == 1
        _end(ap, d)
    (filed,) = apphelp.archived(tmp_path)
    assert filed["game"] == game and filed["events"][-1][:2] == ["won", 0]
