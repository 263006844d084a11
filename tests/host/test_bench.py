"""The bench runs end to end and reports every listed game, with figures or a reason."""

import pytest

from duelkeeper import bench


def test_bench_reports_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    status = bench.main()
    out = capsys.readouterr().out
    assert "duelcore as shipped" in out
    for game in bench.GAMES:
        row = next(line for line in out.splitlines() if line.startswith(game.name + " "))
        assert row.endswith(("PASS", "OVER")) or f"{game.name}: " in out
    assert status in (0, 1)
