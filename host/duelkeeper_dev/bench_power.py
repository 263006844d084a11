"""`make bench`: how long the cells last, on the firmware a user installs.

The project's UF2 runs in the emulated RP2040 on cells (no USB). The emulator counts the
time in each power state (host/duelkeeper/rp2/board.mjs); each state's time is
multiplied by a current from a named source (CURRENTS; docs/power.md lists them), for
each board:

- at rest: 10 emulated seconds on the game's screen after 70 s without a press (a Badger
  has let go of its power by then; a Pico sleeps), and the wake-ups and instructions
  then;
- an evening: a scripted 7 Wonders Duel game played a gesture every 5 s (EVENING
  gestures of it), the average current and what a 2-hour evening takes;
- from off (a Badger): a 60 ms tap, and when the latch rose and the first SPI byte of
  the frame showing the tap's result went out, after power-on;

and from those, days of standby and evenings of play on two AAA cells and on a LiPo.
"""

import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from duelkeeper.rp2.board import EmulatedBoard, Power, firmware_missing
from duelkeeper.rp2.device import Rp2Device
from duelkeeper.sim.script import BUTTONS
from duelkeeper.textable import table
from duelkeeper_dev.bench_rp2 import SEED, script

BOARDS = ("badger2040", "pico_inky_pack", "pico_epaper_2in9")
# mA drawn in each state, on cells (docs/power.md, "Currents", names each source).
CURRENTS = {
    "run": 25.0,  # executing at 125 MHz: a Pico running MicroPython (issue #7088)
    "wait": 21.0,  # time.sleep at 125 MHz, clocks on (MicroPython issue #8770)
    "sleep": 0.99,  # machine.lightsleep, 5 V on VSYS (MicroPython PR #8832, measured)
    "off": 0.02,  # a Badger with its latch let go: assumed (no published figure)
    "panel": 3.0,  # added while the panel refreshes: assumed (no datasheet figure read)
}
CELLS = (("2 AAA", 1000.0), ("LiPo", 400.0))  # mAh
EVENING_H = 2.0
GAP_MS = 5000  # a gesture every 5 s
EVENING = 120  # gestures of the 7WD game played (10 emulated minutes)
REST_MS = 10_000
BATTERY_MV = 2900
# Issue 34's budgets
BADGER_STANDBY_DAYS = 365
PICO_STANDBY_DAYS = 28
PLAY_HOURS = 100
EVENING_MA = 10.0
REST_WAKEUPS = 10  # in the 10 s at rest: at most one a second
REST_INSTRUCTIONS = 1_500_000
LATCH_MS = 20
WOKEN_FRAME_MS = 400


@dataclass
class Figures:
    board: str
    rest: Power
    evening: Power
    latch_ms: float = -1.0
    frame_ms: float = -1.0


def current(p: Power) -> float:
    """The average mA over the states' time in ``p``."""
    total = p.run + p.wait + p.sleep + p.off
    charge = sum(getattr(p, k) * ma for k, ma in CURRENTS.items())
    return charge / total if total else 0.0


def _power_on(device: Rp2Device) -> None:
    board = device.board
    board.power(usb=False, battery_mv=BATTERY_MV)
    board.cut()
    if board.wiring.latch >= 0:  # off until a button: B powers it up
        board.play([(BUTTONS["b"], 60)])
    device.boot()
    device.settle()


def measure(name: str, where: Path) -> Figures:
    steps = [s for s in script(SEED, name, where / "script") if s.kind == "press"]
    with Rp2Device(where / "rp2", name) as device:
        _power_on(device)
        board: EmulatedBoard = device.board
        start = _power(board)
        for step in steps[:EVENING]:
            board.play([(step.button, step.ms), (0, GAP_MS - step.ms)])
        evening = _power(board).since(start)
        board.run(70_000)
        before = _power(board)
        rest = _power(board, REST_MS).since(before)
        f = Figures(name, rest, evening)
        if board.wiring.latch >= 0:
            report = board.play([(BUTTONS["down"], 60)])  # from off
            f.latch_ms = report.latch_us / 1000
            report = board.run(3000)  # no boot redraw: the first frame shows the tap
            f.frame_ms = report.frame_us / 1000
    return f


def _power(board: EmulatedBoard, ms: int = 0) -> Power:
    p = board.run(ms).power
    assert p is not None
    return p


def report(figures: list[Figures]) -> tuple[str, bool]:
    rows = []
    ok = True
    for f in figures:
        badger = f.board.startswith("badger")
        rest_ma = current(f.rest)
        play_ma = current(f.evening)
        standby_days = {cells: mah / rest_ma / 24 for cells, mah in CELLS}
        evenings = {cells: mah / (play_ma * EVENING_H) for cells, mah in CELLS}
        need = BADGER_STANDBY_DAYS if badger else PICO_STANDBY_DAYS
        checks = [
            standby_days["2 AAA"] >= need,
            evenings["2 AAA"] * EVENING_H >= PLAY_HOURS,
            f.rest.wakeups <= REST_WAKEUPS,
            f.rest.instructions <= REST_INSTRUCTIONS,
        ]
        if badger:
            checks += [play_ma <= EVENING_MA, 0 <= f.latch_ms <= LATCH_MS]
            checks.append(0 <= f.frame_ms <= WOKEN_FRAME_MS)
        fine = all(checks)
        ok = ok and fine
        rows.append(
            [
                f.board,
                "%.3f mA" % rest_ma,
                "%d / %s" % (f.rest.wakeups, format(f.rest.instructions, ",")),
                "%.2f mA" % play_ma,
                "%.1f mAh" % (play_ma * EVENING_H),
                "%.0f / %.0f" % (standby_days["2 AAA"], standby_days["LiPo"]),
                "%.0f / %.0f" % (evenings["2 AAA"], evenings["LiPo"]),
                "%.1f / %.0f ms" % (f.latch_ms, f.frame_ms) if badger else "-",
                "PASS" if fine else "FAIL",
            ]
        )
    head = [
        "board",
        "at rest",
        "rest: wake-ups / instr. in 10 s",
        "evening",
        "2-hour evening",
        "standby days: 2 AAA / LiPo",
        "evenings: 2 AAA / LiPo",
        "from off: latch / frame",
        "verdict",
    ]
    text = (
        "power on cells (the project's UF2 in the emulated RP2040; currents: docs/power.md)\n"
        + table(head, rows)
        + "\nbudgets: standby >= %d days (Badger) or %d (Picos) and play >= %d h on 2 AAA"
        " (1000 mAh); at rest <= %d wake-ups and %s instructions in 10 s; a Badger's evening"
        " <= %.0f mA, its latch <= %d ms and its woken frame <= %d ms after power-on"
        % (
            BADGER_STANDBY_DAYS,
            PICO_STANDBY_DAYS,
            PLAY_HOURS,
            REST_WAKEUPS,
            format(REST_INSTRUCTIONS, ","),
            EVENING_MA,
            LATCH_MS,
            WOKEN_FRAME_MS,
        )
    )
    return text, ok


def main() -> int:
    missing = firmware_missing()
    if missing is not None:
        print(f"power: not measured, the emulated RP2040 cannot start ({missing})")
        return 1
    with tempfile.TemporaryDirectory(prefix="bench-power-") as tmp:
        figures = [measure(name, Path(tmp) / name) for name in BOARDS]
    text, ok = report(figures)
    print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
