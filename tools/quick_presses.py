"""Presses for a 7 Wonders Duel quick score, entered as a player reading the screen.

    .venv/bin/python tools/quick_presses.py            # the presses
    .venv/bin/python tools/quick_presses.py --typical  # the pad's starting counts

Each game's final score pad (the tablegame games of ``make bench`` and tools/
press_figures.py, seeds 1 to 20, those won on points) is entered through the device's
screens by the autoplayer (``Autoplayer.quick``: the fewest gestures from the number
shown to the count, as a player reading it would press) on the CPython runtime, from a
fresh flash with the players already the device's names: from the choice of game to the
score sheet. docs/firmware.md ("Quick score") quotes the figures.

``--typical`` prints each row's median, rounded half up, over the games of seeds 21 to
100 won on points (other games than those measured): where the screen starts each
number (duelcore/sevenwonders/pad.py, ``START``; tests/firmware/test_app_quick.py
compares).
"""

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "host"), str(ROOT / "shared")]

from duelcore.engine import Match  # noqa: E402
from duelcore.quick import fields  # noqa: E402
from duelkeeper.sim.device import Device  # noqa: E402
from duelkeeper_dev.autoplay import Autoplayer  # noqa: E402
from duelkeeper_dev.tablegame import table_record  # noqa: E402

SEEDS = range(1, 21)
TYPICAL_SEEDS = range(21, 101)


def pads(seeds: range) -> list[tuple[int, list[dict[str, int]]]]:
    """(seed, both players' 7WD pads) of each tablegame game of ``seeds`` won on points."""
    names = [f[0] for f in fields("7wd")]
    out = []
    for seed in seeds:
        result = Match(table_record(seed)).result()
        if result["victory"] == "civil":
            out.append((seed, [{k: p["score"][k] for k in names} for p in result["players"]]))
    return out


def typical() -> tuple[int, ...]:
    """Each row's median count (rounded half up) over the games of TYPICAL_SEEDS."""
    both = [pad for _, two in pads(TYPICAL_SEEDS) for pad in two]
    return tuple(int(statistics.median(p[f[0]] for p in both) + 0.5) for f in fields("7wd"))


def presses(record: dict, tmp: Path) -> int:
    with Device(tmp, runtime="cpython") as d:
        d.step(0)
        d.call("simdev.app.settings['players'] = ['Ann', 'Bob']")
        Autoplayer(d).quick(record)
        assert d.view()["screen"] == "sheet"
        return d.last.presses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--typical", action="store_true", help="the pad's starting counts")
    if parser.parse_args().typical:
        names = [f[0] for f in fields("7wd")]
        print(" ".join("%s %d" % pair for pair in zip(names, typical(), strict=True)))
        return
    counts = []
    for seed, two in pads(SEEDS):
        record = {
            "format": 1,
            "game": "7wd",
            "id": "quick-%d" % seed,
            "players": ["Ann", "Bob"],
            "setup": {"score_only": True},
            "events": [["score", p, two[p]] for p in (0, 1)],
        }
        with tempfile.TemporaryDirectory() as tmp:
            n = presses(record, Path(tmp))
        counts.append(n)
        print(f"tablegame seed {seed}: {n} presses")
    print(
        f"{len(counts)} games won on points: median {statistics.median(counts):g}, "
        f"fewest {min(counts)}, most {max(counts)}"
    )


if __name__ == "__main__":
    main()
