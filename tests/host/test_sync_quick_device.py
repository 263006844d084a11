"""A quick score entered with the device's buttons (firmware/screens/quick.py) syncs
into the play log like any game, marked as a quick score, with the core's winner."""

from pathlib import Path

from ptyhelp import device, unsynced

from duelkeeper import sync
from duelkeeper.log import Log
from duelkeeper.sim.device import Device
from duelkeeper_dev.autoplay import Autoplayer

PADS = [
    {"civilian": 12, "science": 3, "commercial": 6, "guilds": 4, "wonders": 9,
     "progress": 0, "coins": 5, "military": 0},
    {"civilian": 15, "science": 2, "commercial": 3, "guilds": 0, "wonders": 12,
     "progress": 4, "coins": 3, "military": 5},
]  # fmt: skip


def test_a_quick_score_entered_with_the_buttons_syncs(tmp_path: Path) -> None:
    flash = tmp_path / "flash"
    record = {
        "format": 1,
        "game": "7wd",
        "players": ["Ann", "Bob"],
        "setup": {"score_only": True},
        "events": [["score", p, PADS[p]] for p in (0, 1)],
    }
    with Device(flash, runtime="cpython") as d:
        d.step(0)
        ap = Autoplayer(d)
        ap.quick(record)
        ap.press("a")  # the score sheet's A files it
        assert d.view()["screen"] == "games"
    (gid,) = unsynced(flash)
    db = tmp_path / "log.sqlite3"
    with device(flash) as served:
        outcome = sync.run(served.path, db)
    assert (outcome.new, outcome.problems) == (1, [])
    with Log.open(db) as log:
        game = log.get(gid)
        assert (game.winner, game.victory, game.totals, game.quick) == (1, "civil", (39, 44), 1)
        assert game.record["setup"] == {"score_only": True}
        assert game.record["events"] == record["events"]
