"""Three-button boards (pico_inky_pack): the hints tell the truth there. A tap of A or C
is DOWN or UP and their hold is A or C (firmware/buttons.py), so every screen's hints say
"hold" where five buttons say A or C; on the tracking screen a tap of A or C opens the
turn's list and moves in it at once, as UP/DOWN do on five."""

from pathlib import Path

import apphelp
import pytest

from duelkeeper.sim.device import Device
from duelkeeper_dev.autoplay import Autoplayer
from duelkeeper_dev.tablegame import table_record


def _hints(d: Device) -> str:
    value: str = d.call("import json\n_value = json.dumps(simdev.app.stack[-1].hints)").value
    return value


@pytest.mark.parametrize("buttons", ["abc", "abcud"])
def test_hints_per_board(tmp_path: Path, buttons: str) -> None:
    record = table_record(0)
    record["events"] = record["events"][:3]
    apphelp.autoplay(record, tmp_path, finish=False, buttons=buttons)
    three = buttons == "abc"
    with apphelp.device(tmp_path, buttons=buttons) as d:
        ap = Autoplayer(d)
        assert d.view()["screen"] == "sevenwonders.track"
        assert _hints(d) == (
            "A/C play  B undo  hold C more" if three else "A/UP/DOWN play B undo C more"
        )
        ap.press("down")  # a tap of A on three buttons
        v = d.view()
        assert v["screen"] == "sevenwonders.pick"
        assert v["i"] == 1  # opened and moved at once, on three buttons as on five
        assert _hints(d) == (
            "hold A build  hold C more  B back" if three else "A build  C more  B back"
        )
        ap.press("b")
        ap.press("c")  # the C menu (a hold of C on three buttons)
        assert d.view()["screen"] == "more"
        assert _hints(d) == ("hold A ok  B back" if three else "A ok  B back")
