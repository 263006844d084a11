"""Records read from files or standard input, with where each came from.

A file holds one record (a JSON object), a JSON array of records, or JSON lines (one
record per line; blank lines skipped). ``-`` is standard input. Every failure names the
file, and the line or item, in one line.
"""

import sys
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

from duelcore import IllegalEvent, RecordError
from duelcore.jsontext import loads
from duelkeeper.entry import Entry, prepare
from duelkeeper.errors import DuelkeeperError
from duelkeeper.progress import Progress


def read_text(source: str) -> str:
    """A file's text, or standard input's for ``-``."""
    data = sys.stdin.buffer.read() if source == "-" else Path(source).read_bytes()
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
        whole = loads(text)
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
        loads(lines[0][1])
    except ValueError:
        # Not JSON lines either: report the document's own error, which says where.
        raise DuelkeeperError(f"{name}: not JSON: {whole_error}") from None
    out = []
    for n, line in lines:
        try:
            out.append((f"{name}:{n}", loads(line)))
        except RecordError as e:
            raise DuelkeeperError(f"{name}:{n}: {e}") from None
        except ValueError as e:
            raise DuelkeeperError(f"{name}:{n}: not JSON: {e}") from None
    return out


def read_records(sources: Iterable[str]) -> list[tuple[str, Any]]:
    return [pair for source in sources for pair in parse_records(read_text(source), source)]


def load_entries(
    sources: Iterable[str], now: datetime | None = None, progress: Progress | None = None
) -> list[Entry]:
    """Read and replay every record of ``sources``; the first refusal stops it all.
    ``progress`` follows the replays, which take most of an import's time.

    Nothing is written here: the caller stores the entries once all have replayed.
    """
    entries = []
    records = read_records(sources)
    if progress is not None:
        progress.start(len(records))
    try:
        for where, data in records:
            try:
                entries.append(prepare(data, now))
            except (RecordError, IllegalEvent, DuelkeeperError) as e:
                rid = data.get("id") if isinstance(data, dict) else None
                label = f"{where} (game {rid})" if isinstance(rid, str) else where
                raise DuelkeeperError(f"{label}: {e}") from None
            if progress is not None:
                progress.update(len(entries))
    finally:
        if progress is not None:
            progress.end()
    return entries
