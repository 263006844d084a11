"""The record's limits (docs/record-limits.md): ids a file name can hold, names a screen
can show. Each case is issue 10's own input; every one is refused with the same line by
duelcore.record.validate under CPython and under MicroPython (the VM, from the sources)."""

import json
from pathlib import Path
from typing import Any

import pytest

from duelcore import RecordError
from duelcore.record import validate
from duelkeeper import mpvm
from duelkeeper.repo import CORE

ID_WHY = "'id' must be 1 to 64 letters, digits, '-', '_' or '.', not starting with '.'"


def name_why(p: int) -> str:
    return (
        "player %d's name must be at most 24 characters, each one a screen shows, "
        "no spaces around" % p
    )


EVENTS_WHY = "4001 events: a game holds at most 4000 (docs/record-limits.md)"


def record(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "format": 1,
        "game": "7wd",
        "id": "e6614103-000042",
        "players": ["Ann", "Bob"],
        "setup": {"first": 0, "wonders": "first-game"},
        "events": [],
    }
    base.update(changes)
    return base


REFUSED: list[tuple[str, dict[str, Any], str]] = [
    ("id of 100,000 characters", record(id="a" * 100_000), ID_WHY),
    ("id of 65 characters", record(id="a" * (64 + 1)), ID_WHY),
    ("id with a newline", record(id="e66-1\nGAME x"), ID_WHY),
    ("id ../../etc/passwd", record(id="../../etc/passwd"), ID_WHY),
    ("id a hidden file", record(id=".x"), ID_WHY),
    ("id with a space", record(id="a b"), ID_WHY),
    ("id with a back slash", record(id="a\\b"), ID_WHY),
    ("id not ASCII", record(id="ゲーム1"), ID_WHY),
    ("id empty", record(id=""), ID_WHY),
    ("id a number", record(id=42), ID_WHY),
    ("name with a terminal escape", record(players=["\x1b[2J\x1b[31mAnn", "Bob"]), name_why(0)),
    ("name with a newline", record(players=["Ann", "Bob\nEve"]), name_why(1)),
    ("name with a carriage return", record(players=["Ann\rX", "Bob"]), name_why(0)),
    ("name with DEL", record(players=["Ann\x7f", "Bob"]), name_why(0)),
    ("name with a C1 CSI", record(players=["Ann\x9b2J", "Bob"]), name_why(0)),
    ("name with a line separator", record(players=["Ann", "B\u2028b"]), name_why(1)),
    ("name with a bidi override", record(players=["\u202eAnn", "Bob"]), name_why(0)),
    ("name of a million characters", record(players=["A" * 1_000_000, "Bob"]), name_why(0)),
    ("name of 25 characters", record(players=["Ann", "B" * (24 + 1)]), name_why(1)),
    ("name not text", record(players=[None, "Bob"]), name_why(0)),
    # issue 25: what shows as nothing, or as something else, or overwrites the lines around
    ("name with an Arabic letter mark", record(players=["A\u061cnn", "Bob"]), name_why(0)),
    ("name with a right-to-left mark", record(players=["Ann\u200f", "Bob"]), name_why(0)),
    ("name with a zero-width space", record(players=["Ann", "B\u200bob"]), name_why(1)),
    ("name with a byte order mark", record(players=["\ufeffAnn", "Bob"]), name_why(0)),
    ("name with a zero-width joiner", record(players=["An\u200dn", "Bob"]), name_why(0)),
    ("name with tag characters", record(players=["Ann\U000e0041\U000e007f", "Bob"]), name_why(0)),
    ("name ending in a no-break space", record(players=["Ann\u00a0", "Bob"]), name_why(0)),
    ("name starting with a space", record(players=["Ann", " Bob"]), name_why(1)),
    ("name ending in an ideographic space", record(players=["Ann\u3000", "Bob"]), name_why(0)),
    ("name with 23 combining marks", record(players=["A" + "\u0301" * 23, "Bob"]), name_why(0)),
    ("name with 3 combining marks", record(players=["A\u0301\u0302\u0303", "Bob"]), name_why(0)),
    ("name starting with a combining mark", record(players=["\u0301Ann", "Bob"]), name_why(0)),
    ("name with private use", record(players=["Ann\ue000", "Bob"]), name_why(0)),
    ("name with plane 15 private use", record(players=["Ann\U000f0000", "Bob"]), name_why(0)),
    ("name with U+FFFE", record(players=["Ann\ufffe", "Bob"]), name_why(0)),
    ("name with U+FFFF", record(players=["Ann", "Bob\uffff"]), name_why(1)),
    ("name with U+FDD0", record(players=["Ann\ufdd0", "Bob"]), name_why(0)),
    ("name a Hangul filler", record(players=["\u3164", "Bob"]), name_why(0)),
    (
        "the same name twice",
        record(players=["Ann", "Ann"]),
        "the two players must have different names",
    ),
    ("4,001 events", record(events=[["coins", 0, 1]] * 4001), EVENTS_WHY),
]

ACCEPTED: list[tuple[str, dict[str, Any]]] = [
    ("the device's id", record()),
    ("id of 64 characters", record(id="a" * 64)),
    ("id with dots inside", record(id="own-7wd.v2_x")),
    ("names of 24 characters, not ASCII", record(players=["Ä" * 24, "アン・ボブ"])),
    ("names with spaces and punctuation", record(players=["Ann (host)", "Bob & co."])),
    ("an empty name", record(players=["", "Bob"])),
    ("two empty names", record(players=["", ""])),
    ("two stacked marks (Vietnamese)", record(players=["Vi\u1ec7t", "Vie\u0323\u0302t"])),
    ("an emoji with a variation selector", record(players=["Ann \u2764\ufe0f", "Bob"])),
    ("spaces inside", record(players=["Ann Lee", "Bob\u00a0Ray"])),
    ("4,000 events", record(events=[["coins", 0, 1]] * 4000)),
]


@pytest.mark.parametrize("data,why", [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_refused_with_one_line(data: dict[str, Any], why: str) -> None:
    with pytest.raises(RecordError) as info:
        validate(data)
    assert str(info.value) == why
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("data", [c[1] for c in ACCEPTED], ids=[c[0] for c in ACCEPTED])
def test_accepted(data: dict[str, Any]) -> None:
    assert validate(data) is data


_VM_MAIN = """
import json
from duelcore.record import validate
from duelcore.errors import RecordError
with open("/data/cases.json") as f:
    cases = json.load(f)
for case in cases:
    try:
        validate(case)
        print(json.dumps("ok"))
    except RecordError as e:
        print(json.dumps(str(e)))
"""


def test_the_same_lines_under_micropython(tmp_path: Path) -> None:
    """The device validates with the same core: the same record gets the same answer."""
    cases = [c[1] for c in REFUSED] + [c[1] for c in ACCEPTED]
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    files = {"/lib/duelcore": CORE, "/data/cases.json": tmp_path / "cases.json"}
    got = [json.loads(line) for line in mpvm.run(_VM_MAIN, files).splitlines()]
    assert got == [c[2] for c in REFUSED] + ["ok"] * len(ACCEPTED)
