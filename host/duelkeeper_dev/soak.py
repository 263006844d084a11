"""`make soak`: a long random walk of button presses on the emulated RP2040.

The board's UF2 (the project's firmware and the program in its ROMFS) runs on the
emulated RP2040 (duelkeeper.rp2) under the heap watcher (rp2/onboard/heapwatch.py: the
app exactly as firmware/main.py runs it, plus a line over USB serial after each
gesture). A seeded RNG presses buttons by GPIO, weighted towards the gestures that move
a game on (A, DOWN), with now and then a back, an undo, a long press or the C menu; on
the choice of game it takes the next kind in turn, so all three games are started again
and again. After every gesture it waits for the watcher's line (the gesture was handled
and its frame sent) and fails on a traceback, a MemoryError, a gesture that no line
follows, or a panel that stops refreshing. It prints presses, games started and ended
per kind, the heap's extremes and the wall time.
"""

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from duelkeeper import deploy
from duelkeeper.rp2 import flashimage
from duelkeeper.rp2.board import EmulatedBoard
from duelkeeper.sim.fill import archived
from duelkeeper.sim.script import BUTTONS, GAP_MS, LONG_MS
from duelkeeper_dev.heapwatch import HeapLine, Watch, install

BOARD = "badger2040"  # five buttons: UP and DOWN of their own
PRESSES = 2000
SEED = 1
PRESS_MS = 60
LINE_LIMIT_MS = 8000  # a gesture's line must come within this (a full refresh is 2 s)
BOOT_LIMIT_MS = 20000
FRAME_EVERY = 100  # presses: at least one refresh completed in each such stretch
# (button, long press, weight)
GESTURES = (
    ("a", False, 50),
    ("down", False, 24),
    ("up", False, 8),
    ("b", False, 7),
    ("c", False, 2),
    ("b", True, 2),  # undo
    ("down", True, 3),  # a jump
    ("up", True, 1),
    ("a", True, 1),
)
# A game still going after this many presses is ended (``ending``), so every kind comes
# round: random presses rarely finish a game (an Antike Duellum game takes 400 events and
# more), nor a quick score (its counts must agree). A tracked game from the C menu: C, UP
# twice to "End game now and save it", A; DOWN to "End and save", A; A on the score
# sheet files it. tests/firmware/test_soak_gestures.py plays these on the simulated
# device: a menu that changes must change them too.
GAME_CAP = 150
END_GAME = (
    ("c", False),
    ("up", False),
    ("up", False),
    ("a", False),
    ("down", False),
    ("a", False),
    ("a", False),
)
# A quick score's pad: B a field back, on the first field (after undoing a player's
# score played) the menu of how the game ended; there the first player won (DOWN, A),
# and A on the score sheet files it.
QUICK_WON = (("down", False), ("a", False), ("a", False))


def ending(screen: str, depth: int) -> tuple[tuple[str, bool], ...]:
    """The gestures towards ending a game from ``screen`` with ``depth`` screens on the
    app's stack: all of them from a tracking screen, one B on a quick score's pad,
    QUICK_WON on its menu of how the game ended; none (random ones) elsewhere."""
    if screen.endswith(".track"):
        return END_GAME
    if screen == "quick":
        return QUICK_WON if depth > 1 else (("b", False),)
    return ()


KB = 1024


class SoakError(Exception):
    """The walk found a fault; the message holds the board's last output."""


@dataclass
class Walk:
    presses: int = 0
    refreshes: int = 0
    started: Counter[str] = field(default_factory=Counter)
    ended: Counter[str] = field(default_factory=Counter)
    longest: Counter[str] = field(default_factory=Counter)  # most events in a game, per kind
    most: HeapLine | None = None  # the report with the most live heap
    least_block: int = 0  # the smallest largest-free-block seen
    filed: int = 0  # games archived on the flash at the end
    wall_s: float = 0.0
    emulated_s: float = 0.0

    def see(self, line: HeapLine, last: HeapLine | None) -> None:
        if self.most is None or line.alloc > self.most.alloc:
            self.most = line
        if line.presses >= 0:
            self.least_block = min(self.least_block or line.largest, line.largest)
        was = last.game if last is not None else "-"
        if line.game != "-" and was == "-":
            self.started[line.game] += 1
        if was != "-" and line.game == "-":
            self.ended[was] += 1
        if line.game != "-":
            self.longest[line.game] = max(self.longest[line.game], line.played)


def _gesture(rng: random.Random) -> tuple[str, bool]:
    button, long, _ = rng.choices(GESTURES, weights=[w for _, _, w in GESTURES])[0]
    return button, long


def _press(board: EmulatedBoard, button: str, long: bool) -> int:
    """One gesture by GPIO, released for the usual gap; refreshes completed meanwhile."""
    report = board.play([(BUTTONS[button], LONG_MS if long else PRESS_MS), (0, GAP_MS)])
    return len(report.refreshes)


def _next_line(board: EmulatedBoard, watch: Watch, walk: Walk, after: int) -> HeapLine:
    """Run until the watcher reports a gesture count above ``after``."""
    start = board.t_us
    while True:
        lines = watch.poll()
        trouble = watch.trouble()
        if trouble:
            raise SoakError(f"after {walk.presses} presses the board printed:\n{trouble}")
        for line in lines:
            if line.presses > after:
                return line
        if (board.t_us - start) // 1000 > LINE_LIMIT_MS:
            raise SoakError(
                f"after {walk.presses} presses no report for {LINE_LIMIT_MS} ms; the board "
                f"said last:\n{watch.said[-1500:]}"
            )
        walk.refreshes += len(board.run(20).refreshes)


def walk(
    presses: int = PRESSES, seed: int = SEED, board_name: str = BOARD, progress: int = 0
) -> Walk:
    """The random walk on a new flash; raises SoakError at the first fault. A line of
    progress every ``progress`` presses (0: none)."""
    rng = random.Random(seed)
    out = Walk()
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="soak-") as tmp:
        image = Path(tmp) / "flash.img"
        install(image, deploy.files(), board_name)
        with EmulatedBoard(image, board_name) as board:
            watch = Watch(board)
            last = _next_line(board, watch, out, -2)  # the watcher's line at boot
            while not out.refreshes:  # the app's first frame: it takes buttons from now on
                if board.t_us > BOOT_LIMIT_MS * 1000:
                    raise SoakError(f"no first frame in {BOOT_LIMIT_MS} ms:\n{watch.said[-1500:]}")
                out.refreshes += len(board.run(100).refreshes)
            framed = (0, 0)  # (refreshes, presses) when the count last grew
            began_game = 0  # presses when the game in progress started
            while out.presses < presses:
                if last.screen in ("games", "-"):  # the next kind in turn: DOWN, then A
                    gestures = [("down", False), ("a", False)]
                else:
                    over = last.game != "-" and out.presses - began_game > GAME_CAP
                    gestures = list(ending(last.screen, last.depth)) if over else []
                    gestures = gestures or [_gesture(rng)]
                for button, long in gestures:
                    out.refreshes += _press(board, button, long)
                    out.presses += 1
                    line = _next_line(board, watch, out, last.presses)
                    out.see(line, last)
                    if line.game != "-" and last.game == "-":
                        began_game = out.presses
                    last = line
                if progress and out.presses % progress < len(gestures):
                    most = out.most.alloc if out.most else 0
                    print(
                        f"  {out.presses} presses, {time.perf_counter() - began:.0f} s wall: "
                        f"started {dict(out.started)}, ended {dict(out.ended)}, most heap "
                        f"{most / KB:.1f} KB, least largest block {out.least_block / KB:.1f} KB",
                        flush=True,
                    )
                if out.refreshes > framed[0]:
                    framed = (out.refreshes, out.presses)
                elif out.presses - framed[1] > FRAME_EVERY:
                    raise SoakError(f"no refresh in the {FRAME_EVERY} presses up to {out.presses}")
            out.refreshes += len(board.run(3000).refreshes)
            errors = board.panel()["errors"]
            if errors:
                raise SoakError(f"the panel model saw protocol errors: {errors[:5]}")
            out.emulated_s = board.t_us / 1e6
        with tempfile.TemporaryDirectory(prefix="soak-flash-") as folder:
            flashimage.to_folder(image, Path(folder))
            out.filed = len(archived(Path(folder)))
    out.wall_s = time.perf_counter() - began
    return out


def report(w: Walk) -> str:
    kinds = sorted(set(w.started) | set(w.ended))
    lines = [
        f"soak on the emulated RP2040 ({BOARD}, MicroPython rp2 v1.28.0, rp2040js 1.4.1):",
        f"  {w.presses} presses, {w.refreshes} refreshes, {w.emulated_s:.0f} s emulated, "
        f"{w.wall_s:.0f} s wall",
    ]
    for kind in kinds:
        lines.append(
            f"  {kind}: {w.started[kind]} started, {w.ended[kind]} ended, longest "
            f"{w.longest[kind]} events"
        )
    lines.append(f"  games filed on the flash at the end: {w.filed}")
    if w.most is not None:
        m = w.most
        lines.append(
            f"  most live heap {m.alloc / KB:.1f} KB (press {m.presses}, screen {m.screen}, "
            f"game {m.game}); smallest largest free block {w.least_block / KB:.1f} KB"
        )
    lines.append("  no traceback, no MemoryError, a report after every gesture, frames kept coming")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m duelkeeper_dev.soak", description=__doc__)
    parser.add_argument("--presses", type=int, default=PRESSES)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    try:
        w = walk(args.presses, args.seed, progress=100)
    except SoakError as err:
        print(f"soak FAILED: {err}", file=sys.stderr)
        return 1
    print(report(w))
    return 0


if __name__ == "__main__":
    sys.exit(main())
