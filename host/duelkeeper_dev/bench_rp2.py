"""`make bench` on the real port: the project's UF2 as a user installs it (the base
firmware, MicroPython's rp2 port v1.28.0 built by the project with a ROMFS partition, and
the board's program as its ROMFS image: docs/rp2.md, "The firmware") in the emulated
RP2040 (duelkeeper.rp2: rp2040js 1.4.1 under Node).

Every heap figure is the port's own: ``gc.mem_alloc()`` and ``gc.mem_free()`` after
``gc.collect()``, and the largest free block, ``micropython.mem_info()``'s "max free sz"
(16-byte blocks). Measured:

* at boot: a board with the base firmware alone: its REPL (raw REPL after a soft reset,
  no program in /rom);
* deploy: ``duelkeeper deploy --port`` onto that board (the program's ROMFS image over
  USB), wall and emulated seconds; the image's size against its partition;
* a 7 Wonders Duel game (duelkeeper_dev.tablegame seed 1, entered by the autoplayer's
  gestures for the board) played by GPIO under the heap watcher (rp2/onboard/heapwatch.py:
  the app as firmware/main.py runs it, the three cores imported at boot: the app's boot
  imports none of them), which reports the heap after every gesture the app
  handled and drew. From the same run, in emulated milliseconds, each gesture's release
  to the first SPI byte of its frame, and the boot to the first frame with the other
  cores imported first. The boot judged (first SPI byte, refresh started, refresh done)
  is that of a board under the watcher with nothing imported first: the app's own
  imports, as the shipped firmware/main.py boots it (the other games' cores are imported
  when one of their games starts). The board is left to settle (refresh done, core idle)
  after each gesture, so no gesture waits for the one before;
* the same for a Splendor Duel game (tablegame seed 1, whole) and an Antike Duellum game
  (its first ANTIKE_EVENTS events), each with the other two cores imported at boot: the
  budget holds for any game with all cores (heap only: their times are not reported);
* sync: ``duelkeeper sync --port`` of SYNC_GAMES finished games (duelkeeper.sim.fill)
  into a new play log.

rp2040js is not cycle-exact: emulated time is not a real Pico's. docs/benchmarks.md and
docs/rp2.md explain the figures.
"""

import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from duelkeeper import deploy, romfs, uf2
from duelkeeper.device import Device as Serial
from duelkeeper.device import DeviceError
from duelkeeper.log import Log
from duelkeeper.rp2 import flashimage
from duelkeeper.rp2.board import BoardError, EmulatedBoard, firmware_missing
from duelkeeper.rp2.device import Rp2Device
from duelkeeper.sim.command import board_profile
from duelkeeper.sim.device import Device
from duelkeeper.sim.fill import fill
from duelkeeper.sim.script import TICK_MS, Step
from duelkeeper.textable import table
from duelkeeper_dev.autoplay import Autoplayer
from duelkeeper_dev.heapwatch import HeapLine, Watch, install, parse
from duelkeeper_dev.tablegame import antike_record, splendor_record, table_record

KB = 1024
BOARD = "pico_inky_pack"
SEED = 1
# Issue 24's budgets for the program executing in place from the ROMFS: the live heap
# after any press, all three cores loaded; what importing the cores and the app adds
# to the heap the REPL leaves; the largest free block, never under this during a game.
HEAP_BUDGET = 64 * KB
IMPORTS_BUDGET = 40 * KB
BLOCK_BUDGET = 96 * KB
BOOT_BUDGET_MS = 500  # power-on to the first frame's first SPI byte
PRESS_BUDGET_MS = 70  # a gesture's release to its frame's first SPI byte, median
SYNC_GAMES = 3
ANTIKE_EVENTS = 60  # a whole Antike game is 200 to 260 events: the first 60 here
CORES = ("duelcore.sevenwonders", "duelcore.splendor", "duelcore.antike")
BOOT_LIMIT_MS = 20000  # a board that shows no first frame by then has failed
FRAME_LIMIT_MS = 3000  # a gesture's frame must start within this
REPL_BOOT_MS = 2000
APP_BOOT_MS = 4000  # the app's first frame is shown by then (about 2.9 s)
CLI = Path(sys.executable).with_name("duelkeeper")
_REPL_HEAP = (
    "import gc, micropython\ngc.collect()\n"
    "print('HEAP -1', gc.mem_alloc(), gc.mem_free(), '- - -1 0')\nmicropython.mem_info()\n"
)


class BenchError(Exception):
    """A measurement could not be made; the message says why (the board's output)."""


@dataclass
class Figures:
    repl: HeapLine | None = None  # the blank board's REPL
    deploy_wall_s: float = 0.0
    deploy_emulated_s: float = 0.0
    romfs_bytes: int = 0  # the board's ROMFS image
    watched: list[HeapLine] = field(default_factory=list)  # the game's reports, boot first
    first_spi_ms: float = 0.0
    first_busy_ms: float = 0.0  # refresh started (the panel's BUSY)
    first_shown_ms: float = 0.0  # refresh done
    cores_first_spi_ms: float = 0.0  # the boot with the other cores imported first
    press_ms: list[float] = field(default_factory=list)  # release to the frame's first byte
    others: dict[str, list[HeapLine]] = field(default_factory=dict)  # the other games' reports
    own_core: bool = False  # the other games ran with their own core only (--own-core)
    sync_games: int = 0
    sync_wall_s: float = 0.0
    sync_emulated_s: float = 0.0


def script(seed: int, board: str, where: Path, kind: str = "7wd") -> list[Step]:
    """The gestures that play table game ``seed`` of ``kind`` on ``board``: a whole game,
    filed by the score sheet's A, or Antike's first ANTIKE_EVENTS events."""
    if kind == "7wd":
        record = table_record(seed)
    elif kind == "splendor-duel":
        record = splendor_record(seed)
    else:
        record = antike_record(seed, events=ANTIKE_EVENTS)
    with Device(where, runtime="cpython", buttons=board_profile(board)[2]) as d:
        d.step(0)
        ap = Autoplayer(d)
        ap.play(record)
        if kind != "antike-duellum":
            ap.press("a")  # the score sheet's A: filed
        return ap.steps


def _cli(*args: str) -> float:
    """Run ``duelkeeper ARGS``; the wall seconds it took."""
    start = time.perf_counter()
    done = subprocess.run([str(CLI), *args], capture_output=True, text=True)
    if done.returncode:
        raise BenchError(f"duelkeeper {args[0]}: {(done.stderr or done.stdout).strip()}")
    return time.perf_counter() - start


def repl_heap(board: EmulatedBoard) -> HeapLine:
    """The heap at the REPL of a board with no program (in the watcher's line format),
    booted here: its first boot formats the flash. Free-running afterwards."""
    board.run(REPL_BOOT_MS)
    board.free_run(True)
    with Serial(board.path) as serial:
        serial.enter()
        lines, _ = parse(serial.run(_REPL_HEAP).decode())
    if not lines:
        raise BenchError("the blank board's REPL gave no heap figures")
    return lines[0]


def repl_and_deploy(tmp: Path, f: Figures) -> None:
    """A blank board: its heap at the REPL, then a deploy onto it."""
    with EmulatedBoard(flashimage.blank(tmp / "blank.img"), BOARD) as board:
        f.repl = repl_heap(board)
        board.free_run(True)  # already on: reads the emulated time
        start = board.t_us
        db = str(tmp / "deploy.sqlite3")
        f.deploy_wall_s = _cli("deploy", "--port", board.path, "--board", BOARD, "--db", db)
        board.free_run(False)
        f.deploy_emulated_s = (board.t_us - start) / 1e6
    f.romfs_bytes = len(romfs.image(BOARD))


def sync(tmp: Path, f: Figures, games: int = SYNC_GAMES) -> None:
    """``duelkeeper sync --port`` of ``games`` finished games into a new play log."""
    fill(tmp / "games", games, SEED)
    image = flashimage.from_folder(tmp / "sync.img", tmp / "games")
    flashimage.install(image, deploy.files(), BOARD)
    with EmulatedBoard(image, BOARD) as board:
        board.run(APP_BOOT_MS)
        board.free_run(True)
        start = board.t_us
        f.sync_wall_s = _cli("sync", "--port", board.path, "--db", str(tmp / "log.sqlite3"))
        board.free_run(False)
        f.sync_emulated_s = (board.t_us - start) / 1e6
    with Log.open(tmp / "log.sqlite3") as log:
        f.sync_games = sum(1 for _ in log.games())
    if f.sync_games != games:
        raise BenchError(f"sync copied {f.sync_games} of {games} games")


def _boot(device: Rp2Device, watch: Watch, f: Figures) -> None:
    """Power-on to the first frame shown: first SPI byte, refresh started, done."""
    board = device.board
    while not f.first_shown_ms:
        r = board.run(10)
        if not f.first_spi_ms and r.spi_bytes:
            f.first_spi_ms = r.t_us / 1000
        if not f.first_busy_ms and r.busy:
            f.first_busy_ms = r.t_us / 1000
        if r.refreshes:
            f.first_shown_ms = r.refreshes[0].t_us / 1000
        elif r.t_us > BOOT_LIMIT_MS * 1000:
            raise BenchError(f"no first frame in {BOOT_LIMIT_MS} ms; the board said:\n{watch.said}")
    device.settle()


def game(
    steps: list[Step],
    where: Path,
    f: Figures,
    cores: tuple[str, ...] = CORES,
    kind: str = "7wd",
) -> None:
    """``steps`` by GPIO on a board running the heap watcher with ``cores`` loaded; the
    7WD game's reports go to ``f.watched``, with its times, another's to ``f.others``."""
    watched = f.watched if kind == "7wd" else f.others.setdefault(kind, [])
    where.mkdir(parents=True, exist_ok=True)
    install(where / "flash.img", deploy.files(), BOARD, cores)
    with Rp2Device(where, BOARD, install=False) as device:
        board = device.board
        watch = Watch(board)
        if kind == "7wd":
            _boot(device, watch, f)
        else:
            device.boot(BOOT_LIMIT_MS)
        watched += watch.poll()
        for step in steps:
            if step.kind == "wait":
                board.run(step.ms)
            if step.kind not in ("press", "hold"):
                continue
            r = board.play([(step.button, max(1, step.ms // TICK_MS) * TICK_MS), (0, 0)])
            release, sent = r.t_us, r.spi_bytes
            while r.spi_bytes == sent and r.t_us - release < FRAME_LIMIT_MS * 1000:
                r = board.run(1)
            if r.spi_bytes > sent and kind == "7wd":
                f.press_ms.append((r.t_us - release) / 1000)
            device.settle()
            watched += watch.poll()
            trouble = watch.trouble()
            if trouble:
                raise BenchError(f"the {kind} game's app stopped:\n{trouble}")


def collect(
    steps: list[Step] | None = None, sync_games: int = SYNC_GAMES, own_core: bool = False
) -> Figures:
    """Every figure; ``steps`` (default: the table game's script) and ``sync_games``
    make a shorter run; ``own_core`` runs the other games without the other cores."""
    f = Figures(own_core=own_core)
    with tempfile.TemporaryDirectory(prefix="bench-rp2-") as name:
        tmp = Path(name)
        repl_and_deploy(tmp, f)
        booted = Figures()  # the app's boot alone: nothing imported before it
        game([], tmp / "boot", booted, cores=())
        game(script(SEED, BOARD, tmp / "script") if steps is None else steps, tmp / "game", f)
        f.cores_first_spi_ms = f.first_spi_ms
        f.first_spi_ms, f.first_busy_ms = booted.first_spi_ms, booted.first_busy_ms
        f.first_shown_ms = booted.first_shown_ms
        if steps is None:
            for kind in ("splendor-duel", "antike-duellum"):
                others = tuple(c for c in CORES if not c.endswith(_PACKAGE[kind]))
                others = () if own_core else others
                game(script(SEED, BOARD, tmp / kind, kind), tmp / (kind + "-game"), f, others, kind)
        if sync_games:
            sync(tmp, f, sync_games)
    return f


_PACKAGE = {"splendor-duel": ".splendor", "antike-duellum": ".antike"}


def _kb(n: float) -> str:
    return f"{n / KB:.1f} KB"


def report(f: Figures) -> tuple[str, bool]:
    """The printed table, and whether the heap budgets hold."""
    rows: list[list[str]] = []
    ok = True

    def row(what: str, value: str, budget: str = "-", fine: bool | None = None) -> None:
        nonlocal ok
        ok = ok and fine is not False
        rows.append([what, value, budget, "-" if fine is None else "PASS" if fine else "FAIL"])

    if f.repl is not None:
        row("REPL after boot: mem_free", f"{f.repl.free:,} B")
        row("  mem_alloc / largest free block", f"{f.repl.alloc:,} B / {f.repl.largest:,} B")
    presses = [h for h in f.watched if h.presses >= 0]
    if presses:
        most = max(presses, key=lambda h: h.alloc)
        least = min(h.largest for h in presses)
        boot = [h for h in f.watched if h.presses < 0]
        if boot:
            row("all cores imported, before the app", _kb(boot[0].alloc))
            if f.repl is not None:
                added = boot[0].alloc - f.repl.alloc
                row(
                    "  what the imports added",
                    _kb(added),
                    _kb(IMPORTS_BUDGET),
                    added <= IMPORTS_BUDGET,
                )
        row(
            "live heap, most after any press",
            _kb(most.alloc),
            _kb(HEAP_BUDGET),
            most.alloc <= HEAP_BUDGET,
        )
        row("  free / largest free block then", f"{_kb(most.free)} / {_kb(most.largest)}")
        row(
            "  when: screen, game, events played",
            f"{most.screen}, {most.game}, {most.played} (gesture {most.presses})",
        )
        in_game = sorted(h.alloc for h in presses if h.game != "-")
        if in_game:
            row("live heap in the game: median", _kb(in_game[len(in_game) // 2]))
        row("largest free block, least", _kb(least), _kb(BLOCK_BUDGET), least >= BLOCK_BUDGET)
    else:
        row("live heap during the game", "n/a: no report from the watcher", _kb(HEAP_BUDGET), False)
    for kind, reports in f.others.items():
        during = [h for h in reports if h.presses >= 0]
        if not during:
            row(
                f"{kind} game: live heap",
                "n/a: no report from the watcher",
                _kb(HEAP_BUDGET),
                False,
            )
            continue
        top = max(during, key=lambda h: h.alloc)
        row(
            f"{kind} game, {'own core' if f.own_core else 'all cores'}: most after any press",
            _kb(top.alloc),
            _kb(HEAP_BUDGET),
            top.alloc <= HEAP_BUDGET,
        )
        row("  when: screen, events played", f"{top.screen}, {top.played} (gesture {top.presses})")
        low = min(h.largest for h in during)
        row("  largest free block, least", _kb(low), _kb(BLOCK_BUDGET), low >= BLOCK_BUDGET)
    row(
        "boot to first frame: first SPI byte",
        f"{f.first_spi_ms:.0f} ms",
        f"{BOOT_BUDGET_MS} ms",
        f.first_spi_ms <= BOOT_BUDGET_MS,
    )
    row("  refresh started / shown", f"{f.first_busy_ms:.0f} / {f.first_shown_ms:.0f} ms")
    if f.cores_first_spi_ms:
        row("  first SPI byte, the other cores imported first", f"{f.cores_first_spi_ms:.0f} ms")
    if f.press_ms:
        median = statistics.median(f.press_ms)
        row(
            "press to frame sent: median / max",
            f"{median:.0f} / {max(f.press_ms):.0f} ms",
            f"{PRESS_BUDGET_MS} ms median",
            median <= PRESS_BUDGET_MS,
        )
    if f.romfs_bytes:
        free = 1 - f.romfs_bytes / uf2.ROMFS_SIZE
        row(
            "ROMFS image: bytes of the partition, free",
            f"{f.romfs_bytes:,} of {uf2.ROMFS_SIZE:,} B, {free:.1%} free",
            f"{romfs.FREE_BUDGET:.0%} free",
            free >= romfs.FREE_BUDGET,
        )
    row(
        "deploy onto the base firmware",
        f"{f.deploy_wall_s:.1f} s wall, {f.deploy_emulated_s:.1f} s emulated",
    )
    if f.sync_games:
        row(
            f"sync of {f.sync_games} finished games",
            f"{f.sync_wall_s:.1f} s wall ({f.sync_games / f.sync_wall_s:.2f} games/s), "
            f"{f.sync_emulated_s:.1f} s emulated",
        )
    lines = [
        "the real port (host/duelkeeper_dev/bench_rp2.py): the project's UF2 (MicroPython rp2",
        "  v1.28.0, the program in its ROMFS) on an emulated RP2040 (rp2040js 1.4.1, not",
        f"  cycle-exact), board {BOARD}; the 7wd table game (seed {SEED}), {len(presses)} gestures",
        "  reported, all cores imported at boot; the other games"
        f" (seed {SEED}) with {'their own core only' if f.own_core else 'all cores'}; heap from",
        "  gc and micropython.mem_info() after gc.collect(); times in emulated ms unless wall",
        "",
        table(["real rp2 port", "figure", "budget", "verdict"], rows),
    ]
    return "\n".join(lines), ok


def main(own_core: bool = False) -> tuple[str, bool]:
    """The report, and whether it passes; without the firmware, a line saying so."""
    head = "the real port (host/duelkeeper_dev/bench_rp2.py): not measured:"
    missing = firmware_missing()
    if missing:
        return f"{head} {missing}", True
    try:
        return report(collect(own_core=own_core))
    except (BenchError, BoardError, DeviceError) as err:
        return f"{head} {err}", False


if __name__ == "__main__":
    # --own-core: the Splendor Duel and Antike Duellum games as a board plays them, with
    # only their own core (make bench judges them with all cores).
    text, fine = main(own_core="--own-core" in sys.argv[1:])
    print(text)
    sys.exit(0 if fine else 1)
