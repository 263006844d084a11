"""Records read from files or standard input, with where each came from.

A file holds one record (a JSON object), a JSON array of records, or JSON lines (one
record per line; blank lines skipped); or one game's archive file as the device keeps it
(``<id>.dk``, packed: sync's raw copies in the quarantine folder), or a journal the
device set aside (``<device id>-<n>.journal.dk``, there too). ``-`` is standard
input. Every failure names the file, and the line or item, in one line.

An input is read whole, so it has a size bound (MAX_BYTES), and only a regular file is
read: ``/dev/zero`` would grow until memory ran out, a FIFO would wait for ever.
"""

import json
import stat
import sys
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

from duelcore import IllegalEvent, RecordError
from duelcore.record import parse
from duelkeeper import journal, packed
from duelkeeper.entry import Entry, prepare
from duelkeeper.errors import QUOTE_MAX, DuelkeeperError, shown_quote
from duelkeeper.progress import Progress

# The most an input may hold: 64 MiB, some 1,100 long games (Antike Duellum's, 57 KB of
# JSON) or 28,000 of 7 Wonders Duel (docs/play-log.md); a larger collection is split.
MAX_BYTES = 64 * 2**20


def read_bytes(source: str) -> bytes:
    """A regular file's bytes, or standard input's for ``-``; at most MAX_BYTES."""
    name = _name(source)
    if source == "-":
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
    else:
        mode = Path(source).stat().st_mode
        if not stat.S_ISREG(mode):
            what = "a folder" if stat.S_ISDIR(mode) else "a device, pipe or socket"
            raise DuelkeeperError(f"{name}: {what}, not a file of records")
        with open(source, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise DuelkeeperError(
            f"{name}: larger than {MAX_BYTES // 2**20} MiB, more than any file of records "
            "needs: split it"
        )
    return data


def read_text(source: str) -> str:
    """A file's text, or standard input's for ``-``."""
    return _text(read_bytes(source), source)


def _text(data: bytes, source: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise DuelkeeperError(f"{_name(source)}: not UTF-8 text") from None


def _name(source: str) -> str:
    return "<stdin>" if source == "-" else source


def parse_records(text: str, source: str) -> list[tuple[str, Any]]:
    """(where, parsed JSON value) for each record in ``text``."""
    name = _name(source)
    try:
        whole = parse(text)
    except RecordError as e:  # nested too deep: one line, whatever the lines hold
        raise DuelkeeperError(f"{name}: {e}") from None
    except ValueError as e:
        whole_error = e
    else:
        if not isinstance(whole, list):
            return [(name, whole)]
        if not whole:
            raise DuelkeeperError(f"{name}: no records (an empty list)")
        return [(f"{name} item {i + 1}", item) for i, item in enumerate(whole)]
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise DuelkeeperError(f"{name}: no records (the file is empty)")
    try:
        parse(lines[0][1])
    except ValueError:
        # Not JSON lines either: report the document's own error, which says where.
        raise DuelkeeperError(f"{name}: not JSON: {whole_error}") from None
    out = []
    for n, line in lines:
        try:
            out.append((f"{name}:{n}", parse(line)))
        except RecordError as e:
            raise DuelkeeperError(f"{name}:{n}: {e}") from None
        except ValueError as e:
            raise DuelkeeperError(f"{name}:{n}: not JSON: {e}") from None
    return out


def read_records(sources: Iterable[str]) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for source in sources:
        data = read_bytes(source)
        if packed.is_archive(data):
            out.append(_archive(data, source))
        elif journal.is_journal(data):
            out.append(_archive(data, source, journal.salvage, "a journal"))
        else:
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:  # a frame of the format before, or damage
                try:
                    out.append(_archive(data, source))
                except DuelkeeperError:
                    raise DuelkeeperError(
                        f"{_name(source)}: not UTF-8 text, and no game's record is whole in it"
                        " (damaged bytes, as sync copies them): nothing to import"
                    ) from None
                continue
            out += parse_records(text, source)
    return out


def _archive(
    data: bytes,
    source: str,
    salvage: Callable[[bytes], tuple[dict[str, Any], str | None]] = packed.salvage,
    kind: str = "a packed game",
) -> tuple[str, Any]:
    """A game's archive file (or, with journal.salvage, a journal the device set aside):
    its record, and where it came from, saying what was wrong."""
    name = _name(source)
    try:
        record, wrong = salvage(data)
    except ValueError as e:
        raise DuelkeeperError(f"{name}: {kind}, but {e}") from None
    return (f"{name} ({wrong})" if wrong else name), Salvaged(record) if wrong else record


class Salvaged(dict[str, Any]):
    """A record read from a damaged archive file or a journal: its events are kept as far as they
    replay (``load_entries``)."""


def _replayed(data: Any, now: datetime | None) -> Entry:
    """``prepare(data)``; for a salvaged record, its longest start the rules accept."""
    try:
        return prepare(data, now)
    except IllegalEvent as e:
        if not isinstance(data, Salvaged) or e.index is None:
            raise
        kept = dict(data, events=data["events"][: e.index])
        try:
            return prepare(kept, now)
        except DuelkeeperError as again:
            raise DuelkeeperError(f"{again} (only its first {e.index} replay; then {e})") from None


def load_entries(
    sources: Iterable[str],
    now: datetime | None = None,
    progress: Progress | None = None,
    notes: list[str] | None = None,
) -> list[Entry]:
    """Read and replay every record of ``sources``; the first refusal stops it all.
    ``progress`` follows the replays, which take most of an import's time; ``notes``
    gets a line for each game read from a damaged archive file.

    Nothing is written here: the caller stores the entries once all have replayed.
    """
    entries = []
    records = read_records(sources)
    if progress is not None:
        progress.start(len(records))
    try:
        for where, data in records:
            try:
                entries.append(_replayed(data, now))
                if isinstance(data, Salvaged) and notes is not None:
                    kept = len(json.loads(entries[-1].record)["events"])
                    notes.append(f"{where}: game {entries[-1].id} kept, {kept} events")
            except (RecordError, IllegalEvent, DuelkeeperError) as e:
                rid = data.get("id") if isinstance(data, dict) else None
                if isinstance(rid, str):  # an id beyond the limits is quoted cut
                    shown_id = rid if len(rid) <= QUOTE_MAX else shown_quote(rid)
                    label = f"{where} (game {shown_id})"
                else:
                    label = where
                raise DuelkeeperError(f"{label}: {e}") from None
            if progress is not None:
                progress.update(len(entries))
    finally:
        if progress is not None:
            progress.end()
    return entries
