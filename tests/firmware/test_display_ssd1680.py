"""firmware/display/ssd1680.py against fake pins and SPI: what goes over the wire."""

from collections.abc import Iterator

import fwhelp
import machine
import pytest
from fwhelp import commands, transactions

from firmware.display import ssd1680
from firmware.display.ssd1680 import SSD1680

CS, DC, RST, BUSY = 9, 8, 12, 13
DRIVER, SLEEP, ENTRY, SWRESET, TEMP, ACTIVATE = 0x01, 0x10, 0x11, 0x12, 0x18, 0x20
UPD1, UPD2, RAM_BW, RAM_RED, LUT, BORDER = 0x21, 0x22, 0x24, 0x26, 0x32, 0x3C
X_RANGE, Y_RANGE, X_AT, Y_AT = 0x44, 0x45, 0x4E, 0x4F
INIT = [SWRESET, DRIVER, ENTRY, X_RANGE, Y_RANGE, UPD1, TEMP]
FULL = [X_AT, Y_AT, RAM_BW, X_AT, Y_AT, RAM_RED, BORDER, UPD2, ACTIVATE]

assert fwhelp


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    slept: list[int] = []
    monkeypatch.setattr(ssd1680, "sleep_ms", slept.append)
    machine.reset_log()
    yield slept


def make(width: int = 296, height: int = 128) -> tuple[SSD1680, machine.Pin]:
    busy = machine.Pin(BUSY, machine.Pin.IN)  # idles low: not busy
    panel = SSD1680(
        machine.SPI(1),
        machine.Pin(CS, machine.Pin.OUT, value=1),
        machine.Pin(DC, machine.Pin.OUT, value=0),
        machine.Pin(RST, machine.Pin.OUT, value=1),
        busy,
        width,
        height,
    )
    return panel, busy


def test_init(sleeps: list[int]) -> None:
    panel, _ = make()
    sent = transactions(DC)
    assert [c for c, _ in sent] == INIT
    data = dict(sent)
    assert data[DRIVER] == bytes([0x27, 0x01, 0x00])  # 296 gates
    assert data[ENTRY] == bytes([0b110])  # Y first, Y up, X down
    assert data[X_RANGE] == bytes([15, 0])
    assert data[Y_RANGE] == bytes([0, 0, 0x27, 0x01])
    assert data[UPD1] == bytes([0x88, 0x80])  # RAM read inverted: 1 = black
    assert data[TEMP] == bytes([0x80])
    assert (panel.width, panel.height, len(panel.buf)) == (296, 128, 4736)


def test_first_refresh_is_full_and_fills_both_rams(sleeps: list[int]) -> None:
    panel, _ = make()
    panel.fb.pixel(0, 0, 1)
    machine.reset_log()
    panel.show(False)  # nothing loaded the panel's voltages yet: full
    sent = transactions(DC)
    assert [c for c, _ in sent] == FULL
    data = dict(sent)
    assert data[X_AT] == bytes([15]) and data[Y_AT] == bytes([0, 0])
    assert data[RAM_BW] == data[RAM_RED] == bytes(panel.buf)
    assert data[RAM_BW][0] == 0x01  # the buffer goes out as it is: VLSB pages in order
    assert data[BORDER] == bytes([0x05]) and data[UPD2] == bytes([0xF7])


def test_partial_refresh_loads_the_waveform_once_per_full(sleeps: list[int]) -> None:
    panel, busy = make()
    panel.show(True)
    for expect_lut in (True, False):
        machine.reset_log()
        panel.show(False)
        sent = transactions(DC)
        cmds = [c for c, _ in sent]
        lut = [X_AT, Y_AT, RAM_BW] + ([LUT] if expect_lut else [])
        assert cmds == lut + [BORDER, UPD2, ACTIVATE]
        data = dict(sent)
        assert data[BORDER] == bytes([0x80]) and data[UPD2] == bytes([0xCF])
        if expect_lut:
            wave = data[LUT]
            assert len(wave) == 153
            assert wave[0:60:12] == bytes([0x40, 0x80, 0x40, 0x80, 0x00])  # by new colour
            assert wave[60] == 12 and wave[66] == 1  # group 0: TPA, RP
            assert wave[144:150] == bytes([0x22] * 6) and wave[150:] == bytes(3)
    panel.show(True)
    machine.reset_log()
    panel.show(False)
    assert LUT in commands(DC)  # the full refresh's OTP load replaced it


def test_busy_and_sleep(sleeps: list[int]) -> None:
    panel, busy = make()
    panel.show(True)
    busy.level = 1  # BUSY high: refreshing
    assert panel.busy()
    with pytest.raises(RuntimeError):
        panel.show(True)
    machine.reset_log()
    panel.sleep()  # waits for the refresh
    assert commands(DC) == []
    busy.level = 0
    assert not panel.busy()
    assert transactions(DC) == [(SLEEP, bytes([0x01]))]
    machine.reset_log()
    panel.show(False)  # wakes with a reset, and the panel needs a full refresh again
    assert [e[2] for e in machine.LOG if e[0] == "pin" and e[1] == RST] == [0, 1]
    assert commands(DC) == INIT + FULL


def test_sleep_when_idle(sleeps: list[int]) -> None:
    panel, _ = make()
    machine.reset_log()
    panel.sleep()
    panel.sleep()
    assert commands(DC) == [SLEEP]


def test_other_sizes_and_bad_ones(sleeps: list[int]) -> None:
    panel, _ = make(200, 96)
    data = dict(transactions(DC))
    assert data[DRIVER] == bytes([199, 0, 0]) and data[X_RANGE] == bytes([11, 0])
    assert len(panel.buf) == 200 * 12
    for w, h in ((296, 122), (300, 128), (296, 184)):
        with pytest.raises(ValueError):
            make(w, h)


def test_a_panel_that_stays_busy_is_reported(sleeps: list[int]) -> None:
    busy = machine.Pin(BUSY, machine.Pin.IN, machine.Pin.PULL_UP)  # reads 1: busy
    with pytest.raises(OSError, match="BUSY"):
        SSD1680(
            machine.SPI(1),
            machine.Pin(CS, machine.Pin.OUT),
            machine.Pin(DC, machine.Pin.OUT),
            machine.Pin(RST, machine.Pin.OUT),
            busy,
        )
