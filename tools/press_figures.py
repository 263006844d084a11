"""Presses per 7 Wonders Duel turn and for the setup, on whole recorded games.

    .venv/bin/python tools/press_figures.py

Each game is entered through the menus by the autoplayer (the fewest gestures to each
item) on the CPython runtime, from a fresh flash with the record's players already the
device's names ("known players"). Games: tests/vectors/7wd/complete-game.json (a
whole game from the rules vectors), every complete 7wd game in ../shared/scenarios (if
any) and the tablegame games of ``make bench`` (real layouts, only reachable cards).
The README's and docs/'s press figures come from here and from ``make bench``.
"""

import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "host"), str(ROOT / "shared")]

from duelkeeper.repo import SCENARIOS  # noqa: E402
from duelkeeper.sim import runner  # noqa: E402
from duelkeeper.sim.device import Device  # noqa: E402
from duelkeeper_dev import measure  # noqa: E402
from duelkeeper_dev.autoplay import Autoplayer  # noqa: E402
from duelkeeper_dev.bench_firmware import SEEDS  # noqa: E402
from duelkeeper_dev.tablegame import table_record  # noqa: E402


def games() -> list[tuple[str, dict[str, Any]]]:
    out = []
    paths = [ROOT / "tests" / "vectors" / "7wd" / "complete-game.json"]
    if (SCENARIOS / "7wd").is_dir():
        paths += sorted((SCENARIOS / "7wd").glob("*.json"))
    for path in paths:
        record = json.loads(path.read_text())
        if "expect_error" not in record and record.get("expect", {}).get("over"):
            out.append((path.name, record))
    out += [(f"tablegame seed {s}", table_record(s)) for s in SEEDS]
    return out


def measure_game(record: dict[str, Any], tmp: Path) -> tuple[int, list[int]]:
    """(setup presses with known players, presses per turn)."""
    with Device(tmp, runtime="cpython") as d:
        d.step(0)
        names = json.dumps(record["players"])
        d.call(f"simdev.app.settings['players'] = {names}")
        rec = runner.Recorder(None, keep=False)
        rec.see(d)
        ap = Autoplayer(d, rec.see)
        ap.start(record)
        setup = d.last.presses
        events = record["events"]
        while d.last.events < len(events):
            ap.event(events[d.last.events])
    # The Recorder counts from the game's start: the setup is not in presses[0]
    return setup, measure.turns(events, rec.presses)


def main() -> int:
    every: list[int] = []
    for name, record in games():
        with tempfile.TemporaryDirectory() as tmp:
            setup, turns = measure_game(record, Path(tmp))
        every += turns
        print(
            f"{name}: setup {setup} presses; {len(turns)} turns, median "
            f"{measure.median(turns):g}, max {max(turns)}"
        )
    q = statistics.quantiles(every, n=4)
    print(
        f"all: {len(every)} turns, median {measure.median(every):g}, max {max(every)}, "
        f"quartiles {q}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
