"""A game set up through the menus loads its own rules core and no other.

Each core is heap on the device (duelcore.sevenwonders alone about 17 KB): the setup
screen, which serves every game, once imported 7 Wonders Duel's tables at its own
import, so every Splendor Duel and Antike Duellum game carried the 7WD core (found with
bench_rp2 on the real port, docs/rp2.md). On the MicroPython VM, as on the device.
"""

from pathlib import Path
from typing import Any

import apphelp
import pytest

from duelkeeper.sim.autoplay import Autoplayer
from duelkeeper.sim.tablegame import antike_record, splendor_record

CORES = {"7wd": "sevenwonders", "splendor-duel": "splendor", "antike-duellum": "antike"}


@pytest.mark.parametrize(
    "record",
    [splendor_record(1), antike_record(1, events=6)],
    ids=["splendor-duel", "antike-duellum"],
)
def test_only_the_games_own_core_is_loaded(tmp_path: Path, record: dict[str, Any]) -> None:
    record["events"] = record["events"][:6]
    with apphelp.device(tmp_path, runtime="micropython") as d:
        Autoplayer(d).play(record)
        assert d.last.events == 6
        code = "import json, sys\n_value = json.dumps(sorted(sys.modules))"
        loaded: list[str] = d.call(code).value
    cores = {m.split(".")[1] for m in loaded if m.startswith("duelcore.")}
    assert CORES[record["game"]] in cores
    assert not cores & (set(CORES.values()) - {CORES[record["game"]]}), sorted(cores)
