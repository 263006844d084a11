"""Bundles and their acknowledgements against hostile bytes (issue 33), synced end to end.

duelkeeper_dev.bundlefuzz damages a bundle or its .dkc in one of a dozen ways, boots the
device's storage over it and runs the PC's sync against the firmware's, into a new log:
1,000 inputs, no traceback, no hang, no game lost beyond the frames the damage hit, none
wrong or twice, every summary true, nothing more at the next sync. Hypothesis then throws
raw bytes at the bundle reader and the acknowledgements.
"""

import tempfile
import time
from pathlib import Path

import fwhelp  # noqa: F401  (the MicroPython shims: storage imports lang, which draws)
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duelkeeper_dev import bundlefuzz as fz
from duelkeeper_dev.journalfuzz import HANG_SECONDS, limit

FUZZ = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def test_a_thousand_damaged_bundles_lose_no_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    began = time.monotonic()
    assert fz.main(["--inputs", "1000", "--seed", "33"]) == 0
    out = capsys.readouterr().out
    assert "inputs tried: 1000 (seed 33)" in out
    assert "tracebacks: 0, hangs: 0" in out
    assert "games lost beyond the damaged frames: 0, in the log wrong or twice: 0" in out
    assert "summaries whose counts are not the log's: 0" in out
    assert all(kind in out for kind in fz.KINDS)
    print("%.1f s" % (time.monotonic() - began))


@FUZZ
@given(data=st.binary(max_size=3000), acks=st.none() | st.binary(max_size=40))
def test_raw_bytes_as_a_bundle_never_raise_or_hang(data: bytes, acks: bytes | None) -> None:
    with tempfile.TemporaryDirectory(dir=fz.FAST) as tmp, limit(HANG_SECONDS):
        root = Path(tmp)
        fz.flash(root, data, acks)
        device = fz.Local(root)
        info = device.lines("sync.info()")
        served = device.lines("sync.pull('', 64)")
        assert info[0].startswith(b"DK 2 ") and served[-1].startswith(b"END ")
        for line in served[:-1]:
            verb, gid = line.split()[:2]
            assert verb == b"BAD" and gid.endswith(b".damaged") or verb == b"G"
            head = device.lines("sync.raw(%r)" % gid.decode())[0]
            assert head.startswith(b"RAW ")


@FUZZ
@given(n=st.integers(0, 10**6))
def test_games_framed_between_random_bytes_are_all_found(n: int) -> None:
    import random

    rng = random.Random(n)
    frames = [fz.game(k + 1, k)[1] for k in range(3)]
    data = b"".join(rng.randbytes(rng.randrange(0, 40)) + f for f in frames)
    with tempfile.TemporaryDirectory(dir=fz.FAST) as tmp:
        root = Path(tmp)
        fz.flash(root, data + rng.randbytes(rng.randrange(0, 40)))
        served = fz.Local(root).lines("sync.pull('', 64)")
    ids = [line.split()[1].decode() for line in served if line.startswith(b"G ")]
    assert ids == ["%s-%06d" % (fz.DEVICE, k + 1) for k in range(3)]
