"""firmware/sync.py: the lines the PC reads in the raw REPL (protocol 1)."""

import json
import re
import sys
import zlib
from pathlib import Path

import pytest

from duelcore.record import dumps
from duelkeeper.randomgame import random_record
from duelkeeper.repo import ROOT

if str(ROOT) not in sys.path:  # the firmware package sits at the top of the checkout
    sys.path.insert(0, str(ROOT))

from firmware import sync  # noqa: E402
from firmware.storage import Storage  # noqa: E402


def finished(s: Storage, seed: int, players: list[str] | None = None) -> tuple[str, dict]:
    record = random_record("7wd", seed)
    del record["id"]
    if players:
        record["players"] = players
    record["meta"] = {"firmware": "0.3.0"}
    gid = s.start(record)
    assert s.finish() == gid
    return gid, record


def parse_rec(out: str) -> dict:
    """What the PC does with get()'s answer: check the frame, then parse."""
    head, body, rest = out.split("\n", 2)
    assert rest == ""
    m = re.fullmatch(r"REC (\d+) ([0-9a-f]{8})", head)
    assert m, head
    data = body.encode()
    assert len(data) == int(m[1]) and "%08x" % zlib.crc32(data) == m[2]
    return json.loads(data)


def test_list_get_ack(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = Storage(str(tmp_path))
    a, ra = finished(s, 1)
    b, rb = finished(s, 2, ["Zoë", "Łukasz"])  # UTF-8: the length counts bytes
    capsys.readouterr()

    sync.info(str(tmp_path))
    assert capsys.readouterr().out == "DK 1 %s 2\n" % a[:16]

    sync.list(str(tmp_path))
    assert capsys.readouterr().out == "GAME %s\nGAME %s\nEND 2\n" % (a, b)

    sync.get(b, str(tmp_path))
    out = capsys.readouterr().out
    assert parse_rec(out) == rb
    assert out.split("\n")[1] == dumps(rb)  # compact and key-sorted: byte-stable

    sync.ack(a, str(tmp_path))
    assert capsys.readouterr().out == "ACK %s\n" % a
    sync.ack(a, str(tmp_path))  # the PC may repeat an ack whose answer it lost
    assert capsys.readouterr().out == "ACK %s\n" % a
    sync.list(str(tmp_path))
    assert capsys.readouterr().out == "GAME %s\nEND 1\n" % b
    sync.get(a, str(tmp_path))  # still served until space is needed
    assert parse_rec(capsys.readouterr().out) == ra


def test_unknown_and_damaged_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = Storage(str(tmp_path))
    gid, _ = finished(s, 3)
    capsys.readouterr()
    sync.get("nope-000001", str(tmp_path))
    sync.ack("nope-000001", str(tmp_path))
    sync.get("../../etc/passwd", str(tmp_path))
    assert capsys.readouterr().out == "NONE nope-000001\n" * 2 + "NONE ../../etc/passwd\n"

    path = tmp_path / "games" / (gid + ".dk")
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x10
    path.write_bytes(bytes(data))
    sync.get(gid, str(tmp_path))
    out = capsys.readouterr().out
    assert out == "BAD %s game %s fails its checksum\n" % (gid, gid)  # one line, no record
    sync.list(str(tmp_path))  # still listed: the PC reports it, the device keeps it
    assert capsys.readouterr().out == "GAME %s\nEND 1\n" % gid


def test_default_root(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    monkey_root = sync.ROOT
    sync.ROOT = str(tmp_path)  # what the simulator does at start-up
    try:
        sync.list()
    finally:
        sync.ROOT = monkey_root
    assert capsys.readouterr().out == "END 0\n"


def test_only_files_the_device_could_write_are_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = Storage(str(tmp_path))
    a, _ = finished(s, 1)
    games = tmp_path / "games"
    good = (games / (a + ".dk")).read_bytes()
    (games / ("x" * 77 + ".dk")).write_bytes(good)  # an 80-character name: no id of ours
    (games / (a[:-1] + "9.dk")).mkdir()  # a folder named like a game
    (games / ".hidden.dk").write_bytes(good)
    (games / "notes.txt").write_bytes(b"hello")
    capsys.readouterr()
    sync.list(str(tmp_path))
    assert capsys.readouterr().out == "GAME %s\nEND 1\n" % a
    sync.info(str(tmp_path))
    assert capsys.readouterr().out.endswith(" 1\n")


def test_a_damaged_game_is_copied_raw_then_set_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = Storage(str(tmp_path))
    a, _ = finished(s, 1)
    b, _ = finished(s, 2)
    junk = b[:-6] + "999999"
    (tmp_path / "games" / (junk + ".dk")).write_bytes(b"\x00\x01\x02\x03\x04")  # 5 bytes
    capsys.readouterr()
    sync.get(junk, str(tmp_path))
    assert capsys.readouterr().out == "BAD %s game %s fails its checksum\n" % (junk, junk)
    sync.raw(junk, str(tmp_path))
    assert capsys.readouterr().out == "RAW 5 %08x\n0001020304\n" % zlib.crc32(b"\0\1\2\3\4")
    sync.aside(junk, str(tmp_path))
    assert capsys.readouterr().out == "ASIDE %s\n" % junk
    assert (tmp_path / "games" / (junk + ".bad")).read_bytes() == b"\0\1\2\3\4"
    sync.list(str(tmp_path))
    assert capsys.readouterr().out == "GAME %s\nGAME %s\nEND 2\n" % (a, b)
    for call in (sync.raw, sync.aside):
        call(junk, str(tmp_path))  # no longer a game
        assert capsys.readouterr().out == "NONE %s\n" % junk
    sync.raw("../../settings", str(tmp_path))
    assert capsys.readouterr().out == "NONE ../../settings\n"
