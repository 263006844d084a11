"""Sync: the device's finished games into the play log (``duelkeeper sync``).

The device side is firmware/sync.py (protocol 1, docs/firmware.md): the PC stops the
app, and in the raw REPL calls ``sync.info()``, ``sync.list()``, then per game
``sync.get(id)`` and, only once the log has committed the game, ``sync.ack(id)``. So:

* nothing is lost: a game leaves the device's list only after its transaction in the
  log has committed; a sync cut anywhere (cable, kill, crash) leaves the game listed;
* nothing is twice: the log is keyed by the game's id and ``Log.add`` of a game it
  holds changes nothing, so the next sync just acknowledges it;
* a game whose transfer is garbled (length or CRC-32 wrong, a line that does not parse),
  or that the rules refuse (quarantined: a copy goes to ``quarantine/<id>.json`` beside
  the log) is reported by id and not acknowledged; one damaged on the device's flash is
  copied raw to ``quarantine/<id>.dk``, then set aside on the device (``sync.aside``),
  so it is reported once; the others go on, and the sync fails at the end with one line.

``sync(device, log, after=...)`` is the library; ``after(step, game_id)`` is called
after each protocol step (``STEPS``), which is how the tests cut a sync at every point.
"""

import contextlib
import functools
import io
import json
import multiprocessing
import os
import re
import signal
import zlib
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from duelcore import IllegalEvent, RecordError
from duelkeeper import packed
from duelkeeper.device import Device, DeviceError
from duelkeeper.entry import Entry, prepare
from duelkeeper.errors import DuelkeeperError, shown_quote
from duelkeeper.files import write_atomic
from duelkeeper.log import Log, default_path
from duelkeeper.progress import Progress
from duelkeeper.roster import exchange
from duelkeeper.rtc import set_clock

PROTOCOLS = (1, 2)  # 1: JSON, a game a call (older firmware); 2: packed batches
# The steps ``after`` sees: protocol 1 lists, then gets, adds and acknowledges one game at
# a time; protocol 2 sets the clock, then pulls a batch, adds its games, commits them,
# acknowledges them; then the roster goes both ways.
STEPS = (
    "enter", "info", "clock", "list", "get", "pull", "add", "commit", "ack", "roster", "leave",
)  # fmt: skip
RETRIES = 1  # a garbled transfer is read once more before it is reported
# A sync of at least POOL_FROM games (protocol 2) replays its long games, of POOL_BYTES
# packed or more (Antike Duellum's, 2.3 KB: 400 to 700 events), in WORKERS other
# processes while this one reads the device's lines and stores what they made: their
# replays were most of the PC's time (issue 12, docs/sync.md). A short game (7WD's 0.25
# KB) replays here, faster than it could be handed over. Forked only: a spawned process
# would import everything again, slower than the replays it saves.
POOL_FROM = 24
POOL_BYTES = 1024
# The most games a sync asks for (batches of packed.BATCH): far more than a device's
# flash holds (about 3,000), so that a device whose count or batches never end cannot
# hold a sync (with device.CALL_SECONDS and device.CALL_BYTES a call: docs/sync.md).
MOST_GAMES = 20000


def workers(cores: int) -> int:
    """The workers for a PC whose process may use ``cores`` cores: one a core, four at
    most (then the device's line sets the pace: the simulated device serves about 570
    Antike games a second), none on one core, where the handing over would only add."""
    return 0 if cores < 2 else min(4, cores)


_CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
WORKERS = workers(_CORES or 1)
_ID = re.compile(rb"[0-9A-Za-z_.-]{1,64}")
DAMAGED = ".damaged"  # the device's name for bytes of a bundle that hold no whole frame

Hook = Callable[[str, str | None], None]


class SyncError(DuelkeeperError):
    """The device's answers make no sense for the whole sync (not one game)."""


class _Garbled(Exception):
    """The transfer of one game went wrong; reading it again may work."""


class _Refused(Exception):
    """The device or the log refuses one game; reading it again will not help."""


class _Damaged(_Refused):
    """The game's file on the device fails its check: copied raw, then set aside."""


@dataclass
class Problem:
    """A game left on the device, and why."""

    id: str
    why: str
    aside: bool = False  # set aside on the device (copied raw to the quarantine folder)

    @property
    def damage(self) -> bool:
        """Bytes of a bundle that hold no whole game (``<bundle>.<offset>.damaged``)."""
        return self.id.endswith(DAMAGED)

    def __str__(self) -> str:
        return "%s %s: %s" % ("bytes" if self.damage else "game", self.id, self.why)


@dataclass
class Outcome:
    """What a sync did."""

    device: str = "?"
    listed: int = 0
    new: int = 0  # added to the log and acknowledged
    known: int = 0  # in the log already, acknowledged again
    problems: list[Problem] = field(default_factory=list)  # one per game, by its id
    noise: list[str] = field(default_factory=list)  # lines that named no game: garbled
    roster: str = ""  # what the roster step did (or why it did not)
    copies: int = 0  # items the device listed that held a game counted already

    @property
    def unread(self) -> int:
        """Games the device listed that no line served readably (their lines garbled):
        they stay on the device for the next sync."""
        return max(0, self.listed - self.new - self.known - len(self.problems) - self.copies)

    @property
    def games(self) -> int:
        """The games the device listed: without bytes of a bundle that hold none."""
        return self.listed - sum(p.damage for p in self.problems)

    @property
    def ok(self) -> bool:
        """Every game listed is in the log and acknowledged: garbage on the line that
        named no game (``noise``) fails nothing."""
        return not self.problems and not self.unread

    def summary(self) -> str:
        done = self.new + self.known
        return "device %s: %d game%s synced (%d new, %d already in the log)" % (
            self.device,
            done,
            "" if done == 1 else "s",
            self.new,
            self.known,
        )

    def failure(self) -> str:
        parts = []
        for aside, where in ((False, "left on the device"), (True, "set aside on the device")):
            ids = [p.id for p in self.problems if p.aside == aside and not p.damage]
            if ids:
                parts.append("%s: %s" % (where, ", ".join(ids)))
        if self.unread:
            parts.append(
                "%d left on the device, %s garbled on the line (the next sync reads %s again)"
                % (
                    (self.unread,)
                    + (("its line", "it") if self.unread == 1 else ("their lines", "them"))
                )
            )
        damage = [p for p in self.problems if p.damage]
        lost = len(self.problems) - len(damage) + self.unread
        head = "%d of %d games not synced, %s" % (lost, self.games, "; ".join(parts))
        if not damage:
            return head
        kept = [p.id for p in damage if p.aside]
        tail = "damaged bytes on the device's flash that hold no whole game: %s" % ", ".join(
            p.id for p in damage
        )
        if kept:
            tail += " (%s set aside, copied raw into the quarantine folder)" % (
                "all" if len(kept) == len(damage) else ", ".join(kept)
            )
        return (head + "; " if lost else "every game listed synced; ") + tail


def _fields(line: bytes, verb: bytes, count: int) -> list[bytes]:
    parts = line.split(b" ")
    if parts[0] != verb or len(parts) != count:
        raise SyncError("the device answered %r where %s was expected" % (line[:60], verb.decode()))
    return parts


def read_info(lines: list[bytes]) -> tuple[str, int, int]:
    """(device id, unsynced count, protocol) from ``DK <protocol> <device id> <count>``."""
    if len(lines) != 1:
        raise SyncError(
            "the device's info is %d lines, not one: is its firmware ours?" % len(lines)
        )
    _, proto, device, count = _fields(lines[0], b"DK", 4)
    if proto not in (b"%d" % p for p in PROTOCOLS):
        raise SyncError(
            "the device speaks sync protocol %s, this duelkeeper %s: update the one that is older"
            % (proto.decode(errors="replace"), " or ".join(map(str, PROTOCOLS)))
        )
    if not (_ID.fullmatch(device) and count.isdigit()):
        raise SyncError("the device's info line is garbled: %r" % lines[0][:60])
    return device.decode(), int(count), int(proto)


def read_list(lines: list[bytes]) -> tuple[list[str], int, list[str]]:
    """The ids from ``GAME <id>`` lines, the count ``END <count>`` gives, and what is
    wrong with each line that does not parse (a game it was stays for the next sync)."""
    if not lines:
        raise SyncError("the device sent no game list")
    _, count = _fields(lines[-1], b"END", 2)
    ids: list[str] = []
    noise: list[str] = []
    for line in lines[:-1]:
        verb, _, gid = line.partition(b" ")
        if verb == b"GAME" and _ID.fullmatch(gid):
            ids.append(gid.decode())
        else:
            noise.append("a garbled line in the device's list: %r" % line[:60])
    if not count.isdigit() or int(count) != len(lines) - 1:
        noise.append(
            "the device's list and its count disagree (%d lines, %s said)"
            % (len(lines) - 1, count.decode(errors="replace")[:20])
        )
    return ids, int(count) if count.isdigit() else len(ids), noise


def read_record(game_id: str, lines: list[bytes]) -> dict[str, Any]:
    """The record from ``REC <length> <crc32>`` and its JSON line, checked."""
    head = lines[0] if lines else b""
    if head.startswith(b"BAD "):
        why = head.split(b" ", 2)[-1].decode(errors="replace")
        raise _Damaged("damaged on the device's flash (%s)" % why)
    if head.startswith(b"NONE "):
        raise _Refused("the device no longer has it")
    try:
        _, length, crc = _fields(head, b"REC", 3)
    except SyncError:
        length = crc = b""
    if not length.isdigit() or len(crc) != 8:
        raise _Garbled("its header line is garbled: %r" % head[:60])
    if len(lines) != 2:
        raise _Garbled("%d lines where a header and the record were expected" % len(lines))
    text = lines[1]
    if len(text) != int(length):
        raise _Garbled("%d bytes arrived of %d" % (len(text), int(length)))
    if b"%08x" % zlib.crc32(text) != crc:
        raise _Garbled(
            "CRC-32 mismatch (%08x, the device said %s)"
            % (zlib.crc32(text), crc.decode(errors="replace"))
        )
    try:
        record = json.loads(text.decode("utf-8"))
    except ValueError as e:
        raise _Garbled("not JSON: %s" % e) from None
    if not isinstance(record, dict) or record.get("id") != game_id:
        # Arrived whole (length and CRC-32 hold): the device's file is wrong, for good.
        raise _Damaged(
            "wrong on the device's flash (its file holds %s, not game %s)"
            % (packed.which(record), game_id)
        )
    return record


def quarantine_dir(log: Log) -> Path:
    """Where copies of refused records go: beside the log, so they are found with it."""
    return log.path.parent / "quarantine"


def _quarantine(log: Log, game_id: str, record: dict[str, Any]) -> Path:
    folder = quarantine_dir(log)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / (game_id + ".json")
    write_atomic(path, json.dumps(record, sort_keys=True, indent=1) + "\n")
    return path


def _fetch(device: Device, game_id: str) -> dict[str, Any]:
    for attempt in range(RETRIES + 1):
        try:
            return read_record(game_id, device.lines("sync.get(%r)" % game_id))
        except _Garbled as e:
            if attempt == RETRIES:
                raise _Refused("garbled in transfer: %s" % e) from None
    raise AssertionError("unreachable")


def _add(log: Log, game_id: str, record: dict[str, Any]) -> bool:
    try:
        return log.add(record)
    except (RecordError, IllegalEvent, DuelkeeperError) as e:
        raise _refused(log, game_id, record, str(e)) from None


def _refused(log: Log, game_id: str, record: dict[str, Any], why: str) -> _Refused:
    kept = _quarantine(log, game_id, record)
    why = " ".join(why.split())
    return _Refused("quarantined, the log refuses it: %s (a copy: %s)" % (why, kept))


def _entry(game_id: str, data: bytes) -> Entry | str | ValueError:
    """In a worker: the entry of the game packed in ``data``; why the rules or the log
    refuse it; or why its line does not decode (garbled on the way: read again)."""
    try:
        record = packed.decode(game_id, data)
    except ValueError as e:
        return e  # its kind tells (packed.Elsewhere: the device's file, for good)
    try:
        return prepare(record)
    except (RecordError, IllegalEvent, DuelkeeperError) as e:
        return str(e)


def _store(log: Log, game: packed.Served, made: Entry | str) -> bool:
    """Store what a worker made of ``game`` (``_entry``), refused as ``_add`` refuses."""
    if isinstance(made, str):
        why = made
    else:
        try:
            return log.store(made)
        except DuelkeeperError as e:
            why = str(e)
    raise _refused(log, game.id, packed.decode(game.id, game.data), why)


def _quiet() -> None:
    """A worker leaves Ctrl-C to the sync, which stops it (its games are in no log)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Replays:
    """Games handed to the workers, given back in the device's order as they are made."""

    def __init__(self, pool: ProcessPoolExecutor) -> None:
        self.pool = pool
        self.pending: deque[tuple[packed.Served, str, Future[Entry | str | ValueError]]] = deque()

    def add(self, game: packed.Served, before: str) -> None:
        self.pending.append((game, before, self.pool.submit(_entry, game.id, game.data)))

    def made(self, wait: bool) -> Iterator[tuple[packed.Served, str, Entry | str | ValueError]]:
        """The games made so far, in order (``wait``: all of them)."""
        while self.pending and (wait or self.pending[0][2].done()):
            game, before, future = self.pending.popleft()
            yield game, before, future.result()


def _pool(count: int) -> ProcessPoolExecutor | None:
    if count < POOL_FROM or not WORKERS or "fork" not in multiprocessing.get_all_start_methods():
        return None
    return ProcessPoolExecutor(WORKERS, multiprocessing.get_context("fork"), _quiet)


def sync(
    device: Device,
    log: Log,
    after: Hook | None = None,
    progress: Progress | None = None,
) -> Outcome:
    """Copy every unsynced game of ``device`` into ``log``; see the module's docstring."""
    step: Hook = after or (lambda name, gid: None)
    device.enter()
    step("enter", None)
    try:
        out = _games(device, log, step, progress)
        out.roster = _roster(device, log)
        step("roster", None)
    except BaseException:
        with contextlib.suppress(Exception):  # the app back on, if the device still answers
            device.leave()
        raise
    device.leave()
    step("leave", None)
    return out


def _games(device: Device, log: Log, step: Hook, progress: Progress | None) -> Outcome:
    out = Outcome()
    try:
        device.run("from firmware import sync")
    except DeviceError as e:
        if "ImportError" not in str(e):
            raise
        raise SyncError(
            "%s: no whole duelkeeper program on the device (%s): run `duelkeeper deploy` (a board"
            " on stock MicroPython needs the project's firmware first: docs/sync.md)"
            % (device.port, str(e).partition("failed: ")[2][:80])
        ) from None
    out.device, count, proto = read_info(device.lines("sync.info()"))
    step("info", None)
    if proto == 2:
        set_clock(device)  # so that the games played from now on are dated
        step("clock", None)
        return _pulled(device, log, step, progress or Progress("sync", io.StringIO()), out, count)
    ids, out.listed, out.noise = read_list(device.lines("sync.list()"))
    step("list", None)
    if progress is None:
        progress = Progress("sync", io.StringIO())  # shows nothing
    progress.start(len(ids))
    try:
        for n, gid in enumerate(ids):
            _game(device, log, gid, out, step)
            progress.update(n + 1)
    finally:
        progress.end()
    return out


def _roster(device: Device, log: Log) -> str:
    """The roster step after the games (duelkeeper/roster.py): its one-line summary. Its
    failure fails no game: the next sync sends the roster again."""
    try:
        return exchange(device, log).summary()
    except DeviceError:
        raise
    except DuelkeeperError as e:
        return str(e)


def _game(device: Device, log: Log, gid: str, out: Outcome, step: Hook) -> None:
    """Get, add and acknowledge one game; a problem with it goes into ``out``."""
    try:
        record = _fetch(device, gid)
        step("get", gid)
        new = _add(log, gid, record)
        step("add", gid)
    except _Damaged as e:
        done, what, _ = set_aside(device, log, gid, out.device)
        out.problems.append(Problem(gid, "%s: %s" % (e, what), done))
        return
    except _Refused as e:
        out.problems.append(Problem(gid, str(e)))
        return
    reply = device.lines("sync.ack(%r)" % gid)
    if reply not in ([b"ACK " + gid.encode()], [b"NONE " + gid.encode()]):
        why = "in the log, but the device's acknowledgement is garbled: %s" % shown_quote(reply[:2])
        out.problems.append(Problem(gid, why))
    elif new:
        out.new += 1
    else:
        out.known += 1
    step("ack", gid)


def _pulled(
    device: Device, log: Log, step: Hook, progress: Progress, out: Outcome, count: int
) -> Outcome:
    """Protocol 2: batches of packed games, each batch committed, then acknowledged."""
    out.listed = count
    progress.start(count)
    after = ""
    pool = _pool(count)
    replays = None if pool is None else _Replays(pool)
    try:
        for _ in range(min(count, MOST_GAMES) // packed.BATCH + 2):  # the device's own count
            done, last, left = _batch(device, log, step, out, after, progress, replays)
            if done:
                ids = list(done)
                for _ in range(RETRIES + 1):  # marking twice is harmless
                    reply = device.lines(packed.acks(ids))
                    if packed.acked(ids, reply):
                        break
                else:
                    out.noise.append(
                        "the device's acknowledgement of %d games in the log arrived garbled"
                        " (%s): the next sync finds them in the log and acknowledges them"
                        % (len(ids), shown_quote(reply[:1]))
                    )
                out.new += sum(done.values())
                out.known += len(done) - sum(done.values())
                step("ack", None)
            progress.update(out.new + out.known + len(out.problems))
            if last is None or not left:
                break
            after = last
        return out
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        progress.end()


def _batch(
    device: Device,
    log: Log,
    step: Hook,
    out: Outcome,
    after: str,
    progress: Progress,
    replays: _Replays | None,
) -> tuple[dict[str, bool], str | None, int]:
    """Pull the batch after ``after`` and add its games to the log in one transaction,
    each as soon as its line has arrived (the device sends the next meanwhile), or, with
    ``replays``, as soon as a worker has made its entry. Returns
    the ids the log then holds, each with whether it is new there; the batch's last id
    (None: it served none); and the games the device has after it. A game that needs the
    device again (read once more, or set aside) waits for the end of the batch."""
    done: dict[str, bool] = {}
    # (the game, the id before it, why its line did not decode; None: a BAD line)
    later: list[tuple[packed.Served, str, ValueError | None]] = []
    handled = out.new + out.known + len(out.problems)
    first = len(out.problems)
    place: dict[str, int] = {}  # the batch's ids, each with its place in it
    with log.transaction():
        prev = after
        lines = 0  # before END
        end: tuple[bytes, tuple[int, int]] | None = None  # the last line if END: (it, read)
        for line in device.stream(packed.pull(after)):
            if end is not None:  # END was not the last line: garbled
                lines += 1
                _garbled(out, end[0])
            counts = packed.read_end(line)
            end = None if counts is None else (line, counts)
            if end is not None:
                continue
            lines += 1
            game = packed.read_line(line)
            if game is None:
                _garbled(out, line)
                continue
            progress.update(handled + lines - 1)
            place[game.id] = len(place)
            if game.verb != b"G":
                later.append((game, prev, None))
            elif replays is not None and len(game.data) >= POOL_BYTES:
                replays.add(game, prev)
                _made(device, log, step, out, done, later, replays.made(False))
            else:
                try:
                    record = packed.decode(game.id, game.data)
                except ValueError as e:
                    later.append((game, prev, e))
                else:
                    add = functools.partial(_add, log, game.id, record)
                    _added(device, log, step, out, done, game.id, add)
            prev = game.id
        if replays is not None:
            _made(device, log, step, out, done, later, replays.made(True))
        if end is None:
            raise SyncError("the device's batch does not end in END (%d lines)" % lines)
        said, left = end[1]
        step("pull", None)
        if said != lines:
            out.noise.append(
                "the device's batch and its count disagree (%d lines, %d said)" % (lines, said)
            )
        for game, before, why in later:
            again = functools.partial(_later, device, log, game, before, why)
            gid = _added(device, log, step, out, done, game.id, again)
            if game.id == prev:  # the batch's last line: the next batch starts after its game
                prev = gid
        # Told in the device's order, as if none had waited.
        out.problems[first:] = sorted(out.problems[first:], key=lambda p: place.get(p.id, -1))
    step("commit", None)
    return done, (prev if prev != after else None), left


def _made(
    device: Device,
    log: Log,
    step: Hook,
    out: Outcome,
    done: dict[str, bool],
    later: list[tuple[packed.Served, str, ValueError | None]],
    made: Iterator[tuple[packed.Served, str, Entry | str | ValueError]],
) -> None:
    """Store the games the workers made, as ``_batch`` stores its own."""
    for game, before, entry in made:
        if isinstance(entry, ValueError):
            later.append((game, before, entry))
        else:
            add = functools.partial(_store, log, game, entry)
            _added(device, log, step, out, done, game.id, add)


def _garbled(out: Outcome, line: bytes) -> None:
    out.noise.append("a garbled line in the device's batch: %r" % line[:60])


def _added(
    device: Device,
    log: Log,
    step: Hook,
    out: Outcome,
    done: dict[str, bool],
    gid: str,
    add: Callable[[], bool | tuple[str, bool]],
) -> str:
    """Add one game of a batch to the log by calling ``add`` (whether the game is new
    there, or the game's id as read again and that; it may raise what refuses the game):
    into ``done``, or its problem into ``out``. Returns the game's id."""
    try:
        new = add()
    except _Damaged as e:
        aside, what, data = set_aside(device, log, gid, out.device)
        found = _recover(log, data) if aside and gid.endswith(DAMAGED) else None
        if found is None:
            out.problems.append(Problem(gid, "%s: %s" % (e, what), aside))
            return gid
        rid, new = found
        out.noise.append(
            "bytes %s: game %s recovered whole into the log (its frame's header damaged on"
            " the device's flash); %s" % (gid, rid, what)
        )
        if rid in done:
            out.copies += 1
        else:
            done[rid] = new
        step("add", rid)
    except _Refused as e:
        out.problems.append(Problem(gid, str(e)))
    else:
        if isinstance(new, tuple):
            gid, new = new
        if gid not in done:
            done[gid] = new
        step("add", gid)
    return gid


def _later(
    device: Device, log: Log, game: packed.Served, prev: str, why: ValueError | None
) -> tuple[str, bool]:
    """Add a game whose line could not be read at once: damaged on the device (a ``BAD``
    line, ``why`` None; bytes that arrived whole but do not unpack), or garbled on the way
    (``why``): pulled once more, alone. A line whose bytes hold another game than it
    names may be either: the game there read again, the same twice is the flash's.
    Returns the game's id (as read again) and whether it is new in the log."""
    if why is None:
        raise _Damaged("damaged on the device's flash (%s)" % game.data.decode(errors="replace"))
    if isinstance(why, packed.Unreadable):
        raise _Damaged("damaged on the device's flash (%s)" % why)
    for _ in range(RETRIES):
        try:
            again, _, _, _ = packed.read_pull(device.lines(packed.pull(prev, 1)))
            if len(again) == 1 and again[0].verb == b"G":
                if again[0].id == game.id or isinstance(why, packed.Elsewhere):
                    gid = again[0].id
                    record = packed.decode(gid, again[0].data)
                    break
        except packed.Unreadable as e:
            raise _Damaged("damaged on the device's flash (%s)" % e) from None
        except packed.Elsewhere as e:
            if isinstance(why, packed.Elsewhere) and again[0].id == game.id:
                raise _Damaged("wrong on the device's flash (%s)" % e) from None
            why = e
        except ValueError as e:
            why = e
    else:
        raise _Refused("garbled in transfer: %s" % why)
    return gid, _add(log, gid, record)


def read_raw(game_id: str, lines: list[bytes]) -> bytes:
    """A file's bytes from ``RAW <length> <crc32>`` and its hex line, checked."""
    head = lines[0] if lines else b""
    if head.startswith(b"NONE "):
        raise _Refused("the device no longer has it")
    parts = head.split(b" ")
    if len(parts) != 3 or parts[0] != b"RAW" or not parts[1].isdigit() or len(lines) != 2:
        raise _Garbled("its raw copy arrived garbled: %r" % head[:60])
    try:
        data = bytes.fromhex(lines[1].decode("ascii"))
    except ValueError:
        raise _Garbled("its raw copy is not hex") from None
    if len(data) != int(parts[1]) or b"%08x" % zlib.crc32(data) != parts[2]:
        raise _Garbled("its raw copy fails its length or CRC-32")
    return data


def _recover(log: Log, data: bytes | None) -> tuple[str, bool] | None:
    """The game in the raw copy ``data`` of bytes of a bundle, added to the log when its
    record is whole (its own CRC-32 holds: a frame whose header was damaged): its id and
    whether it is new there; None: no whole game, or one the log refuses."""
    try:
        found = packed.whole(data or b"")
    except ValueError:
        return None
    if found is None or not isinstance(found[0].get("id"), str):
        return None
    try:
        return found[0]["id"], _add(log, found[0]["id"], found[0])
    except _Refused:
        return None


def set_aside(
    device: Device, log: Log, game_id: str, source: str = ""
) -> tuple[bool, str, bytes | None]:
    """Copy a damaged game's file raw into the quarantine folder, then have the device
    set it aside (``sync.aside``): it is listed no more, and nothing is lost. The copy is
    named by the id, after the device's (``source``) where the id does not hold it (bytes
    of a bundle), and never replaces another copy. Returns whether it was set aside,
    what to tell the user, and the bytes copied (None: none)."""
    for attempt in range(RETRIES + 1):
        try:
            data = read_raw(game_id, device.lines("sync.raw(%r)" % game_id))
            break
        except _Garbled as e:
            if attempt == RETRIES:
                return False, "left on the device (%s)" % e, None
        except _Refused as e:
            return False, "left on the device (%s)" % e, None
    folder = quarantine_dir(log)
    folder.mkdir(parents=True, exist_ok=True)
    name = game_id if game_id.startswith(source) else "%s.%s" % (source, game_id)
    path = folder / (name + ".dk")
    n = 1
    while path.exists() and path.read_bytes() != data:  # another device's, or other bytes
        n += 1
        path = folder / ("%s.%d.dk" % (name, n))
    write_atomic(path, data)
    if device.lines("sync.aside(%r)" % game_id) != [b"ASIDE " + game_id.encode()]:
        return False, "left on the device, its answer garbled (a raw copy: %s)" % path, data
    return True, "set aside on the device (a raw copy: %s)" % path, data


def run(
    port: str | None,
    db: Path | None,
    after: Hook | None = None,
    progress: Progress | None = None,
) -> Outcome:
    """Open the device (the one Pico plugged in when ``port`` is None) and the log
    (``Log.open``'s default when ``db`` is None): ``board_and_log``; and sync."""
    with board_and_log(port, db) as (device, log):
        return sync(device, log, after, progress)


@contextlib.contextmanager
def board_and_log(port: str | None, db: Path | None) -> Iterator[tuple[Device, Log]]:
    """The device and the play log, opened in the order that says a problem first and
    leaves nothing behind: a log that is there first (read-only, damaged: said before the
    board is stopped), a log not made yet only once the board opened (no board: no empty
    log file). Sync and deploy both write the log."""
    path = db or default_path()
    with contextlib.ExitStack() as stack:
        if path.exists():
            log = stack.enter_context(Log.open(path))
            device = stack.enter_context(Device(port))
        else:
            device = stack.enter_context(Device(port))
            log = stack.enter_context(Log.open(path))
        yield device, log
