"""firmware/storage/bundle.py: finished games many to a file, what a power cut or damage leaves of
a bundle, and sync's view of them (firmware/sync.py)."""

import binascii
import os
import sys
import zlib
from pathlib import Path

import pytest
from fwhelp import booted  # (and the MicroPython shims: storage imports lang, which draws)

from duelcore import pack
from duelcore.engine import game_class
from duelkeeper.randomgame import random_record
from duelkeeper.repo import ROOT

if str(ROOT) not in sys.path:  # the firmware package sits at the top of the checkout
    sys.path.insert(0, str(ROOT))

from firmware import sync  # noqa: E402
from firmware.storage import Storage, bundle  # noqa: E402


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
    s = booted(tmp_path)
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
    s = booted(tmp_path)
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
    assert s.acks(ids[:5] + ["nope"]) == 5
    assert sorted(marked) == sorted(holding)  # one write a bundle
    assert s.unsynced() == ids[5:] and s.synced() == ids[:5]
    marked.clear()
    assert s.acks(ids[:5]) == 5  # twice: harmless, nothing written
    assert s.synced() == ids[:5] and marked == []


def test_a_frame_cut_short_is_cut_off_while_its_game_is_in_the_journal(tmp_path: Path) -> None:
    s = booted(tmp_path)
    first = finished(s, 1)
    path = tmp_path / "games" / "000001.dkb"
    whole = path.read_bytes()
    gid, done = played(s, 2)
    frame = bundle.frame(gid, pack.pack_record(done))
    for cut in (1, 2, 5, len(frame) - 1):  # what a torn write leaves
        path.write_bytes(whole + frame[:cut])
        s = booted(tmp_path)
        assert path.read_bytes() == whole, cut
        assert s.resume()[0] == done and s.unsynced() == [first]
    # Another game's bytes there are damage, not a cut: kept for sync to copy.
    other = bundle.frame(first[:-1] + "9", pack.pack_record(done))
    path.write_bytes(whole + other[:30])
    s = booted(tmp_path)
    assert path.read_bytes() == whole + other[:30]
    assert [g for g in s.unsynced() if g.endswith(".damaged")] == ["000001.%d.damaged" % len(whole)]


def test_a_game_whole_in_its_bundle_is_no_longer_in_progress(tmp_path: Path) -> None:
    """finish() cut after the append, before the journal's removal: the boot removes it."""
    s = booted(tmp_path)
    gid, done = played(s, 3)
    bundle.append(s.dir, bundle.frame(gid, pack.pack_record(done)))
    s = booted(tmp_path)
    assert s.resume() == (None, None) and s.unsynced() == [gid] and s.read(gid) == done
    assert "journal.dj" not in games(tmp_path)


def test_boot_tidies_acks_and_temporary_files(tmp_path: Path) -> None:
    s = booted(tmp_path)
    gid = finished(s, 4)
    assert s.ack(gid)
    folder = tmp_path / "games"
    (folder / "000001.dkc").rename(folder / "000001.dkc.tmp")  # cut inside flash.replace
    (folder / "000007.dkc").write_bytes(b"\0\0")  # its bundle removed
    (folder / "000008.dka").write_bytes(b"\0\0")  # the same, in the format before
    booted(tmp_path)
    assert "000001.dkc" in games(tmp_path)
    assert not {"000007.dkc", "000008.dka", "000001.dkc.tmp"} & set(games(tmp_path))
    assert booted(tmp_path).synced() == [gid]


def test_a_game_too_long_for_a_frame_keeps_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = booted(tmp_path)
    monkeypatch.setattr(bundle, "FRAME_MAX", 100)  # every game too long
    gid = finished(s, 5)
    assert gid + ".dk" in games(tmp_path) and bundle.names(s.dir) == []
    record = s.read(gid)
    assert s.unsynced() == [gid] and record is not None
    assert record["events"] == random_record("7wd", 5)["events"]


def test_sync_copies_damage_raw_and_sets_it_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = booted(tmp_path)
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
    damaged = "000001.%d.damaged" % (at - 5)  # the marker (2), length (2), id length
    assert lines[0].startswith("BAD %s " % damaged) and "no whole game" in lines[0]
    assert [line.split()[1] for line in lines[1:3]] == [ids[0], ids[2]]
    assert lines[3] == "END 3 0"
    sync.raw(damaged, root)
    head, text = capsys.readouterr().out.splitlines()
    copy = binascii.unhexlify(text)
    start = at - 5
    end = data.index(ids[2].encode()) - 5
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
    s = booted(tmp_path)
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
    assert copy == bytes(data[data.index(b.encode()) - 5 :])  # the frame's own bytes
    from duelkeeper import packed

    record, why = packed.salvage(copy)
    assert record["id"] == b and why is not None and "fails its CRC-32" in why


# -- damage costs the frame it hits, never its neighbours (issue 33) ---------------------


def twelve(tmp_path: Path) -> tuple[Storage, list[str], Path, bytearray]:
    s = booted(tmp_path)
    ids = [finished(s, seed) for seed in range(12)]
    path = tmp_path / "games" / "000001.dkb"
    return s, ids, path, bytearray(path.read_bytes())


def served(root: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    """sync.pull's lines: id -> "G" or "BAD"."""
    capsys.readouterr()
    sync.pull("", 64, str(root))
    out = {}
    for line in capsys.readouterr().out.splitlines()[:-1]:
        verb, gid = line.split()[:2]
        out[gid] = verb
    return out


def raw(root: Path, gid: str, capsys: pytest.CaptureFixture[str]) -> bytes:
    capsys.readouterr()
    sync.raw(gid, str(root))
    return binascii.unhexlify(capsys.readouterr().out.splitlines()[1])


def start_of(data: bytearray, gid: str) -> int:
    return data.index(gid.encode()) - 5  # the marker (2), length (2), id length (1)


@pytest.mark.parametrize("change", ["length +16", "length over the next", "id", "header check"])
def test_a_damaged_header_costs_its_own_game_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: str
) -> None:
    from duelkeeper import packed

    s, ids, path, data = twelve(tmp_path)
    at, nxt = start_of(data, ids[4]), start_of(data, ids[5])
    if change == "length +16":
        data[at + 2] = (data[at + 2] + 16) & 0xFF
    elif change == "length over the next":
        n = int.from_bytes(data[at + 2 : at + 4], "little") + start_of(data, ids[6]) - nxt
        data[at + 2 : at + 4] = n.to_bytes(2, "little")
    elif change == "id":  # the id's last digit, 5 to 4: another game's name
        data[at + 4 + len(ids[4])] = ord("4")
    else:
        data[at + 5 + len(ids[4])] ^= 1
    path.write_bytes(bytes(data))
    damaged = "000001.%d.damaged" % at
    got = served(tmp_path, capsys)
    assert got == dict({gid: "G" for gid in ids if gid != ids[4]}, **{damaged: "BAD"})
    copy = raw(tmp_path, damaged, capsys)
    assert copy == bytes(data[at:nxt])  # the frame's own bytes
    record, why = packed.salvage(copy)  # imports whole: its record's CRC-32 holds
    assert record == s.read(ids[3]) or record["id"] == ids[4]
    assert record["events"] == random_record("7wd", 4)["events"] and "record whole" in str(why)


def test_a_damaged_record_is_its_game_named_by_its_checked_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s, ids, path, data = twelve(tmp_path)
    data[start_of(data, ids[5]) - 30] ^= 0x10  # in game 5's record
    path.write_bytes(bytes(data))
    got = served(tmp_path, capsys)
    assert got == dict(dict.fromkeys(ids, "G"), **{ids[4]: "BAD"})


def test_a_cut_tail_is_sealed_and_games_finished_after_it_are_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s, ids, path, data = twelve(tmp_path)
    at = start_of(data, ids[11])
    path.write_bytes(bytes(data[: at + 100]))  # cut 100 bytes into its last frame
    s = booted(tmp_path)  # the boot seals the bundle: the next games go elsewhere
    later = [finished(s, seed) for seed in range(12, 15)]
    assert path.read_bytes() == data[: at + 100]
    assert bundle.names(s.dir) == [1, 2]
    got = served(tmp_path, capsys)
    damaged = "000001.%d.damaged" % at
    assert got == dict(dict.fromkeys(ids[:11] + later, "G"), **{damaged: "BAD"})
    assert s.waiting() == 15


def test_a_frame_written_twice_is_one_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s, ids, path, data = twelve(tmp_path)
    a, b = start_of(data, ids[3]), start_of(data, ids[4])
    twice = data[:b] + data[a:b] + data[b:]
    path.write_bytes(bytes(twice))
    assert s.waiting() == 12 and s.unsynced() == ids
    assert served(tmp_path, capsys) == dict.fromkeys(ids, "G")
    assert s.acks(ids) == 12 and s.waiting() == 0
    twice[b - 10] ^= 1  # the first copy's record damaged: the second is served
    path.write_bytes(bytes(twice))
    (tmp_path / "games" / "000001.dkc").unlink()
    assert served(tmp_path, capsys) == dict.fromkeys(ids, "G")


def old_frame(gid: str, packed_record: bytes) -> bytes:
    """A frame of the format before: length | id length | id | record | CRC-32 of all."""
    body = bytes([len(gid)]) + gid.encode() + packed_record
    out = len(body).to_bytes(2, "little") + body
    return out + zlib.crc32(out).to_bytes(4, "little")


def test_bundles_of_the_format_before_are_read_and_sealed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A board in the field holds bundles whose frames have no marker: read still, each
    frame checked whole, damage found past; its last bundle takes no new frame."""
    s = booted(tmp_path)
    records = [random_record("7wd", seed) for seed in range(6)]
    frames = [old_frame(r["id"], bytes(pack.pack_record(r))) for r in records]
    ids = [r["id"] for r in records]
    data = bytearray(b"".join(frames))
    hit = sum(len(f) for f in frames[:2])
    data[hit] ^= 0x40  # game 2's length
    folder = tmp_path / "games"
    (folder / "000001.dkb").write_bytes(bytes(data))
    (folder / "000001.dka").write_bytes((0).to_bytes(2, "little"))  # game 0 acknowledged
    s = booted(tmp_path)  # the boot writes the acks checked, as .dkc
    assert not (folder / "000001.dka").exists()
    assert (folder / "000001.dkc").read_bytes()[:2] == b"\0\0"
    assert s.synced() == [ids[0]] and s.waiting() == 5
    got = served(tmp_path, capsys)
    want = {gid: "G" for gid in ids[1:] if gid != ids[2]}
    assert got == dict(want, **{"000001.%d.damaged" % hit: "BAD"})
    for gid in ids[1:] + [ids[0]]:
        if gid != ids[2]:
            assert s.read(gid) == records[ids.index(gid)]
    new = finished(s, 7)
    assert bundle.names(s.dir) == [1, 2] and s.read(new) is not None
    assert s.acks([ids[1]]) == 1
    assert s.synced() == sorted([ids[0], ids[1]])


def test_acks_are_checked_and_bounded(tmp_path: Path) -> None:
    s, ids, path, data = twelve(tmp_path)
    assert s.acks(ids[:3]) == 3 and s.waiting() == 9
    dka = tmp_path / "games" / "000001.dkc"
    good = dka.read_bytes()
    assert len(good) == 3 * 2 + 4
    wrong = bytearray(good)
    wrong[4:6] = start_of(data, ids[7]).to_bytes(2, "little")  # an unsynced frame's offset
    dka.write_bytes(bytes(wrong))
    assert s.waiting() == 12  # the acks fail their check: served again, never lost
    dka.write_bytes(good + b"\0" * 5000)
    assert s.waiting() == 12  # longer than any bundle's acks: not ours
    dka.write_bytes(good)
    assert s.waiting() == 9


def test_folders_named_like_its_files_are_ignored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s, ids, path, data = twelve(tmp_path)
    folder = tmp_path / "games"
    (folder / "000002.dkb").mkdir()
    (folder / "000002.dkb" / "x").write_bytes(b"x")
    assert s.waiting() == 12 and served(tmp_path, capsys) == dict.fromkeys(ids, "G")
    gid = finished(s, 20)
    assert s.read(gid) is not None and bundle.names(s.dir) in ([1, 2], [1, 2, 3])
    (folder / "000001.dkc").mkdir()
    booted(tmp_path)
    assert s.acks(ids) == 12  # nothing kept: served again, never blocked
    assert s.waiting() == 13
