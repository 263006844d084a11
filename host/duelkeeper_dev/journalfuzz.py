"""Damaged journals thrown at the device's resume(): ``python -m duelkeeper_dev.journalfuzz``.

The device's journal decoder (firmware/storage/journal.py ``resume()``, under CPython) gets
random bytes, real journals with bytes changed, cut short, inserted or checksummed
garbage, and each outcome is checked: no exception escapes, nothing hangs, no event is
invented (what comes back is a subsequence of the events written) and no readable event
is lost: every event whose journal entry is untouched comes back, in the game resumed or
in ``later()`` (played once the player enters the unreadable move again), unless the
record's own entry was hit; an entry with one wrong byte, its neighbours whole, is
restored. tests/firmware/test_journal_fuzz.py runs the same check under hypothesis;
this command prints the counts docs/firmware.md quotes.
"""

import argparse
import functools
import importlib
import json
import random
import signal
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType, ModuleType
from typing import Any

from duelcore.engine import game_class
from duelcore.games import GAMES
from duelkeeper.randomgame import random_record
from duelkeeper.repo import ROOT
from duelkeeper.shims import install

SEEDS = 4  # random games of each kind the journals are cut from
HANG_SECONDS = 10  # a resume() that takes longer counts as a hang


def storage() -> ModuleType:
    """firmware.storage from the checkout (its folder's parent goes on sys.path), with the
    MicroPython shims the firmware's drawing imports (the CPython simulator's)."""
    install()
    if str(ROOT) not in sys.path:
        sys.path.append(str(ROOT))
    return importlib.import_module("firmware.storage")


def journal_format() -> ModuleType:
    """firmware.storage.journal, which writes and reads the journal's format."""
    storage()
    return importlib.import_module("firmware.storage.journal")


@dataclass
class Journal:
    """A journal as the device writes it: its bytes, its events, each entry's span."""

    data: bytes
    events: list[Any]
    spans: list[tuple[int, int]]  # entry k (0: the record) is data[start:end]


@functools.cache
def _record(game: str, seed: int) -> str:
    return json.dumps(random_record(game, seed))


def journal(game: str, seed: int, count: int) -> Journal:
    """The record of a random game and its first ``count`` events, as codes where the
    game has them (the firmware's own framing)."""
    fl = journal_format()
    record = json.loads(_record(game, seed))
    events = record.pop("events")[:count]
    out = bytearray(2)
    out.extend(json.dumps(record).encode())
    fl.frame(out, 0)
    spans = [(0, len(out))]
    codec = game_class(game)(record["setup"])
    for event in events:
        at = len(out)
        fl.event(out, event, codec)
        spans.append((at, len(out)))
    return Journal(bytes(out), events, spans)


@dataclass
class Outcome:
    kind: str  # what resume() did: whole, repaired, tail dropped, later kept, set aside
    lost: int  # readable events that did not come back
    invented: int  # events that came back but were never written


class Hang(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang()


@contextmanager
def limit(seconds: int) -> Iterator[None]:
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def resume(data: bytes, root: Path) -> tuple[Any, str | None, list[Any] | None]:
    """Boot a Storage over a flash holding ``data`` as its journal; resume() and later()."""
    st = storage()
    games = root / "games"
    games.mkdir(parents=True, exist_ok=True)
    for leftover in games.iterdir():
        leftover.unlink()
    (games / "journal.dj").write_bytes(data)
    s = st.Storage(str(root))
    s.repair()
    record, notice = s.resume()
    return record, notice, s.later()


def check(j: Journal, data: bytes, touched: set[int], root: Path, garbage: bool = False) -> Outcome:
    """resume() over ``data``: ``j`` damaged at the original offsets ``touched``, or
    cut short (``data`` shorter); ``garbage``: one entry replaced by a checksummed one."""
    record, notice, later = resume(data, root)
    if record is None:
        kind = "set aside" if notice else "no game"
        got: list[Any] = []
    else:
        got = list(record["events"]) + list(later or [])
        kind = {
            None: "whole",
            "Save repaired: no move lost": "repaired",
        }.get(notice, "later kept" if later else "tail dropped")
    hit = [any(a <= t < b for t in touched) for a, b in j.spans]
    if len(data) < len(j.data):
        cut = len(data)
        hit = [h or b > cut for h, (a, b) in zip(hit, j.spans, strict=True)]
    readable = [] if hit[0] else [e for e, h in zip(j.events, hit[1:], strict=True) if not h]
    lost = len(readable) - _common(readable, got)
    # A checksummed entry may hold a code the encoder does write: a real event, once.
    invented = max(0, len(got) - _common(got, j.events) - (1 if garbage else 0))
    return Outcome(kind, lost, invented)


def _common(a: Sequence[Any], b: Sequence[Any]) -> int:
    """The length of the longest common subsequence of ``a`` and ``b``."""
    row = [0] * (len(b) + 1)
    for x in a:
        prev = 0
        for k, y in enumerate(b):
            cur = row[k + 1]
            row[k + 1] = prev + 1 if x == y else max(row[k + 1], row[k])
            prev = cur
    return row[-1]


def damage(j: Journal, rng: random.Random) -> tuple[str, bytes, set[int]]:
    """One kind of damage, chosen at random: (its name, the bytes, the offsets hit)."""
    data = bytearray(j.data)
    kind = rng.choice(("random bytes", "one byte", "bytes in one entry", "scattered bytes",
                       "cut short", "bytes inserted", "checksummed garbage"))  # fmt: skip
    if kind == "random bytes":
        n = rng.randrange(0, 2 * len(data))
        return kind, rng.randbytes(n), set(range(len(data)))
    if kind == "cut short":
        return kind, bytes(data[: rng.randrange(len(data))]), set()
    if kind == "bytes inserted":
        at = rng.randrange(len(data) + 1)
        spans = [s for s in j.spans if s[0] < at < s[1]]
        hit = {spans[0][0]} if spans else set()
        return kind, bytes(data[:at] + rng.randbytes(rng.randrange(1, 20)) + data[at:]), hit
    if kind == "checksummed garbage":  # a whole entry no encoder wrote, in place of one
        k = rng.randrange(1, len(j.spans))
        a, b = j.spans[k]
        fl = journal_format()
        entry = bytearray(2)
        entry.append(1)
        entry.extend(rng.randbytes(rng.randrange(0, 6)))
        fl.frame(entry, 0)
        return kind, bytes(data[:a] + entry + data[b:]), {a}
    if kind == "one byte":
        spots = [rng.randrange(len(data))]
    elif kind == "bytes in one entry":
        a, b = j.spans[rng.randrange(len(j.spans))]
        spots = rng.sample(range(a, b), min(b - a, rng.randrange(2, 5)))
    else:
        spots = [rng.randrange(len(data)) for _ in range(rng.randrange(2, 6))]
    for i in spots:
        data[i] ^= rng.randrange(1, 256)
    return kind, bytes(data), set(spots)


@dataclass
class Tally:
    inputs: Counter[str]
    outcomes: Counter[str]
    tracebacks: int = 0
    hangs: int = 0
    lost: int = 0  # readable events not given back
    invented: int = 0
    single_not_whole: int = 0  # one-byte damage that did not come back whole


def run(inputs: int, seed: int, root: Path) -> Tally:
    rng = random.Random(seed)
    tally = Tally(Counter(), Counter())
    for n in range(inputs):
        game = GAMES[n % len(GAMES)]
        j = journal(game, rng.randrange(SEEDS), rng.randrange(1, 60))
        kind, data, touched = damage(j, rng)
        tally.inputs[kind] += 1
        try:
            with limit(HANG_SECONDS):
                out = check(j, data, touched, root, kind == "checksummed garbage")
        except Hang:
            tally.hangs += 1
            continue
        except Exception:
            tally.tracebacks += 1
            continue
        tally.outcomes[out.kind] += 1
        tally.lost += out.lost
        tally.invented += out.invented
        if kind == "one byte" and out.kind not in ("whole", "repaired"):
            tally.single_not_whole += 1
    return tally


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m duelkeeper_dev.journalfuzz", description=__doc__)
    p.add_argument("--inputs", type=int, default=3000)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        t = run(args.inputs, args.seed, Path(tmp))
    total = sum(t.inputs.values())
    print("inputs tried: %d (seed %d)" % (total, args.seed))
    for kind, n in sorted(t.inputs.items()):
        print("  %-20s %5d" % (kind, n))
    print("outcomes (each a notice on the screen, or none):")
    for kind, n in sorted(t.outcomes.items()):
        print("  %-20s %5d" % (kind, n))
    print("tracebacks: %d, hangs: %d" % (t.tracebacks, t.hangs))
    print("readable events lost: %d, events invented: %d" % (t.lost, t.invented))
    print("one-byte damage not given back whole: %d" % t.single_not_whole)
    bad = t.tracebacks + t.hangs + t.lost + t.invented + t.single_not_whole
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
