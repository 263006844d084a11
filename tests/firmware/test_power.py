"""firmware/power.py and the boards' power: how the loop waits on USB and on cells, the
battery's levels, the press that woke the board, and letting go of a Badger's power."""

import importlib
import tempfile
from typing import Any

import fwhelp
import machine
import pytest

import boards.sim as sim
from firmware import power
from firmware.app import App
from firmware.buttons import BTN_A, BTN_B, BTN_C, BTN_DOWN, BTN_UP, PRESS, Buttons
from firmware.display import uc8151
from firmware.power import AAA, LIPO, OFF_S, PANEL_MS, TICK_MS, Power, level
from firmware.storage import Storage

assert fwhelp


class Board(sim.Board):
    """The simulator's board on cells, with a power latch it can let go of."""

    can_power_off = True

    def __init__(self, root: str) -> None:
        sim.Board.__init__(self, 296, 128, "abcud", root)
        self.vbus_on = False
        self.mv = 2900
        self.offs = 0

    def power_off(self) -> None:
        self.offs += 1


class Clock:
    """Ticks that advance by what the loop sleeps, and what it slept."""

    def __init__(self) -> None:
        self.now = 0
        self.naps: list[tuple[str, int]] = []

    def light(self, ms: int) -> None:
        self.naps.append(("light", ms))
        self.now += ms

    def busy(self, ms: int) -> None:
        self.naps.append(("busy", ms))
        self.now += ms


def rig(monkeypatch: pytest.MonkeyPatch, board: Any) -> tuple[App, Power, Clock]:
    clock = Clock()
    monkeypatch.setattr(power, "sleep_ms", clock.busy)
    app = App(board, Storage(board.root))
    p = Power(board, app.settings)
    p._sleep = clock.light  # machine.lightsleep on a board
    app.power = p
    return app, p, clock


def loop(app: App, p: Power, clock: Clock, until_ms: int) -> None:
    """The board's loop until ``until_ms``, or until it lets go of its power."""
    while clock.now < until_ms and not getattr(app.board, "offs", 0):
        app.tick(clock.now)
        p.rest(app, clock.now)


def test_on_usb_the_loop_ticks_every_10_ms_with_clocks_on(monkeypatch: pytest.MonkeyPatch) -> None:
    with tempfile.TemporaryDirectory() as root:
        board = Board(root)
        board.vbus_on = True
        app, p, clock = rig(monkeypatch, board)
        loop(app, p, clock, 120_000)
    assert set(clock.naps) == {("busy", TICK_MS)} and board.offs == 0
    assert board.display.sleeps == 0  # nothing changes on USB


def test_on_cells_it_sleeps_until_the_panel_rests_then_lets_go(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with tempfile.TemporaryDirectory() as root:
        board = Board(root)
        app, p, clock = rig(monkeypatch, board)
        loop(app, p, clock, 50)  # the first frame shown
        assert all(kind == "light" for kind, _ in clock.naps)  # never 125 MHz waiting
        loop(app, p, clock, 5 * PANEL_MS)
        assert board.display.sleeps == 1 and board.offs == 0
        # at rest: woken three times in 25 s (the panel's sleep, ends of long sleeps)
        assert len([ms for _, ms in clock.naps if ms > TICK_MS]) <= 3
        loop(app, p, clock, OFF_S * 1000 + 1000)
        assert board.offs == 1  # let go once the mark was shown
        assert app.settings.get("resting") == 1
        assert Storage(root).settings().get("resting") == 1  # on the flash before
        frames = board.display.partial + board.display.full
        assert app.notice == "Off: any button wakes it" and frames == 2


def test_the_press_that_powers_the_board_up_acts_without_a_full_redraw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with tempfile.TemporaryDirectory() as root:
        board = Board(root)
        app, p, clock = rig(monkeypatch, board)
        loop(app, p, clock, OFF_S * 1000 + 1000)
        assert board.offs == 1
        # power-up: a new App over the same flash, the press of DOWN kept at power-on
        again = Board(root)
        app, p, clock = rig(monkeypatch, again)
        top = app.stack[-1]
        before = top.cursor if hasattr(top, "cursor") else None
        app.wake(BTN_DOWN)
        loop(app, p, clock, 200)
        assert (again.display.full, again.display.partial) == (0, 1)
        assert app.presses == 1  # the press acted: the first frame shows its result
        assert before is None or top.cursor != before
        assert "resting" not in Storage(root).settings()


def test_a_power_up_without_the_rest_mark_redraws_and_drops_the_press(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with tempfile.TemporaryDirectory() as root:
        board = Board(root)
        app, p, clock = rig(monkeypatch, board)
        app.wake(BTN_A)  # new cells, say: the panel shows anything
        loop(app, p, clock, 100)
        assert (board.display.full, app.presses) == (1, 0)


def test_a_caught_tap_is_a_press_even_if_no_poll_saw_it_down() -> None:
    board = sim.open()
    b = Buttons(board)
    b.catch(BTN_C)  # awake: the polls see every press, as the simulator's do
    assert not b.busy()
    b.listening = True  # asleep at rest (Power.rest)
    b.catch(BTN_C)
    assert b.busy()
    assert b.poll(0) == BTN_C | PRESS << 5
    assert not b.busy() and b.poll(10) == 0
    board.buttons = "abc"
    three = Buttons(board)
    three.listening = True
    three.catch(BTN_A)  # a tap of A on three buttons is DOWN
    assert three.poll(0) == BTN_DOWN | PRESS << 5
    held = Buttons(sim.open())
    held.listening = True
    held.catch(BTN_B)  # still down: the gesture as usual, sent once
    board_held = held._board
    board_held.held = BTN_B
    gestures = [held.poll(t) for t in (0, 10, 20)]
    board_held.held = 0
    gestures += [held.poll(t) for t in (30, 40, 50)]
    assert [g for g in gestures if g] == [BTN_B | PRESS << 5]


def test_levels_and_the_cells_it_takes() -> None:
    assert [level(mv, AAA) for mv in (3100, 2700, 2600, 2400, 2200, 2000)] == [4, 4, 3, 2, 1, 0]
    assert [level(mv, LIPO) for mv in (4150, 3900, 3750, 3600, 3400)] == [4, 3, 2, 1, 0]
    board = Board("/")
    settings: dict = {}
    p = Power(board, settings)
    board.mv = 2450
    assert p.battery() == 2 and not p.low()
    board.mv = 2150
    assert p.low()
    board.mv = 4100  # more than two AAA cells give: a LiPo, from now on
    assert p.battery() == 4 and settings["cells"] == "lipo"
    board.mv = 3600
    assert p.battery() == 1  # (as AAA it would read full)
    board.vbus_on = True
    assert p.battery() is None and not p.low()


def test_woken_reads_the_buttons_kept_at_power_on_once(monkeypatch: pytest.MonkeyPatch) -> None:
    scratch = {0x4005800C: 1 << 14 | 1 << 11, 0x40058010: ~(1 << 14 | 1 << 11)}
    monkeypatch.setattr(machine, "mem32", scratch, raising=False)
    monkeypatch.setattr(uc8151, "sleep_ms", lambda ms: None)
    machine.LEVELS[26] = 1  # the panel idle
    badger = importlib.import_module("boards.badger2040").open()
    assert power.woken(badger) == BTN_C | BTN_DOWN  # GP14 and GP11
    assert power.woken(badger) == 0  # read once
    scratch[0x4005800C], scratch[0x40058010] = 0, -1  # mem32 reads signed
    assert power.woken(badger) == 0  # none held: 0, and valid
    monkeypatch.delattr(machine, "mem32")
    assert power.woken(badger) == 0  # no such register (the simulator)


@pytest.mark.parametrize("name", ["badger2040", "badger2040w", "pico_inky_pack"])
def test_each_board_reads_usb_its_cells_and_wakes_on_a_press(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setattr(uc8151, "sleep_ms", lambda ms: None)
    machine.reset_log()
    machine.LEVELS[26] = 1
    board = importlib.import_module("boards." + name).open()
    if name == "badger2040":  # 2.7 V against the 1.24 V reference, both over 3.3 V
        machine.ADC_LEVELS[29] = round(2700 / 3 / 3300 * 65535)
        machine.ADC_LEVELS[28] = round(1240 / 3300 * 65535)
    else:  # VSYS / 3
        machine.ADC_LEVELS[29] = round(2700 / 3 / 3300 * 65535)
    assert abs(board.battery_mv() - 2700) <= 5
    if name == "badger2040w":  # VSYS tells USB: above 4.4 V
        assert not board.vbus()
        machine.ADC_LEVELS[29] = round(4700 / 3 / 3300 * 65535)
        assert board.vbus()
    else:
        machine.PINS[24].level = 1
        assert board.vbus()
    caught: list[int] = []
    board.wake_on_press(caught.append)
    for bit, pin in enumerate(board.keys):
        assert pin.trigger == (pin.IRQ_RISING if name.startswith("badger") else pin.IRQ_FALLING)
        pin.handler(pin)
        assert caught[-1] == 1 << bit
    assert board.can_power_off == name.startswith("badger")
    if board.can_power_off:
        board.power_off()
        assert machine.PINS[10].level == 0
        assert board.at_power_on(1 << 12 | 1 << 15 | 1 << 3) == BTN_A | BTN_UP
    else:
        assert board.at_power_on(0x3FFFFFFF) == 0  # nothing powers a Pico up


def test_a_game_resumes_after_letting_go_with_no_time_made_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from duelkeeper_dev.tablegame import table_record
    from firmware import rtc

    record = table_record(0)
    rtc.set_clock((2026, 12, 7, 20, 0, 0))  # the PC set the clock at the last sync
    with tempfile.TemporaryDirectory() as root:
        board = Board(root)
        app, p, clock = rig(monkeypatch, board)
        app.new_game("7wd", ["Ann", "Bob"], record["setup"])
        for event in record["events"][:6]:
            assert app.play(event)
        app.undo()  # and the undone event offered back
        loop(app, p, clock, OFF_S * 1000 + 60_000)
        assert board.offs == 1
        machine.power_on()  # off: the RTC starts again at 2021, as after a power cut
        again = Board(root)
        app, p, clock = rig(monkeypatch, again)
        app.wake(BTN_B)
        assert app.match is not None and app.match.played == 5
        assert app.undone == [record["events"][5]]  # the redo still offered
        meta = dict(app.match.record["meta"])
        rtc.end(meta)
        assert meta["started"] == "2026-12-07T20:00:00"
        assert "ended" not in meta and "seconds" not in meta  # unknown, never made up
    machine.power_on()
