"""A game's helper modules (its package's HELPERS: legal events, the event codec, the
result, queries) and the firmware's words of moments (notices, an Antike choice's
labels, Splendor Duel's toldsd) hold no heap between the moments that need them, and the
game they serve plays on as if they had stayed (docs/rp2.md, "Found on the real port").

On the MicroPython VM, the runtime whose heap it is about.
"""

from pathlib import Path
from typing import Any

import apphelp

import duelcore
from duelkeeper.sim.device import Device
from duelkeeper.sim.tablegame import antike_record, splendor_record, table_record

# The firmware's words of moments: a notice's, an Antike choice's labels (with the turn
# menu's module), Splendor Duel's (toldsd).
MOMENTS = ["firmware.notices", "firmware.screens.turnad", "firmware.screens.toldsd"]


def value(d: Device, expr: str) -> Any:
    return d.call("import json, sys\nMOMENTS = %r\n_value = json.dumps(%s)" % (MOMENTS, expr)).value


def loaded(d: Device, package: str) -> list[str]:
    """The package's helpers in sys.modules."""
    return value(
        d,
        "sorted(h for h in __import__(%r, None, None, ('HELPERS',)).HELPERS "
        "if %r + '.' + h in sys.modules)" % (package, package),
    )


def play_through(d: Device, record: dict, package: str) -> None:
    """Play the record's events by the app, checking after each that no helper stayed."""
    d.call("simdev.app.new_game(%r, %r, %r)" % (record["game"], record["players"], record["setup"]))
    for k, event in enumerate(record["events"]):
        assert value(d, "simdev.app.play(%r)" % (event,)) is True, (k, event)
        assert loaded(d, package) == [], (k, event)
        assert value(d, "[m for m in MOMENTS if m in sys.modules]") == [], (k, event)
    got = value(d, "simdev.app.match.result()")
    want = duelcore.replay(record)
    got.pop("id"), want.pop("id")  # the device names its own games
    assert got == want, "the game went astray"


def test_antike_plays_on_with_its_helpers_unloaded_after_each_event(tmp_path: Path) -> None:
    record = antike_record(1, events=40)
    with apphelp.device(tmp_path, runtime="micropython") as d:
        play_through(d, record, "duelcore.antike")


def test_7wd_plays_on_with_its_helpers_unloaded_after_each_event(tmp_path: Path) -> None:
    record = table_record(1)
    with apphelp.device(tmp_path, runtime="micropython") as d:
        play_through(d, record, "duelcore.sevenwonders")


def test_splendor_plays_on_with_its_helpers_unloaded_after_each_event(tmp_path: Path) -> None:
    record = splendor_record(2)
    with apphelp.device(tmp_path, runtime="micropython") as d:
        play_through(d, record, "duelcore.splendor")


def test_a_picker_built_leaves_the_legal_events_module_unloaded(tmp_path: Path) -> None:
    record = splendor_record(1)
    with apphelp.device(tmp_path, runtime="micropython") as d:
        d.call("simdev.app.new_game('splendor-duel', ['Ann', 'Bob'], %r)" % (record["setup"],))
        d.call(
            "from firmware.screens import tokensd\n"
            "simdev.app.push(tokensd.Screen(simdev.app, 'take'))"
        )
        assert "moves" not in loaded(d, "duelcore.splendor")
        # The picker still knows every legal take: three different gems is one of them.
        assert value(d, "simdev.app.stack[-1]._within(bytearray([1, 1, 1, 0, 0, 0]), True)")
        assert not value(d, "simdev.app.stack[-1]._within(bytearray([4, 0, 0, 0, 0, 0]))")
