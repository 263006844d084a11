"""A journal the device set aside (``<device id>-<n>.journal.dk``, which sync copies raw
into the quarantine folder, docs/firmware.md): its record and the events that read.

The device frames each entry as firmware/storage/journal.py's ``frame`` does (that
module's docstring and docs/firmware.md, "The journal", give the format): two bytes of
length (little-endian), the payload, then the CRC-32 of the length and payload. The
first entry is the record without its events (JSON); each later one an event, as JSON
or, tagged 1, as its game's code (1 to 4 bytes, little-endian); an empty one undoes the
event before.
"""

import json
import zlib
from typing import Any

from duelcore.engine import game_class

_CODE = 1


def _entry(data: bytes, at: int) -> tuple[bytes, int] | None:
    """(the payload of the entry at ``at``, where the next begins), or None where no
    whole entry with a good CRC-32 starts there."""
    if at + 2 > len(data):
        return None
    end = at + 2 + (data[at] | data[at + 1] << 8)
    if end + 4 > len(data) or zlib.crc32(data[at:end]) != int.from_bytes(
        data[end : end + 4], "little"
    ):
        return None
    return data[at + 2 : end], end + 4


def is_journal(data: bytes) -> bool:
    """Whether ``data`` starts as a journal does: a whole entry holding a JSON object."""
    first = _entry(data, 0)
    return first is not None and first[0][:1] == b"{"


def salvage(data: bytes) -> tuple[dict[str, Any], str | None]:
    """The record a journal holds, with its events up to the first entry that does not
    read, and what to say of it (always something: its events are kept only as far as
    the rules replay them). A ValueError says why nothing could be read."""
    first = _entry(data, 0)
    try:
        record = json.loads(first[0]) if first else None
    except ValueError:
        record = None
    if not isinstance(record, dict) or not isinstance(record.get("game"), str):
        raise ValueError("its first entry is not a game's record")
    events: list[Any] = []
    game: Any = None
    at = first[1] if first else len(data)
    while at < len(data):
        got = _entry(data, at)
        if got is None:
            break
        payload, after = got
        try:
            if not payload:
                events.pop()
            elif payload[0] == _CODE:
                if game is None:
                    game = game_class(record["game"])(record["setup"])
                events.append(game.decode(int.from_bytes(payload[1:], "little")))
            else:
                events.append(json.loads(payload))
        except (ValueError, IndexError, KeyError, TypeError, AttributeError):
            break
        at = after
    record["events"] = events
    if at >= len(data):
        return record, "a journal"
    return record, "a journal; %d bytes past its event %d do not read" % (
        len(data) - at,
        len(events),
    )
