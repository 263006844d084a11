"""Sync throughput: games a second from the simulated device over its pseudo-terminal.

A flash folder gets ``GAMES`` finished random games (the three kinds in turn, archived by
the firmware's own Storage: duelkeeper.sim.fill), the device is served on a pty
(duelkeeper.sim.pty: the real MicroPython VM, the .mpy files that ship), and one sync
copies them into a new play log through the real mpremote transport, as ``duelkeeper
sync --port`` would. Timed: the whole sync (raw REPL, soft reset, clock and app restart
included), the games' part of it (from the first batch to the last acknowledgement), and
each step kind from the sync's own step hook. Counted: the bytes both ways on the line,
and per kind the bytes of a game's line (``G <id> <base64 of its archive file>``).

``main()`` prints the figures and how they compare with issue 12's goal (``GOAL``); it
returns 0 either way: the figure depends on the host's load (Log.add replays every game,
a few milliseconds each) and is a measurement, not a budget.
"""

import math
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from duelkeeper import sync
from duelkeeper.device import Device
from duelkeeper.log import Log
from duelkeeper.sim.fill import fill
from duelkeeper.sim.pty import PtyDevice

GAMES = 150
SEED = 1
GOAL = 200  # games a second, the games' part of a sync (issue 12)
_MOVING = ("pull", "add", "commit", "ack")  # the steps that move games


def line_bytes(game_id: str, archived: int) -> int:
    """The bytes of a game's line in ``sync.pull``'s answer (and its "\\n")."""
    return len("G %s " % game_id) + 4 * math.ceil(archived / 3) + 1


def measure(games: int = GAMES, seed: int = SEED) -> tuple[str, float]:
    """The report, and the games a second of the games' part."""
    with tempfile.TemporaryDirectory(prefix="bench-sync-") as tmp:
        flash = Path(tmp) / "flash"
        start = time.perf_counter()
        fill(flash, games, seed)
        filled = time.perf_counter() - start
        archived = {p.stem: p.stat().st_size for p in (flash / "games").glob("*.dk")}
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
                traffic = device.traffic
            took = time.perf_counter() - start
            kinds = {g.id: g.game for g in log.games()}
    assert outcome.new == games and not outcome.problems, outcome
    moving = sum(spent[s] for s in _MOVING)
    count: dict[str, int] = defaultdict(int)
    size: dict[str, int] = defaultdict(int)
    wire: dict[str, int] = defaultdict(int)
    for gid, kind in kinds.items():
        count[kind] += 1
        size[kind] += archived[gid]
        wire[kind] += line_bytes(gid, archived[gid])
    mix = ", ".join("%d %s" % (n, k) for k, n in sorted(count.items()))
    lines = [
        "sync from the simulated device over a pty (mpremote transport, MicroPython VM)",
        "games: %d (%s); flash filled in %.1f s" % (games, mix, filled),
        "sync: %.2f s, %.0f games/s; the games' part (%s): %.2f s, %.0f games/s"
        % (took, games / took, ", ".join(_MOVING), moving, games / moving),
        "per step: "
        + ", ".join("%s %.2f s" % (name, spent[name]) for name in sync.STEPS if name in spent),
        "on the line: %d B from the device, %d B to it: %.0f B a game in all"
        % (traffic[0], traffic[1], sum(traffic) / games),
    ]
    for kind in sorted(count):
        n = count[kind]
        lines.append(
            "  %-15s archived %4.0f B, on the line %4.0f B a game"
            % (kind, size[kind] / n, wire[kind] / n)
        )
    return "\n".join(lines), games / moving


def main() -> int:
    report, rate = measure()
    print(report)
    print("goal: %d games/s for the games' part: %s" % (GOAL, "met" if rate >= GOAL else "not met"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
