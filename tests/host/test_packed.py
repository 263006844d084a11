"""Sync protocol 2's lines (duelkeeper.packed), against the device's own code for them:
firmware/storage/archive.py writes the archive file, firmware/sync.py front-decodes the acks."""

import binascii
import contextlib
import io
import zlib
from pathlib import Path

import pytest

from duelkeeper import packed
from duelkeeper.randomgame import random_record
from duelkeeper.sim.fill import storage_class


def archived(tmp_path: Path) -> tuple[str, bytes]:
    """A finished 7wd game archived by the firmware: (its id, its archive file's bytes)."""
    store = storage_class()(str(tmp_path))
    record = random_record("7wd", 1)
    del record["id"]
    store.start(record)
    gid = str(store.finish())
    data = store.stored(gid)  # what its file holds, in a bundle or on its own
    assert data is not None
    return gid, data


def line(data: bytes) -> bytes:
    return binascii.b2a_base64(data, newline=False)


def test_a_game_decodes_to_its_record(tmp_path: Path) -> None:
    gid, data = archived(tmp_path)
    record = packed.decode(gid, line(data))
    assert record == storage_class()(str(tmp_path)).read(gid)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda d: d[:3], "too short"),
        (lambda d: d[:20] + bytes([d[20] ^ 4]) + d[21:], "CRC-32 mismatch"),
        (lambda d: b"\x09" + d[1:-4] + zlib.crc32(b"\x09" + d[1:-4]).to_bytes(4, "little"),
         "does not unpack: packed by codec version 9"),
    ],
)  # fmt: skip
def test_a_garbled_game_is_one_line(tmp_path: Path, change, why: str) -> None:  # type: ignore[no-untyped-def]
    gid, data = archived(tmp_path)
    with pytest.raises(ValueError, match=why):
        packed.decode(gid, line(change(data)))
    with pytest.raises(ValueError, match="not base64"):
        packed.decode(gid, b"a")
    with pytest.raises(ValueError, match="holds game .*, not game other-1"):
        packed.decode("other-1", line(data))


def test_a_batch_and_its_garbled_lines() -> None:
    served, garbled, said, left = packed.read_pull(
        [b"G a-1 QUJD", b"BAD a-2 game a-2 fails its checksum", b"Gx a-3 QQ", b"END 3 7"]
    )
    assert [(s.verb, s.id) for s in served] == [(b"G", "a-1"), (b"BAD", "a-2")]
    assert garbled == [b"Gx a-3 QQ"] and (said, left) == (3, 7)
    for lines in ([], [b"G a-1 QUJD"], [b"END 1"], [b"END x 0"]):
        with pytest.raises(ValueError, match="does not end in END"):
            packed.read_pull(lines)


def test_acks_are_what_the_device_decodes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The front-coded call, run by the firmware's sync.acks on a flash: the games named
    are marked, and the answer is the one ``acked`` expects."""
    import firmware.sync as device

    store = storage_class()(str(tmp_path))
    ids = []
    for seed in (1, 2, 3):
        record = random_record("7wd", seed)
        del record["id"]
        store.start(record)
        ids.append(str(store.finish()))
    told = ids[:1] + ids[2:]
    call = packed.acks(told)
    assert len(call) < len("sync.acks('0/%s 21/3')" % ids[0]) + 1  # the second id: 2 bytes
    monkeypatch.setattr(device, "ROOT", str(tmp_path))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        eval(call, {"sync": device})
    answer = out.getvalue().encode().splitlines()
    assert packed.acked(told, answer)
    assert not packed.acked(ids, answer)
    assert store.unsynced() == [ids[1]]
