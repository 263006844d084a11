"""firmware/sync.py: the lines the PC reads in the raw REPL (protocols 2 and 1)."""

import binascii
import json
import os
import re
import sys
import zlib
from pathlib import Path

import pytest
from fwhelp import machine  # the shims: machine.RTC

from duelcore.record import dumps
from duelkeeper.randomgame import random_record
from duelkeeper.repo import ROOT
from duelkeeper.sim.fill import one_file_each

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
    assert capsys.readouterr().out == "DK 2 %s 2\n" % a[:16]

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

    one_file_each(tmp_path)  # the layout before bundles (test_bundle.py: damage in one)
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


def pulled(out: str) -> list[tuple[str, str, bytes]]:
    """pull()'s lines: (verb, id, the base64 decoded or the reason as bytes)."""
    lines = out.splitlines()
    rows = []
    for line in lines:
        verb, gid, rest = (line.split(" ", 2) + [""])[:3]
        rows.append((verb, gid, binascii.a2b_base64(rest) if verb == "G" else rest.encode()))
    return rows


def test_pull_serves_the_archive_files_in_batches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = Storage(str(tmp_path))
    ids = [finished(s, seed)[0] for seed in (1, 2, 3)]
    one_file_each(tmp_path)  # the layout before bundles still syncs
    files = {gid: (tmp_path / "games" / (gid + ".dk")).read_bytes() for gid in ids}
    capsys.readouterr()
    sync.pull("", 2, str(tmp_path))
    assert pulled(capsys.readouterr().out) == [
        ("G", ids[0], files[ids[0]]),
        ("G", ids[1], files[ids[1]]),
        ("END", "2", b"1"),
    ]
    sync.pull(ids[1], 2, str(tmp_path))  # the next batch starts after the last id
    assert pulled(capsys.readouterr().out) == [("G", ids[2], files[ids[2]]), ("END", "1", b"0")]
    path = tmp_path / "games" / (ids[1] + ".dk")
    path.write_bytes(files[ids[1]][:-1] + bytes([files[ids[1]][-1] ^ 1]))
    sync.pull(ids[0], 1, str(tmp_path))
    assert capsys.readouterr().out == "BAD %s game %s fails its checksum\nEND 1 1\n" % (
        ids[1],
        ids[1],
    )


def test_acks_mark_what_they_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = Storage(str(tmp_path))
    ids = [finished(s, seed)[0] for seed in (1, 2, 3)]
    capsys.readouterr()
    told = "0/%s %d/3 0/nope-000001" % (ids[0], len(ids[0]) - 1)  # ids[0], ids[2], a stranger
    sync.acks(told, str(tmp_path))
    named = " ".join([ids[0], ids[2], "nope-000001"]).encode()
    assert capsys.readouterr().out == "ACKS 3 %08x\n" % zlib.crc32(named)
    assert s.unsynced() == [ids[1]] and s.synced() == [ids[0], ids[2]]


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5, 222])
def test_base64_is_binascii_s(n: int) -> None:
    data = os.urandom(n)
    want = binascii.b2a_base64(data, newline=False)
    assert bytes(sync.base64(data)) == want  # binascii's own here: CPython's is C
    assert bytes(sync.base64_soft(data)) == want


def test_clock_sets_the_rtc(capsys: pytest.CaptureFixture[str]) -> None:
    sync.clock(2026, 12, 3, 20, 15, 7)
    assert capsys.readouterr().out == "CLOCK 2026-12-03T20:15:07\n"
    assert machine.RTC().datetime()[:7] == (2026, 12, 3, 3, 20, 15, 7)  # a Thursday
    machine.power_on()


def test_only_files_the_device_could_write_are_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = Storage(str(tmp_path))
    a, _ = finished(s, 1)
    one_file_each(tmp_path)
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
