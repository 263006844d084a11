"""The core bench measures every game, alone and with all three cores, in the VM."""

import re

from duelkeeper_dev import bench


def test_core_bench_measures_every_game_against_its_budget() -> None:
    text, ok = bench.core()
    rows = {}
    for line in text.splitlines():
        cells = re.split(r"\s{2,}", line.strip())
        if cells[0] in ("one", "all"):
            rows[cells[0], cells[1]] = cells
    verdicts = []
    for game in bench.GAMES:
        for cores, budget in (("one", game.budget), ("all", None)):  # "all": bench_rp2's
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
    from duelkeeper import mpvm
    from duelkeeper_dev import heaplayout

    held = []
    for pad in (0, 1024):
        with mpvm.Session() as vm:
            held.append(heaplayout.prelude(vm, pad))
            loaded = vm.call("import sys, json\n_value = json.dumps(list(sys.modules))").value
            assert set(heaplayout.BUILTINS) <= set(loaded)
    assert held[0] > 0  # the port's os, binascii and time are heap here
    assert 1024 <= held[1] - held[0] <= 1024 + 64  # the pad, and little else


def test_module_bench_charges_each_import_once() -> None:
    from duelkeeper_dev import bench_modules

    modules = ("firmware.gfx.font", "firmware.gfx.canvas", "boards.badger2040")
    added = [n for n, _ in bench_modules.measure(modules, 0)]
    assert added[0] > 512  # the fonts' tables (and the firmware package)
    alone = bench_modules.measure(("firmware.gfx.canvas",), 0)[0][0]  # the font with it
    assert 0 < added[1] < alone  # after the font: the font is not charged again
    assert added[2] > 1024  # the board, its UC8151 driver and the SPI wire
    again = [n for n, _ in bench_modules.measure(("firmware.gfx.font",) * 2, 0)]
    assert again[1] == 0  # imported already: nothing more


def test_firmware_report_gives_the_vm_heap_without_a_verdict() -> None:
    """The VM holds the code in its heap (a board keeps it in the ROMFS): its heap rows
    are figures, bench_rp2 judges the device's; the other rows keep their budgets."""
    from duelkeeper_dev import bench_firmware as bf

    def heap(peak: int) -> dict[str, int]:
        return {"boot": 1, "peak": peak, "end": 1, "least": peak, "most": peak, "press": peak}

    f = bf.Figures(turns=[2, 3, 4], presses=30, full=2, mpy=10**6, archive=[200])
    f.heap = {"7wd core": heap(10**6), "all cores": heap(10**6)}
    text, ok = bf.report(f)
    assert ok and "OVER" not in text and "(over)" not in text
    assert re.search(r"heap, 7wd game, all cores\s+976\.6 KB\s+-\s+-", text)
    f.full = 30  # three full refreshes a press: the refresh budget still judges
    assert not bf.report(f)[1]


def test_firmware_report_holds_the_largest_finished_game_to_the_flash_budget() -> None:
    from duelkeeper_dev import bench_firmware as bf

    f = bf.Figures(turns=[2, 3], presses=10, mpy=1000, archive=[200, bf.FLASH_BUDGET])
    assert bf.report(f)[1]
    f.archive.append(bf.FLASH_BUDGET + 1)  # the mean stays under, the largest does not
    text, ok = bf.report(f)
    assert not ok and re.search(r"flash per finished 7wd game\s+\d+ B\s+256 B\s+OVER", text)
