"""`python -m duelkeeper.bench_sync`: its figures, and the ways it compares."""

import pytest

from duelkeeper import bench_sync, sync


@pytest.mark.parametrize(("argv", "said"), [
    (["--kind", "antike-duellum", "--workers", "0"], "the PC replays every game"),
    (["--kind", "antike-duellum", "--workers", "1"], "1 workers replay the long games"),
])  # fmt: skip
def test_one_kind_one_way(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list, said: str
) -> None:
    monkeypatch.setattr(bench_sync, "GAMES", 3)
    monkeypatch.setattr(bench_sync, "RUNS", 1)
    monkeypatch.setattr(sync, "POOL_FROM", sync.POOL_FROM)  # restored after
    monkeypatch.setattr(sync, "WORKERS", sync.WORKERS)
    assert bench_sync.main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].endswith(said)
    assert out[2].startswith("antike-duellum: 3 games, archived ")
    assert not any(line.startswith(("7wd", "splendor-duel")) for line in out)
    assert "the games' part in 1 syncs: " in out[-1]
    assert (sync.POOL_FROM > 10**6) == (argv[-1] == "0")
