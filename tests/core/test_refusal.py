"""duelcore.errors.refusal: a game's refusal reasons kept as the lines of one string,
worded only when read."""

import pytest

from duelcore.errors import IllegalEvent, line, refusal

WHY = "no card %s\nthe game is over\nplayer %d has %d coins"


@pytest.mark.parametrize(
    ("n", "args", "text"),
    [
        (0, ("palace",), "no card palace"),
        (1, (), "the game is over"),
        (2, (1, 3), "player 1 has 3 coins"),  # the last line: no newline after it
    ],
)
def test_each_line_filled_in(n: int, args: tuple, text: str) -> None:
    e = refusal(WHY, n, *args)
    assert isinstance(e, IllegalEvent)
    assert e.where == (WHY, n, args)
    assert str(e) == e.reason == text
    assert e.where is None  # worded once


def test_a_line_is_its_template() -> None:
    assert line(WHY, 2) == "player %d has %d coins"


def test_a_line_past_the_end_is_a_bug_not_a_reason() -> None:
    with pytest.raises(ValueError):
        refusal(WHY, 3).reason  # noqa: B018


def test_a_text_reason_and_the_engines_index() -> None:
    e = IllegalEvent("the game is over", 7, ["build", 1, "palace"])
    assert e.where is None
    assert str(e) == 'event 7 ["build", 1, "palace"]: the game is over'
