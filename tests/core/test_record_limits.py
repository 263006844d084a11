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
    return "player %d's name must be text of at most 24 printable characters" % p


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
]

ACCEPTED: list[tuple[str, dict[str, Any]]] = [
    ("the device's id", record()),
    ("id of 64 characters", record(id="a" * 64)),
    ("id with dots inside", record(id="own-7wd.v2_x")),
    ("names of 24 characters, not ASCII", record(players=["Ä" * 24, "アン・ボブ"])),
    ("names with spaces and punctuation", record(players=["Ann (host)", "Bob & co."])),
    ("an empty name", record(players=["", "Bob"])),
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
