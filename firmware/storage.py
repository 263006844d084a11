"""Power-safe storage: the game in progress, the archive of finished games, settings.

Everything lives under ``root`` ("/" on a board, a host folder in the simulator)::

    settings.json        the settings, replaced whole (written to settings.tmp first)
    games/journal.dj     the game in progress, an append-only journal
    games/<id>.dk        a finished game not yet acknowledged by the PC
    games/<id>.ok        a finished game the PC has committed (deleted when space is needed)
    games/<id>.new       an archive entry being written (finished or dropped at boot)
    games/seq            the next game number;  games/device: the device id where the
                         board has no machine.unique_id()

The journal is a series of entries ``length (2 bytes LE) | payload | CRC-32 (4 bytes LE,
over length and payload)``. The first entry is the record without its events
(duelcore.pack), each later one a packed event; an empty payload undoes the last event.
Only whole entries are appended, so a power cut can damage at most the last one, which
``resume()`` drops (and cuts off the file, so that later entries follow good ones).

A finished game is packed (about 220 bytes for 7 Wonders Duel, so the file stays inside
littlefs's directory entry) and followed by its CRC-32. ``finish()`` writes it to
``<id>.new``, flushes, renames it to ``<id>.dk`` and only then removes the journal; a
boot after a cut anywhere in between finds either the game still in the journal or the
game archived, never both and never neither.

Only open/read/write/flush/close and os.rename/remove/listdir/stat/mkdir (os.sync and
os.statvfs where present) are used: the calls MicroPython and CPython share.
"""

import binascii
import json
import os
import sys

from duelcore import pack
from duelcore.compat import const
from duelcore.record import validate

# binascii.crc32 comes with uzlib (deflate); rp2 has it, a build without it gets crc32_soft.
_crc = getattr(binascii, "crc32", None)

_JOURNAL = "journal.dj"
_MAX_ENTRY = const(0xFFFF)
_ID_CHARS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_."
# CRC-32 (the zip polynomial) a nibble at a time: a 16-entry table.
_NIBBLE = (
    0x00000000, 0x1DB71064, 0x3B6E20C8, 0x26D930AC, 0x76DC4190, 0x6B6B51F4, 0x4DB26158,
    0x5005713C, 0xEDB88320, 0xF00F9344, 0xD6D6A3E8, 0xCB61B38C, 0x9B64C2B0, 0x86D3D2D4,
    0xA00AE278, 0xBDBDF21C,
)  # fmt: skip


def crc32_soft(data: "bytes | bytearray | memoryview", crc: int = 0) -> int:
    """CRC-32 as zlib and binascii compute it, for builds that lack binascii.crc32."""
    crc ^= 0xFFFFFFFF
    for b in data:
        crc ^= b
        crc = crc >> 4 ^ _NIBBLE[crc & 15]
        crc = crc >> 4 ^ _NIBBLE[crc & 15]
    return crc ^ 0xFFFFFFFF


def crc32(data: "bytes | bytearray | memoryview") -> int:
    """The CRC-32 of ``data``, unsigned (binascii's is, on both runtimes)."""
    if _crc is None:
        return crc32_soft(data)
    return int(_crc(data))


# The CRC-32 of any data followed by its own CRC-32 (little-endian) is this constant: one
# check per entry, and a small int on MicroPython, so a good entry allocates no long int.
_RESIDUE = const(0x2144DF1C)


def _intact(framed: "bytes | bytearray | memoryview") -> bool:
    """Whether ``framed`` (data, then its CRC-32 little-endian) passes the check."""
    return crc32(framed) == _RESIDUE


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


def _read(path: str) -> "bytes | None":
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def _write(path: str, data: "bytes | bytearray | memoryview", mode: str = "wb") -> None:
    with open(path, mode) as f:
        f.write(data)
        f.flush()
    _sync()


def _replace(src: str, dst: str) -> None:
    """Rename ``src`` over ``dst`` (atomic on littlefs and POSIX)."""
    try:
        os.rename(src, dst)
    except OSError:  # a file system whose rename refuses an existing target
        _remove(dst)
        os.rename(src, dst)


def _archived(data: "bytes | None") -> "bytes | None":
    """The packed record in an archive file's bytes, or None when they fail the check."""
    if data is None or len(data) < 6:
        return None
    if not _intact(data):
        return None
    return data[:-4]


def _entry_end(data: bytes, view: memoryview, pos: int) -> int:
    """Where the payload of the journal entry at ``pos`` ends; -1 when it is not whole."""
    if pos + 6 > len(data):
        return -1
    end = pos + 2 + (data[pos] | data[pos + 1] << 8)
    if end + 4 > len(data) or not _intact(view[pos : end + 4]):
        return -1
    return end


def _safe_id(game_id: object) -> bool:
    if not isinstance(game_id, str) or not 0 < len(game_id) <= 64 or game_id[0] == ".":
        return False
    for ch in game_id:
        if ch not in _ID_CHARS:
            return False
    return True


class Storage:
    """The game in progress, the finished games and the settings under ``root``."""

    KEEP_ACKED = 200  # acknowledged games kept at most
    MIN_FREE = 65536  # free bytes to keep on flash (where os.statvfs tells)

    def __init__(self, root: str) -> None:
        self.root = root.rstrip("/")
        self.dir = self.root + "/games"
        self.journal = self.dir + "/" + _JOURNAL
        self._vocab: pack.Vocab | None = None
        try:
            os.mkdir(self.dir)
        except OSError:
            pass
        self._reconcile()

    # -- the game in progress ----------------------------------------------------------

    def resume(self) -> "tuple[dict[str, object] | None, str | None]":
        """(the record in progress with its events, or None; a notice for the screen).

        A damaged or half-written tail is dropped (and cut off the file); the notice
        says so in one line. A journal whose first entry is unreadable is set aside as
        games/journal.bad.
        """
        data = _read(self.journal)
        if data is None:
            return None, None
        if not data:
            _remove(self.journal)
            return None, None
        view = memoryview(data)
        record = None
        reader = None
        events: list[object] = []
        pos = 0
        while True:  # one pass, one reader: a few bytes of garbage per entry
            end = _entry_end(data, view, pos)
            if end < 0:
                break
            try:
                if reader is None:
                    record = pack.unpack_record(view[pos + 2 : end])
                    if not isinstance(record.get("game"), str):
                        raise ValueError("no game")
                    reader = pack.Unpacker(pack.vocab(record["game"]))
                elif end == pos + 2:
                    if events:
                        events.pop()
                else:
                    events.append(reader.event_at(data, pos + 2, end))
            except ValueError:
                break
            pos = end + 4
        if reader is None or record is None:
            _replace(self.journal, self.dir + "/journal.bad")
            return None, "Saved game unreadable: set aside"
        self._vocab = reader.vocab
        good = pos
        record["events"] = events
        notice = None
        if good < len(data):
            tmp = self.dir + "/journal.tmp"
            _write(tmp, memoryview(data)[:good])
            _replace(tmp, self.journal)
            notice = "Save damaged: resumed at move %d" % len(events)
        return record, notice

    def start(self, record: "dict[str, object]") -> str:
        """Begin a new game (replacing any game in progress); return its id.

        A record without an id gets a new one (``new_id()``), written into it. Events
        already in the record are journalled with it.
        """
        gid = record.get("id")
        if gid:
            validate(record)
        else:
            check = dict(record)
            check["id"] = "-"  # the id is the one thing start() fills in
            validate(check)
            gid = record["id"] = self.new_id()
        if not _safe_id(gid):
            raise ValueError("game id %r cannot name a file" % (gid,))
        header: dict[str, object] = {}
        for k in record:
            if k != "events":
                header[k] = record[k]
        v = pack.vocab(record.get("game"))
        out = bytearray(2)
        out.extend(pack.pack_record(header))
        _frame(out, 0)
        events = record.get("events")
        for event in events if isinstance(events, list) else ():
            at = len(out)
            out.extend(b"\0\0")
            pack.pack_event(event, v, out)
            _frame(out, at)
        tmp = self.dir + "/journal.tmp"
        _write(tmp, out)
        _replace(tmp, self.journal)
        self._vocab = v
        return str(gid)

    def append(self, event: object) -> None:
        """Journal one event (the app has played it)."""
        v = self._vocab
        if v is None:
            v = self._load_vocab()
        out = bytearray(2)
        pack.pack_event(event, v, out)
        _frame(out, 0)
        _write(self.journal, out, "ab")

    def undo(self) -> None:
        """Journal the undo of the last event."""
        out = bytearray(2)
        _frame(out, 0)
        _write(self.journal, out, "ab")

    def abandon(self) -> None:
        """Drop the game in progress without archiving it."""
        _remove(self.journal)
        _sync()
        self._vocab = None

    def finish(self) -> "str | None":
        """Move the game in progress to the archive; return its id (None: no game)."""
        record, _ = self.resume()
        if record is None:
            return None
        gid = str(record["id"])
        out = pack.pack_record(record)
        _u32(out, crc32(out))
        self._make_room(len(out))
        base = self.dir + "/" + gid
        _write(base + ".new", out)
        _remove(base + ".ok")  # a finished game is unsynced again until acknowledged
        _replace(base + ".new", base + ".dk")
        _sync()
        os.remove(self.journal)
        _sync()
        self._vocab = None
        return gid

    # -- the archive -------------------------------------------------------------------

    def unsynced(self) -> "list[str]":
        """The ids of finished games the PC has not acknowledged, oldest first."""
        return self._names(".dk")

    def synced(self) -> "list[str]":
        """The ids of finished games the PC has acknowledged, oldest first."""
        return self._names(".ok")

    def read(self, game_id: str) -> "dict[str, object] | None":
        """A finished game's record (None: no such game); ValueError when damaged."""
        if not _safe_id(game_id):
            return None
        base = self.dir + "/" + game_id
        data = _read(base + ".dk")
        if data is None:
            data = _read(base + ".ok")
            if data is None:
                return None
        packed = _archived(data)
        if packed is None:
            raise ValueError("game %s fails its checksum" % game_id)
        return pack.unpack_record(packed)

    def ack(self, game_id: str) -> bool:
        """Mark a finished game as committed by the PC; False when there is no such game."""
        if not _safe_id(game_id):
            return False
        base = self.dir + "/" + game_id
        if not _exists(base + ".dk"):
            return _exists(base + ".ok")
        _replace(base + ".dk", base + ".ok")
        _sync()
        return True

    # -- ids ---------------------------------------------------------------------------

    def device_id(self) -> str:
        """machine.unique_id() in hex, or a random id made once and kept on flash."""
        try:
            import machine

            return binascii.hexlify(machine.unique_id()).decode()
        except Exception:  # no machine module (simulator) or no unique id on this port
            pass
        path = self.dir + "/device"
        data = _read(path)
        if data and _safe_id(data.decode()):
            return data.decode()
        made = binascii.hexlify(_random_bytes(8))
        tmp = path + ".tmp"
        _write(tmp, made)
        _replace(tmp, path)
        return made.decode()

    def new_id(self) -> str:
        """A new game id: device id, "-", and the next game number (6 digits)."""
        dev = self.device_id()
        path = self.dir + "/seq"
        data = _read(path)
        n = 1
        if data:
            try:
                n = int(data.decode())
            except ValueError:
                n = 1
        # Never below a number already used, should the counter be lost.
        for name in os.listdir(self.dir):
            dash = name.rfind("-")
            dot = name.rfind(".")
            if name[:dash] == dev and dot > dash:
                try:
                    n = max(n, int(name[dash + 1 : dot]) + 1)
                except ValueError:
                    pass
        tmp = path + ".tmp"
        _write(tmp, str(n + 1).encode())
        _replace(tmp, path)
        return "%s-%06d" % (dev, n)

    # -- settings ----------------------------------------------------------------------

    def settings(self) -> "dict[str, object]":
        """The settings (an empty dict when there are none or they are unreadable)."""
        base = self.root + "/settings"
        for name in (base + ".json", base + ".tmp"):
            data = _read(name)
            if data:
                try:
                    value = json.loads(data)
                except ValueError:
                    continue
                if isinstance(value, dict):
                    return value
        return {}

    def save_settings(self, settings: "dict[str, object]") -> None:
        """Replace the settings whole, atomically."""
        base = self.root + "/settings"
        _write(base + ".tmp", json.dumps(settings).encode())
        _replace(base + ".tmp", base + ".json")
        _sync()

    # -- housekeeping ------------------------------------------------------------------

    def _names(self, suffix: str) -> "list[str]":
        out: list[str] = []
        for name in os.listdir(self.dir):
            if name.endswith(suffix):
                out.append(name[: -len(suffix)])
        out.sort()
        return out

    def _load_vocab(self) -> "pack.Vocab":
        record, _ = self.resume()
        if record is None:
            raise ValueError("no game in progress")
        v = self._vocab = pack.vocab(record["game"])
        return v

    def _journal_id(self) -> "str | None":
        try:
            with open(self.journal, "rb") as f:
                head = f.read(2)
                if len(head) < 2:
                    return None
                n = head[0] | head[1] << 8
                rest = f.read(n + 4)
        except OSError:
            return None
        if len(rest) < n + 4:
            return None
        if not _intact(head + rest):
            return None
        try:
            gid = pack.unpack_record(rest[:n]).get("id")
        except ValueError:
            return None
        return gid if isinstance(gid, str) else None

    def _reconcile(self) -> None:
        """Finish what a power cut interrupted (at boot, before anything else)."""
        for name in os.listdir(self.dir):
            path = self.dir + "/" + name
            if name == "journal.tmp" and not _exists(self.journal):
                # _replace's fallback (remove, then rename) was cut between its two steps
                os.rename(path, self.journal)
            elif name.endswith(".tmp"):
                _remove(path)
            elif name.endswith(".new"):
                base = path[:-4]
                if _archived(_read(path)) is None or _exists(base + ".dk"):
                    _remove(path)
                else:
                    _remove(base + ".ok")
                    _replace(path, base + ".dk")
        gid = self._journal_id()
        if _safe_id(gid):
            base = self.dir + "/" + str(gid)
            if _exists(base + ".dk") or _exists(base + ".ok"):
                os.remove(self.journal)  # finish() was cut after the archive was complete
        _sync()

    def _make_room(self, need: int) -> None:
        acked = self.synced()
        while acked and (len(acked) > self.KEEP_ACKED or _free(self.dir) < self.MIN_FREE + need):
            _remove(self.dir + "/" + acked.pop(0) + ".ok")


def _frame(out: bytearray, at: int) -> None:
    """Fill in the length at ``out[at:at+2]`` and append the CRC-32 of that entry."""
    n = len(out) - at - 2
    if n > _MAX_ENTRY:
        raise ValueError("journal entry too long")
    out[at] = n & 0xFF
    out[at + 1] = n >> 8
    _u32(out, crc32(memoryview(out)[at:]))


def _free(path: str) -> int:
    statvfs = getattr(os, "statvfs", None)
    if statvfs is None:
        return 1 << 30
    try:
        s = statvfs(path)
    except OSError:
        return 1 << 30
    return int(s[1]) * int(s[4])


def _random_bytes(n: int) -> bytes:
    urandom = getattr(os, "urandom", None)
    if urandom is not None:
        return bytes(urandom(n))
    import random

    return bytes(random.getrandbits(8) for _ in range(n))
