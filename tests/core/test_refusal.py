"""duelcore.errors.refusal: a game's refusal reasons kept as the lines of one string."""

import pytest

from duelcore.errors import IllegalEvent, refusal

REASONS = "no card %s\nthe game is over\nplayer %d has %d coins"


@pytest.mark.parametrize(
    ("n", "args", "text"),
    [
        (0, ("palace",), "no card palace"),
        (1, (), "the game is over"),
        (2, (1, 3), "player 1 has 3 coins"),  # the last line: no newline after it
    ],
)
def test_each_line_filled_in(n: int, args: tuple, text: str) -> None:
    e = refusal(REASONS, n, *args)
    assert isinstance(e, IllegalEvent)
    assert str(e) == e.reason == text


def test_a_line_past_the_end_is_a_bug_not_a_reason() -> None:
    with pytest.raises(ValueError):
        refusal(REASONS, 3)
