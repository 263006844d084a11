"""firmware/storage/: the journal, the archive, settings, and power cuts at every byte."""

import functools
import json
import os
import re
import shutil
import sys
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fwhelp import booted  # (and the MicroPython shims: storage imports lang, which draws)
from hypothesis import given, settings
from hypothesis import strategies as st
from powercut import Flash, PowerCut, each_cut

from duelcore import Match, RecordError, pack
from duelcore.engine import game_class
from duelkeeper.randomgame import random_record
from duelkeeper.repo import ROOT

if str(ROOT) not in sys.path:  # the firmware package sits at the top of the checkout
    sys.path.insert(0, str(ROOT))

from firmware import crc  # noqa: E402
from firmware import flash as fwflash  # noqa: E402
from firmware.storage import Storage  # noqa: E402
from firmware.storage.journal import frame  # noqa: E402

ID = re.compile(r"^[0-9a-f]{16}-\d{6}$")


@functools.cache
def _game(seed: int) -> str:
    return json.dumps(random_record("7wd", seed))


def header(seed: int, n: int = 1) -> dict[str, Any]:
    """A new game's record, as the app hands it to start(): no id, no events yet."""
    record = json.loads(_game(seed))
    del record["id"]
    record["events"] = []
    record["meta"] = {"firmware": "0.3.0", "note": "game %d" % n}
    return record


def events_of(seed: int) -> list[Any]:
    return json.loads(_game(seed))["events"]


def journal(root: Path) -> Path:
    return root / "games" / "journal.dj"


def codec(record: dict[str, Any]) -> Any:
    """What the app hands append(): a Game of the record's kind (its encode())."""
    return game_class(record["game"])(record["setup"])


def kept(root: Path) -> list[bytes]:
    """The journals set aside whole (``Storage._keep``), oldest first."""
    games = sorted((root / "games").glob("*.journal.dk"))
    return [p.read_bytes() for p in games]


def entries(data: bytes) -> list[bytes]:
    """The payloads of a journal's whole entries."""
    out = []
    pos = 0
    while pos + 6 <= len(data):
        end = pos + 2 + int.from_bytes(data[pos : pos + 2], "little")
        out.append(data[pos + 2 : end])
        pos = end + 4
    return out


# -- the journal -----------------------------------------------------------------------


def test_start_append_undo_resume_finish(tmp_path: Path) -> None:
    s = booted(tmp_path)
    assert s.resume() == (None, None)
    record = header(3)
    gid = s.start(record)
    assert ID.match(gid) and record["id"] == gid
    events = events_of(3)
    game = codec(record)
    s.undo()  # nothing to undo: harmless
    for i, event in enumerate(events):
        s.append(event, game if i % 3 else None)  # as codes, and every third as JSON
        if i == 10:
            s.append(["coins", 0, 5])
            s.undo()
    s.undo()
    got, notice = booted(tmp_path).resume()
    assert notice is None
    assert got == dict(record, events=events[:-1])
    Match(got)  # still a legal game
    s.append(events[-1])
    assert booted(tmp_path).finish() == gid
    assert not journal(tmp_path).exists()
    s = booted(tmp_path)
    assert s.resume() == (None, None)
    assert s.unsynced() == [gid]
    assert s.read(gid) == dict(record, events=events)
    size = (tmp_path / "games" / "000001.dkb").stat().st_size  # its frame, in a bundle
    assert size <= 256
    assert s.finish() is None


def test_journal_grows_one_entry_per_event(tmp_path: Path) -> None:
    s = booted(tmp_path)
    record = header(1)
    s.start(record)
    game = codec(record)
    event = ["build", 0, "lumber-yard"]
    code = game.encode(event)
    size = (code.bit_length() + 7) // 8  # little-endian, as few bytes as it takes
    before = journal(tmp_path).stat().st_size
    s.append(event, game)
    assert journal(tmp_path).stat().st_size - before == 2 + 1 + size + 4
    assert entries(journal(tmp_path).read_bytes())[-1] == bytes([1]) + code.to_bytes(size, "little")
    s.undo()
    assert journal(tmp_path).stat().st_size - before == 2 + 1 + size + 4 + 6
    s.append(event)  # no game: the event as JSON
    assert entries(journal(tmp_path).read_bytes())[-1] == json.dumps(event).encode()
    assert s.resume()[0]["events"] == [event]  # type: ignore[index]


@pytest.mark.parametrize("game", ["7wd", "splendor-duel", "antike-duellum"])
def test_codes_and_json_give_back_the_events(tmp_path: Path, game: str) -> None:
    """Each game's codes (and JSON where an event has none) resume to the same events."""
    for seed in range(3):
        record = random_record(game, seed)
        events = record.pop("events")
        record.pop("id")
        s = booted(tmp_path)
        s.start(record)
        g = codec(record)
        for event in events:
            s.append(event, g)
        got, notice = booted(tmp_path).resume()
        assert notice is None and got == dict(record, events=events)
        kinds = {p[:1] for p in entries(journal(tmp_path).read_bytes())[1:]}
        assert b"\x01" in kinds and kinds <= {b"\x01", b"["}


def test_an_event_without_a_code_is_json(tmp_path: Path) -> None:
    s = booted(tmp_path)
    record = header(1)
    s.start(record)
    event = ["coins", 1, {"odd": [1.5, None, "\u00e9"]}]  # refused by the rules, kept as is
    assert codec(record).encode(event) is None
    s.append(event, codec(record))
    assert entries(journal(tmp_path).read_bytes())[-1][:1] == b"["
    assert booted(tmp_path).resume()[0]["events"] == [event]  # type: ignore[index]
    with pytest.raises(ValueError):
        s.append("not an event")


def test_a_journal_packed_throughout_still_resumes(tmp_path: Path) -> None:
    """The first 0.4.0 builds packed the whole journal with duelcore.pack: such a journal
    resumes, is written anew in today's format, and takes new events after it."""
    s = booted(tmp_path)
    record = header(6)
    record["id"] = s.new_id()
    events = events_of(6)[:8]
    v = pack.vocab("7wd")
    out = bytearray(2)
    out.extend(pack.pack_record({k: x for k, x in record.items() if k != "events"}))
    frame(out, 0)
    for event in events:
        at = len(out)
        out.extend(b"\0\0")
        pack.pack_event(event, v, out)
        frame(out, at)
    out.extend(b"\x05\x00ab")  # and a half-written entry
    journal(tmp_path).write_bytes(bytes(out))
    s = booted(tmp_path)
    got, notice = s.resume()
    assert got == dict(record, events=events)
    assert notice == "Save damaged: resumed at move 8"
    assert entries(journal(tmp_path).read_bytes())[0][:1] == b"{"
    s.append(["coins", 0, 1], codec(record))
    got, notice = booted(tmp_path).resume()
    assert got == dict(record, events=events + [["coins", 0, 1]]) and notice is None
    assert booted(tmp_path).finish() == record["id"]


def test_start_replaces_the_game_in_progress_and_keeps_events(tmp_path: Path) -> None:
    s = booted(tmp_path)
    s.start(header(1))
    s.append(["build", 0, "lumber-yard"])
    record = random_record("7wd", 2)
    record["id"] = "custom-42"
    s.start(record)
    got, _ = s.resume()
    assert got == record
    s.abandon()
    assert s.resume() == (None, None)


def test_start_refuses_what_is_not_a_record(tmp_path: Path) -> None:
    s = booted(tmp_path)
    with pytest.raises(RecordError):
        s.start({"game": "chess", "players": ["a", "b"], "setup": {}, "format": 1})
    with pytest.raises(RecordError, match="'id' must be 1 to 64"):  # the record's limits
        s.start(dict(header(1), id="../evil"))
    assert s.resume() == (None, None)
    assert "journal.dj" not in os.listdir(tmp_path / "games")


def test_append_without_resume_after_boot(tmp_path: Path) -> None:
    s = booted(tmp_path)
    s.start(header(1))
    s2 = booted(tmp_path)  # a reboot: the app appends before anything else
    s2.append(["build", 0, "lumber-yard"])
    assert s2.resume()[0]["events"] == [["build", 0, "lumber-yard"]]  # type: ignore[index]
    s3 = booted(tmp_path)
    s3.abandon()
    with pytest.raises(ValueError):
        s3.append(["build", 0, "lumber-yard"])


@pytest.mark.parametrize("cut", [1, 2, 5, 7])
def test_half_written_entry_is_dropped_with_a_notice(tmp_path: Path, cut: int) -> None:
    s = booted(tmp_path)
    record = header(4)
    s.start(record)
    events = events_of(4)[:6]
    for event in events:
        s.append(event, codec(record))
    data = journal(tmp_path).read_bytes()
    assert len(entries(data)[-1]) + 6 > 7
    journal(tmp_path).write_bytes(data[:-cut])  # the last entry (8 bytes or more) is cut short
    s = booted(tmp_path)
    got, notice = s.resume()
    assert got is not None and got["events"] == events[:-1]
    assert notice == "Save damaged: resumed at move 5"
    assert len(notice) <= 36  # one line on a 296-pixel screen
    # The damaged tail is gone from the file, so what follows lands after good entries.
    s.append(events[-1])
    assert booted(tmp_path).resume() == (dict(got, events=events), None)


def test_a_wrong_byte_is_repaired_and_a_garbage_tail_dropped(tmp_path: Path) -> None:
    s = booted(tmp_path)
    record = header(4)
    s.start(record)
    events = events_of(4)[:6]
    for event in events:
        s.append(event, codec(record))
    data = bytearray(journal(tmp_path).read_bytes())
    last = len(entries(bytes(data))[-1]) + 6
    data[-last - 3] ^= 0x40  # inside the fifth event's entry
    journal(tmp_path).write_bytes(bytes(data) + b"\xff" * 11)
    got, notice = booted(tmp_path).resume()
    assert got is not None and got["events"] == events
    assert notice == "Save damaged: resumed at move 6"


def test_an_entry_that_does_not_unpack_ends_the_journal(tmp_path: Path) -> None:
    s = booted(tmp_path)
    s.start(header(4))
    s.append(["build", 0, "lumber-yard"])
    bad = bytearray(b"\x01\x00\xfd")  # a checksummed entry with a bad event header
    fwflash.u32(bad, fwflash.crc32(bad))
    with open(journal(tmp_path), "ab") as f:
        f.write(bad)
    got, notice = booted(tmp_path).resume()
    assert got is not None and got["events"] == [["build", 0, "lumber-yard"]]
    assert notice is not None


def _journal_of(tmp_path: Path, seed: int, n: int) -> tuple[bytes, list[Any]]:
    """A journal of a 7WD game's first ``n`` events (as codes), and those events."""
    s = booted(tmp_path)
    record = header(seed)
    s.start(record)
    events = events_of(seed)[:n]
    assert len(events) == n
    for event in events:
        s.append(event, codec(record))
    return journal(tmp_path).read_bytes(), events


def test_every_byte_of_a_journal_flipped_loses_no_event(tmp_path: Path) -> None:
    data, events = _journal_of(tmp_path, 4, 49)
    for at in range(len(data)):
        for xor in (0xFF, 0x01):
            bad = bytearray(data)
            bad[at] ^= xor
            journal(tmp_path).write_bytes(bytes(bad))
            got, notice = booted(tmp_path).resume()
            assert got is not None and got["events"] == events, (at, xor)
            assert notice == "Save repaired: no move lost"
            assert journal(tmp_path).read_bytes() == data  # repaired on the flash too


def _entry_at(data: bytes, k: int) -> int:
    pos = 0
    for _ in range(k):
        pos += int.from_bytes(data[pos : pos + 2], "little") + 6
    return pos


def test_entries_past_an_unreadable_one_are_kept_for_later(tmp_path: Path) -> None:
    data, events = _journal_of(tmp_path, 4, 49)
    at = _entry_at(data, 25)  # event 25 (the 25th), two bytes of it: beyond repair
    bad = bytearray(data)
    bad[at + 3] ^= 0x11
    bad[at + 4] ^= 0x22
    journal(tmp_path).write_bytes(bytes(bad))
    s = booted(tmp_path)
    got, notice = s.resume()
    assert got is not None and got["events"] == events[:24]
    assert notice == "Save damaged: enter move 25 again"
    assert s.later() == events[25:]
    assert journal(tmp_path).read_bytes() == data[:at]  # cut: what is appended follows
    # A second boot before anything is entered finds the same.
    s = booted(tmp_path)
    assert s.resume() == (dict(got, events=events[:24]), None)
    assert s.later() == events[25:]
    s.append(events[24], codec(got))  # the player enters move 25 again
    s.catch_up(events[25:], codec(got))
    assert s.later() is None
    assert s.resume()[0]["events"] == events  # type: ignore[index]
    s.start(header(5))  # a new game drops what another one kept
    s.append(["coins", 0, 1])
    assert s.later() is None


@pytest.mark.parametrize(
    "code",
    [
        b"\x01\xff\xff\xff\xff",  # coins 267386879: no encoder writes it
        b"\x01\x06\x00",  # a high zero byte: the encoder writes as few bytes as it takes
        b"\x01\x01\x02\x03\x04\x05",  # five bytes of code
        b"\x01\xf0\x07",  # build card 127: past the last card
        b'["coins", 7, 1]',  # JSON: no player 7
        b'["coins"]',
        b"{}",
    ],
)
def test_a_checksummed_entry_no_encoder_wrote_is_refused(tmp_path: Path, code: bytes) -> None:
    data, events = _journal_of(tmp_path, 4, 6)
    bad = bytearray(len(code).to_bytes(2, "little") + code)
    fwflash.u32(bad, fwflash.crc32(bad))
    at = _entry_at(data, 3)
    journal(tmp_path).write_bytes(data[:at] + bytes(bad) + data[at:])
    s = booted(tmp_path)
    got, notice = s.resume()
    assert got is not None and got["events"] == events[:2]
    assert notice == "Save damaged: enter move 3 again"
    assert s.later() == events[2:]  # nothing missing: the App plays them at once


@pytest.mark.parametrize(
    "garbage",
    [b"\x05\x00xyz", b"hello world, not a journal", b"\xff" * 300, b"\x03\x00abc\0\0\0\0"],
)
def test_garbage_journal_is_set_aside(tmp_path: Path, garbage: bytes) -> None:
    booted(tmp_path)
    journal(tmp_path).write_bytes(garbage)
    s = booted(tmp_path)
    assert s.resume() == (None, "Saved game unreadable: set aside")
    assert kept(tmp_path) == [garbage]
    assert s.resume() == (None, None)
    s.start(header(1))
    assert s.resume()[0] is not None


def test_empty_journal_is_no_game(tmp_path: Path) -> None:
    booted(tmp_path)
    journal(tmp_path).write_bytes(b"")
    assert booted(tmp_path).resume() == (None, None)
    assert not journal(tmp_path).exists()


# -- the archive -----------------------------------------------------------------------


def finished(s: Storage, seed: int) -> str:
    gid = s.start(header(seed))
    for event in events_of(seed):
        s.append(event)
    out = s.finish()
    assert out == gid
    return gid


def test_ids_count_up_and_survive_a_lost_counter(tmp_path: Path) -> None:
    s = booted(tmp_path)
    a = finished(s, 1)
    b = finished(s, 2)
    assert a.endswith("-000001") and b.endswith("-000002") and a[:16] == b[:16]
    (tmp_path / "games" / "seq").unlink()
    assert booted(tmp_path).new_id().endswith("-000003")
    (tmp_path / "games" / "seq").write_bytes(b"garbage")
    assert booted(tmp_path).new_id().endswith("-000003")
    assert s.device_id() == a[:16] == (tmp_path / "games" / "device").read_text()


def test_ack_and_read(tmp_path: Path) -> None:
    s = booted(tmp_path)
    a, b = finished(s, 1), finished(s, 2)
    assert s.unsynced() == [a, b]
    assert s.ack(a) and s.ack(a)  # twice is harmless
    assert s.unsynced() == [b] and s.synced() == [a]
    assert s.read(a) is not None  # acknowledged games can still be read
    assert not s.ack("nope") and s.read("nope") is None and s.read("../x") is None
    path = tmp_path / "games" / "000001.dkb"
    whole = path.read_bytes()
    at = whole.index(b.encode()) + len(b) + 20  # a byte of b's record
    data = bytearray(whole)
    data[at] ^= 1
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="checksum"):
        s.read(b)
    assert s.read(a) is not None  # one frame damaged, not the bundle
    data = bytearray(whole)
    data[at - 20 - len(b) - 2] ^= 0x80  # b's length: b is found no more, the damage is
    path.write_bytes(bytes(data))
    assert s.read(a) is not None and s.read(b) is None
    (damaged,) = s.unsynced()
    assert damaged.endswith(".damaged")
    with pytest.raises(ValueError, match="no whole game"):
        s.read(damaged)


def legacy(s: Storage, gid: str, suffix: str) -> None:
    """Keep the game ``gid`` as the firmware before bundles did: a file of its own."""
    data = s.stored(gid)
    assert data is not None
    for name in os.listdir(s.dir):
        if name.endswith((".dkb", ".dkc")):
            os.remove(s.dir + "/" + name)
    Path(s.dir, gid + suffix).write_bytes(data)


def test_acknowledged_games_go_when_space_is_needed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from firmware.storage import bundle

    s = booted(tmp_path)
    monkeypatch.setattr(bundle, "BUNDLE_BYTES", 300)  # a game a bundle
    ids = [finished(s, seed) for seed in range(4)]
    assert len(bundle.names(s.dir)) == 4
    s.ack(ids[1])
    assert "000002.dkc" in os.listdir(s.dir)
    for gid in ids[:3]:
        s.ack(gid)
    finished(s, 9)
    assert s.synced() == ids[:3]  # kept while there is room
    monkeypatch.setattr(Storage, "MIN_FREE", 1 << 60)  # the flash is "full"
    last = finished(s, 10)
    assert s.synced() == []
    assert s.unsynced() == [ids[3], s.unsynced()[1], last]  # unsynced games are never deleted
    assert bundle.names(s.dir) == [4, 5, 6]
    assert not [n for n in os.listdir(s.dir) if n.endswith(".dkc")]


def test_acknowledged_games_of_the_layout_before_bundles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game a file, as the firmware before bundles kept them: read, synced and
    acknowledged as they were, at most KEEP_ACKED kept."""
    s = booted(tmp_path)
    monkeypatch.setattr(Storage, "KEEP_ACKED", 2)
    ids = [finished(s, seed) for seed in range(4)]
    records = [s.read(gid) for gid in ids]
    data = [s.stored(gid) for gid in ids]
    for name in os.listdir(s.dir):
        if name.endswith(".dkb"):
            os.remove(s.dir + "/" + name)
    for gid, d in zip(ids, data, strict=True):
        Path(s.dir, gid + ".dk").write_bytes(d)  # type: ignore[arg-type]
    assert s.unsynced() == ids and [s.read(gid) for gid in ids] == records
    for gid in ids[:3]:
        assert s.ack(gid)
    assert (tmp_path / "games" / (ids[0] + ".ok")).exists()
    finished(s, 9)  # three acknowledged, two kept: the oldest goes
    assert s.synced() == ids[1:3]
    assert s.unsynced() == [ids[3], s.unsynced()[1]]


def test_boot_completes_or_drops_an_interrupted_archive_write(tmp_path: Path) -> None:
    s = booted(tmp_path)
    gid = s.start(header(5))
    for event in events_of(5):
        s.append(event)
    record = s.resume()[0]
    assert record is not None
    games = tmp_path / "games"
    good = pack.pack_record(record)
    fwflash.u32(good, fwflash.crc32(good))
    (games / (gid + ".new")).write_bytes(bytes(good[:-1]))  # cut short: dropped
    (games / "junk.tmp").write_bytes(b"x")
    s = booted(tmp_path)
    assert sorted(os.listdir(games)) == ["device", "journal.dj", "seq"]
    assert s.resume()[0] == record
    (games / (gid + ".new")).write_bytes(bytes(good))  # complete: archived, journal dropped
    s = booted(tmp_path)
    assert sorted(os.listdir(games)) == sorted(["device", gid + ".dk", "seq"])
    assert s.resume() == (None, None) and s.read(gid) == record


def test_a_damaged_archive_write_with_no_journal_is_kept(tmp_path: Path) -> None:
    """finish() removes the journal only after the whole .new is renamed, so a torn .new
    with no journal is flash damage: it is kept, as the game's .dk, for sync to copy."""
    s = booted(tmp_path)
    gid = finished(s, 5)
    games = tmp_path / "games"
    good = s.stored(gid)
    assert good is not None
    legacy(s, gid, ".new")
    (games / (gid + ".new")).write_bytes(good[:-7])  # torn, and no journal holds the game
    s = booted(tmp_path)
    assert (games / (gid + ".dk")).read_bytes() == good[:-7]
    assert s.unsynced() == [gid]
    with pytest.raises(ValueError, match="fails its checksum"):
        s.read(gid)
    # A torn .new beside its acknowledged copy goes: the game is whole there.
    (games / (gid + ".dk")).rename(games / (gid + ".ok"))
    (games / (gid + ".ok")).write_bytes(good)
    (games / (gid + ".new")).write_bytes(good[:-7])
    s = booted(tmp_path)
    assert not (games / (gid + ".new")).exists() and s.synced() == [gid]


def test_boot_keeps_a_journal_cut_between_remove_and_rename(tmp_path: Path) -> None:
    """Where rename cannot replace a file, storage removes the target first: a cut
    between the two steps leaves only journal.tmp, which the next boot puts back."""
    s = booted(tmp_path)
    s.start(header(1))
    s.append(["build", 0, "lumber-yard"])
    games = tmp_path / "games"
    (games / "journal.dj").rename(games / "journal.tmp")
    got, notice = booted(tmp_path).resume()
    assert got is not None and got["events"] == [["build", 0, "lumber-yard"]] and notice is None
    (games / "journal.tmp").write_bytes(b"stale")  # beside a journal: dropped
    assert booted(tmp_path).resume()[0] == got
    assert not (games / "journal.tmp").exists()


# -- settings ----------------------------------------------------------------------------


def test_settings(tmp_path: Path) -> None:
    s = booted(tmp_path)
    assert s.settings() == {}
    (tmp_path / "settings.json").write_text('{"board": "badger2040"}')  # written by deploy
    value = dict(s.settings(), players=["Ann", "Bob"], last_players=[0, 1])
    s.save_settings(value)
    assert booted(tmp_path).settings() == value
    assert json.loads((tmp_path / "settings.json").read_text()) == value
    (tmp_path / "settings.tmp").write_text('{"board": "x"}')
    (tmp_path / "settings.json").write_text('{"board": ')  # torn (a FAT flash)
    assert s.settings() == {"board": "x"}
    (tmp_path / "settings.tmp").unlink()
    assert s.settings() == {}


# -- CRC-32 ----------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_crc32_matches_zlib(data: bytes) -> None:
    assert crc.crc32_soft(data) == zlib.crc32(data) == fwflash.crc32(data)


def test_crc32_without_binascii_crc32(monkeypatch: pytest.MonkeyPatch) -> None:
    """A build without binascii.crc32 gets firmware/crc.py's, with the same checksums."""
    import binascii
    import importlib.util

    monkeypatch.delattr(binascii, "crc32")
    spec = importlib.util.spec_from_file_location("firmware._nocrc", fwflash.__file__)
    assert spec is not None and spec.loader is not None
    bare = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bare)
    assert bare.CRC is crc.crc32_soft
    assert bare.crc32(b"duelkeeper") == zlib.crc32(b"duelkeeper")


# -- power cut at every byte and every operation ------------------------------------------


class Model:
    """What the flash should hold: the game in progress, the archive, the settings."""

    def __init__(self) -> None:
        self.game: dict[str, Any] | None = None
        self.archive: dict[str, str] = {}  # note -> "dk" / "ok"
        self.settings: dict[str, Any] = {}

    def copy(self) -> "Model":
        m = Model()
        m.game = None if self.game is None else json.loads(json.dumps(self.game))
        m.archive = dict(self.archive)
        m.settings = dict(self.settings)
        return m


def observe(root: Path) -> Model:
    """Boot a fresh Storage on the flash and read back everything."""
    s = booted(root)
    m = Model()
    record, _ = s.resume()
    if record is not None:
        assert ID.match(record.pop("id"))
        m.game = record
    for status, ids in (("dk", s.unsynced()), ("ok", s.synced())):
        for gid in ids:
            got = s.read(gid)
            assert got is not None and ID.match(gid) and got["id"] == gid
            note = got["meta"]["note"]
            assert note not in m.archive, "a finished game is in the archive twice"
            m.archive[note] = status
    m.settings = s.settings()
    return m


Ctx = dict[str, Any]  # "root", "s" (the Storage), "ids" (note -> game id)
Step = tuple[Callable[[Ctx], None], Callable[[Model], None]]


def script() -> list[Step]:
    """A played session: boot, settings, a 7WD game with undos, finish, ack, a second game."""
    steps: list[Step] = []

    def add(do: Callable[[Ctx], None], model: Callable[[Model], None]) -> None:
        steps.append((do, model))

    def boot(c: Ctx) -> None:
        c["s"] = booted(c["root"])

    add(boot, lambda m: None)
    names = {"players": ["Ann", "Bob"], "board": "sim"}
    add(lambda c: c["s"].save_settings(names), lambda m: m.settings.update(names))
    for n, seed, count in ((1, 11, None), (2, 12, 6)):
        record = header(seed, n)
        note = record["meta"]["note"]
        events = events_of(seed)[:count]

        def start(c: Ctx, record: dict[str, Any] = record, note: str = note) -> None:
            c["ids"][note] = c["s"].start(dict(record))

        def started(m: Model, record: dict[str, Any] = record) -> None:
            m.game = dict(record, events=[])

        add(start, started)
        game = codec(record) if n == 1 else None  # game 1 as codes, game 2 as JSON

        for i, event in enumerate(events):
            add(
                lambda c, e=event, g=game: c["s"].append(e, g),
                lambda m, e=event: m.game["events"].append(e),
            )
            if i in (3, 20):  # a mistake, undone
                wrong = ["coins", i % 2, 3]
                add(
                    lambda c, e=wrong: c["s"].append(e),
                    lambda m, e=wrong: m.game["events"].append(e),
                )
                add(lambda c: c["s"].undo(), lambda m: m.game["events"].pop())

        def finish(m: Model, note: str = note) -> None:
            m.game = None
            m.archive[note] = "dk"

        add(lambda c: c["s"].finish() and None, finish)
        if n == 1:
            add(
                lambda c: c["s"].ack(c["ids"]["game 1"]) and None,
                lambda m: m.archive.update({"game 1": "ok"}),
            )
    names2 = {"players": ["Cleo", "Dan"], "board": "sim", "last_players": [1, 0]}
    add(lambda c: c["s"].save_settings(names2), lambda m: m.settings.update(names2))
    return steps


def same(a: Model, b: Model) -> bool:
    return (a.game, a.archive, a.settings) == (b.game, b.archive, b.settings)


@contextmanager
def installed(flash: Flash) -> Iterator[None]:
    saved = fwflash.os
    fwflash.open = flash.open  # type: ignore[attr-defined]
    fwflash.os = flash.os()  # type: ignore[assignment]
    try:
        yield
    finally:
        fwflash.os = saved
        del fwflash.open  # type: ignore[attr-defined]


@pytest.mark.parametrize(("kind", "rename_over"), [("torn", True), ("lfs", True), ("torn", False)])
def test_power_cut_at_every_unit(tmp_path: Path, kind: str, rename_over: bool) -> None:
    """Cut the power at every byte written and every file operation of the script.

    The uncut run keeps a copy of the flash before each step; a cut inside step k starts
    from that copy (booted, as the app does, with resume()), runs step k until the cut,
    then boots a fresh Storage, which must show the flash before or after step k.
    """
    steps = script()
    root = tmp_path / "full"
    root.mkdir()
    flash = Flash(kind, rename_over=rename_over)
    ctx: Ctx = {"root": root, "ids": {}}
    models = [Model()]
    starts = []  # units spent before each step
    for k, (do, change) in enumerate(steps):
        shutil.copytree(root, tmp_path / ("before%d" % k))
        starts.append(flash.units)
        with installed(flash):
            do(ctx)
        models.append(models[-1].copy())
        change(models[-1])
    assert same(observe(root), models[-1])
    starts.append(flash.units)
    outcomes = {"before": 0, "after": 0}
    for cut, k in each_cut(starts):
        root = tmp_path / ("cut%d" % cut)
        shutil.copytree(tmp_path / ("before%d" % k), root)
        c: Ctx = {"root": root, "ids": ctx["ids"]}
        if k:
            c["s"] = booted(root)
            c["s"].resume()
        with installed(Flash(kind, cut - starts[k], rename_over)), pytest.raises(PowerCut):
            steps[k][0](c)
        got = observe(root)
        if same(got, models[k]):
            outcomes["before"] += 1
        else:
            assert same(got, models[k + 1]), "cut at unit %d (step %d): %r" % (cut, k, vars(got))
            outcomes["after"] += 1
        assert same(observe(root), got)  # a second boot changes nothing
        if got.game is not None:  # and the journal takes the next event where it left off
            s = booted(root)
            s.append(["coins", 0, 1])
            record = s.resume()[0]
            assert record is not None
            assert record["events"] == got.game["events"] + [["coins", 0, 1]]
        for name in os.listdir(root / "games"):
            assert not name.endswith((".tmp", ".new")), name
    kind += "" if rename_over else " (no rename over a file)"
    print("\n%s flash: %d cut points over %d steps, %s" % (kind, flash.units, len(steps), outcomes))
    assert outcomes["before"] and outcomes["after"]
