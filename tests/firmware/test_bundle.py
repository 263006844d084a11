"""firmware/bundle.py: finished games many to a file, what a power cut or damage leaves of
a bundle, and sync's view of them (firmware/sync.py)."""

import binascii
import os
import sys
import zlib
from pathlib import Path

import fwhelp  # noqa: F401  (the MicroPython shims: storage imports lang, which draws)
import pytest

from duelcore import pack
from duelcore.engine import game_class
from duelkeeper.randomgame import random_record
from duelkeeper.repo import ROOT

if str(ROOT) not in sys.path:  # the firmware package sits at the top of the checkout
    sys.path.insert(0, str(ROOT))

from firmware import archive, bundle, sync  # noqa: E402
from firmware.storage import Storage  # noqa: E402


def played(s: Storage, seed: int, game: str = "7wd") -> tuple[str, dict]:
    """A whole game journalled, not finished: its id and record."""
    record = random_record(game, seed)
    del record["id"]
    events = record.pop("events")
    gid = s.start(dict(record, events=[]))
    codec = game_class(game)(record["setup"])  # as the app hands its Match's game
    for event in events:
        s.append(event, codec)
    done = s.resume()[0]
    assert done is not None
    return gid, done


def finished(s: Storage, seed: int, game: str = "7wd") -> str:
    gid = played(s, seed, game)[0]
    assert s.finish() == gid
    return gid


def games(root: Path) -> list[str]:
    return sorted(os.listdir(root / "games"))


def test_games_go_to_bundles_in_turn(tmp_path: Path) -> None:
    s = Storage(str(tmp_path))
    ids = [
        finished(s, seed, ("7wd", "splendor-duel", "antike-duellum")[seed % 3])
        for seed in range(60)
    ]
    assert s.unsynced() == ids and s.waiting() == 60
    sizes = [(tmp_path / "games" / ("%06d.dkb" % k)).stat().st_size for k in bundle.names(s.dir)]
    assert len(sizes) > 1 and max(sizes) <= bundle.BUNDLE_BYTES
    assert all(size > bundle.BUNDLE_BYTES - 2500 for size in sizes[:-1])  # filled
    for seed, gid in enumerate(ids):
        record = s.read(gid)
        assert (
            record is not None
            and record["events"]
            == random_record(("7wd", "splendor-duel", "antike-duellum")[seed % 3], seed)["events"]
        )


def test_acks_write_each_bundle_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = Storage(str(tmp_path))
    monkeypatch.setattr(bundle, "BUNDLE_BYTES", 700)  # a few games a bundle
    ids = [finished(s, seed) for seed in range(7)]
    holding = {item[1] for item in bundle.items(s.dir) if item[0] in ids[:5]}
    assert len(bundle.names(s.dir)) > len(holding) > 1
    marked: list[str] = []
    real = bundle.mark

    def mark(p: str, offsets: list[int]) -> None:
        marked.append(p)
        real(p, offsets)

    monkeypatch.setattr(bundle, "mark", mark)
    assert archive.acks(s, ids[:5] + ["nope"]) == 5
    assert sorted(marked) == sorted(holding)  # one write a bundle
    assert s.unsynced() == ids[5:] and s.synced() == ids[:5]
    marked.clear()
    assert archive.acks(s, ids[:5]) == 5  # twice: harmless, nothing written
    assert s.synced() == ids[:5] and marked == []


def test_a_frame_cut_short_is_cut_off_while_its_game_is_in_the_journal(tmp_path: Path) -> None:
    s = Storage(str(tmp_path))
    first = finished(s, 1)
    path = tmp_path / "games" / "000001.dkb"
    whole = path.read_bytes()
    gid, done = played(s, 2)
    frame = bundle.frame(gid, pack.pack_record(done))
    for cut in (1, 2, 5, len(frame) - 1):  # what a torn write leaves
        path.write_bytes(whole + frame[:cut])
        s = Storage(str(tmp_path))
        assert path.read_bytes() == whole, cut
        assert s.resume()[0] == done and s.unsynced() == [first]
    # Another game's bytes there are damage, not a cut: kept for sync to copy.
    other = bundle.frame(first[:-1] + "9", pack.pack_record(done))
    path.write_bytes(whole + other[:30])
    s = Storage(str(tmp_path))
    assert path.read_bytes() == whole + other[:30]
    assert [g for g in s.unsynced() if g.endswith(".damaged")] == ["000001.%d.damaged" % len(whole)]


def test_a_game_whole_in_its_bundle_is_no_longer_in_progress(tmp_path: Path) -> None:
    """finish() cut after the append, before the journal's removal: the boot removes it."""
    s = Storage(str(tmp_path))
    gid, done = played(s, 3)
    bundle.append(s.dir, bundle.frame(gid, pack.pack_record(done)))
    s = Storage(str(tmp_path))
    assert s.resume() == (None, None) and s.unsynced() == [gid] and s.read(gid) == done
    assert "journal.dj" not in games(tmp_path)


def test_boot_tidies_acks_and_temporary_files(tmp_path: Path) -> None:
    s = Storage(str(tmp_path))
    gid = finished(s, 4)
    assert s.ack(gid)
    folder = tmp_path / "games"
    (folder / "000001.dka").rename(folder / "000001.dka.tmp")  # cut inside flash.replace
    (folder / "000007.dka").write_bytes(b"\0\0")  # its bundle removed
    Storage(str(tmp_path))
    assert "000001.dka" in games(tmp_path) and "000007.dka" not in games(tmp_path)
    assert Storage(str(tmp_path)).synced() == [gid]


def test_a_game_too_long_for_a_frame_keeps_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = Storage(str(tmp_path))
    monkeypatch.setattr(bundle, "FRAME_MAX", 100)  # every game too long
    gid = finished(s, 5)
    assert gid + ".dk" in games(tmp_path) and bundle.names(s.dir) == []
    record = s.read(gid)
    assert s.unsynced() == [gid] and record is not None
    assert record["events"] == random_record("7wd", 5)["events"]


def test_sync_copies_damage_raw_and_sets_it_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = Storage(str(tmp_path))
    ids = [finished(s, seed) for seed in range(3)]
    path = tmp_path / "games" / "000001.dkb"
    data = bytearray(path.read_bytes())
    at = data.index(ids[1].encode())
    data[at - 2] ^= 0x80  # the length's high byte: the frame is found no more
    data[at + 40] ^= 1
    path.write_bytes(bytes(data))
    root = str(tmp_path)
    capsys.readouterr()
    sync.pull("", 64, root)
    lines = capsys.readouterr().out.splitlines()
    damaged = "000001.%d.damaged" % (at - 3)
    assert lines[0].startswith("BAD %s " % damaged) and "no whole game" in lines[0]
    assert [line.split()[1] for line in lines[1:3]] == [ids[0], ids[2]]
    assert lines[3] == "END 3 0"
    sync.raw(damaged, root)
    head, text = capsys.readouterr().out.splitlines()
    copy = binascii.unhexlify(text)
    start = at - 3
    end = data.index(ids[2].encode()) - 3
    assert copy == bytes(data[start:end])
    assert head == "RAW %d %08x" % (len(copy), zlib.crc32(copy))
    sync.aside(damaged, root)
    assert capsys.readouterr().out == "ASIDE %s\n" % damaged
    sync.aside(damaged, root)
    assert capsys.readouterr().out == "NONE %s\n" % damaged
    sync.acks("0/%s 17/%s" % (ids[0], ids[2][17:]), root)
    capsys.readouterr()
    sync.info(root)
    assert capsys.readouterr().out.split()[-1] == "0"


def test_a_frame_failing_its_check_is_served_bad_and_copied_as_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = Storage(str(tmp_path))
    a, b = finished(s, 1), finished(s, 2)
    path = tmp_path / "games" / "000001.dkb"
    data = bytearray(path.read_bytes())
    data[-10] ^= 4  # in b's events
    path.write_bytes(bytes(data))
    root = str(tmp_path)
    capsys.readouterr()
    sync.pull("", 64, root)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("G %s " % a) and lines[1] == "BAD %s game %s fails its checksum" % (
        b,
        b,
    )
    sync.raw(b, root)
    copy = binascii.unhexlify(capsys.readouterr().out.splitlines()[1])
    assert copy == bytes(data[data.index(b.encode()) + len(b) :])  # the record and its CRC
    from duelkeeper import packed

    record, why = packed.salvage(copy)
    assert record["id"] == b and why is not None and "fails its CRC-32" in why
