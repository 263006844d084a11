"""Power-safe storage: the game in progress, the archive of finished games, settings.

Everything lives under ``root`` ("/" on a board, a host folder in the simulator)::

    settings.json        the settings, replaced whole (written to settings.tmp first)
    games/journal.dj     the game in progress, an append-only journal
    games/<id>.dk        a finished game not yet acknowledged by the PC
    games/<id>.ok        a finished game the PC has committed (deleted when space is needed)
    games/<id>.new       an archive entry being written (finished or dropped at boot)
    games/<id>.journal.dk  a journal boot could not replay whole, as it was: served to
                         the PC as damaged, so sync copies it raw (firmware/archive.py)
    games/seq            the next game number;  games/device: the device id where the
                         board has no machine.unique_id()

The journal is a series of entries ``length (2 bytes LE) | payload | CRC-32 (4 bytes LE,
over length and payload)``. The first payload is the record without its events, as JSON
text (``{``...); each later one is one event: the byte 1 and the event's code from the
game's ``encode()`` (duelcore.engine), little-endian in as few bytes as it takes, or the
event as JSON text (``[``...) when it has no code; an empty payload undoes the last
event. Only whole entries are appended, so a power cut can damage at most the last one,
which ``resume()`` drops (and cuts off the file, so that later entries follow good ones).
A journal packed throughout with duelcore.pack (the format of the first 0.4.0 builds)
still resumes, and is then written anew in this format.

This module is what a game in progress needs: appending to the journal. The rest
(resuming and starting a game, finishing it into the archive, reading and acknowledging
finished games, ids, settings, the repairs at boot) is in firmware/archive.py, imported
for one call and unloaded after it together with duelcore.pack: neither holds heap
while a game is played. Every write and every os call goes through this module's
``_write`` and ``os`` (which the power-cut tests replace).

Only open/read/write/flush/close and os.rename/remove/listdir/stat/mkdir (os.sync and
os.statvfs where present) are used: the calls MicroPython and CPython share.
"""

import binascii
import json
import os as os  # archive.py goes through this one: the power-cut tests replace it
import sys

from duelcore.compat import const

from . import unload

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from typing import Any

# binascii.crc32 comes with deflate, which stock rp2 builds have; a build without it
# loads the table-driven one from firmware/crc.py (heap only where it is needed).
_crc: "Any" = getattr(binascii, "crc32", None)
if _crc is None:
    from .crc import crc32_soft as _crc

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
    return int(_crc(data, crc))


def _u32(out: bytearray, n: int) -> None:
    out.extend(n.to_bytes(4, "little"))  # one small bytes object, where shifts would make four


def _exists(path: str) -> bool:
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass


# MicroPython's os.sync() commits every open file system. Under CPython (the simulator)
# the host's own os.sync() would flush every disk of the PC, and its page cache survives
# any simulated power cut anyway, so it is skipped (a test's fake os still gets called).
_HOST_SYNC = getattr(os, "sync", None) if sys.implementation.name != "micropython" else None


def _sync() -> None:
    sync = getattr(os, "sync", None)
    if sync is not None and sync is not _HOST_SYNC:
        sync()


def _write(path: str, data: "bytes | bytearray | memoryview", mode: str = "wb") -> None:
    with open(path, mode) as f:
        f.write(data)
        f.flush()
    _sync()


def _frame(out: bytearray, at: int) -> None:
    """Fill in the length at ``out[at:at+2]`` and append the CRC-32 of that entry."""
    n = len(out) - at - 2
    if n > MAX_ENTRY:
        raise ValueError("journal entry too long")
    out[at] = n & 0xFF
    out[at + 1] = n >> 8
    _u32(out, crc32(memoryview(out)[at:]))


def _event(out: bytearray, event: object, game: object) -> None:
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
    _frame(out, at)


# Only MicroPython pays heap for loaded code; CPython (the tests, the simulator's cpython
# runtime) keeps the modules, as importing them again would compile them again.
_UNLOAD = sys.implementation.name == "micropython"


def _drop() -> None:
    """Unload firmware.archive, firmware.rtc and duelcore.pack: their code is heap on
    the device."""
    if _UNLOAD:
        unload("firmware.archive")
        unload("firmware.rtc")
        unload("duelcore.pack")


class Storage:
    """The game in progress, the finished games and the settings under ``root``."""

    KEEP_ACKED = 200  # acknowledged games kept at most
    MIN_FREE = 65536  # free bytes to keep on flash (where os.statvfs tells)

    def __init__(self, root: str) -> None:
        self.root = root.rstrip("/")
        self.dir = self.root + "/games"
        self.journal = self.dir + "/journal.dj"
        self.setup = self.dir + "/setup.log"  # a game being set up (screens/setup.py)
        self.undone: list = []  # the game's undone events, next to redo last: resume() reads them
        try:
            os.mkdir(self.dir)
        except OSError:
            pass
        self._cold("reconcile")

    def _cold(self, name: str, *args: object) -> "Any":
        """firmware/archive.py's ``name(self, *args)``; the module is unloaded after."""
        try:
            return getattr(__import__("firmware.archive", None, None, ("x",)), name)(self, *args)
        finally:
            _drop()

    # -- the game in progress ----------------------------------------------------------

    def append(self, event: object, game: object = None) -> None:
        """Journal one event (the app has played it). ``game``: the Match's game, whose
        ``encode()`` gives the event's code; without it (or a code) the event is
        journalled as JSON."""
        if not _exists(self.journal):
            raise ValueError("no game in progress")
        out = bytearray()
        _event(out, event, game)
        _write(self.journal, out, "ab")

    def undo(self) -> None:
        """Journal the undo of the last event."""
        out = bytearray(2)
        _frame(out, 0)
        _write(self.journal, out, "ab")

    def abandon(self) -> None:
        """Drop the game in progress without archiving it."""
        _remove(self.journal)
        _remove(self.dir + "/journal.later")
        _sync()

    # -- the rest: firmware/archive.py -------------------------------------------------

    def __getattr__(self, name: str) -> "Any":
        """Storage's other calls are firmware/archive.py's functions of the same name,
        called with this Storage first; the module is imported for the call and unloaded
        after it. One lookup instead of a method each (each would be heap on the device):

        ``resume()``, ``start(record)``, ``finish()``, ``unsynced()``, ``synced()``,
        ``read(game_id)``, ``stored(game_id)``, ``ack(game_id)``, ``device_id()``,
        ``new_id()``, ``settings()``, ``save_settings(settings)``, ``roster(spelt=False)``,
        ``add_name(name)``, ``set_roster(names, renames)``: see docs/firmware.md, "Storage".
        """
        if name[0] == "_":
            raise AttributeError(name)
        return lambda *args: self._cold(name, *args)
