"""The flash's writes and the journal's entries, for firmware/storage.py and
firmware/archive.py: every write and every os call of the two goes through this module's
``write`` and ``os`` (which the power-cut tests replace).

Only open/read/write/flush/close and os.rename/remove/listdir/stat/mkdir (os.sync and
os.statvfs where present) are used: the calls MicroPython and CPython share.
"""

import binascii
import json
import os as os  # the power-cut tests replace it
import sys

from duelcore.compat import const

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from typing import Any

# binascii.crc32 comes with deflate, which stock rp2 builds have; a build without it
# loads the table-driven one from firmware/crc.py (heap only where it is needed).
CRC: "Any" = getattr(binascii, "crc32", None)
if CRC is None:
    from .crc import crc32_soft as CRC

# The longest entry, and the longest event entry (docs/record-limits.md, "The journal"):
# a few times what the rules write (a record without its events about 1.3 KB at most, an
# event 137 bytes), far below what makes a boot slow. Nothing longer is written, and
# resume() reads a longer entry as an unreadable one, before parsing it.
MAX_ENTRY = const(2048)
MAX_EVENT = const(512)
# The most of a journal boot reads (one buffer): a game's record and 4,000 events (the
# record's bound, duelcore.record) as codes, 11 bytes an entry at most, with room to
# spare. What lies past it is no game's, and stays in the journal set aside whole.
MAX_JOURNAL = const(49152)
_CODE = const(1)  # the tag of an event journalled as its code


def crc32(data: "bytes | bytearray | memoryview", crc: int = 0) -> int:
    """The CRC-32 of ``data``, unsigned (binascii's is, on both runtimes)."""
    return int(CRC(data, crc))


def u32(out: bytearray, n: int) -> None:
    out.extend(n.to_bytes(4, "little"))  # one small bytes object, where shifts would make four


def exists(path: str) -> bool:
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def remove(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass


# MicroPython's os.sync() commits every open file system. Under CPython (the simulator)
# the host's own os.sync() would flush every disk of the PC, and its page cache survives
# any simulated power cut anyway, so it is skipped (a test's fake os still gets called).
_HOST_SYNC = getattr(os, "sync", None) if sys.implementation.name != "micropython" else None


def sync() -> None:
    sync = getattr(os, "sync", None)
    if sync is not None and sync is not _HOST_SYNC:
        sync()


def replace(src: str, dst: str) -> None:
    """Rename ``src`` over ``dst`` (atomic on littlefs and POSIX)."""
    try:
        os.rename(src, dst)
    except OSError:  # a file system whose rename refuses an existing target
        remove(dst)
        os.rename(src, dst)


def write(path: str, data: "bytes | bytearray | memoryview", mode: str = "wb") -> None:
    """Write ``data`` to ``path`` (``mode`` "ab": append). A file written whole ("wb")
    that fails (a full flash) is removed: no half-written .tmp is left behind."""
    try:
        with open(path, mode) as f:
            f.write(data)
            f.flush()
    except OSError:
        if mode == "wb":
            remove(path)
        raise
    sync()


def frame(out: bytearray, at: int) -> None:
    """Fill in the length at ``out[at:at+2]`` and append the CRC-32 of that entry."""
    n = len(out) - at - 2
    if n > MAX_ENTRY:
        raise ValueError("journal entry too long")
    out[at] = n & 0xFF
    out[at + 1] = n >> 8
    u32(out, crc32(memoryview(out)[at:]))


def event(out: bytearray, event: object, game: object) -> None:
    """Append one framed journal entry to ``out``: the event's code, else its JSON."""
    if not isinstance(event, list):
        raise ValueError("an event is a list")
    at = len(out)
    out.extend(b"\0\0")
    encode = getattr(game, "encode", None)
    code = encode(event) if encode is not None else None
    if type(code) is int and code >= 0:
        out.append(_CODE)
        while code:
            out.append(code & 0xFF)
            code >>= 8
    else:
        out.extend(json.dumps(event).encode())
        if len(out) - at - 2 > MAX_EVENT:
            raise ValueError("journal entry too long")
    frame(out, at)
