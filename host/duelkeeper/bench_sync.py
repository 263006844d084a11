"""Sync throughput: games a second from the simulated device over its pseudo-terminal.

A flash folder gets ``GAMES`` finished random games (the three kinds in turn, archived by
the firmware's own Storage: duelkeeper.sim.fill), the device is served on a pty
(duelkeeper.sim.pty: the real MicroPython VM, the .mpy files that ship), and one
``sync.run`` copies them into a new play log through the real mpremote transport,
exactly as ``duelkeeper sync --port`` would. Timed: the whole sync (raw REPL, soft reset
and app restart included), and per step kind from the sync's own step hook. The game
records cross the line as JSON, so bytes a second are given too.

``main()`` prints the figures and returns 0 (there is no budget: the figure is a
measurement of the simulated line, which mpremote reads a byte at a time).
"""

import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from duelkeeper import sync
from duelkeeper.log import Log
from duelkeeper.sim.fill import fill
from duelkeeper.sim.pty import PtyDevice

GAMES = 30
SEED = 1


def measure(games: int = GAMES, seed: int = SEED) -> str:
    with tempfile.TemporaryDirectory(prefix="bench-sync-") as tmp:
        flash = Path(tmp) / "flash"
        start = time.perf_counter()
        fill(flash, games, seed)
        filled = time.perf_counter() - start
        spent: dict[str, float] = defaultdict(float)  # per step kind
        per_game: dict[str, float] = defaultdict(float)  # get, add and ack of each game
        last = [0.0]

        def after(step: str, game: str | None) -> None:
            now = time.perf_counter()
            spent[step] += now - last[0]
            if game is not None:
                per_game[game] += now - last[0]
            last[0] = now

        with PtyDevice(flash) as device:
            last[0] = start = time.perf_counter()
            outcome = sync.run(device.path, Path(tmp) / "log.sqlite3", after=after)
            took = time.perf_counter() - start
        times: dict[str, list[float]] = defaultdict(list)
        sizes: dict[str, int] = defaultdict(int)
        with Log.open(Path(tmp) / "log.sqlite3") as log:
            for g in log.games():
                times[g.game].append(per_game[g.id])
                sizes[g.game] += len(g.record_json.encode())
    assert outcome.new == games and not outcome.problems, outcome
    sent = sum(sizes.values())
    mix = ", ".join("%d %s" % (len(t), k) for k, t in sorted(times.items()))
    lines = [
        "sync from the simulated device over a pty (mpremote transport, MicroPython VM)",
        "games: %d (%s), %.0f KB of record JSON; flash filled in %.1f s"
        % (games, mix, sent / 1024, filled),
        "sync: %.2f s, %.1f games/s, %.0f KB/s" % (took, games / took, sent / 1024 / took),
        "per step: "
        + ", ".join("%s %.2f s" % (name, spent[name]) for name in sync.STEPS if name in spent),
    ]
    for kind, t in sorted(times.items()):
        each = sum(t) / len(t)
        lines.append(
            "  %-15s %4.0f ms a game, %4.1f KB of JSON: %5.1f games/s"
            % (kind, 1000 * each, sizes[kind] / len(t) / 1024, 1 / each)
        )
    return "\n".join(lines)


def main() -> int:
    print(measure())
    return 0


if __name__ == "__main__":
    sys.exit(main())
