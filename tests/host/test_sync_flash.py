"""Issue 33's sync cases, against the firmware's own sync run here (bundlefuzz.Local, no
pty): a line that names another game, bytes that arrive whole but do not unpack, a
garbled acknowledgement, damaged byte ranges, two devices' copies, a device without the
program, an answer without end, and what import makes of sync's own copies."""

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from ptyhelp import duelkeeper

from duelkeeper import sync
from duelkeeper.device import Device, DeviceError
from duelkeeper.log import Log
from duelkeeper_dev import bundlefuzz as fz
from duelkeeper_dev.journalfuzz import storage


def bundle_of(root: Path, n: int, device: str = fz.DEVICE) -> tuple[list[dict[str, Any]], bytes]:
    """``n`` games in one bundle on the flash at ``root`` (``device`` their maker)."""
    made = [fz.game(k + 1, k) for k in range(n)]
    records = [r for r, _ in made]
    data = b"".join(f for _, f in made)
    if device != fz.DEVICE:
        records = [dict(r, id=r["id"].replace(fz.DEVICE, device)) for r in records]
        data = b"".join(
            bytes(fz.firmware("storage.bundle").frame(r["id"], pack(r))) for r in records
        )
    games = fz.flash(root, data)
    (games / "device").write_text(device)
    return records, data


def pack(record: dict[str, Any]) -> bytes:
    from duelcore.pack import pack_record

    return bytes(pack_record(record))


class Tampered(fz.Local):
    """The firmware's answers, changed on their way by ``change(code, lines)``."""

    def __init__(self, root: Path, change: Any) -> None:
        super().__init__(root)
        self.change = change
        self.calls: list[str] = []

    def lines(self, code: str) -> list[bytes]:
        self.calls.append(code)
        return cast(list[bytes], self.change(code, super().lines(code)))

    def stream(self, code: str) -> Iterator[bytes]:
        yield from self.lines(code)


def synced(device: fz.Local, db: Path) -> tuple[sync.Outcome, set[str]]:
    with Log.open(db) as log:
        out = sync.sync(cast(Device, device), log)
        return out, {g.id for g in log.games()}


def test_a_line_whose_id_the_cable_changed_is_read_again(tmp_path: Path) -> None:
    """Game 2's line names game 5 (one character garbled on the way): read again, game 2
    goes into the log under its own id, and game 5 is neither blamed nor set aside."""
    records, _ = bundle_of(tmp_path / "flash", 6)
    ids = [r["id"] for r in records]
    once = [True]

    def garble(code: str, lines: list[bytes]) -> list[bytes]:
        if code.startswith("sync.pull(''") and once[0]:
            once[0] = False
            lines[1] = lines[1].replace(ids[1].encode(), ids[4].encode())
        return lines

    device = Tampered(tmp_path / "flash", garble)
    out, logged = synced(device, tmp_path / "log.db")
    assert logged == set(ids) and out.ok and (out.new, out.known) == (6, 0)
    assert not out.problems and not (tmp_path / "quarantine").exists()
    assert not [c for c in device.calls if c.startswith(("sync.raw", "sync.aside"))]
    assert fz.Local(tmp_path / "flash").lines("sync.info()")[0].endswith(b" 0")


def test_a_file_holding_another_game_twice_is_the_flashs(tmp_path: Path) -> None:
    """Read again, the same line names the same other game: the device's bytes are
    wrong, and they are set aside once, the other games synced."""
    records, _ = bundle_of(tmp_path / "flash", 3)
    ids = [r["id"] for r in records]
    games = tmp_path / "flash" / "games"
    wrong = fz.firmware("storage.bundle").frame(ids[0], pack(dict(records[1], id=ids[2] + "x")))
    (games / "000001.dkb").write_bytes(bytes(wrong) + fz.game(2, 1)[1] + fz.game(3, 2)[1])
    out, logged = synced(fz.Local(tmp_path / "flash"), tmp_path / "log.db")
    assert logged == set(ids[1:])
    (problem,) = out.problems
    assert problem.id == ids[0] and problem.aside and "wrong on the device's flash" in problem.why
    assert out.failure() == "1 of 3 games not synced, set aside on the device: %s" % ids[0]


def test_bytes_that_arrive_whole_but_do_not_unpack_are_set_aside_once(tmp_path: Path) -> None:
    records, _ = bundle_of(tmp_path / "flash", 3)
    ids = [r["id"] for r in records]
    later = bytes([9, 1]) + b"a newer codec's record"  # version 9: no codec here reads it
    body = bytearray(later)
    games = tmp_path / "flash" / "games"
    frame = fz.firmware("storage.bundle").frame(ids[1], body)
    (games / "000001.dkb").write_bytes(fz.game(1, 0)[1] + bytes(frame) + fz.game(3, 2)[1])
    out, logged = synced(fz.Local(tmp_path / "flash"), tmp_path / "log.db")
    assert logged == {ids[0], ids[2]}
    (problem,) = out.problems
    assert problem.aside and "garbled" not in str(problem) and "cable" not in str(problem)
    assert "it arrived whole but does not unpack: packed by codec version 9" in problem.why
    copy = tmp_path / "quarantine" / (ids[1] + ".dk")
    assert copy.read_bytes() == bytes(frame)
    again, _ = synced(fz.Local(tmp_path / "flash"), tmp_path / "log.db")
    assert again.ok and not again.problems and again.listed == 0


@pytest.mark.parametrize("times", [1, 2])
def test_a_garbled_acknowledgement_is_sent_again_and_told_true(tmp_path: Path, times: int) -> None:
    records, _ = bundle_of(tmp_path / "flash", 5)
    left = [times]

    def garble(code: str, lines: list[bytes]) -> list[bytes]:
        if code.startswith("sync.acks(") and left[0]:
            left[0] -= 1
            return [b"ACKS 5 0bad0bad"]
        return lines

    out, logged = synced(Tampered(tmp_path / "flash", garble), tmp_path / "log.db")
    assert len(logged) == 5 and (out.new, out.known) == (5, 0) and out.ok
    assert out.summary().endswith("5 games synced (5 new, 0 already in the log)")
    assert len(out.noise) == (times == 2)
    if times == 2:
        assert out.noise[0].startswith("the device's acknowledgement of 5 games in the log")
        assert len(out.noise[0]) <= 300


def test_a_damaged_byte_range_is_no_game_in_the_summary(tmp_path: Path) -> None:
    records, data = bundle_of(tmp_path / "flash", 4)
    games = tmp_path / "flash" / "games"
    at = data.index(records[3]["id"].encode()) - 5
    (games / "000001.dkb").write_bytes(data + b"\x55" * 40)  # garbage after the last frame
    out, logged = synced(fz.Local(tmp_path / "flash"), tmp_path / "log.db")
    assert len(logged) == 4 and at < len(data)
    assert out.games == 4 and not out.ok
    damaged = "000001.%d.damaged" % len(data)
    assert out.failure() == (
        "every game listed synced; damaged bytes on the device's flash that hold no whole game: "
        "%s (all set aside, copied raw into the quarantine folder)" % damaged
    )
    assert str(out.problems[0]).startswith("bytes %s: damaged on the device's flash" % damaged)


def test_two_devices_copies_keep_each_their_own(tmp_path: Path) -> None:
    db = tmp_path / "log.db"
    copies = []
    for device in ("aaaa000000000001", "bbbb000000000002"):
        root = tmp_path / device
        records, data = bundle_of(root, 2, device)
        (root / "games" / "000001.dkb").write_bytes(b"\x00garbage" + data)
        out, _ = synced(fz.Local(root), db)
        copies.append(tmp_path / "quarantine" / ("%s.000001.0.damaged.dk" % device))
        assert str(copies[-1]) in str(out.problems[0])
    assert [p.read_bytes() for p in copies] == [b"\x00garbage"] * 2


def test_a_device_without_the_program_says_to_deploy(tmp_path: Path) -> None:
    class Stock(fz.Local):
        def run(self, code: str) -> bytes:
            if "import" in code:
                raise DeviceError(
                    "%s: the code run there failed: ImportError: no module named 'firmware'"
                    % self.port
                )
            return super().run(code)

    fz.flash(tmp_path / "flash", b"")
    with pytest.raises(sync.SyncError) as e:
        synced(Stock(tmp_path / "flash"), tmp_path / "log.db")
    said = str(e.value)
    assert "run `duelkeeper deploy`" in said and "\n" not in said and len(said) <= 300
    assert said == (
        "local: no whole duelkeeper program on the device (ImportError: no module named"
        " 'firmware'): run `duelkeeper deploy` (a board on stock MicroPython needs the"
        " project's firmware first: docs/sync.md)"
    )


class _Endless:
    """A line that sends garbage without end: ``size`` bytes a read."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.ahead = b""

    def chunk(self) -> bytes:
        time.sleep(0.001)
        return b"x" * (self.size - 1) + b"\n"


@pytest.mark.parametrize("size", [10, 1 << 16])
def test_an_answer_without_end_ends_in_bounded_time(size: int) -> None:
    """Garbage lines without end, slowly (the time bound) or fast (the byte bound)."""
    from mpremote.transport import TransportError  # type: ignore[import-untyped]

    d = Device.__new__(Device)
    d._line = _Endless(size)  # type: ignore[assignment]
    d.call_seconds = 0.5
    began = time.monotonic()
    with pytest.raises(TransportError, match="without its end"):
        for _ in d._arriving():
            pass
    assert time.monotonic() - began < 20


def test_import_of_syncs_own_copies(tmp_path: Path) -> None:
    """A frame whose header the flash damaged imports whole; bytes that hold no game say
    so in one line."""
    records, data = bundle_of(tmp_path / "flash", 2)
    frame = bytearray(fz.game(2, 1)[1])
    frame[3] ^= 0x40  # its length: the header fails its check, the record is whole
    copy = tmp_path / "000001.230.damaged.dk"
    copy.write_bytes(bytes(frame))
    db = tmp_path / "log.db"
    done = duelkeeper("import", "--db", str(db), str(copy))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "1 new game, 0 already in the log\n"
    junk = tmp_path / "000001.0.damaged.dk"
    junk.write_bytes(b"\x00\xff\xfe garbage " * 5)
    refused = duelkeeper("import", "--db", str(db), str(junk))
    assert refused.returncode == 2
    assert refused.stderr == (
        "duelkeeper: %s: not UTF-8 text, and no game's record is whole in it (damaged bytes,"
        " as sync copies them): nothing to import\n" % junk
    )


def test_a_full_flash_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    flash = fz.firmware("flash")
    store = storage().Storage(str(tmp_path))
    real = open

    class Full:
        def __init__(self, path: str, mode: str) -> None:
            self.f = real(path, mode)

        def __enter__(self) -> "Full":
            return self

        def __exit__(self, *exc: object) -> None:
            self.f.close()

        def write(self, data: bytes) -> int:
            self.f.write(bytes(data[:3]))
            raise OSError(28, "ENOSPC")

        def flush(self) -> None:
            pass

    monkeypatch.setattr(flash, "open", Full, raising=False)
    record = fz.game(1, 0)[0]
    del record["id"], record["events"]
    for call in (store.new_id, lambda: store.start(record)):
        with pytest.raises(OSError):
            call()
    monkeypatch.undo()
    assert not [p.name for p in (tmp_path / "games").iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("twice", [False, True])
def test_a_frame_whose_header_is_damaged_gives_its_game_whole(tmp_path: Path, twice: bool) -> None:
    """Game 2's length flipped: its bytes are set aside, and its record, whole under its
    own CRC-32, goes into the log; written twice (the other copy whole), counted once."""
    records, data = bundle_of(tmp_path / "flash", 4)
    ids = [r["id"] for r in records]
    at = data.index(ids[1].encode()) - 5
    damaged = bytearray(data)
    damaged[at + 3] ^= 0x20
    if twice:
        damaged += fz.game(2, 1)[1]
    (tmp_path / "flash" / "games" / "000001.dkb").write_bytes(bytes(damaged))
    out, logged = synced(fz.Local(tmp_path / "flash"), tmp_path / "log.db")
    assert logged == set(ids) and out.ok and not out.problems
    assert (out.new, out.known, out.unread, out.copies) == (4, 0, 0, int(twice))
    (note,) = out.noise
    copy = tmp_path / "quarantine" / ("%s.000001.%d.damaged.dk" % (fz.DEVICE, at))
    assert note == (
        "bytes 000001.%d.damaged: game %s recovered whole into the log (its frame's header"
        " damaged on the device's flash); set aside on the device (a raw copy: %s)"
        % (at, ids[1], copy)
    )
    again, _ = synced(fz.Local(tmp_path / "flash"), tmp_path / "log.db")
    assert again.ok and again.listed == 0


def test_issue_33s_bundle_through_the_micropython_vm(tmp_path: Path) -> None:
    """The issue's twelve games, on the simulated device (the firmware's .mpy in the
    MicroPython VM, on a pty): game 5's length +16, game 8's id's last digit changed,
    game 12 cut 30 bytes in, three games finished after. One `duelkeeper sync` logs all
    but the cut one, says so in one line, and the next sync has nothing to say."""
    from ptyhelp import device

    from duelkeeper.sim.fill import fill, storage_class

    flash = tmp_path / "flash"
    ids = fill(flash, 12, seed=3, kinds=("7wd",))
    path = flash / "games" / "000001.dkb"
    data = bytearray(path.read_bytes())
    starts = [data.index(gid.encode()) - 5 for gid in ids]
    data[starts[4] + 2] = (data[starts[4] + 2] + 16) & 0xFF
    data[starts[7] + 4 + len(ids[7])] ^= 0x01  # "8" to "9"
    path.write_bytes(bytes(data[: starts[11] + 30]))
    storage_class()(str(flash))  # the boot: the bundle sealed
    later = fill(flash, 3, seed=4, kinds=("7wd",))
    db = tmp_path / "log.db"
    with device(flash) as d:
        done = duelkeeper("sync", "--port", d.path, "--db", str(db))
        again = duelkeeper("sync", "--port", d.path, "--db", str(db))
    with Log.open(db) as log:
        logged = {g.id for g in log.games()}
    assert logged == set(ids[:11] + later)
    assert done.returncode == 2
    err = [line for line in done.stderr.splitlines() if not line.startswith("sync: ")]
    notes = [line for line in err if line.startswith("duelkeeper: note: bytes ")]
    assert sorted(n.split(" recovered whole into the log")[0] for n in notes) == sorted(
        "duelkeeper: note: bytes 000001.%d.damaged: game %s" % (starts[k], ids[k]) for k in (4, 7)
    )
    cut = "000001.%d.damaged" % starts[11]
    assert err[-1] == (
        "duelkeeper: every game listed synced; damaged bytes on the device's flash that hold"
        " no whole game: %s (all set aside, copied raw into the quarantine folder)" % cut
    )
    assert "device %s: 14 games synced (14 new, 0 already in the log)" % ids[0][:16] in done.stdout
    assert again.returncode == 0 and "0 games synced" in again.stdout, again.stderr


def test_folders_named_like_its_files_block_nothing_in_the_vm(tmp_path: Path) -> None:
    """A folder `000002.dkb` and one `000001.dkc` on the simulated device (MicroPython):
    every sync ends well (the games already in the log are served again, since their
    acknowledgements cannot be kept), and a new game gets its number (issue 33: EISDIR
    on every sync, "Cannot start: 31")."""
    from ptyhelp import device

    from duelkeeper.sim.fill import fill

    flash = tmp_path / "flash"
    ids = fill(flash, 3, seed=5, kinds=("7wd",))
    (flash / "games" / "000002.dkb").mkdir()
    (flash / "games" / "000001.dkc").mkdir()
    db = tmp_path / "log.db"
    with device(flash) as d:
        done = duelkeeper("sync", "--port", d.path, "--db", str(db))
        again = duelkeeper("sync", "--port", d.path, "--db", str(db))
        with Device(d.path) as dev:
            dev.enter()
            got = dev.run(
                "from firmware.storage import Storage\nprint(Storage('/').new_id())"
            ).decode()
            dev.leave()
    assert done.returncode == 0, done.stderr
    assert "3 games synced (3 new, 0 already in the log)" in done.stdout
    assert again.returncode == 0 and "3 games synced (0 new, 3 already in the log)" in again.stdout
    assert got.strip() == ids[0][:-6] + "000004"


def test_a_megabyte_of_acknowledgements_is_not_read_in_the_vm(tmp_path: Path) -> None:
    """A 1 MB `.dka` (issue 33: every sync timed out after 16 s): longer than any bundle's
    acknowledgements, it acknowledges nothing, and the boot replaces it with a `.dkc`."""
    from ptyhelp import device

    from duelkeeper.sim.fill import fill

    flash = tmp_path / "flash"
    fill(flash, 3, seed=6, kinds=("7wd",))
    (flash / "games" / "000001.dka").write_bytes(b"\0" * (1 << 20))
    db = tmp_path / "log.db"
    began = time.monotonic()
    with device(flash) as d:
        done = duelkeeper("sync", "--port", d.path, "--db", str(db))
    assert done.returncode == 0, done.stderr
    assert "3 games synced (3 new, 0 already in the log)" in done.stdout
    assert time.monotonic() - began < 15
    assert not (flash / "games" / "000001.dka").exists()
