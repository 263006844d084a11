"""Sync protocol 2's lines (the device side is firmware/sync.py): games as the archive
keeps them, packed by duelcore.pack and checked by their own CRC-32, many a call.

Pure functions: sync.py makes the calls and decides what a failure means. A ValueError
says, in one line, what is wrong with what arrived.
"""

import binascii
import re
import zlib
from typing import Any, NamedTuple

from duelcore.games import GAMES
from duelcore.pack import READS, Unpacker, game_number, unpack_record, vocab
from duelkeeper.errors import shown_quote

BATCH = 64  # games a call: the calls' fixed costs spread thin, and a cut loses little
_ID = re.compile(rb"[0-9A-Za-z_.-]{1,64}")


class Elsewhere(ValueError):
    """The game's file arrived whole (its CRC-32 holds) but holds another game: the
    device's file is wrong, not the line, so reading it again will not help."""


class Unreadable(ValueError):
    """The game arrived whole (its CRC-32 holds) but does not unpack: the bytes on the
    device's flash are wrong (or of a newer codec), not the line."""


class Served(NamedTuple):
    """One line of ``sync.pull``: ``G`` (a game: ``data`` its base64) or ``BAD``."""

    verb: bytes
    id: str
    data: bytes


def pull(after: str, n: int | None = None) -> str:
    """The call that serves up to ``n`` (``BATCH``) unsynced games whose ids sort after
    ``after``."""
    return "sync.pull(%r,%d)" % (after, BATCH if n is None else n)


def read_pull(lines: list[bytes]) -> tuple[list[Served], list[bytes], int, int]:
    """(the games served, the lines that do not parse, served and left as ``END`` says);
    ValueError when there is no ``END`` line."""
    end = read_end(lines[-1]) if lines else None
    if end is None:
        raise ValueError("the device's batch does not end in END: %s" % shown_quote(lines[-1:]))
    served: list[Served] = []
    garbled: list[bytes] = []
    for line in lines[:-1]:
        game = read_line(line)
        if game is None:
            garbled.append(line)
        else:
            served.append(game)
    return served, garbled, end[0], end[1]


def read_line(line: bytes) -> Served | None:
    """A ``G`` or ``BAD`` line of ``sync.pull``; None when it does not parse."""
    parts = line.split(b" ", 2)
    if len(parts) == 3 and parts[0] in (b"G", b"BAD") and _ID.fullmatch(parts[1]):
        return Served(parts[0], parts[1].decode(), parts[2])
    return None


def read_end(line: bytes) -> tuple[int, int] | None:
    """(served, left) of ``sync.pull``'s last line, ``END <served> <left>``; None when
    the line is not that."""
    end = line.split(b" ")
    if len(end) != 3 or end[0] != b"END" or not (end[1].isdigit() and end[2].isdigit()):
        return None
    return int(end[1]), int(end[2])


def decode(game_id: str, text: bytes) -> dict[str, Any]:
    """The record in a ``G`` line's base64: the archive file's bytes, checked."""
    try:
        data = binascii.a2b_base64(text.decode("ascii"))
    except (ValueError, binascii.Error) as e:
        raise ValueError("not base64: %s" % e) from None
    if len(data) < 6:
        raise ValueError("%d bytes, too short for a game" % len(data))
    crc = zlib.crc32(data[:-4])
    said = int.from_bytes(data[-4:], "little")
    if crc != said:
        raise ValueError("CRC-32 mismatch (%08x, the device said %08x)" % (crc, said))
    try:
        record = unpack_record(data[:-4])
    except (ValueError, IndexError, KeyError, TypeError, UnicodeError) as e:
        raise Unreadable("it arrived whole but does not unpack: %s" % e) from None
    if not isinstance(record, dict) or record.get("id") != game_id:
        raise Elsewhere("its file holds %s, not game %s" % (which(record), game_id))
    return record


def which(record: object) -> str:
    """What a record that is not the game asked for is, in a few words."""
    rid = record.get("id") if isinstance(record, dict) else None
    if isinstance(rid, str) and _ID.fullmatch(rid.encode()):
        return "game " + rid
    return "a record without a valid id"


def acks(ids: list[str]) -> str:
    """The call that acknowledges ``ids`` (front-coded: about 7 bytes a game, since the
    raw REPL takes code at 256 bytes each 10 ms where a board has no raw-paste)."""
    coded: list[str] = []
    prev = ""
    for gid in ids:
        shared = 0
        while shared < min(len(gid), len(prev)) and gid[shared] == prev[shared]:
            shared += 1
        coded.append("%d/%s" % (shared, gid[shared:]))
        prev = gid
    return "sync.acks(%r)" % " ".join(coded)


def acked(ids: list[str], lines: list[bytes]) -> bool:
    """Whether ``sync.acks``'s answer says it marked exactly ``ids``."""
    joined = " ".join(ids).encode()
    return lines == [b"ACKS %d %08x" % (len(ids), zlib.crc32(joined))]


MARK = b"\xdb\xf1"  # a frame's marker in a bundle on the device (firmware/storage/bundle.py)
_REACH = 80  # a frame's header is at most 71 bytes: its record starts before this


def is_archive(data: bytes) -> bool:
    """Whether ``data`` looks like a game's archive file (``<id>.dk``, as sync's raw copy
    in the quarantine folder keeps it) or a frame of a bundle (sync's raw copy of a
    damaged one) rather than text: it starts with the codec's version byte, or the
    frame's marker, which no JSON text starts with."""
    return len(data) > 0 and data[0] in READS or data[:2] == MARK


def salvage(data: bytes) -> tuple[dict[str, Any], str | None]:
    """The record in an archive file's bytes (the packed record, then its CRC-32
    little-endian), and what was wrong with them (None: nothing).

    A file whose CRC-32 holds on a first part (bytes appended after it) gives that
    part's record; so does a frame of a bundle (sync's copy of one it set aside: a
    header, then the archive file's bytes), whatever its header holds. One that fails
    everywhere is damaged inside: its envelope, and its events up to the first that does
    not unpack (the caller replays what it can). A ValueError says why nothing at all
    could be read.
    """
    found = whole(data)
    if found is not None:
        return found
    if data[:2] == MARK and len(data) > 7:  # a frame: its record damaged
        data = data[7 + data[4] :]
    record, events = _partly(data)
    return record, "damaged, it fails its CRC-32; %d events unpack" % events


def whole(data: bytes) -> tuple[dict[str, Any], str | None] | None:
    """``salvage``'s record and what was wrong, where the record is whole (its own CRC-32
    holds: an archive file, one with bytes after it, a frame of a bundle whatever its
    header holds); None: no whole record."""
    if len(data) >= 6 and zlib.crc32(data[:-4]) == int.from_bytes(data[-4:], "little"):
        if data[0] in READS:
            return _unpacked(data[:-4]), None
    for start in range(min(_REACH, len(data))):  # where a record whose CRC-32 holds starts
        if data[start] not in READS or start and data[:2] != MARK and not _old(data, start):
            continue
        crc = zlib.crc32(data[start : start + 2])
        last = -1
        for end in range(start + 2, len(data) - 3):  # the longest part its CRC-32 follows
            if end > start + 2:
                crc = zlib.crc32(data[end - 1 : end], crc)
            if crc == int.from_bytes(data[end : end + 4], "little"):
                last = end
        if last < 0 and start and data[:2] != MARK:  # the format before: one CRC-32
            last = len(data) - 4 if _old(data, start) == 2 else -1
        if last >= 0:
            record = _unpacked(data[start:last])
            stray = len(data) - last - 4
            if not start:
                return record, "%d stray bytes after its checksum, left out" % stray
            return record, "a frame of a bundle, its record whole%s" % (
                ", %d stray bytes after it left out" % stray if stray else ""
            )
    return None


def _old(data: bytes, start: int) -> int:
    """Whether a frame of the format before (``length | id length | id | record |
    CRC-32 over all``) may have its record at ``start`` (2: its CRC-32 holds)."""
    if start < 4 or data[2] != start - 3:
        return 0
    return 2 if zlib.crc32(data[:-4]) == int.from_bytes(data[-4:], "little") else 1


def _unpacked(data: bytes) -> dict[str, Any]:
    try:
        record = unpack_record(data)
    except (ValueError, IndexError, KeyError, TypeError, UnicodeError) as e:
        raise ValueError("does not unpack: %s" % e) from None
    return record


def _partly(data: bytes) -> tuple[dict[str, Any], int]:
    """The envelope of a damaged packed record and the events that unpack, in order."""
    if len(data) < 2 or data[0] not in READS or not 0 < game_number(data) <= len(GAMES):
        raise ValueError("it fails its CRC-32 and is not a packed game")
    game = GAMES[game_number(data) - 1]
    reader = Unpacker(vocab(game))
    reader.data, reader.pos, reader.end = data, 2, len(data) - 4
    try:
        record = reader.value()
    except (ValueError, IndexError, KeyError, TypeError, UnicodeError) as e:
        raise ValueError("it fails its CRC-32, and its start does not unpack: %s" % e) from None
    if not isinstance(record, dict):
        raise ValueError("it fails its CRC-32, and its start is not a record")
    record["game"] = game
    events: list[Any] = []
    if data[0] > 1 and data[1] & 0xC0 == 0xC0:  # events as codes: as far as they decode
        try:
            reader.codes(events)
        except (ValueError, IndexError, KeyError, TypeError, UnicodeError):
            pass
    while data[1] & 0xC0 == 0x80 and reader.pos < reader.end:
        try:
            events.append(reader.event())
        except (ValueError, IndexError, KeyError, TypeError, UnicodeError):
            break
    record["events"] = events
    return record, len(events)
