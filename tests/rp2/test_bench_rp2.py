"""The real port's bench (duelkeeper_dev.bench_rp2): the heap watcher's lines, and a short
measurement on the emulated RP2040 with the shipped build under the watcher."""

from pathlib import Path

from rp2help import needs_rp2

from duelkeeper.rp2 import flashimage
from duelkeeper.rp2.board import EmulatedBoard
from duelkeeper.sim.script import BUTTONS, Step
from duelkeeper_dev import bench_rp2
from duelkeeper_dev.heapwatch import BLOCK, HeapLine, parse

# What the watcher printed on the emulated board (its boot line, then a press), and the
# start of a third report cut off by the end of a read.
SAID = (
    "HEAP -1 29808 216080 - - -1 0\r\n"
    "stack: 972 out of 7936\r\n"
    "GC: total: 245888, used: 29808, free: 216080\r\n"
    " No. of 1-blocks: 269, 2-blocks: 102, max blk sz: 122, max free sz: 11672\r\n"
    "HEAP 7 72499 173389 sevenwonders.track 7wd 3 1\r\n"
    "stack: 972 out of 7936\r\n"
    "GC: total: 245888, used: 72499, free: 173389\r\n"
    " No. of 1-blocks: 801, 2-blocks: 140, max blk sz: 130, max free sz: 7321\r\n"
    "HEAP 8 72511 173377 sevenwonders.pick 7wd 3 2\r\n"
    "stack: 972 out of 7936\r\n"
)


def test_parse_reads_each_complete_report_and_keeps_the_rest() -> None:
    lines, rest = parse(SAID)
    assert lines == [
        HeapLine(-1, 29808, 216080, 11672 * BLOCK, "-", "-", -1),
        HeapLine(7, 72499, 173389, 7321 * BLOCK, "sevenwonders.track", "7wd", 3, 1),
    ]
    assert rest.startswith("\r\nHEAP 8 72511")  # the cut report, whole on the next read
    more, _ = parse(rest + " No. of 1-blocks: 1, 2-blocks: 1, max blk sz: 1, max free sz: 9\r\n")
    assert more == [HeapLine(8, 72511, 173377, 9 * BLOCK, "sevenwonders.pick", "7wd", 3, 2)]


def test_parse_of_output_without_a_report() -> None:
    assert parse(">>> \r\nMicroPython v1.28.0\r\n") == ([], ">>> \r\nMicroPython v1.28.0\r\n")


@needs_rp2
def test_the_blank_board_s_repl_heap_line_is_read(tmp_path: Path) -> None:
    """make bench's first step on the real port (it had stopped there, its line one field
    short of the watcher's format)."""
    with EmulatedBoard(flashimage.blank(tmp_path / "blank.img"), bench_rp2.BOARD) as board:
        line = bench_rp2.repl_heap(board)
    assert (line.presses, line.screen, line.game, line.played, line.depth) == (-1, "-", "-", -1, 0)
    assert 200 * 1024 < line.alloc + line.free < 256 * 1024  # the port's heap, about 240 KB
    assert line.alloc < 16 * 1024 and 100 * 1024 < line.largest <= line.free


@needs_rp2
def test_a_few_presses_measured_on_the_real_port(tmp_path: Path) -> None:
    # On the Pico Inky Pack's first screen: A taps move down the choice of game, C taps up.
    steps = [Step("press", BUTTONS[b], 80) for b in "aacc"]
    f = bench_rp2.Figures()
    bench_rp2.game(steps, tmp_path, f, cores=())
    boot = [h for h in f.watched if h.presses < 0]
    after = [h for h in f.watched if h.presses >= 0]
    assert len(boot) == 1 and boot[0].screen == "-" and boot[0].depth == 0
    # every gesture handled and reported, in order, on the choice of game (the one screen)
    assert [h.presses for h in after] == [1, 2, 3, 4]
    assert all((h.screen, h.game, h.played, h.depth) == ("games", "-", -1, 1) for h in after)
    for h in after:  # the app and its first screen on top of the watcher
        assert boot[0].alloc < h.alloc <= bench_rp2.HEAP_BUDGET
        assert bench_rp2.BLOCK_BUDGET <= h.largest <= h.free
        assert h.alloc + h.free > 200 * 1024  # the port's heap, about 240 KB
    # the boot's moments measured (the panel's BUSY may rise at its reset, before data)
    assert 0 < f.first_spi_ms < f.first_shown_ms < bench_rp2.BOOT_LIMIT_MS
    assert 0 < f.first_busy_ms < f.first_shown_ms
    assert len(f.press_ms) == 4 and all(0 < ms < bench_rp2.FRAME_LIMIT_MS for ms in f.press_ms)
    # the budgets are make bench's to judge (docs/rp2.md); the report says which it met
    text, ok = bench_rp2.report(f)
    assert "PASS" in text and ok == ("FAIL" not in text)


def test_report_judges_every_game_by_the_budget() -> None:
    """The other games' heap counts as the 7WD game's: one over the budget fails make
    bench, and the report says when it was seen."""
    kb = 1024
    f = bench_rp2.Figures()
    f.watched = [HeapLine(-1, 30 * kb, 210 * kb, 200 * kb, "-", "-", -1)]
    f.watched += [HeapLine(1, 55 * kb, 185 * kb, 100 * kb, "sevenwonders.track", "7wd", 3)]
    fine = HeapLine(5, 60 * kb, 180 * kb, 100 * kb, "splendor.track", "splendor-duel", 9)
    over = HeapLine(7, 66 * kb, 174 * kb, 100 * kb, "antike.track", "antike-duellum", 12)
    f.others = {"splendor-duel": [fine], "antike-duellum": [over]}
    text, ok = bench_rp2.report(f)
    assert not ok
    splendor = next(line for line in text.splitlines() if line.startswith("splendor-duel game"))
    antike = next(line for line in text.splitlines() if line.startswith("antike-duellum game"))
    assert "60.0 KB" in splendor and splendor.rstrip().endswith("PASS")
    assert "66.0 KB" in antike and antike.rstrip().endswith("FAIL")
    assert "antike.track, 12 (gesture 7)" in text
    f.others["antike-duellum"] = [fine._replace(game="antike-duellum")]
    assert bench_rp2.report(f)[1]


def test_report_judges_the_boot_without_the_cores_imported_first() -> None:
    """The boot judged is the app's alone; the heap runs' boot, the other cores imported
    first, is shown beside it and judged by nothing."""
    f = bench_rp2.Figures(first_spi_ms=420, first_busy_ms=430, first_shown_ms=2600)
    f.cores_first_spi_ms = 640
    text, ok = bench_rp2.report(f)
    boot = next(line for line in text.splitlines() if line.startswith("boot to first frame"))
    assert "420 ms" in boot and boot.rstrip().endswith("PASS")
    cores = next(line for line in text.splitlines() if "other cores imported first" in line)
    assert "640 ms" in cores and cores.rstrip().endswith("-")


def test_report_judges_what_the_imports_add_to_the_repl_s_heap() -> None:
    """Issue 24's 40 KB is what importing the cores and the app adds to the heap the
    blank board's REPL holds, not the heap's whole."""
    kb = 1024
    f = bench_rp2.Figures(repl=HeapLine(-1, 4 * kb, 230 * kb, 220 * kb, "-", "-", -1))
    f.watched = [HeapLine(-1, 43 * kb, 190 * kb, 180 * kb, "-", "-", -1)]
    f.watched += [HeapLine(1, 55 * kb, 185 * kb, 100 * kb, "sevenwonders.track", "7wd", 3)]
    added = next(line for line in bench_rp2.report(f)[0].splitlines() if "imports added" in line)
    assert "39.0 KB" in added and added.rstrip().endswith("PASS")
    f.watched[0] = f.watched[0]._replace(alloc=45 * kb)
    text, ok = bench_rp2.report(f)
    added = next(line for line in text.splitlines() if "imports added" in line)
    assert "41.0 KB" in added and added.rstrip().endswith("FAIL") and not ok
