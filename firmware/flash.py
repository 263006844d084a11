"""The flash's file calls: every write and every os call of the firmware (firmware/storage/,
and the setup and quick-score screens' logs) goes through this module's ``write`` and
``os``, which the power-cut tests replace.

Only open/read/write/flush/close and os.rename/remove/listdir/stat/mkdir (os.sync and
os.statvfs where present) are used: the calls MicroPython and CPython share.
"""

import binascii
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

# The CRC-32 of any data followed by its own CRC-32 (little-endian) is this constant: one
# check per entry or file, and a small int on MicroPython, so a good one allocates no long int.
_RESIDUE = const(0x2144DF1C)


def crc32(data: "bytes | bytearray | memoryview", crc: int = 0) -> int:
    """The CRC-32 of ``data``, unsigned (binascii's is, on both runtimes)."""
    return int(CRC(data, crc))


def intact(framed: "bytes | bytearray | memoryview") -> bool:
    """Whether ``framed`` (data, then its CRC-32 little-endian) passes the check."""
    return crc32(framed) == _RESIDUE


def u32(out: bytearray, n: int) -> None:
    out.extend(n.to_bytes(4, "little"))  # one small bytes object, where shifts would make four


def read(path: str) -> "bytes | None":
    """The file at ``path``, whole; None: it cannot be read."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


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
