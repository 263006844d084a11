"""boards/: every board module has the interface of docs/firmware.md and its pins."""

import importlib
from collections.abc import Iterator

import fwhelp
import machine
import pytest

import boards.sim as sim
from firmware.buttons import BTN_A, BTN_B, BTN_C, BTN_DOWN, BTN_UP, Buttons
from firmware.display import ssd1680, uc8151
from firmware.display.refresh import Refresh
from firmware.display.ssd1680 import SSD1680
from firmware.display.uc8151 import UC8151

assert fwhelp

HARDWARE = {
    # name: (driver, {BTN: gpio}, active level, display pins CS DC RST BUSY SCK MOSI)
    "badger2040": (UC8151, {1: 12, 2: 13, 4: 14, 8: 15, 16: 11}, 1, (17, 20, 21, 26, 18, 19)),
    "badger2040w": (UC8151, {1: 12, 2: 13, 4: 14, 8: 15, 16: 11}, 1, (17, 20, 21, 26, 18, 19)),
    "pico_inky_pack": (UC8151, {1: 12, 2: 13, 4: 14}, 0, (17, 20, 21, 26, 18, 19)),
    "pico_epaper_2in9": (SSD1680, {1: 2, 2: 3, 4: 4, 8: 5, 16: 6}, 0, (9, 8, 12, 13, 10, 11)),
}


@pytest.fixture(autouse=True)
def quiet(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(uc8151, "sleep_ms", lambda ms: None)
    monkeypatch.setattr(ssd1680, "sleep_ms", lambda ms: None)
    machine.reset_log()
    yield


@pytest.mark.parametrize("name", sorted(HARDWARE))
def test_hardware_board(name: str) -> None:
    driver, buttons, active, display_pins = HARDWARE[name]
    machine.LEVELS[display_pins[3]] = 1 if driver is UC8151 else 0  # BUSY: panel idle
    mod = importlib.import_module("boards." + name)
    assert mod.NAME == name
    assert (mod.WIDTH, mod.HEIGHT) == (296, 128)
    assert mod.BUTTONS == ("abcud" if len(buttons) == 5 else "abc")
    board = mod.open()
    assert isinstance(board.display, driver)
    assert (board.display.width, board.display.height) == (mod.WIDTH, mod.HEIGHT)
    assert board.root == "/" and board.buttons == mod.BUTTONS
    for gpio in display_pins:
        assert gpio in machine.PINS
    pins = set(buttons.values())
    assert not pins & set(display_pins)  # no pin does two jobs
    for gpio in pins:
        assert machine.PINS[gpio].pull == (machine.Pin.PULL_DOWN if active else machine.Pin.PULL_UP)
    assert board.pressed() == 0
    for bit, gpio in buttons.items():
        machine.PINS[gpio].level = active
        assert board.pressed() == bit
        machine.PINS[gpio].level = 1 - active
    machine.PINS[buttons[BTN_A]].level = active
    machine.PINS[buttons[BTN_C]].level = active
    assert board.pressed() == BTN_A | BTN_C
    board.power_hold()


def test_badger_holds_its_power_first() -> None:
    importlib.import_module("boards.badger2040").open()
    assert machine.LOG[0] == ("pin", 10, 1)  # before the display is touched
    machine.reset_log()
    board = importlib.import_module("boards.badger2040w").open()
    board.power_hold()
    assert machine.LOG[0] == ("pin", 10, 1) and machine.LOG[-1] == ("pin", 10, 1)


def test_sim_board_defaults_and_hooks(monkeypatch: pytest.MonkeyPatch) -> None:
    board = sim.open()
    assert (sim.NAME, board.buttons, board.root) == ("sim", "abcud", "/")
    d = board.display
    assert (d.width, d.height, len(d.buf)) == (296, 128, 296 * 16)
    seen: list[tuple[bool, bytes]] = []
    d.on_show = lambda full, buf: seen.append((full, bytes(buf)))
    d.frames = []
    d.fb.pixel(1, 1, 1)
    d.show(True)
    d.show(False)
    assert seen == d.frames == [(True, bytes(d.buf)), (False, bytes(d.buf))]
    assert (d.full, d.partial) == (1, 1)
    d.partial_polls = 2
    d.show(False)
    assert d.busy() and d.busy() and not d.busy()
    d.full_polls = 1
    d.show(True)
    with pytest.raises(RuntimeError):
        d.show(False)
    assert d.busy() and not d.busy()
    d.sleep()
    assert d.asleep and d.sleeps == 1
    board.held = BTN_UP | BTN_B
    assert board.pressed() == BTN_UP | BTN_B
    board.power_hold()
    assert board.holds == 1


def test_sim_board_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sim, "WIDTH", 250)
    monkeypatch.setattr(sim, "HEIGHT", 122)
    monkeypatch.setattr(sim, "BUTTONS", "abc")
    monkeypatch.setattr(sim, "ROOT", "/tmp/flash")
    board = sim.open()
    assert (board.display.width, board.display.height) == (250, 122)
    assert len(board.display.buf) == 250 * 16
    assert board.root == "/tmp/flash"
    assert Buttons(board).three


def test_sim_board_with_the_policy() -> None:
    board = sim.open()
    d = board.display
    d.full_polls = 3
    r = Refresh(d)
    r.request()
    assert r.tick(0) == 2
    r.request()
    assert [r.tick(t) for t in range(1, 6)] == [0, 0, 0, 1, 0]
    assert (d.full, d.partial, r.deferred) == (1, 1, 3)
    b = Buttons(board)
    board.held = BTN_DOWN
    b.poll(0)
    b.poll(10)
    r.request()
    assert r.tick(20, b.held()) == 0  # waits for the finger
