"""The core bench measures every game, alone and with all three cores, in the VM."""

import re

from duelkeeper import bench


def test_core_bench_measures_every_game_against_its_budget() -> None:
    text, ok = bench.core()
    rows = {}
    for line in text.splitlines():
        cells = re.split(r"\s{2,}", line.strip())
        if cells[0] in ("one", "all"):
            rows[cells[0], cells[1]] = cells
    verdicts = []
    for game in bench.GAMES:
        for cores, budget in (("one", game.budget), ("all", bench.ALL_BUDGET)):
            cells = rows[cores, game.name]
            imported, held = (float(c.split()[0]) for c in cells[3:5])
            assert 0 < imported < held, cells  # a game held costs more than the import
            assert int(cells[7]) > 0  # events replayed
            if budget is None:
                assert cells[-1] == "-"
            else:
                assert cells[-1] == ("PASS" if held * 1024 <= budget else "OVER")
                verdicts.append(cells[-1])
    assert ok == ("OVER" not in verdicts)
