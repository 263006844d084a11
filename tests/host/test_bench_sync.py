"""`python -m duelkeeper_dev.bench_sync`: its figures, and the ways it compares."""

import pytest

from duelkeeper import sync
from duelkeeper_dev import bench_sync


@pytest.mark.parametrize(("argv", "said"), [
    (["--kind", "antike-duellum", "--workers", "0"], "the PC replays every game"),
    (["--kind", "antike-duellum", "--workers", "1"], "the long games replayed by 1 worker"),
    (["--kind", "antike-duellum", "--workers", "3"], "the long games replayed by 3 workers"),
])  # fmt: skip
def test_one_kind_one_way(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list, said: str
) -> None:
    monkeypatch.setattr(bench_sync, "GAMES", 3)
    monkeypatch.setattr(bench_sync, "RUNS", 1)
    monkeypatch.setattr(sync, "WORKERS", sync.WORKERS)  # restored after
    assert bench_sync.main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].endswith(said)
    assert out[2].startswith("antike-duellum: 3 games, archived ")
    assert not any(line.startswith(("7wd", "splendor-duel")) for line in out)
    assert "the games' part in 1 syncs: " in out[-1]
    assert sync.WORKERS == int(argv[-1])
