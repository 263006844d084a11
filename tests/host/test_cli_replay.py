"""`duelkeeper replay`, run as the installed command: results on stdout, one-line errors."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from vectorset import mismatches, vectors

COMMAND = str(Path(sys.executable).with_name("duelkeeper"))


def replay(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([COMMAND, "replay", *args], input=stdin, capture_output=True, text=True)


def assert_refused(proc: subprocess.CompletedProcess[str], *words: str) -> None:
    """Exit 2, nothing on stdout, exactly one line on stderr holding ``words``."""
    assert proc.returncode == 2, proc
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.splitlines()) == 1, proc.stderr
    for word in words:
        assert word in proc.stderr


def _first(key: str) -> dict[str, Any]:
    found = [v.data for v in vectors() if key in v.data]
    if not found:
        pytest.skip(f"no vector with {key!r} (../shared absent and none in tests/vectors)")
    return found[0]


def test_good_record_from_file(tmp_path: Path) -> None:
    vector = _first("expect")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(vector))
    proc = replay(str(path))
    assert proc.returncode == 0, proc.stderr
    assert not mismatches(vector["expect"], json.loads(proc.stdout))


def test_good_record_from_stdin() -> None:
    vector = _first("expect")
    proc = replay("-", stdin=json.dumps(vector))
    assert proc.returncode == 0, proc.stderr
    assert not mismatches(vector["expect"], json.loads(proc.stdout))


def test_illegal_event_names_index_and_event() -> None:
    vector = _first("expect_error")
    index = vector["expect_error"]["event"]
    proc = replay("-", stdin=json.dumps(vector))
    assert_refused(proc, f"event {index} ", json.dumps(vector["events"][index]))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('{"format": 1, "game": ', "not JSON"),
        ("[1, 2]", "a record is a JSON object"),
        ('{"format": 2, "game": "7wd"}', "format 2"),
    ],
    ids=["malformed-json", "not-a-record", "format-2"],
)
def test_not_a_record(text: str, reason: str) -> None:
    assert_refused(replay("-", stdin=text), reason)


def test_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    assert_refused(replay(str(missing)), str(missing), "No such file")
