"""A game's refusal reasons hold no heap on the device while it is played.

They are loaded only to word a refusal (duelcore.errors.refusal), and the app unloads
them once the notice has the text (docs/rp2.md, "Figures"). On the MicroPython VM.
"""

from pathlib import Path
from typing import Any

import apphelp

from duelkeeper.sim.device import Device

SETUP = {
    "first": 0,
    "wonders": "first-game",
    "progress": ["agriculture", "architecture", "economy", "law", "masonry"],
}
LOADED = "sorted(m for m in sys.modules if m.endswith('.why'))"


def value(d: Device, expr: str) -> Any:
    return d.call("import json, sys\n_value = json.dumps(%s)" % expr).value


def test_a_refusal_shown_leaves_no_reasons_loaded(tmp_path: Path) -> None:
    with apphelp.device(tmp_path, runtime="micropython") as d:
        d.call("simdev.app.new_game('7wd', ['Ann', 'Bob'], %r)" % (SETUP,))
        assert value(d, "simdev.app.match is not None") is True
        assert value(d, LOADED) == []
        assert value(d, "simdev.app.play(['build', 0, 'no-such-card'])") is False
        assert value(d, "simdev.app.notice") == "no card named no-such-card"
        assert value(d, LOADED) == []
