"""The UC8151 and SSD1680 panel models (host/duelkeeper/rp2/panels/) fed byte streams
written from the datasheets, through the feed.mjs harness under Node."""

import json
import subprocess
from typing import Any

import pytest

from duelkeeper.repo import ROOT

FEED = ROOT / "host" / "duelkeeper" / "rp2" / "panels" / "feed.mjs"
W, H = 128, 296  # sources x gates, both panels
MS = 1000  # microseconds

Rows = list[list[int]]
Op = dict[str, Any]


def feed(panel: str, ops: list[Op], **options: int) -> dict[str, Any]:
    spec = {"panel": panel, "options": options, "ops": ops}
    done = subprocess.run(
        ["node", str(FEED)], input=json.dumps(spec), capture_output=True, text=True, check=True
    )
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def cmd(t: int, c: int, d: bytes | list[int] = b"") -> Op:
    return {"op": "cmd", "t": t, "c": c, "d": bytes(d).hex()}


def busy(t: int) -> Op:
    return {"op": "busy", "t": t}


def image(t: int) -> Op:
    return {"op": "image", "t": t}


def pattern() -> Rows:
    """Black on the diagonals (3g + s) % 7 == 0 and an 8 x 20 block at gate 0, source 0:
    no flip or mirror of it equals it."""
    return [[int((3 * g + s) % 7 == 0 or (s < 8 and g < 20)) for s in range(W)] for g in range(H)]


def blank(value: int = 0) -> Rows:
    return [[value] * W for _ in range(H)]


def pack(rows: Rows, one_is_black: bool) -> bytes:
    """Rows of pixels (1 = black) as RAM bytes, 8 pixels a byte, MSB first."""
    out = bytearray()
    for row in rows:
        for j in range(0, len(row), 8):
            bits = row[j : j + 8] if one_is_black else [1 - b for b in row[j : j + 8]]
            out.append(sum(b << (7 - i) for i, b in enumerate(bits)))
    return bytes(out)


def text(rows: Rows) -> list[str]:
    return ["".join(map(str, r)) for r in rows]


# ---------------------------------------------------------------- UC8151

PSR, POF, PON, DSLP, DTM1, DSP, DRF, DTM2 = 0x00, 0x02, 0x04, 0x07, 0x10, 0x11, 0x12, 0x13
LUTWW, LUTKW, LUTWK, LUTKK, CDI, TRES, PTL, PTIN, PTOUT = (
    0x21, 0x22, 0x23, 0x24, 0x50, 0x61, 0x90, 0x91, 0x92,
)  # fmt: skip
RES128, REG, KW, UD, SHL, ON = 0x80, 0x20, 0x10, 0x08, 0x04, 0x03  # PSR bits (ON: SHD_N RST_N)
T0 = 20 * MS  # after reset and power on


def uc_start(psr: int, *extra: Op) -> list[Op]:
    """Reset, panel setting, the given commands, power on (ready at T0)."""
    return [{"op": "reset", "t": 0}, cmd(2 * MS, PSR, [psr]), *extra, cmd(2 * MS, PON)]


def test_uc8151_full_frame_busy_low_for_the_refresh() -> None:
    frame = pattern()
    ops = [
        {"op": "reset", "t": 0},
        busy(999),
        busy(MS),
        cmd(2 * MS, PSR, [RES128 | KW | UD | SHL | ON]),
    ]
    ops += [cmd(2 * MS, PON), busy(11 * MS), busy(12 * MS)]  # reset 1 ms, PON 10 ms
    ops += [cmd(T0, DTM2, pack(frame, one_is_black=False)), cmd(T0, DSP), cmd(T0, DRF)]
    ops += [busy(T0 + 1), image(T0 + 1999 * MS), busy(T0 + 1999 * MS), busy(T0 + 2000 * MS)]
    ops += [image(T0 + 2000 * MS)]
    out = feed("uc8151", ops)
    assert out["busy"] == [0, 1, 0, 1, 0, 0, 1]  # BUSY_N: low while busy
    assert out["images"][0] == text(blank())  # nothing shown until the refresh ends
    assert out["images"][1] == text(frame)
    assert (out["full"], out["partial"], out["refreshes"], out["errors"]) == (1, 0, ["full"], [])


@pytest.mark.parametrize("ud", [0, UD])
@pytest.mark.parametrize("shl", [0, SHL])
def test_uc8151_scan_direction_bits(ud: int, shl: int) -> None:
    frame = pattern()
    ops = uc_start(RES128 | KW | ud | shl | ON)
    ops += [cmd(T0, DTM2, pack(frame, one_is_black=False)), cmd(T0, DRF), image(T0 + 5000 * MS)]
    shown = feed("uc8151", ops, fullMs=100)["images"][0]
    rows = frame if ud else frame[::-1]  # UD=0: the first line goes to the last gate
    assert shown == text([r if shl else r[::-1] for r in rows])  # SHL=0: first data to Sn-1


def test_uc8151_ddx_polarity_and_tres_over_res() -> None:
    frame = pattern()
    # PSR RES = 00 (96x230), TRES 128x296 wins; CDI DDX[0] = 0: data 1 = black.
    ops = uc_start(
        KW | UD | SHL | ON, cmd(2 * MS, TRES, [0x80, 0x01, 0x28]), cmd(2 * MS, CDI, [0x07])
    )
    ops += [cmd(T0, DTM2, pack(frame, one_is_black=True)), cmd(T0, DRF), image(T0 + 5000 * MS)]
    assert feed("uc8151", ops)["images"][0] == text(frame)


def lut(level: int) -> bytes:
    """One pixel LUT: group 0 applies `level` (01 VDH, 10 VDL, 00 GND) for 10 frames."""
    return bytes([level << 6, 10, 0, 0, 0, 1]) + bytes(36)


def window(x0: int, x1: int, y0: int, y1: int) -> list[int]:
    return [x0, x1, y0 >> 8, y0 & 0xFF, y1 >> 8, y1 & 0xFF, 0x01]


@pytest.mark.parametrize("ud", [0, UD])
def test_uc8151_partial_window_with_undriving_luts(ud: int) -> None:
    luts = [cmd(2 * MS, LUTWW, lut(0)), cmd(2 * MS, LUTKW, lut(2))]
    luts += [cmd(2 * MS, LUTWK, lut(1)), cmd(2 * MS, LUTKK, lut(0))]
    ops = uc_start(RES128 | REG | KW | ud | SHL | ON, *luts)
    ops += [cmd(T0, DTM2, bytes([0xFF] * (16 * H))), cmd(T0, DRF), busy(T0 + 299 * MS)]
    t = T0 + 300 * MS
    ops += [busy(t), cmd(t, PTIN), cmd(t, PTL, window(16, 39, 100, 149))]
    ops += [cmd(t, DTM2, bytes(3 * 50)), cmd(t, DRF), cmd(t + 300 * MS, PTOUT), image(t + 300 * MS)]
    out = feed("uc8151", ops)
    assert out["busy"] == [0, 1] and out["refreshes"] == ["partial", "partial"]
    lines = range(100, 150) if ud else range(H - 150, H - 100)  # the window is in RAM order
    want = [[int(g in lines and 16 <= s < 40) for s in range(W)] for g in range(H)]
    assert out["images"][0] == text(want)
    assert out["errors"] == []


def test_uc8151_full_is_the_otp_waveform_or_a_flashing_lut() -> None:
    ops = uc_start(RES128 | KW | UD | SHL | ON)  # REG = 0: the OTP waveform
    ops += [cmd(T0, DRF)]
    t = T0 + 2000 * MS
    ops += [cmd(t, PSR, [RES128 | REG | KW | UD | SHL | ON]), cmd(t, LUTWW, lut(2)), cmd(t, DRF)]
    t += 300 * MS  # white to white at VDL: no flash
    ops += [cmd(t, LUTKK, lut(2)), cmd(t, DRF)]  # black to black through VDL (white): flash
    out = feed("uc8151", ops + [image(t + 2000 * MS)])
    assert out["refreshes"] == ["full", "partial", "full"]


def test_uc8151_protocol_errors() -> None:
    frame = pattern()
    ops = [{"op": "reset", "t": 0}, {"op": "data", "t": 2 * MS, "d": [0x12]}]
    ops += [cmd(2 * MS, PSR, [RES128 | KW | UD | SHL | ON]), cmd(2 * MS, DRF)]  # power off
    ops += [
        cmd(2 * MS, 0x77, [1]),
        cmd(2 * MS, PTL, [0, 7, 0]),
        cmd(2 * MS, PTL, window(8, 0, 0, 9)),
    ]
    ops += [cmd(2 * MS, PTIN), cmd(2 * MS, DTM1, [0, 0]), cmd(2 * MS, PTOUT), cmd(2 * MS, PON)]
    ops += [cmd(T0, DTM2, pack(frame, one_is_black=False)), cmd(T0, DRF)]
    ops += [cmd(T0 + 5 * MS, DTM2, bytes(16 * H)), image(T0 + 2000 * MS)]
    out = feed("uc8151", ops)
    assert out["errors"] == [
        "2.000 ms: data 0x12 with no command",
        "2.000 ms: DRF (0x12) with the power off: nothing shown (send PON first)",
        "2.000 ms: unknown command 0x77",
        "2.000 ms: PTL (0x90): 3 of 7 parameters",
        "2.000 ms: 0x10: empty partial window",
        "25.000 ms: command 0x13 while busy",
    ]
    assert out["images"][0] == text(frame) and out["full"] == 1  # the late DTM2 was dropped


def test_uc8151_deep_sleep_until_reset() -> None:
    ops = uc_start(RES128 | KW | UD | SHL | ON)
    ops += [cmd(T0, POF), cmd(T0 + 20 * MS, DSLP, [0x00]), cmd(T0 + 20 * MS, DSLP, [0xA5])]
    t = T0 + 30 * MS
    ops += [cmd(t, PON), busy(t + 1), cmd(t, DTM2, bytes(16 * H)), cmd(t, DRF)]
    ops += [{"op": "reset", "t": t + MS}, busy(t + MS + 1), cmd(t + 3 * MS, PSR, [0x9F])]
    ops += [cmd(t + 3 * MS, PON), cmd(t + 20 * MS, DRF), image(t + 3000 * MS)]
    out = feed("uc8151", ops)
    assert out["errors"] == [
        "40.000 ms: DSLP (0x07): check code 0x00, not 0xa5: still awake",
        "50.000 ms: command 0x04 ignored in deep sleep (only a reset wakes)",
        "50.000 ms: command 0x13 ignored in deep sleep (only a reset wakes)",
        "50.000 ms: command 0x12 ignored in deep sleep (only a reset wakes)",
    ]
    assert out["busy"] == [1, 0]  # asleep: not busy; just reset: busy
    assert out["full"] == 1 and out["images"][0] == text(blank())  # RAM white from power-up


# ---------------------------------------------------------------- SSD1680

DOC, DSM, DEM, SWRESET, MASTER, DUC1, DUC2 = 0x01, 0x10, 0x11, 0x12, 0x20, 0x21, 0x22
BW, RED, XWIN, YWIN, XCNT, YCNT = 0x24, 0x26, 0x44, 0x45, 0x4E, 0x4F
S0 = 20 * MS  # after reset and SW RESET (10 ms each)


def ss_start(*extra: Op) -> list[Op]:
    return [{"op": "reset", "t": 0}, cmd(10 * MS, SWRESET), *extra]


def full_window(t: int) -> list[Op]:
    return [
        cmd(t, DEM, [0x03]),
        cmd(t, XWIN, [0, 15]),
        cmd(t, YWIN, [0, 0, 0x27, 0x01]),
        cmd(t, XCNT, [0]),
        cmd(t, YCNT, [0, 0]),
    ]


def show(t: int, seq: int) -> list[Op]:
    return [cmd(t, DUC2, [seq]), cmd(t, MASTER)]


def test_ssd1680_full_frame_busy_high_for_the_refresh() -> None:
    frame = pattern()
    ops = ss_start(busy(5 * MS), busy(15 * MS), busy(21 * MS), *full_window(S0))
    ops += [cmd(S0, BW, pack(frame, one_is_black=False)), *show(S0, 0xF7)]
    ops += [busy(S0 + 1), image(S0 + 1999 * MS), busy(S0 + 1999 * MS), busy(S0 + 2000 * MS)]
    ops += [image(S0 + 2000 * MS)]
    out = feed("ssd1680", ops)
    assert out["busy"] == [1, 1, 0, 1, 1, 0]  # BUSY high while busy
    assert out["images"] == [text(blank()), text(frame)]
    assert (out["full"], out["partial"], out["errors"]) == (1, 0, [])


def test_ssd1680_display_mode_2_is_partial() -> None:
    frame = pattern()
    ops = ss_start(*full_window(S0), cmd(S0, BW, pack(frame, one_is_black=False)))
    ops += [cmd(S0, RED, bytes(16 * H)), *show(S0, 0xFF), busy(S0 + 299 * MS), busy(S0 + 300 * MS)]
    ops += [*show(S0 + 300 * MS, 0x0F), image(S0 + 600 * MS), *show(S0 + 600 * MS, 0xC0)]
    ops += [busy(S0 + 609 * MS), busy(S0 + 610 * MS)]  # no DISPLAY bit: no refresh
    out = feed("ssd1680", ops, fullMs=50)
    assert out["busy"] == [1, 0, 1, 0]
    assert out["refreshes"] == ["partial", "partial"] and out["full"] == 0
    assert out["images"][0] == text(frame)


CELLS = [bytes([0xFF ^ (0x80 >> k)]) for k in range(8)]  # cell k: black at bit k


def cells_of(rows: list[str]) -> dict[tuple[int, int], int]:
    """{(x byte, y): k} for every 8-pixel cell holding exactly one black pixel."""
    found = {}
    for y, row in enumerate(rows):
        for xb in range(W // 8):
            cell = row[xb * 8 : xb * 8 + 8]
            if cell.count("1") == 1:
                found[(xb, y)] = cell.index("1")
    return found


@pytest.mark.parametrize(
    ("mode", "xw", "yw", "order"),
    [
        (0x03, (2, 3), (10, 12), [(2, 10), (3, 10), (2, 11), (3, 11), (2, 12), (3, 12)]),
        (0x07, (2, 3), (10, 12), [(2, 10), (2, 11), (2, 12), (3, 10), (3, 11), (3, 12)]),
        (0x01, (2, 3), (12, 10), [(2, 12), (3, 12), (2, 11), (3, 11), (2, 10), (3, 10)]),
        (0x02, (3, 2), (10, 12), [(3, 10), (2, 10), (3, 11), (2, 11), (3, 12), (2, 12)]),
        (0x00, (3, 2), (12, 10), [(3, 12), (2, 12), (3, 11), (2, 11), (3, 10), (2, 10)]),
        (0x05, (2, 3), (12, 10), [(2, 12), (2, 11), (2, 10), (3, 12), (3, 11), (3, 10)]),
    ],
)
def test_ssd1680_data_entry_modes(
    mode: int, xw: tuple[int, int], yw: tuple[int, int], order: list[tuple[int, int]]
) -> None:
    """0x11 ID/AM, the 0x44/0x45 window (start to end in the counting direction) and the
    0x4E/0x4F counters: six bytes fill the 2 x 3 window, the 7th and 8th wrap around."""
    ops = ss_start(cmd(S0, DEM, [mode]), cmd(S0, XWIN, list(xw)))
    ops += [cmd(S0, YWIN, [yw[0], 0, yw[1], 0]), cmd(S0, XCNT, [xw[0]]), cmd(S0, YCNT, [yw[0], 0])]
    ops += [cmd(S0, BW, b"".join(CELLS)), *show(S0, 0xF7), image(S0 + 2000 * MS)]
    out = feed("ssd1680", ops)
    want = {cell: k for k, cell in enumerate(order)}
    want[order[0]], want[order[1]] = 6, 7
    assert cells_of(out["images"][0]) == want
    assert out["errors"] == []


def test_ssd1680_gate_scan_tb_and_inverse_ram_option() -> None:
    frame = pattern()
    ops = ss_start(cmd(S0, DOC, [0x27, 0x01, 0x01]), cmd(S0, DUC1, [0x08, 0x80]), *full_window(S0))
    ops += [cmd(S0, BW, pack(frame, one_is_black=True)), *show(S0, 0xF7), image(S0 + 2000 * MS)]
    out = feed("ssd1680", ops)
    assert out["images"][0] == text(frame[::-1])  # TB=1: RAM line y on gate 295 - y


def test_ssd1680_sw_reset_restores_entry_mode() -> None:
    ops = ss_start(
        cmd(S0, DEM, [0x00]), cmd(S0, SWRESET), cmd(S0 + 10 * MS, BW, CELLS[0] + CELLS[1])
    )
    ops += [*show(S0 + 10 * MS, 0xF7), image(S0 + 3000 * MS)]
    assert cells_of(feed("ssd1680", ops)["images"][0]) == {(0, 0): 0, (1, 0): 1}


@pytest.mark.parametrize(("mode", "kept"), [(0x01, True), (0x03, False)])
def test_ssd1680_deep_sleep_until_reset(mode: int, kept: bool) -> None:
    frame = pattern()
    ops = ss_start(*full_window(S0), cmd(S0, BW, pack(frame, one_is_black=False)))
    ops += [cmd(S0, DSM, [mode]), busy(S0 + 1), busy(S0 + 9000 * MS), *show(S0 + 9000 * MS, 0xF7)]
    t = S0 + 9001 * MS
    ops += [{"op": "reset", "t": t}, busy(t + 9 * MS), busy(t + 10 * MS)]
    ops += [*show(t + 10 * MS, 0xF7), image(t + 3000 * MS)]
    out = feed("ssd1680", ops)
    assert out["busy"] == [1, 1, 1, 0]  # BUSY stays high in deep sleep
    assert out["errors"] == [
        "9020.000 ms: command 0x22 ignored in deep sleep (only a reset wakes)",
        "9020.000 ms: command 0x20 ignored in deep sleep (only a reset wakes)",
    ]
    assert out["images"][0] == text(frame if kept else blank(1))  # mode 2 loses the RAM
    assert out["full"] == 1


def test_ssd1680_protocol_errors() -> None:
    frame = pattern()
    ops = ss_start({"op": "data", "t": S0, "d": [1]}, cmd(S0, 0x99), cmd(S0, YWIN, [0, 0]))
    ops += [*full_window(S0), cmd(S0, BW, pack(frame, one_is_black=False)), *show(S0, 0xF7)]
    ops += [cmd(S0 + 5 * MS, BW, bytes(16)), cmd(S0 + 9 * MS, 0x11, [0])]
    ops += [*show(S0 + 2000 * MS, 0xF7), image(S0 + 4000 * MS)]
    out = feed("ssd1680", ops)
    assert out["errors"] == [
        "20.000 ms: data 0x01 with no command",
        "20.000 ms: unknown command 0x99",
        "20.000 ms: Set RAM Y address Start/End (0x45): 2 of 4 parameters",
        "25.000 ms: command 0x24 while busy",
        "29.000 ms: command 0x11 while busy",
    ]
    assert out["images"][0] == text(frame) and out["full"] == 2  # late writes dropped


# ---------------------------------------------------------------- the project's drivers


class Wire:
    """machine.LOG (the CPython shims' record of pin levels and SPI writes) as feed ops,
    with a pause after each command that makes the panel busy, as the driver's own
    polling of BUSY would make."""

    def __init__(self, dc: int, rst: int, slow: set[int]) -> None:
        self.dc_pin, self.rst_pin, self.slow = dc, rst, slow
        self.dc = self.rst = 1
        self.t = 0
        self.ops: list[Op] = []

    def take(self, machine: Any) -> None:
        for kind, pin, value in machine.LOG:
            if kind == "pin" and pin == self.dc_pin:
                self.dc = value
            elif kind == "pin" and pin == self.rst_pin:
                if value and not self.rst:
                    self.t += 5000 * MS
                    self.ops.append({"op": "reset", "t": self.t})
                    self.t += 20 * MS  # the drivers sleep 10 ms, then wait for BUSY
                self.rst = value
            elif kind == "spi" and self.dc:
                self.ops.append({"op": "data", "t": self.t, "d": value.hex()})
            elif kind == "spi":
                for c in value:
                    self.ops.append(cmd(self.t, c))
                    self.t += 5000 * MS if c in self.slow else 0
        machine.reset_log()

    def image(self) -> None:
        self.t += 5000 * MS
        self.ops.append(image(self.t))


def drawn(fb: Any, width: int, height: int, seed: int) -> list[list[int]]:
    """Draws an asymmetric picture on a driver's framebuffer; returns its pixels [y][x]."""
    fb.fill(0)
    fb.fill_rect(seed, 3, 40, 17, 1)
    for x in range(width):
        fb.pixel(x, (x * 3 + seed) % height, 1)
    return [[fb.pixel(x, y) for x in range(width)] for y in range(height)]


@pytest.mark.parametrize("flip", [False, True])
def test_uc8151_driver_frames_match_the_model(flip: bool) -> None:
    from duelkeeper.shims import install

    install()
    import machine  # the shims' (install() put them first on sys.path)

    from firmware.display.uc8151 import UC8151

    machine.reset_log()
    busy_pin = machine.Pin(26, machine.Pin.IN, machine.Pin.PULL_UP)
    cs, dc, rst = (machine.Pin(n, machine.Pin.OUT, value=1) for n in (17, 20, 21))
    panel = UC8151(machine.SPI(0), cs, dc, rst, busy_pin, flip=flip)
    wire = Wire(dc=20, rst=21, slow={PON, POF, DRF})
    wire.take(machine)
    pictures = []
    for seed, full in [(0, True), (9, False), (50, False)]:
        pictures.append(drawn(panel.fb, 296, 128, seed))
        if seed == 50:
            panel.sleep()  # deep sleep: the next show resets the panel
        panel.show(full)
        while panel.busy():  # BUSY_N reads high (idle): POF, then sleep if asked
            pass
        wire.take(machine)
        wire.image()
    out = feed("uc8151", wire.ops)
    assert out["errors"] == [] and out["refreshes"] == ["full", "partial", "partial"]
    for shown, pic in zip(out["images"], pictures, strict=True):
        # The driver's orientation: user (x, y) on gate 295 - x, source y (flip: gate x,
        # source 127 - y).
        if flip:
            want = [[pic[127 - s][g] for s in range(W)] for g in range(H)]
        else:
            want = [[pic[s][295 - g] for s in range(W)] for g in range(H)]
        assert shown == text(want)


def test_ssd1680_driver_frames_match_the_model() -> None:
    from duelkeeper.shims import install

    install()
    import machine

    from firmware.display.ssd1680 import SSD1680

    machine.reset_log()
    busy_pin = machine.Pin(13, machine.Pin.IN)  # reads 0: idle
    cs, dc, rst = (machine.Pin(n, machine.Pin.OUT, value=1) for n in (9, 8, 12))
    panel = SSD1680(machine.SPI(1), cs, dc, rst, busy_pin)
    wire = Wire(dc=8, rst=12, slow={SWRESET, MASTER})
    wire.take(machine)
    pictures = []
    for seed, full in [(0, False), (9, False), (50, False)]:  # the first is made full
        pictures.append(drawn(panel.fb, 296, 128, seed))
        if seed == 50:
            panel.sleep()
        panel.show(full)
        wire.take(machine)
        wire.image()
    out = feed("ssd1680", wire.ops)
    assert out["errors"] == [] and out["refreshes"] == ["full", "partial", "full"]
    for shown, pic in zip(out["images"], pictures, strict=True):
        # The driver's orientation: user (x, y) on gate x, source 127 - y.
        assert shown == text([[pic[127 - s][g] for s in range(W)] for g in range(H)])
