"""Power on the real firmware (the project's UF2 in the emulated RP2040): at rest on cells
the core sleeps, a tap from sleep is acted on, and a Badger on cells lets go of its
power, keeps the picture, and acts on the press that powers it up, without redrawing it
whole (docs/power.md)."""

from pathlib import Path

from rp2help import needs_rp2

from duelkeeper.rp2.board import EmulatedBoard
from duelkeeper.rp2.device import Rp2Device
from duelkeeper.sim.script import BUTTONS

DOWN = BUTTONS["down"]
A = BUTTONS["a"]


def _on_cells(tmp_path: Path, board: str) -> Rp2Device:
    device = Rp2Device(tmp_path / board, board)
    device.board.power(usb=False, battery_mv=2900)
    device.board.cut()  # power up on cells: no host on the USB line
    if board.startswith("badger"):  # off until a button: a tap of B powers it up
        assert device.board.run(100).off
        device.board.play([(BUTTONS["b"], 60)])
    device.boot()
    device.settle()
    return device


@needs_rp2
def test_at_rest_on_cells_the_core_sleeps_and_a_tap_is_acted_on(tmp_path: Path) -> None:
    with _on_cells(tmp_path, "pico_inky_pack") as device:
        board: EmulatedBoard = device.board
        first = device.frame
        before = board.run(0).power
        assert before is not None
        after = board.run(10_000).power  # 10 s on the choice of game
        assert after is not None
        rest = after.since(before)
        assert rest.wakeups <= 10 and rest.instructions <= 1_500_000, rest
        assert rest.sleep > 9_900_000 and rest.wait < 1000, rest  # lightsleep, not WFE
        report = board.play([(A, 60), (0, 3000)])  # a 60 ms tap of A: DOWN on 3 buttons
        shown = [r.frame for r in report.refreshes]
        assert shown and shown[-1] != first  # the cursor moved
        assert all(not r.full for r in report.refreshes)


@needs_rp2
def test_a_badger_on_cells_lets_go_and_acts_on_the_press_that_wakes_it(tmp_path: Path) -> None:
    with _on_cells(tmp_path, "badger2040") as device:
        board: EmulatedBoard = device.board
        report = board.run(70_000)  # past the 60 s at rest
        assert report.off
        marked = report.refreshes[-1].frame  # the mark that a press wakes it
        report = board.play([(DOWN, 60)])  # a 60 ms tap from off
        assert not report.off and 0 <= report.latch_us <= 20_000  # held from power-on
        report = board.run(3000)
        assert [r.full for r in report.refreshes] == [False]  # no boot redraw
        assert 0 < report.frame_us <= 400_000  # the tap's frame begins, after power-on
        woken = report.refreshes[0]
        assert woken.frame != marked and woken.t_us < 3000_000
        assert not board.run(0).off
        device.settle()
        assert board.run(0).power is not None
