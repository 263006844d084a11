"""The device's journal decoder (firmware/storage/journal.py resume()) against hostile bytes.

Hypothesis throws random bytes, real journals with bytes changed, and checksummed entries
no encoder wrote at resume(), through duelkeeper_dev.journalfuzz's check (the command that
prints the counts in docs/firmware.md): no exception, no hang, no event invented, no
readable event lost.
"""

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duelkeeper_dev import journalfuzz as fz

FUZZ = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
GAME = st.sampled_from(fz.GAMES)
SEED = st.integers(0, fz.SEEDS - 1)


@FUZZ
@given(data=st.binary(max_size=3000))
def test_random_bytes_never_raise_or_hang(tmp_path: Path, data: bytes) -> None:
    with fz.limit(fz.HANG_SECONDS):
        record, notice, later = fz.resume(data, tmp_path)
    assert record is None or later is None or isinstance(later, list)
    if data and record is None:
        kept = [p.read_bytes() for p in (tmp_path / "games").glob("*.journal.dk")]
        if notice is None:  # what a power cut leaves of start(): a record's entry cut short
            assert not kept and (len(data) < 3 or data[2:3] == b"{")
            assert len(data) < 6 + int.from_bytes(data[:2], "little") <= 6 + 2048
        else:
            assert notice == "Saved game unreadable: set aside"
            assert kept == [data]


@FUZZ
@given(
    game=GAME,
    seed=SEED,
    count=st.integers(1, 59),
    changes=st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.integers(1, 255)), max_size=6),
)
def test_changed_bytes_lose_no_readable_event(
    tmp_path: Path, game: str, seed: int, count: int, changes: list[tuple[float, int]]
) -> None:
    j = fz.journal(game, seed, count)
    data = bytearray(j.data)
    touched = set()
    for where, xor in changes:
        at = int(where * len(data))
        data[at] ^= xor
        touched.add(at)
    with fz.limit(fz.HANG_SECONDS):
        out = fz.check(j, bytes(data), touched, tmp_path)
    assert (out.lost, out.invented) == (0, 0)
    if len(touched) == 1 and len(changes) == 1:
        assert out.kind == "repaired"


@FUZZ
@given(game=GAME, seed=SEED, count=st.integers(1, 59), n=st.integers(0, 10**6))
def test_each_kind_of_damage_loses_nothing_readable(
    tmp_path: Path, game: str, seed: int, count: int, n: int
) -> None:
    j = fz.journal(game, seed, count)
    kind, data, touched = fz.damage(j, random.Random(n))
    with fz.limit(fz.HANG_SECONDS):
        out = fz.check(j, data, touched, tmp_path, kind == "checksummed garbage")
    assert (out.lost, out.invented) == (0, 0), kind
    if kind == "one byte":
        assert out.kind == "repaired"


def test_the_command_counts_no_traceback_hang_or_loss(capsys: pytest.CaptureFixture[str]) -> None:
    assert fz.main(["--inputs", "60", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "inputs tried: 60 (seed 3)" in out
    assert "tracebacks: 0, hangs: 0" in out
    assert "readable events lost: 0, events invented: 0" in out
