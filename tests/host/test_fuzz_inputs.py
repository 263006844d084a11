"""Issue 10: random bytes, random JSON and random event lists thrown at `replay` and
`import` (tests/host/fuzzhelp.py) end with a result or one clean line: no traceback, no
hang. Bounded and derandomized, so it runs in seconds and the same way each time;
tools/fuzz_inputs.py runs more examples and counts the outcomes."""

import pytest
from fuzzhelp import KINDS, attempt, game
from hypothesis import HealthCheck, given, settings

EXAMPLES = 60  # per kind of input; each runs both commands


@pytest.mark.parametrize("kind", list(KINDS))
def test_no_traceback_no_hang(kind: str) -> None:
    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(KINDS[kind])
    def check(data: bytes) -> None:
        for outcome, text in attempt(data):
            assert outcome in ("accepted", "refused"), (outcome, text, data[:300])

    check()


def test_the_harness_reads_outcomes_right() -> None:
    """Not JSON: refused by both, in one line; a finished game: replayed and imported."""
    assert [outcome for outcome, _ in attempt(b"\xff not json")] == ["refused", "refused"]
    assert [outcome for outcome, _ in attempt(game("7wd", 1).encode())] == ["accepted"] * 2
