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


def test_prelude_takes_off_the_ports_python_modules_and_the_pad() -> None:
    from duelkeeper import heaplayout, mpvm

    held = []
    for pad in (0, 1024):
        with mpvm.Session() as vm:
            held.append(heaplayout.prelude(vm, pad))
            loaded = vm.call("import sys, json\n_value = json.dumps(list(sys.modules))").value
            assert set(heaplayout.BUILTINS) <= set(loaded)
    assert held[0] > 0  # the port's os, binascii and time are heap here
    assert 1024 <= held[1] - held[0] <= 1024 + 64  # the pad, and little else


def test_module_bench_charges_each_import_once() -> None:
    from duelkeeper import bench_modules

    modules = ("firmware.gfx.font", "firmware.gfx.canvas", "boards.badger2040")
    added = [n for n, _ in bench_modules.measure(modules, 0)]
    assert added[0] > 512  # the fonts' tables (and the firmware package)
    alone = bench_modules.measure(("firmware.gfx.canvas",), 0)[0][0]  # the font with it
    assert 0 < added[1] < alone  # after the font: the font is not charged again
    assert added[2] > 1024  # the board, its UC8151 driver and the SPI wire
    again = [n for n, _ in bench_modules.measure(("firmware.gfx.font",) * 2, 0)]
    assert again[1] == 0  # imported already: nothing more


def test_firmware_report_judges_the_budgeted_heap_rows_only() -> None:
    from duelkeeper import bench_firmware as bf

    def heap(peak: int) -> dict[str, int]:
        return {"boot": 1, "peak": peak, "end": 1, "least": peak, "most": peak}

    f = bf.Figures(turns=[2, 3, 4], presses=30, full=2, mpy=1000, archive=[200])
    f.heap = {"7wd core": heap(bf.HEAP_BUDGET), "all cores": heap(bf.HEAP_BUDGET)}
    f.heap["old def."] = heap(bf.HEAP_BUDGET + 1)  # reported, not budgeted
    text, ok = bf.report(f)
    assert ok and "(over)" in text
    f.heap["all cores"] = heap(bf.HEAP_BUDGET + 1)
    text, ok = bf.report(f)
    assert not ok and re.search(r"all cores\s+96\.0 KB\s+96\.0 KB\s+OVER", text)


def test_firmware_report_holds_the_largest_finished_game_to_the_flash_budget() -> None:
    from duelkeeper import bench_firmware as bf

    f = bf.Figures(turns=[2, 3], presses=10, mpy=1000, archive=[200, bf.FLASH_BUDGET])
    assert bf.report(f)[1]
    f.archive.append(bf.FLASH_BUDGET + 1)  # the mean stays under, the largest does not
    text, ok = bf.report(f)
    assert not ok and re.search(r"flash per finished 7wd game\s+\d+ B\s+256 B\s+OVER", text)
