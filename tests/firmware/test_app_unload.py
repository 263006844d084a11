"""The choice of players and the setup are unloaded when a game starts (App.track,
app.forget: their heap collected, docs/benchmarks.md), and load again for the next game."""

from pathlib import Path

import apphelp
import pytest
from fwhelp import framebuf  # noqa: F401  (installs the shims: firmware imports them)

from duelkeeper.sim.device import Device
from duelkeeper_dev.autoplay import Autoplayer

SETUP = ("players", "names", "letters", "setup", "seats")


def _loaded(d: Device) -> list:
    code = (
        "import sys, json\n_value = json.dumps(sorted(n[n.rfind('.') + 1 :] for n in sys.modules"
        " if n in ('firmware.seats',) or n.startswith('firmware.screens.')))"
    )
    return [n for n in d.call(code).value if n in SETUP]


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_the_setup_is_unloaded_when_the_game_starts(tmp_path: Path, runtime: str) -> None:
    with apphelp.device(tmp_path, runtime) as d:
        ap = Autoplayer(d)
        ap.press("a")  # 7 Wonders Duel
        first = d.view()
        assert first["screen"] == "players" and _loaded(d) == sorted(SETUP)
        ap.press("a")  # Start the game
        for _ in range(20):
            if d.view()["screen"] == "sevenwonders.track":
                break
            ap.press("a")
        assert d.view()["screen"] == "sevenwonders.track" and d.last.events == 0
        assert _loaded(d) == []
