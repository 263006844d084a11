"""firmware/display/uc8151.py against fake pins and SPI: what goes over the wire."""

from collections.abc import Iterator

import fwhelp
import machine
import pytest
from fwhelp import commands, transactions

from firmware.display import uc8151
from firmware.display.uc8151 import UC8151

CS, DC, RST, BUSY = 17, 20, 21, 26
PSR, PWR, POF, PFS, PON, BTST, DSLP = 0x00, 0x01, 0x02, 0x03, 0x04, 0x06, 0x07
DSP, DRF, DTM2, PLL, TSE, CDI, TCON = 0x11, 0x12, 0x13, 0x30, 0x41, 0x50, 0x60
PTL, PTIN, PTOU = 0x90, 0x91, 0x92
LUTS = [0x20, 0x21, 0x22, 0x23, 0x24]
SHOW = [PSR, PTIN] + [PTL, DTM2, DSP] * 16 + [PTOU, PON]  # DRF once PON is done

assert fwhelp


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    slept: list[int] = []
    monkeypatch.setattr(uc8151, "sleep_ms", slept.append)
    machine.reset_log()
    yield slept


def make(flip: bool = False) -> tuple[UC8151, machine.Pin]:
    busy = machine.Pin(BUSY, machine.Pin.IN, machine.Pin.PULL_UP)  # idles high: not busy
    panel = UC8151(
        machine.SPI(0),
        machine.Pin(CS, machine.Pin.OUT, value=1),
        machine.Pin(DC, machine.Pin.OUT, value=0),
        machine.Pin(RST, machine.Pin.OUT, value=1),
        busy,
        flip=flip,
    )
    return panel, busy


def test_reset_and_init(sleeps: list[int]) -> None:
    panel, _ = make()
    rst = [e[2] for e in machine.LOG if e[0] == "pin" and e[1] == RST]
    assert rst == [1, 0, 1]  # made high, pulsed low
    assert sleeps[:2] == [10, 10]
    sent = transactions(DC)
    assert [c for c, _ in sent] == [PSR, PWR, BTST, PFS, TSE, TCON, CDI, PLL] + LUTS
    data = dict(sent)
    assert data[PSR] == bytes([0b1001_0011])  # 128x296, OTP LUT, KW, scan down, shift left
    assert data[PWR] == bytes([0x03, 0x00, 0x2B, 0x2B, 0x2B])
    assert data[CDI] == bytes([0x4C])  # DDX=00: 1 = black
    assert data[PLL] == bytes([0x3A])
    assert len(data[0x20]) == 44 and all(len(data[c]) == 42 for c in LUTS[1:])
    white, black = data[0x21][0], data[0x24][0]
    assert data[0x22][0] == white == 0b10 << 6  # both "to white" tables: VDL
    assert data[0x23][0] == black == 0b01 << 6  # both "to black" tables: VDH
    assert data[0x20][0] == 0  # VCOM at DC level
    assert (panel.width, panel.height, len(panel.buf)) == (296, 128, 296 * 16)


def test_full_refresh_sends_each_page_through_a_window(sleeps: list[int]) -> None:
    panel, _ = make()
    panel.fb.fill(0)
    panel.fb.pixel(0, 0, 1)  # top-left: bit 0 of byte 0
    panel.fb.pixel(295, 127, 1)  # bottom-right: bit 7 of the last byte
    machine.reset_log()
    panel.show(True)
    sent = transactions(DC)
    assert [c for c, _ in sent] == SHOW
    assert sent[0][1] == bytes([0b1001_0011])  # OTP waveform
    windows = [d for c, d in sent if c == PTL]
    pages = [d for c, d in sent if c == DTM2]
    for p in range(16):
        bank = (15 - p) * 8  # page p (rows 8p..8p+7) goes to sources of bank 15 - p
        assert windows[p] == bytes([bank, bank | 7, 0, 0, 1, 0x27, 1])
        assert pages[p] == bytes(panel.buf[p * 296 : (p + 1) * 296])
    assert pages[0][0] == 0x01 and pages[15][295] == 0x80


def test_partial_refresh_uses_the_register_luts(sleeps: list[int]) -> None:
    panel, _ = make()
    machine.reset_log()
    panel.show(False)
    sent = transactions(DC)
    assert [c for c, _ in sent] == SHOW
    assert sent[0][1] == bytes([0b1011_0011])  # REG=1


def test_flip_reverses_both_scan_directions(sleeps: list[int]) -> None:
    make(flip=True)
    assert transactions(DC)[0] == (PSR, bytes([0b1001_1111]))


def test_refresh_starts_only_once_powered_on(sleeps: list[int]) -> None:
    panel, busy = make()
    panel.show(False)
    busy.level = 0  # BUSY_N low: powering on; the controller takes no command
    machine.reset_log()
    assert panel.busy() and panel.busy()
    assert commands(DC) == []
    busy.level = 1  # powered on
    assert panel.busy()
    assert commands(DC) == [DRF]


def test_busy_polls_then_powers_off(sleeps: list[int]) -> None:
    panel, busy = make()
    assert not panel.busy()
    panel.show(False)
    assert panel.busy()  # PON done at once here: DRF
    busy.level = 0  # BUSY_N low: refreshing
    machine.reset_log()
    assert panel.busy() and panel.busy()
    assert commands(DC) == []  # polling sends nothing
    with pytest.raises(RuntimeError):
        panel.show(False)
    busy.level = 1
    assert panel.busy()  # refresh over: POF sent, still busy powering down
    assert commands(DC) == [POF]
    busy.level = 0
    assert panel.busy()
    busy.level = 1
    assert not panel.busy()
    assert commands(DC) == [POF]
    assert sleeps == [10, 10]  # nothing slept after the reset


def test_sleep_when_idle_and_wake_on_show(sleeps: list[int]) -> None:
    panel, _ = make()
    machine.reset_log()
    panel.sleep()
    assert transactions(DC) == [(DSLP, bytes([0xA5]))]
    panel.sleep()  # already asleep: nothing more
    assert commands(DC) == [DSLP]
    machine.reset_log()
    panel.show(True)
    rst = [e[2] for e in machine.LOG if e[0] == "pin" and e[1] == RST]
    assert rst == [0, 1]  # a hardware reset wakes it
    cmds = commands(DC)
    assert cmds[:13] == [PSR, PWR, BTST, PFS, TSE, TCON, CDI, PLL] + LUTS
    assert cmds[13:] == SHOW


def test_sleep_while_refreshing_waits_for_the_panel(sleeps: list[int]) -> None:
    panel, busy = make()
    panel.show(False)
    assert panel.busy()  # DRF
    busy.level = 0
    machine.reset_log()
    panel.sleep()
    assert commands(DC) == []
    busy.level = 1
    assert panel.busy()  # POF
    assert not panel.busy()  # power off done: now deep sleep
    assert commands(DC) == [POF, DSLP]


def test_a_panel_that_stays_busy_is_reported(sleeps: list[int]) -> None:
    busy = machine.Pin(BUSY, machine.Pin.IN)  # no pull-up, nothing connected: reads 0
    with pytest.raises(OSError, match="BUSY"):
        UC8151(
            machine.SPI(0),
            machine.Pin(CS, machine.Pin.OUT),
            machine.Pin(DC, machine.Pin.OUT),
            machine.Pin(RST, machine.Pin.OUT),
            busy,
        )
    assert len(sleeps) == 2 + 200
