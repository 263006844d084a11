"""The finished games: filing the game in progress, listing, serving and acknowledging
them for sync, the ids, and room on the flash.

A finished game is packed with duelcore.pack (about 190 bytes for 7 Wonders Duel, 700
for Antike Duellum) and appended as one frame to a bundle of games (bundle.py);
``finish()`` only then removes the journal, so a boot after a cut anywhere in between
finds either the game still in the journal or the game archived, never both and never
neither. The games of the layout before bundles (a file each, ``<id>.dk`` and
``<id>.ok``) are read, synced and acknowledged as they were, and a game too long for a
frame is still kept so: its packed record and CRC-32 written to ``<id>.new``, flushed,
renamed ``<id>.dk``. A journal boot could not replay whole is set aside among them as
``<device id>-<n>.journal.dk`` (journal.py), which sync copies raw.
"""

import binascii

from duelcore import pack
from duelcore.compat import const
from duelcore.errors import IllegalEvent

from .. import flash
from ..rtc import end
from . import bundle

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from collections.abc import Callable, Iterator

# What a journal entry or a packed game that does not read raises (MemoryError is not
# among them: running out of heap must never look like damage and cut a journal short).
UNREADABLE = (
    ValueError, IndexError, KeyError, TypeError, AttributeError, RuntimeError, IllegalEvent,
)  # fmt: skip
KEPT = ".journal"  # the id ending of a journal set aside: "<device id>-<n>.journal"
_ID_CHARS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_."


class Archive:
    """The finished games, a part of Storage (firmware/storage/__init__.py), under its
    ``games/`` folder; the game to file comes from the journal (journal.py)."""

    KEEP_ACKED = 200  # acknowledged games kept at most (of the layout before bundles)
    MIN_FREE = 65536  # free bytes to keep on flash (where os.statvfs tells)
    dir: str  # the paths Storage holds
    journal: str
    resume: "Callable[[], tuple]"  # the journal's

    def finish(self) -> "str | None":
        """Move the game in progress to the archive; return its id (None: no game).

        The game is appended to a bundle (bundle.py) as one frame; one too long for
        a frame (records of thousands of events as values) gets a file of its own:
        ``<id>.new``, flushed, renamed ``<id>.dk``. Only then is the journal removed."""
        record, _ = self.resume()
        if record is None:
            return None
        meta = record.get("meta")
        if isinstance(meta, dict):
            end(meta)
        gid = str(record["id"])
        out = pack.pack_record(record)
        framed = bundle.frame(gid, out) if len(out) + 4 <= bundle.FRAME_MAX else None
        self._make_room(len(out) + 10)
        base = self.dir + "/" + gid
        flash.remove(base + ".ok")  # a finished game is unsynced again until acknowledged
        if framed is not None:
            bundle.append(self.dir, framed)
        else:
            flash.u32(out, flash.crc32(out))
            flash.write(base + ".new", out)
            flash.replace(base + ".new", base + ".dk")
        flash.sync()
        flash.os.remove(self.journal)
        flash.remove(self.dir + "/journal.later")
        flash.sync()
        return gid

    def _items(self, state: int) -> "Iterator[tuple]":
        """The archive's items in ``state`` (bundle.UNSYNCED: with the damaged; ACKED): the
        bundles' (bundle.items), then the games kept a file each (the layout before bundles,
        and a game too long for a frame): ``(id, path, 0, -1, state)``."""
        for item in bundle.items(self.dir):
            if item[4] == state or state == bundle.UNSYNCED and item[4] == bundle.DAMAGED:
                yield item
        for gid in self._names(".dk" if state == bundle.UNSYNCED else ".ok"):
            yield (
                gid,
                self.dir + "/" + gid + (".dk" if state == bundle.UNSYNCED else ".ok"),
                0,
                -1,
                state,
            )

    def unsynced(self) -> "list[str]":
        """The ids of finished games the PC has not acknowledged, in id order (oldest first
        on one device), each once (a frame written twice is one game)."""
        out = [item[0] for item in self._items(bundle.UNSYNCED)]
        out.sort()
        return [out[i] for i in range(len(out)) if not i or out[i] != out[i - 1]]

    def waiting(self) -> int:
        """How many finished games the PC has not acknowledged (no list of them made; a game
        twice in one bundle counts once)."""
        n = 0
        seen: set[str] = set()  # the ids of the bundle being counted
        where = ""
        for item in self._items(bundle.UNSYNCED):
            if item[1] != where:
                seen = set()
                where = item[1]
            if item[0] not in seen:
                seen.add(item[0])
                n += 1
        return n

    def synced(self) -> "list[str]":
        """The ids of finished games the PC has acknowledged, in id order."""
        out = [item[0] for item in self._items(bundle.ACKED)]
        out.sort()
        return out

    def first(self, after: str, n: int) -> "tuple[list[tuple], int]":
        """(the items of the ``n`` unsynced games whose ids sort first after ``after``, in id
        order; how many more sort after it): sync's batches, in one pass over the archive
        and without a list of every game."""
        out: list[tuple] = []
        left = 0
        for item in self._items(bundle.UNSYNCED):
            gid = item[0]
            if gid <= after:
                continue
            i = len(out)
            while i and out[i - 1][0] > gid:
                i -= 1
            if i and out[i - 1][0] == gid:
                continue  # a frame written twice: served once, acknowledged both
            out.insert(i, item)
            if len(out) > n:
                out.pop()
                left += 1
        return out, left

    def _names(self, suffix: str) -> "list[str]":
        """The ids of the files ``<id><suffix>`` the device could have written: an id a file
        may be named by (``_safe_id``), and a file, not a folder; the rest is not a game."""
        out: list[str] = []
        for name in flash.os.listdir(self.dir):
            gid = name[: -len(suffix)]
            if name.endswith(suffix) and safe_id(gid) and _is_file(self.dir + "/" + name):
                out.append(gid)
        out.sort()
        return out

    def _find(self, game_id: str, state: int) -> "tuple | None":
        for item in self._items(state):
            if item[0] == game_id:
                return item
        return None

    def stored(self, game_id: str) -> "bytes | None":
        """A finished game's archive file as it is (the packed record and its CRC-32), after
        checking it; None: no such game; ValueError when it fails its checksum."""
        if not safe_id(game_id):
            return None
        item = self._find(game_id, bundle.UNSYNCED) or self._find(game_id, bundle.ACKED)
        return None if item is None else self.served(item)

    def served(self, item: tuple) -> bytes:
        """What an item of the archive serves: the packed record and its CRC-32, checked
        (ValueError: it fails its check, or is damage, or a journal set aside)."""
        gid, path, start, end, state = item
        if end >= 0:
            return bundle.packed(item)
        if gid.endswith(KEPT) and state == bundle.UNSYNCED:
            raise ValueError("a game in progress set aside at boot, not replayed whole")
        data = flash.read(path)
        if data is None:
            raise ValueError("game %s cannot be read" % gid)
        if packed(data) is None:
            raise ValueError("game %s fails its checksum" % gid)
        return data

    def copy(self, game_id: str) -> "bytes | None":
        """What another unsynced item of ``game_id`` serves (a frame written twice, one copy
        damaged), or None."""
        for item in self._items(bundle.UNSYNCED):
            if item[0] == game_id:
                try:
                    return self.served(item)
                except ValueError:
                    pass
        return None

    def extent(self, game_id: str) -> "tuple | None":
        """(path, start, end) of an unsynced game's bytes as they are on flash (end -1: to
        the end of the file): what sync copies raw of a game it cannot read. None: none."""
        item = self._find(game_id, bundle.UNSYNCED)
        return None if item is None else item[1:4]

    def read(self, game_id: str) -> "dict[str, object] | None":
        """A finished game's record (None: no such game); ValueError when damaged."""
        data = self.stored(game_id)
        if data is None:
            return None
        try:
            return pack.unpack_record(data[:-4])
        except UNREADABLE:
            raise ValueError("game %s does not unpack" % game_id)

    def set_aside(self, game_id: str) -> bool:
        """List an unsynced game no more: the PC has copied it raw (sync, for a damaged one).
        Its file is renamed ``<id>.bad``; in a bundle it is marked as acknowledged. False
        when there is no such game."""
        item = self._find(game_id, bundle.UNSYNCED)
        if item is None:
            return False
        if item[3] >= 0:
            bundle.mark(item[1], [item[2]])
            return True
        base = self.dir + "/" + game_id
        flash.replace(base + ".dk", base + ".bad")
        flash.sync()
        return True

    def ack(self, game_id: str) -> bool:
        """Mark a finished game as committed by the PC; False when there is no such game."""
        return self.acks([game_id]) == 1

    def acks(self, ids: "list[str]") -> int:
        """Mark the finished games ``ids`` as committed by the PC, in one pass over the
        archive and one write a bundle; return how many of them there are (acknowledged
        before, or now; a frame written twice is marked twice, counted once)."""
        want = set(ids)
        found = set()
        marks: dict = {}  # bundle path -> offsets of the frames to mark
        for item in bundle.items(self.dir):
            gid = item[0]
            if gid in want and item[4] != bundle.DAMAGED:
                found.add(gid)
                if item[4] == bundle.UNSYNCED:
                    marks.setdefault(item[1], []).append(item[2])
        for path in marks:
            bundle.mark(path, marks[path])
        count = len(found)
        for gid in want:
            if not safe_id(gid):
                continue
            base = self.dir + "/" + gid
            if flash.exists(base + ".dk"):
                flash.replace(base + ".dk", base + ".ok")
                flash.sync()
                count += 1
            elif flash.exists(base + ".ok"):
                count += 1
        return count

    def device_id(self) -> str:
        """machine.unique_id() in hex, or a random id made once and kept on flash."""
        try:
            import machine

            return binascii.hexlify(machine.unique_id()).decode()
        except Exception:  # no machine module (simulator) or no unique id on this port
            pass
        path = self.dir + "/device"
        data = flash.read(path)
        if data and safe_id(data.decode()):
            return data.decode()
        made = binascii.hexlify(_random_bytes(8))
        flash.write(path + ".tmp", made)
        flash.replace(path + ".tmp", path)
        return made.decode()

    def new_id(self) -> str:
        """A new game id: device id, "-", and the next game number (6 digits)."""
        dev = self.device_id()
        path = self.dir + "/seq"
        data = flash.read(path)
        n = 1
        if data:
            try:
                n = int(data.decode())
            except ValueError:
                n = 1
        # Never below a number already used, should the counter be lost: the files' names,
        # and the games of the last bundle.
        for name in flash.os.listdir(self.dir) + [i + "." for i in bundle.last_ids(self.dir)]:
            dash = name.rfind("-")
            dot = name.find(".", dash)
            if name[:dash] == dev and dot > dash:
                try:
                    n = max(n, int(name[dash + 1 : dot]) + 1)
                except ValueError:
                    pass
        flash.write(path + ".tmp", str(n + 1).encode())
        flash.replace(path + ".tmp", path)
        return "%s-%06d" % (dev, n)

    def _make_room(self, need: int) -> None:
        """Keep MIN_FREE bytes and ``need`` free: acknowledged games go, oldest first (the
        files of the layout before bundles, at most KEEP_ACKED of them kept; then bundles
        acknowledged whole)."""
        acked = self._names(".ok")
        while acked and (len(acked) > self.KEEP_ACKED or _free(self.dir) < self.MIN_FREE + need):
            flash.remove(self.dir + "/" + acked.pop(0) + ".ok")
        if _free(self.dir) < self.MIN_FREE + need:
            bundle.drop_acked(self.dir, lambda: _free(self.dir) >= self.MIN_FREE + need)


def safe_id(game_id: object) -> bool:
    """Whether ``game_id`` may name a file of ours: 1 to 64 of ``_ID_CHARS``, no dot first."""
    if not isinstance(game_id, str) or not 0 < len(game_id) <= 64 or game_id[0] == ".":
        return False
    for ch in game_id:
        if ch not in _ID_CHARS:
            return False
    return True


def packed(data: "bytes | None") -> "bytes | None":
    """The packed record in an archive file's bytes, or None when they fail the check."""
    if data is None or len(data) < 6 or not flash.intact(data):
        return None
    return data[:-4]


def _is_file(path: str) -> bool:
    try:
        return not flash.os.stat(path)[0] & 0x4000  # S_IFDIR, on both runtimes
    except OSError:
        return False


def _free(path: str) -> int:
    statvfs = getattr(flash.os, "statvfs", None)
    if statvfs is None:
        return 1 << 30
    try:
        st = statvfs(path)
    except OSError:
        return 1 << 30
    return int(st[1]) * int(st[4])


def _random_bytes(n: int) -> bytes:
    urandom = getattr(flash.os, "urandom", None)
    if urandom is not None:
        return bytes(urandom(n))
    import random

    return bytes(random.getrandbits(8) for _ in range(n))
