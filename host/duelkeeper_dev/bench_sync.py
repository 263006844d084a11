"""Sync throughput: games a second from the simulated device over its pseudo-terminal.

For each kind of game, a flash folder gets ``GAMES`` finished random games of it
(archived by the firmware's own Storage: duelkeeper.sim.fill), the device is served on a
pty (duelkeeper.sim.pty: the real MicroPython VM, the .mpy files that ship), and one sync
copies them into a new play log through the real mpremote transport, as ``duelkeeper
sync --port`` would. Timed: the whole sync (raw REPL, soft reset, clock and app restart
included), the games' part of it (from the first batch to the last acknowledgement), and
each step kind from the sync's own step hook. Counted: the bytes both ways on the line,
and the bytes of a game's line (``G <id> <base64 of its archive file>``).

Each kind is synced ``RUNS`` times, each time from a fresh flash into a fresh log: the
report is the run of median speed, with the slowest and fastest beside it (on a 2-core
machine one run in several is a third slower than the others: the device, the bridge and
the host share the cores).

``main()`` prints the figures and how they compare with issue 12's goal (``GOAL``); it
returns 0 either way: the figure depends on the host's load (Log.add replays every game,
a few milliseconds each) and is a measurement, not a budget.
"""

import argparse
import math
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from duelkeeper import sync
from duelkeeper.device import Device
from duelkeeper.log import Log
from duelkeeper.sim.fill import KINDS, fill
from duelkeeper.sim.fill import archived as archive_of
from duelkeeper.sim.pty import PtyDevice

GAMES = 60  # of each kind
SEED = 1
RUNS = 3  # syncs of each kind
GOAL = 200  # games a second, the games' part of a sync (issue 12)
_MOVING = ("pull", "add", "commit", "ack")  # the steps that move games


def line_bytes(game_id: str, archived: int) -> int:
    """The bytes of a game's line in ``sync.pull``'s answer (and its "\\n")."""
    return len("G %s " % game_id) + 4 * math.ceil(archived / 3) + 1


def measure(kind: str, games: int = GAMES, seed: int = SEED) -> tuple[str, float]:
    """The report for ``games`` games of ``kind``, and the games a second of the games'
    part of their sync."""
    with tempfile.TemporaryDirectory(prefix="bench-sync-") as tmp:
        flash = Path(tmp) / "flash"
        fill(flash, games, seed, kinds=(kind,))
        archived = {gid: len(data) for gid, data in archive_of(flash).items()}
        spent: dict[str, float] = defaultdict(float)  # per step kind
        last = [0.0]

        def after(step: str, game: str | None) -> None:
            now = time.perf_counter()
            spent[step] += now - last[0]
            last[0] = now

        with PtyDevice(flash) as served, Log.open(Path(tmp) / "log.sqlite3") as log:
            last[0] = start = time.perf_counter()
            with Device(served.path) as device:
                outcome = sync.sync(device, log, after=after)
                received, sent = device.traffic
            took = time.perf_counter() - start
    assert outcome.new == games and not outcome.problems, outcome
    moving = sum(spent[s] for s in _MOVING)
    lines = [
        "%s: %d games, archived %.0f B a game, its line %.0f B; on the line %.0f B a game in all"
        % (
            kind,
            games,
            sum(archived.values()) / games,
            sum(line_bytes(g, n) for g, n in archived.items()) / games,
            (received + sent) / games,
        ),
        "  sync %.2f s, %.0f games/s; the games' part (%s) %.2f s, %.0f games/s"
        % (took, games / took, ", ".join(_MOVING), moving, games / moving),
        "  per step: "
        + ", ".join("%s %.2f s" % (name, spent[name]) for name in sync.STEPS if name in spent),
    ]
    return "\n".join(lines), games / moving


def main(argv: list[str] | None = None) -> int:
    """``make bench``'s part (no arguments); ``--workers`` and ``--kind`` compare ways."""
    parser = argparse.ArgumentParser(prog="python -m duelkeeper_dev.bench_sync")
    parser.add_argument(
        "--workers",
        type=int,
        default=sync.WORKERS,
        help="processes that replay the long games (default sync.WORKERS: one a core, 4 at most;"
        " 0: the PC replays all)",
    )
    parser.add_argument("--kind", choices=KINDS, action="append", help="only this kind")
    args = parser.parse_args(argv or [])
    sync.WORKERS = args.workers
    print("sync from the simulated device over a pty (mpremote transport, MicroPython VM)")
    print(
        "host: %d cores, load average %.1f over the last minute; %s"
        % (
            os.cpu_count() or 0,
            os.getloadavg()[0],
            "the long games replayed by %d worker%s" % (args.workers, "s"[: args.workers - 1])
            if args.workers > 0
            else "the PC replays every game",
        )
    )
    for kind in args.kind or KINDS:
        runs = sorted((measure(kind, GAMES) for _ in range(RUNS)), key=lambda run: run[1])
        report, rate = runs[len(runs) // 2]
        print(report)
        print(
            "  the games' part in %d syncs: %s games/s; goal %d games/s (the median): %s"
            % (
                RUNS,
                ", ".join("%.0f" % r for _, r in runs),
                GOAL,
                "met" if rate >= GOAL else "not met",
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
