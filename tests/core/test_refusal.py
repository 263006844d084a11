"""duelcore.errors.IllegalEvent: a refusal's reason, a template worded only when read."""

import json
from pathlib import Path

import pytest

from duelcore.engine import Match
from duelcore.errors import IllegalEvent

VECTOR = Path(__file__).parents[1] / "vectors" / "7wd" / "complete-game.json"


@pytest.mark.parametrize(
    ("why", "fill", "text"),
    [
        ("no card %s", ("palace",), "no card palace"),
        ("the game is over", (), "the game is over"),
        ("player %d has %d coins", (1, 3), "player 1 has 3 coins"),
        ("a 100% sure reason", (), "a 100% sure reason"),  # nothing to fill: as it is
    ],
)
def test_the_template_filled_in(why: str, fill: tuple, text: str) -> None:
    e = IllegalEvent(why, *fill)
    assert (e.why, e.fill) == (why, fill)
    assert str(e) == e.reason == text


def test_the_engine_adds_the_index_and_the_event() -> None:
    record = json.loads(VECTOR.read_text())
    m = Match(dict(record, events=[]))
    with pytest.raises(IllegalEvent) as info:
        m.play(["score", 0, {}])
    e = info.value
    assert (e.index, e.event) == (0, ["score", 0, {}])
    assert str(e) == (
        'event 0 ["score", 0, {}]: score and won belong to a score-only game'
        " (setup 'score_only': true)"
    )
