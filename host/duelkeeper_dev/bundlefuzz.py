"""Damaged bundles and acknowledgements synced: ``python -m duelkeeper_dev.bundlefuzz``.

A bundle of finished games (firmware/storage/bundle.py, written by the firmware's own ``frame``)
gets one kind of damage: bits flipped in one frame or anywhere, a cut, a cut tail with
games finished after it, a frame written twice, two frames swapped, garbage inserted,
a checksummed header over garbage, a bundle of the format before with a bit flipped; or
its acknowledgements (``.dka``) flipped, cut, grown, replaced by a folder. The device
boots over it (``Storage.repair``) and the PC's own sync (duelkeeper/sync.py)
runs against the firmware's sync (firmware/sync.py, under CPython, through ``Local``)
into a new play log. Each outcome is checked: no exception escapes, nothing hangs,
every game whose frame is still whole somewhere in the bundle is in the log (none lost
beyond the frames the damage hit), none is there under another game's id or twice, and
the summary's counts are the log's, and the next sync finds nothing more to add or say.
tests/firmware/test_bundle_fuzz.py runs it in ``make test``; this command prints the
counts docs/record-limits.md quotes.

The journal's fuzzer (duelkeeper_dev.journalfuzz) shares its time limit and its loading of
the firmware.
"""

import argparse
import contextlib
import functools
import importlib
import io
import json
import os
import random
import sys
import tempfile
import zlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from duelcore import pack
from duelkeeper import sync
from duelkeeper.device import Device, DeviceError
from duelkeeper.log import Log
from duelkeeper.sim.fill import random_game
from duelkeeper_dev.journalfuzz import HANG_SECONDS, Hang, limit, storage

DEVICE = "f00dfeedcafe0042"  # the fuzzed device's id
# A folder in memory where there is one: each input writes a flash and a play log, whose
# commits wait for the disk otherwise (300 inputs: 4 s in memory, 20 s on a busy disk).
FAST = "/dev/shm" if os.path.isdir("/dev/shm") else None
POOL = (("7wd", 1), ("7wd", 2), ("splendor-duel", 3), ("7wd", 4), ("splendor-duel", 5))
KINDS = (
    "bits in one frame", "bits anywhere", "cut", "cut tail, games after", "frame twice",
    "frames swapped", "garbage inserted", "checksummed garbage", "format before",
    "acks damaged", "acks grown", "folders in the way",
)  # fmt: skip


class Raised(DeviceError):
    """The device's code raised (a traceback there): never a sound outcome."""


class Local:
    """The device side of sync run here, under CPython, over the flash folder ``root``:
    what duelkeeper/sync.py calls of a Device (``run``, ``lines``, ``stream``), without a
    serial line. Its RTC (the MicroPython shims') reads power-on time after each call,
    so that nothing else run in the process finds it set."""

    port = "local"

    def __init__(self, root: Path) -> None:
        self.root = root

    def enter(self) -> None:
        pass

    def leave(self) -> None:
        pass

    def run(self, code: str) -> bytes:
        fw = firmware("sync")
        fw.ROOT = str(self.root)
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                exec(code, {"sync": fw})  # noqa: S102 (the PC's own calls, as a board runs them)
        except Exception as e:
            raise Raised("%s: the code run there failed: %r" % (self.port, e)) from e
        finally:  # the clock sync sets is the shims' (the process's): back to power on
            importlib.import_module("machine").power_on()
        return out.getvalue().encode()

    def lines(self, code: str) -> list[bytes]:
        return self.run(code).splitlines()

    def stream(self, code: str) -> Iterator[bytes]:
        yield from self.lines(code)


def firmware(name: str) -> Any:
    """A module of the firmware from the checkout (journalfuzz's loading: the shims)."""
    storage()
    return importlib.import_module("firmware." + name)


@functools.cache
def _pool(k: int) -> str:
    kind, seed = POOL[k]
    return json.dumps(random_game(kind, seed))


def game(n: int, k: int) -> tuple[dict[str, Any], bytes]:
    """Game number ``n`` of the device (a record of the pool, ``k``) and its frame."""
    text, frame = _game(n, k)
    return json.loads(text), frame


@functools.cache
def _game(n: int, k: int) -> tuple[str, bytes]:
    record = dict(json.loads(_pool(k % len(POOL))), id="%s-%06d" % (DEVICE, n))
    frame = bytes(firmware("storage.bundle").frame(record["id"], pack.pack_record(record)))
    return json.dumps(record), frame


def old_frame(record: dict[str, Any]) -> bytes:
    """A frame of the format before: length | id length | id | record | CRC-32 of all."""
    gid = str(record["id"]).encode()
    body = bytes([len(gid)]) + gid + bytes(pack.pack_record(record))
    out = len(body).to_bytes(2, "little") + body
    return out + zlib.crc32(out).to_bytes(4, "little")


@dataclass
class Outcome:
    lost: int  # games whose frame is whole in the bundle, not in the log
    wrong: int  # games in the log under another id, or with another record
    miscounted: int  # 1 when the summary's counts are not the log's
    again: int  # 1 when the next sync adds a game or tells of damage again


def flash(root: Path, data: bytes, acks: bytes | None = None) -> Path:
    games = root / "games"
    if games.exists():
        for leftover in sorted(games.rglob("*"), reverse=True):
            leftover.rmdir() if leftover.is_dir() else leftover.unlink()
    games.mkdir(parents=True, exist_ok=True)
    (games / "device").write_text(DEVICE)
    (games / "000001.dkb").write_bytes(data)
    if acks is not None:
        (games / "000001.dkc").write_bytes(acks)
    return games


def check(
    root: Path, records: list[dict[str, Any]], frames: list[bytes], logged: list[int]
) -> Outcome:
    """Boot over the flash at ``root`` and sync into a new log (``logged``: the games of
    ``records`` in it before); compare with what the bundle still holds whole."""
    bundles = sorted((root / "games").glob("*.dkb"))
    held = b"".join(p.read_bytes() for p in bundles if p.is_file())
    whole = {r["id"] for r, f in zip(records, frames, strict=True) if f in held}
    storage().Storage(str(root)).repair()  # the boot, before the PC stops the app to sync
    db = root / ("log%d.sqlite3" % random.getrandbits(32))
    with Log.open(db) as log:
        for i in logged:
            log.add(records[i])
        out = sync.sync(cast(Device, Local(root)), log)
        got = {g.id: g.record for g in log.games()}
        next_one = sync.sync(cast(Device, Local(root)), log)
    by_id = {r["id"]: r for r in records}
    wrong = sum(1 for gid, r in got.items() if by_id.get(gid) != r)
    lost = len(whole - set(got))
    new = len(set(got)) - len(logged)
    miscounted = int(out.new != new or (out.ok and lost))
    again = int(bool(next_one.new or next_one.problems or next_one.noise))
    return Outcome(lost, wrong, miscounted, again)


def damage(
    rng: random.Random, root: Path
) -> tuple[str, list[dict[str, Any]], list[bytes], list[int]]:
    """One input: its kind, the games written, their frames, the games already in the log;
    the flash at ``root`` holds it."""
    kind = rng.choice(KINDS)
    count = rng.randrange(2, 7)
    made = [game(n + 1, rng.randrange(len(POOL))) for n in range(count)]
    records = [r for r, _ in made]
    frames = [f for _, f in made]
    spans = []
    at = 0
    for f in frames:
        spans.append((at, at + len(f)))
        at += len(f)
    data = bytearray(b"".join(frames))
    acks = None
    logged: list[int] = []
    if kind == "format before":
        frames = [old_frame(r) for r in records]
        data = bytearray(b"".join(frames))
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    elif kind in ("bits in one frame", "bits anywhere"):
        a, b = spans[rng.randrange(count)] if kind == "bits in one frame" else (0, len(data))
        for _ in range(rng.randrange(1, 4)):
            data[rng.randrange(a, b)] ^= 1 << rng.randrange(8)
    elif kind == "cut":
        data = data[: rng.randrange(len(data))]
    elif kind == "frame twice":
        i, j = rng.randrange(count), rng.randrange(count + 1)
        at = spans[j][0] if j < count else len(data)
        data[at:at] = frames[i]
        if rng.random() < 0.5:  # one of the copies damaged
            k = rng.choice((at, spans[i][0] if spans[i][0] < at else spans[i][0] + len(frames[i])))
            data[k + rng.randrange(len(frames[i]))] ^= 0x10
    elif kind == "frames swapped":
        i, j = sorted(rng.sample(range(count), 2))
        parts = [bytearray(f) for f in frames]
        parts[i], parts[j] = parts[j], parts[i]
        data = bytearray(b"".join(parts))
    elif kind == "garbage inserted":
        at = rng.choice([s[0] for s in spans] + [rng.randrange(len(data))])
        data[at:at] = rng.randbytes(rng.randrange(1, 300))
    elif kind == "checksummed garbage":
        at = rng.choice([s[0] for s in spans] + [len(data)])
        junk = game(99, 0)[1]
        junk = junk[: len(junk) - 40] + rng.randbytes(36) + junk[-4:]  # its record wrong
        data[at:at] = junk
    elif kind in ("acks damaged", "acks grown"):
        logged = sorted(rng.sample(range(count), rng.randrange(count + 1)))
        mark = firmware("storage.bundle").mark
        games = flash(root, bytes(data))
        mark(str(games / "000001.dkb"), [spans[i][0] for i in logged])
        acks = bytearray((games / "000001.dkc").read_bytes())
        if kind == "acks grown":
            acks += rng.randbytes(rng.choice((2, 6, 5000)))
        elif rng.random() < 0.5:
            acks[rng.randrange(len(acks))] ^= 1 << rng.randrange(8)
        else:
            acks = acks[: rng.randrange(len(acks))]
    elif kind == "folders in the way":
        logged = sorted(rng.sample(range(count), rng.randrange(count + 1)))
    games = flash(root, bytes(data), None if acks is None else bytes(acks))
    if kind == "folders in the way":
        for name in rng.sample(
            ("000002.dkb", "000001.dkc", "000000.dkb", "000001.dkc.tmp", "000001.dka"), 2
        ):
            (games / name).mkdir()
    if kind == "cut tail, games after":
        last = spans[-1]
        (games / "000001.dkb").write_bytes(bytes(data[: rng.randrange(last[0] + 1, last[1])]))
        store = storage().Storage(str(root))
        store.repair()  # the boot: seals the bundle
        bundle = firmware("storage.bundle")
        for n in range(count, count + rng.randrange(1, 4)):
            record, frame = game(n + 1, rng.randrange(len(POOL)))
            bundle.append(store.dir, frame)
            records.append(record)
            frames.append(frame)
    return kind, records, frames, logged


@dataclass
class Tally:
    inputs: Counter[str]
    tracebacks: int = 0
    hangs: int = 0
    lost: int = 0
    wrong: int = 0
    miscounted: int = 0
    again: int = 0


def run(inputs: int, seed: int, root: Path) -> Tally:
    rng = random.Random(seed)
    tally = Tally(Counter())
    for _ in range(inputs):
        try:
            with limit(HANG_SECONDS):
                kind, records, frames, logged = damage(rng, root)
                tally.inputs[kind] += 1
                out = check(root, records, frames, logged)
        except Hang:
            tally.hangs += 1
            continue
        except Exception:
            tally.tracebacks += 1
            continue
        tally.lost += out.lost
        tally.wrong += out.wrong
        tally.miscounted += out.miscounted
        tally.again += out.again
    return tally


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m duelkeeper_dev.bundlefuzz", description=__doc__)
    p.add_argument("--inputs", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=FAST) as tmp:
        t = run(args.inputs, args.seed, Path(tmp))
    print("inputs tried: %d (seed %d)" % (sum(t.inputs.values()), args.seed))
    for kind, n in sorted(t.inputs.items()):
        print("  %-24s %5d" % (kind, n))
    print("tracebacks: %d, hangs: %d" % (t.tracebacks, t.hangs))
    print(
        "games lost beyond the damaged frames: %d, in the log wrong or twice: %d"
        % (t.lost, t.wrong)
    )
    print("summaries whose counts are not the log's: %d" % t.miscounted)
    print("next syncs that added a game or told of damage again: %d" % t.again)
    return 1 if t.tracebacks + t.hangs + t.lost + t.wrong + t.miscounted + t.again else 0


if __name__ == "__main__":
    sys.exit(main())
