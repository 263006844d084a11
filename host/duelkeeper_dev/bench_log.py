"""How long ``duelkeeper stats`` takes over a play log of 100,000 games (budget: 1 s).

Replaying 100,000 random games would take most of an hour, so the log is built from a
small pool of really played random games (duelkeeper.randomgame, replayed by duelcore):
each of the 100,000 rows is a pool game under a new id, a random pair of players and a
date, stored with the pool game's replay result through the log's own insert path
(entry.from_result, Log.store_many). Rows are what a real log holds; only the number
of distinct games behind them is smaller. docs/play-log.md gives the method and figures.

``main()`` prints the figures and returns 0 within budget, 1 over it.
"""

import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from duelcore import replay
from duelkeeper import stats
from duelkeeper.entry import Entry, from_result
from duelkeeper.kinds import KINDS
from duelkeeper.log import Log, check
from duelkeeper.randomgame import random_record

GAMES = 100_000
POOL = 40  # played games per kind
BUDGET = 1.0  # seconds for `duelkeeper stats`
# The installed `duelkeeper` script, run by this interpreter.
_COMMAND = "import sys; from duelkeeper.cli import main; sys.exit(main())"
Played = list[tuple[dict[str, Any], dict[str, Any]]]  # records with their replay results
PLAYERS = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jun")


def pool(size: int = POOL, seed: int = 0) -> tuple[Played, list[str]]:
    """Finished random games with their results, and a note for each kind left out."""
    games: Played = []
    notes = []
    for kind in KINDS:
        found = []
        for n in range(size):
            try:
                record = random_record(kind, seed + n)
                result = replay(record)
            except Exception as e:  # a core still being written must not stop the bench
                notes.append(f"{kind}: left out ({type(e).__name__}: {e})")
                break
            if result["over"]:
                found.append((record, result))
            elif n >= 2 and not found:
                notes.append(f"{kind}: left out (random games do not finish)")
                break
        games += found
    return games, notes


def entries(count: int, games: Played, seed: int = 0) -> Iterator[Entry]:
    """``count`` log entries drawn from ``games`` with new ids, players and dates."""
    rng = random.Random(seed)
    start = datetime(2020, 1, 1)
    for i in range(count):
        record, result = rng.choice(games)
        gid = "bench-%06d" % i
        when = start + timedelta(minutes=rng.randrange(6 * 365 * 24 * 60))
        record = dict(record, id=gid, players=rng.sample(PLAYERS, 2))
        record["meta"] = {"ended": when.isoformat(timespec="seconds")}
        yield from_result(record, dict(result, id=gid), now=start)


def build(path: Path, count: int = GAMES, seed: int = 0, size: int = POOL) -> list[str]:
    """Write a log of ``count`` games (from ``size`` played per kind); return the notes."""
    games, notes = pool(size, seed)
    with Log.open(path) as log:
        log.store_many(entries(count, games, seed))
    return notes


def time_stats(path: Path) -> tuple[float, float]:
    """Seconds for the library call (compute and render) and for the whole command."""
    with Log.open(path) as log:
        t = time.perf_counter()
        stats.render(stats.compute(log))
        library = time.perf_counter() - t
    command = [sys.executable, "-c", _COMMAND, "stats", "--db", str(path)]
    t = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return library, time.perf_counter() - t


def time_checks(path: Path) -> tuple[float, float]:
    """Seconds for SQLite's checks of the pages the log runs (docs/play-log.md): the
    quick one before a process's first write, the full one at open after an unclean close."""
    out = []
    with Log.open(path) as log:
        for pragma in ("quick_check", "integrity_check"):
            t = time.perf_counter()
            check(log.conn, path, pragma)
            out.append(time.perf_counter() - t)
    return out[0], out[1]


def main(count: int = GAMES) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        t = time.perf_counter()
        notes = build(path, count)
        built = time.perf_counter() - t
        library, command = time_stats(path)
        quick, full = time_checks(path)
        size = path.stat().st_size
    for note in notes:
        print(note)
    print(f"play log: {count:,} games built in {built:.1f} s ({size / 2**20:.0f} MiB)")
    print(f"stats: {library:.3f} s in the library, {command:.3f} s as `duelkeeper stats`")
    print(f"checks: quick_check {quick:.3f} s, integrity_check {full:.3f} s")
    ok = command <= BUDGET
    print(f"budget {BUDGET:.1f} s for the command: {'PASS' if ok else 'OVER'}")
    return 0 if ok else 1


REPORT_GAMES = 1_000
REPORT_BUDGET = 2.0  # seconds for `duelkeeper report` over REPORT_GAMES games


def report_main(count: int = REPORT_GAMES) -> int:
    """``python -m duelkeeper_dev.bench_log report``: the whole `duelkeeper report` command
    (interpreter start-up and matplotlib's import included) over a log of ``count``
    games built as above. Judged by its CPU time, which other work on a shared machine
    does not stretch as it stretches the wall-clock time (both are printed)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        build(path, count)
        command = [sys.executable, "-c", _COMMAND, "report", "--db", str(path)]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run([*command, str(Path(tmp) / "report.html")], check=True, capture_output=True)
        took = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    ok = cpu <= REPORT_BUDGET
    print(f"report: {took:.3f} s as `duelkeeper report` over {count:,} games, {cpu:.3f} s of CPU")
    print(f"budget {REPORT_BUDGET:.1f} s of CPU for the command: {'PASS' if ok else 'OVER'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(report_main() if sys.argv[1:] == ["report"] else main())
