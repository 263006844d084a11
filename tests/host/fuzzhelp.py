"""Hostile input for `duelkeeper replay` and `duelkeeper import`, and how each run ended.

Shared by tests/host/test_fuzz_inputs.py (every run must end clean) and
tools/fuzz_inputs.py (the counts docs/record-limits.md quotes). An input is bytes in a
file; both commands read it, in this process (``cli.main``), each under an alarm:

- ``accepted``: exit 0;
- ``refused``: exit 2 and one line on stderr, starting ``duelkeeper`` (argparse's own
  refusals name the command: ``duelkeeper games: error: ...``);
- ``untidy``: exit 2 with anything else on stderr;
- ``traceback``: an exception escaped ``main``;
- ``hang``: no end within HANG_SECONDS.
"""

import contextlib
import functools
import io
import json
import signal
import tempfile
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from duelkeeper.cli import main
from duelkeeper.randomgame import random_record

HANG_SECONDS = 10
GAMES = ("7wd", "splendor-duel", "antike-duellum")
OUTCOMES = ("accepted", "refused", "untidy", "traceback", "hang")


class _Hang(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Hang


def run(
    argv: list[str], out: io.TextIOBase | None = None, hang_seconds: int = HANG_SECONDS
) -> tuple[str, str]:
    """(outcome, what the command wrote to stderr, or the escaped exception); ``out`` is
    its stdout (a StringIO by default)."""
    out, err = out or io.StringIO(), io.StringIO()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(hang_seconds)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as e:  # argparse: --help, or a refusal of its own
                code = e.code if isinstance(e.code, int) else 2
    except _Hang:
        return "hang", " ".join(argv)
    except BaseException as e:  # noqa: BLE001 - an escaped exception is the finding
        return "traceback", "%s: %s" % (type(e).__name__, str(e)[:200])
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    text = err.getvalue()
    if code == 0:
        return "accepted", text
    one_line = code == 2 and text.startswith("duelkeeper") and text.count("\n") == 1
    return ("refused" if one_line else "untidy"), text


def attempt(data: bytes, tally: Counter[str] | None = None) -> list[tuple[str, str]]:
    """Replay and import ``data`` (import into a new log); each run's (outcome, text)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "input.json"
        path.write_bytes(data)
        runs = [
            run(["replay", str(path)]),
            run(["import", "--db", str(Path(folder) / "log.sqlite3"), str(path)]),
        ]
    if tally is not None:
        tally.update(outcome for outcome, _ in runs)
    return runs


# -- what is thrown at them -----------------------------------------------------------------


@functools.cache
def game(kind: str, seed: int) -> str:
    """A random legal game (JSON text): finished for 7wd and Splendor Duel; a prefix of
    one for Antike Duellum, whose random games run long."""
    return json.dumps(random_record(kind, seed, max_events=150))


@functools.cache
def words() -> tuple[str, ...]:
    """Every string in the events of a few random games: verbs, cards, tokens, resources,
    so random events name real things often enough to reach the rules."""
    found: set[str] = {"coins", "tokens", "resources", "units", "library", "pearl", "gold"}
    for kind in GAMES:
        for seed in (1, 2):
            stack: list[Any] = list(json.loads(game(kind, seed))["events"])
            while stack:
                value = stack.pop()
                if isinstance(value, str):
                    found.add(value)
                elif isinstance(value, list):
                    stack += value
                elif isinstance(value, dict):
                    stack += list(value) + list(value.values())
    return tuple(sorted(found))


HUGE = st.sampled_from([10**9, 10**15, -(10**15), 10**400, -(10**400), 2**31, 2**63])
scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 30)
    | HUGE
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)


@st.composite
def arguments(draw: st.DrawFn) -> Any:
    name = st.sampled_from(words())
    return draw(
        name
        | st.integers(-3, 12)
        | HUGE
        | st.lists(name, max_size=4)
        | st.dictionaries(name, st.integers(-30, 30) | HUGE, max_size=3)
        | json_values
    )


@st.composite
def events(draw: st.DrawFn) -> list[Any]:
    verb = draw(st.sampled_from(words()) | st.text(max_size=8))
    player = draw(st.sampled_from([0, 1]) | st.sampled_from([2, -1, True, "0", None, 10**400]))
    return [verb, player, *draw(st.lists(arguments(), max_size=3))]


@st.composite
def records(draw: st.DrawFn) -> bytes:
    """A random game's record, cut somewhere, with random events spliced in and some
    envelope field perhaps replaced; as JSON text, a list of records or JSON lines."""
    kind = draw(st.sampled_from(GAMES))
    record: dict[str, Any] = json.loads(game(kind, draw(st.integers(1, 3))))
    played = record["events"]
    cut = draw(st.integers(0, len(played)))
    tail = draw(st.lists(events(), max_size=4))
    record["events"] = played[:cut] + tail + (played[cut:] if draw(st.booleans()) else [])
    if draw(st.integers(0, 3)) == 0:
        key = draw(st.sampled_from(["format", "game", "id", "players", "setup", "meta", "events"]))
        record[key] = draw(json_values)
    shape = draw(st.sampled_from(["object", "list", "lines"]))
    if shape == "object":
        text = json.dumps(record)
    elif shape == "list":
        text = json.dumps([record, record])
    else:
        text = json.dumps(record) + "\n" + json.dumps(record) + "\n"
    return text.encode()


_CORRECTION = {"7wd": "coins", "splendor-duel": "tokens", "antike-duellum": "resources"}
_COUNTED = {"splendor-duel": ("white", "pearl", "gold"), "antike-duellum": ("coins", "marble")}


@st.composite
def corrected(draw: st.DrawFn) -> bytes:
    """A random game with its own correction verb played anywhere in it, by any amount:
    the one way a record sets a count at will (issue 10: 10**15 coins broke stats)."""
    kind = draw(st.sampled_from(GAMES))
    record: dict[str, Any] = json.loads(game(kind, draw(st.integers(1, 3))))
    for _ in range(draw(st.integers(1, 3))):
        amount = draw(st.integers(-100, 100) | HUGE)
        arg: Any = amount
        if kind in _COUNTED:
            arg = {draw(st.sampled_from(_COUNTED[kind])): amount}
        at = draw(st.integers(0, len(record["events"])))
        record["events"].insert(at, [_CORRECTION[kind], draw(st.sampled_from([0, 1])), arg])
    return json.dumps(record).encode()


@st.composite
def damaged(draw: st.DrawFn) -> bytes:
    """A finished game's JSON text with a few bytes changed, cut or inserted."""
    data = bytearray(game(draw(st.sampled_from(GAMES[:2])), 1).encode())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data) - 1))
        how = draw(st.sampled_from(["flip", "cut", "insert"]))
        if how == "flip":
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif how == "cut":
            del data[at : at + draw(st.integers(1, 40))]
        else:
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        if not data:
            break
    return bytes(data)


# Issue 25's second round: what a name may not hold, times beyond reason.
BAD_CHARS = [
    "\x1b[2J", "\u061c", "\u200f", "\u200b", "\ufeff", "\u200d", "\U000e0041", "\u00a0",
    "\u0301" * 23, "\ue000", "\ufffe", "\uffff", "\u202e", "\u3164", " ",
]  # fmt: skip
BAD_TIMES = [
    "Infinity", "-Infinity", "NaN", "1e400", "1" + "0" * 400, "-1", "604801", "2.5",
    '"0999-01-01"', '"-0001-01-01"', '"9999-12-31T23:59:60"', "-86400", "true",
]  # fmt: skip


@st.composite
def names_and_times(draw: st.DrawFn) -> bytes:
    """A finished game whose names hold what no name may (or the same name twice), or
    whose meta gives a time beyond reason; as JSON text, the time spliced in as text."""
    record: dict[str, Any] = json.loads(game(draw(st.sampled_from(GAMES[:2])), 1))
    if draw(st.booleans()):
        name = draw(st.text(max_size=6)) + draw(st.sampled_from(BAD_CHARS))
        name += draw(st.text(max_size=6))
        record["players"] = draw(st.sampled_from([[name, "Bob"], ["Ann", name], [name, name]]))
        return json.dumps(record).encode()
    key = draw(st.sampled_from(["seconds", "ended", "started", "date"]))
    record["meta"] = {key: 0}
    bad = '"%s": %s' % (key, draw(st.sampled_from(BAD_TIMES)))
    text = json.dumps(record).replace('"%s": 0' % key, bad)
    return text.encode()


@st.composite
def archives(draw: st.DrawFn) -> bytes:
    """A finished game's archive file, as the device keeps it (``<id>.dk``: the packed
    record, then its CRC-32 little-endian), whole or with bytes flipped, cut or appended."""
    from duelcore.pack import pack_record

    packed = bytes(pack_record(json.loads(game(draw(st.sampled_from(GAMES[:2])), 1))))
    data = bytearray(packed + zlib.crc32(packed).to_bytes(4, "little"))
    for _ in range(draw(st.integers(0, 3))):
        how = draw(st.sampled_from(["flip", "cut", "append"]))
        at = draw(st.integers(0, len(data) - 1))
        if how == "flip":
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif how == "cut":
            del data[at:]
        else:
            data += draw(st.binary(min_size=1, max_size=16))
        if not data:
            break
    return bytes(data)


json_texts = json_values.map(lambda v: json.dumps(v).encode())
raw_bytes = st.binary(max_size=300)

# The kinds of input, in the order the counts are reported.
KINDS = {
    "random bytes": raw_bytes,
    "random JSON": json_texts,
    "random events in records": records(),
    "corrections in games": corrected(),
    "damaged records": damaged(),
    "bad names and times": names_and_times(),
    "archive files": archives(),
}
