"""The half of storage a game being played does not need (see firmware/storage.py).

Resuming and starting a game, finishing it into the archive, reading and acknowledging
finished games, game and device ids, the settings, and the repairs at boot: each a
method of ``Storage``, which calls the function here of the same name. Every function
takes the Storage; every write and every os call goes through firmware/flash.py's
``write`` and ``os`` (which the power-cut tests replace).

A finished game is packed with duelcore.pack (about 190 bytes for 7 Wonders Duel, 700
for Antike Duellum) and appended as one frame to a bundle of games (firmware/bundle.py);
``finish()`` only then removes the journal, so a boot after a cut anywhere in between
finds either the game still in the journal or the game archived, never both and never
neither. The games of the layout before bundles (a file each, ``<id>.dk`` and
``<id>.ok``) are read, synced and acknowledged as they were, and a game too long for a
frame is still kept so: its packed record and CRC-32 written to ``<id>.new``, flushed,
renamed ``<id>.dk``.
"""

import binascii
import json

from duelcore import pack
from duelcore.compat import const
from duelcore.engine import game_class
from duelcore.errors import IllegalEvent
from duelcore.record import DEPTH_MAX, check_event, validate

from . import bundle, flash
from .lang import tr
from .rtc import end

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

    from .storage import Storage

_OBJECT = const(0x7B)  # "{": the first byte of the record's JSON
_CODE = const(1)  # the tag of an event journalled as its code (flash.py writes them)
# The CRC-32 of any data followed by its own CRC-32 (little-endian) is this constant: one
# check per entry, and a small int on MicroPython, so a good entry allocates no long int.
_RESIDUE = const(0x2144DF1C)
# What a journal entry that does not read raises (MemoryError is not among them: running
# out of heap must never look like a damaged journal and cut it short).
_UNREADABLE = (
    ValueError, IndexError, KeyError, TypeError, AttributeError, RuntimeError, IllegalEvent,
)  # fmt: skip
_ID_CHARS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_."
# The id ending of a journal set aside (``_keep``): "<device id>-<n>.journal".
_KEPT = ".journal"


def _read(path: str) -> "bytes | None":
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def _load(path: str) -> "tuple[bytearray, int] | None":
    """The first storage.MAX_JOURNAL bytes of the file at ``path``, read into one buffer
    (the heap holds no second copy), and the file's size; None: no such file. A file
    there that the flash cannot read raises its OSError: it is no journal missing, and
    must not be written over (session.boot sets it aside). Whether it is there is asked
    first, as errno's numbers differ between ports (the WebAssembly VM's ENOENT is 44)."""
    if not flash.exists(path):
        return None
    size = flash.os.stat(path)[6]
    buf = bytearray(min(size, flash.MAX_JOURNAL))
    with open(path, "rb") as f:
        got = f.readinto(buf)
    return (buf if got == len(buf) else buf[:got]), size


def _intact(framed: "bytes | bytearray | memoryview") -> bool:
    """Whether ``framed`` (data, then its CRC-32 little-endian) passes the check."""
    return flash.crc32(framed) == _RESIDUE


def _safe_id(game_id: object) -> bool:
    if not isinstance(game_id, str) or not 0 < len(game_id) <= 64 or game_id[0] == ".":
        return False
    for ch in game_id:
        if ch not in _ID_CHARS:
            return False
    return True


def _entry_end(data: "bytes | bytearray", view: memoryview, pos: int) -> int:
    """Where the payload of the journal entry at ``pos`` ends; -1 when it is not whole."""
    if pos + 6 > len(data):
        return -1
    n = data[pos] | data[pos + 1] << 8
    end = pos + 2 + n
    if n > flash.MAX_ENTRY or end + 4 > len(data) or not _intact(view[pos : end + 4]):
        return -1
    return end


def _journal(record: "dict[str, object]", events: list, game: object = None) -> bytearray:
    """A whole journal: the record without its events, then the events (as their codes
    where ``game`` gives them, else as JSON)."""
    header: dict[str, object] = {}
    for k in record:
        if k != "events":
            header[k] = record[k]
    out = bytearray(2)
    out.extend(json.dumps(header).encode())
    flash.frame(out, 0)
    for event in events:
        flash.event(out, event, game)
    return out


def _rewrite(s: "Storage", data: "bytes | bytearray | memoryview") -> None:
    """Replace the journal whole (through journal.tmp)."""
    tmp = s.dir + "/journal.tmp"
    flash.write(tmp, data)
    flash.replace(tmp, s.journal)


def _keep(s: "Storage", data: "bytes | bytearray | memoryview | None" = None) -> None:
    """Set the journal aside as it is, under a name never used before: the game's
    ``<device id>-<n>.journal.dk``, n from the game counter (``new_id``). It is listed
    with the finished games, and sync copies it raw to the PC (``stored`` calls it
    damaged). ``data``, when given, is the journal from then on: written to journal.tmp
    first, which boot puts back should the power fail between the two renames
    (``reconcile``). The copy takes no room of its own; the new journal may drop
    acknowledged games to fit (``_make_room``)."""
    tmp = s.dir + "/journal.tmp"
    if data is not None:
        _make_room(s, len(data))
        flash.write(tmp, data)
    flash.os.rename(s.journal, s.dir + "/" + new_id(s) + _KEPT + ".dk")
    if data is not None:
        flash.os.rename(tmp, s.journal)
    flash.sync()


def _json(data: bytearray, at: int, end: int) -> object:
    """The JSON text ``data[at:end]`` parsed, after checking that it nests at most
    DEPTH_MAX deep (the brackets outside strings, counted before parsing)."""
    deep = 0
    text = False
    i = at
    while i < end:
        c = data[i]
        if text:
            if c == 0x5C:  # a backslash: the next byte is escaped
                i += 1
            elif c == 0x22:
                text = False
        elif c == 0x22:
            text = True
        elif c == 0x5B or c == 0x7B:
            deep += 1
            if deep > DEPTH_MAX:
                raise ValueError("nested too deep")
        elif c == 0x5D or c == 0x7D:
            deep -= 1
        i += 1
    return json.loads(bytes(memoryview(data)[at:end]))


def _torn(data: bytearray, pos: int) -> bool:
    """Whether ``data[pos:]`` is what a power cut leaves of an entry being written: less
    than its length (at most what storage.py writes) says."""
    if pos + 2 > len(data):
        return True
    n = data[pos] | data[pos + 1] << 8
    return n <= flash.MAX_ENTRY and pos + 6 + n > len(data)


def _next_entry(data: bytearray, view: memoryview, pos: int) -> int:
    """Where the first whole entry after damage at ``pos`` starts (``len(data)``: none).
    Every entry checks itself, so later entries are found again past the damage. A
    length's high byte over storage.MAX_ENTRY's is passed over at once: a long stretch
    of text (a huge entry) is crossed in a fraction of a second on the device."""
    hi = flash.MAX_ENTRY >> 8
    for q in range(pos + 1, len(data) - 5):
        if data[q + 1] <= hi and _entry_end(data, view, q) >= 0:
            return q
    return len(data)


def _zero(x: int) -> int:
    """The CRC-32 register ``x`` after one more zero byte (as ``binascii.crc32`` runs it)."""
    return int(flash.CRC(b"\0", x ^ 0xFFFFFFFF)) ^ 0xFFFFFFFF


def _mend(data: bytearray, view: memoryview, pos: int, q: int) -> bool:
    """Restore ``data[pos:q]`` into a whole entry when one byte of it is wrong.

    The CRC-32 finds the byte: the length field (the entry's span says what it must be)
    or, that field right, the one byte whose change passes the check. CRC-32 is linear:
    changing a byte by ``v`` changes the CRC by ``u(v)`` carried through one zero byte
    for each byte after it (``_zero``), so the change needed is carried back a byte at a
    time and looked up among the 255 ``u(v)``: a few CRCs a byte, not 255.
    """
    n = q - pos - 6
    if not 0 <= n <= flash.MAX_ENTRY:  # flash.py's longest entry
        return False
    entry = view[pos:q]
    if data[pos] | data[pos + 1] << 8 != n:
        lo, hi = data[pos], data[pos + 1]
        data[pos] = n & 0xFF
        data[pos + 1] = n >> 8
        if _intact(entry):
            return True
        data[pos] = lo
        data[pos + 1] = hi
        return False
    change: dict[int, int] = {}  # u(v) -> v: what changing a last byte by v does to the CRC
    back = bytearray(256)  # the byte b that _zero(b) has in its top byte
    for v in range(256):
        change[_zero(v)] = v  # _zero(v) is u(v): v entered, then a zero byte
        back[_zero(v) >> 24] = v
    want = flash.crc32(entry) ^ _RESIDUE
    for i in range(q - 1, pos + 1, -1):  # the last byte first
        d = change.get(want, 0)
        if d:
            data[i] ^= d
            return True
        b = back[want >> 24]  # one zero byte back: want = _zero(earlier)
        want = ((want ^ _zero(b)) << 8 | b) & 0xFFFFFFFF
    return False


def _decode(game: "Any", data: bytearray, at: int, end: int) -> "Any":
    """The event a code entry holds, refused (ValueError) unless the encoder wrote it:
    1 to 4 bytes with no high zero byte, and the code ``game.encode()`` gives back."""
    if end - at > 5 or (end > at + 1 and data[end - 1] == 0):
        raise ValueError("not a code")
    code = 0
    while end > at + 1:
        end -= 1
        code = code << 8 | data[end]
    event = game.decode(code)
    check_event(event)
    if game.encode(event) != code:
        raise ValueError("not a code")
    return event


def resume(s: "Storage") -> "tuple[dict[str, object] | None, str | None]":
    """(the record in progress with its events, or None; a notice for the screen).

    An entry with one wrong byte is restored (the CRC-32 finds it). An entry longer than
    storage.py writes (MAX_ENTRY, an event's MAX_EVENT) or JSON nested deeper than
    DEPTH_MAX is unreadable, checked before parsing. Entries past one that cannot be
    read are kept in games/journal.later, for the App to play once the player has entered
    the unreadable move again (``later()``); a damaged or half-written tail is dropped.
    The journal is cut at the first unreadable entry, so what is appended follows good
    entries, and set aside whole first (``_keep``), unless all that is dropped is a last
    entry cut short (by a power cut while it was written). Only the first MAX_JOURNAL
    bytes are read: what lies past them is left to the journal set aside. A journal
    whose first entry is unreadable is set aside whole, and no game resumed.
    """
    loaded = _load(s.journal)
    if loaded is None:
        return None, None
    buf, size = loaded
    if not size:
        flash.remove(s.journal)
        return None, None
    view = memoryview(buf)
    record: Any = None
    game: Any = None  # decodes codes: a Game of the record's kind, made when needed
    old: Any = None  # the reader of a journal duelcore.pack wrote
    events: list[object] = []
    past: list[object] = []  # the events read past an entry that cannot be
    undone: list[object] = []  # undone events, next to redo last (App.undone)
    cut = -1  # where the first unreadable entry starts
    mended = False
    pos = 0
    while pos < len(buf):
        end = _entry_end(buf, view, pos)
        if end < 0:  # mended whole: by its own length, or up to the next whole entry
            q = _next_entry(buf, view, pos)
            end = pos + 2 + (buf[pos] | buf[pos + 1] << 8) if pos + 1 < len(buf) else q
            if not (end + 4 < q and _mend(buf, view, pos, end + 4)):
                end = q - 4
                if not _mend(buf, view, pos, q):
                    if record is None:
                        break
                    cut = pos if cut < 0 else cut
                    pos = q
                    continue
            mended = True
        at = pos + 2
        into = events if cut < 0 else past
        try:
            if record is None:
                if buf[at] == _OBJECT:
                    head = _json(buf, at, end)
                else:
                    head, old = old_header(view[at:end])
                if not isinstance(head, dict) or not isinstance(head.get("game"), str):
                    raise ValueError("no game")
                record = head
            elif end == at:
                if into:
                    undone.append(into.pop())
            elif old is not None:
                into.append(old.event_at(buf, at, end))
            elif buf[at] == _CODE:
                if game is None:
                    game = game_class(record["game"])(record["setup"])
                into.append(_decode(game, buf, at, end))
            elif end - at > flash.MAX_EVENT:
                raise ValueError("too long")
            else:
                event = _json(buf, at, end)
                check_event(event)
                into.append(event)
            if end != at and undone and into:  # an event: the one redone, or a new one
                if undone[-1] == into[-1]:
                    undone.pop()
                else:
                    undone.clear()
        except _UNREADABLE:
            if record is None:
                break
            cut = pos if cut < 0 else cut
        pos = end + 4
    long = size > len(buf)  # past storage.MAX_JOURNAL: read as far as that
    if long and cut < 0:
        cut = len(buf)
    if record is None:
        if not long and _torn(buf, 0) and (len(buf) < 3 or buf[2] == _OBJECT):
            flash.remove(s.journal)  # a start cut short: no game yet
            return None, None
        _keep(s)
        return None, tr("Saved game unreadable: set aside")
    notice = None
    if past:
        flash.write(s.dir + "/journal.later", json.dumps(past).encode())
        notice = tr("Save damaged: enter move %d again") % (len(events) + 1)
    elif cut >= 0:
        notice = tr("Save damaged: resumed at move %d") % len(events)
    elif mended:
        notice = tr("Save repaired: no move lost")
    new: Any = None
    if old is not None:  # written anew in today's format, for the entries to come
        new = _journal(record, events)
        undone = []  # the undos are not written anew: no redo, as the next boot would read
    elif cut >= 0 or mended:  # the damage repaired, or cut off
        new = view[: cut if cut >= 0 else len(buf)]
        if cut >= 0:
            undone = []  # what follows the damage is the player's to enter again
    if cut >= 0 and (past or long or not _torn(buf, cut)):
        _keep(s, new)  # more than a last entry cut short: the journal as it was is kept
    elif new is not None:
        _rewrite(s, new)
    s.undone = undone
    flash.remove(s.setup)  # a cut between start() and its removal: the game was set up
    record["events"] = events
    return record, notice


def keep_journal(s: "Storage") -> None:
    """The rules refuse the journal's record (its setup, its envelope): no game resumes,
    and the journal is set aside whole (``_keep``), with the events kept for later."""
    _keep(s)
    flash.remove(s.dir + "/journal.later")


def keep_prefix(
    s: "Storage", record: "dict[str, object]", events: list, k: int, game: object
) -> int:
    """The rules refused ``events[k]`` of the journal resumed (``record``, its events
    ``events``); ``game`` (the Match's) gives the codes. The journal is set aside whole
    (``_keep``) and holds the first k events from then on; the events after the refused
    one wait in games/journal.later, before those kept there already, for the App to play
    (``later()``). Returns how many wait."""
    wait = events[k + 1 :] + (later(s) or [])
    _keep(s, _journal(record, events[:k], game))
    if wait:
        flash.write(s.dir + "/journal.later", json.dumps(wait).encode())
    else:
        flash.remove(s.dir + "/journal.later")
    return len(wait)


def later(s: "Storage") -> "list | None":
    """The events kept past an unreadable entry (``resume()``), or None."""
    data = _read(s.dir + "/journal.later")
    try:
        return json.loads(data) if data else None
    except ValueError:
        return None


def catch_up(s: "Storage", events: list, game: object) -> None:
    """Journal ``events`` (the App has played them: those of ``later()``) in one write,
    then forget journal.later."""
    out = bytearray()
    for event in events:
        flash.event(out, event, game)
    flash.write(s.journal, out, "ab")
    flash.remove(s.dir + "/journal.later")
    flash.sync()


def start(s: "Storage", record: "dict[str, object]") -> str:
    """Begin a new game (replacing any game in progress); return its id.

    A record without an id gets a new one (``new_id()``), written into it. Events
    already in the record are journalled with it (as JSON).
    """
    gid = record.get("id")
    if gid:
        validate(record)
    else:
        check = dict(record)
        check["id"] = "-"  # the id is the one thing start() fills in
        validate(check)
        gid = record["id"] = new_id(s)
    if not _safe_id(gid):
        raise ValueError("game id %r cannot name a file" % (gid,))
    events = record.get("events")
    _rewrite(s, _journal(record, events if isinstance(events, list) else []))
    flash.remove(s.dir + "/journal.later")  # another game's
    flash.remove(s.setup)  # its setup, entered: done
    return str(gid)


def _packed(data: "bytes | None") -> "bytes | None":
    """The packed record in an archive file's bytes, or None when they fail the check."""
    if data is None or len(data) < 6 or not _intact(data):
        return None
    return data[:-4]


def finish(s: "Storage") -> "str | None":
    """Move the game in progress to the archive; return its id (None: no game).

    The game is appended to a bundle (firmware/bundle.py) as one frame; one too long for
    a frame (records of thousands of events as values) gets a file of its own:
    ``<id>.new``, flushed, renamed ``<id>.dk``. Only then is the journal removed."""
    record, _ = resume(s)
    if record is None:
        return None
    meta = record.get("meta")
    if isinstance(meta, dict):
        end(meta)
    gid = str(record["id"])
    out = pack.pack_record(record)
    framed = bundle.frame(gid, out) if len(out) + 4 <= bundle.FRAME_MAX else None
    _make_room(s, len(out) + 10)
    base = s.dir + "/" + gid
    flash.remove(base + ".ok")  # a finished game is unsynced again until acknowledged
    if framed is not None:
        bundle.append(s.dir, framed)
    else:
        flash.u32(out, flash.crc32(out))
        flash.write(base + ".new", out)
        flash.replace(base + ".new", base + ".dk")
    flash.sync()
    flash.os.remove(s.journal)
    flash.remove(s.dir + "/journal.later")
    flash.sync()
    return gid


def _items(s: "Storage", state: int) -> "Iterator[tuple]":
    """The archive's items in ``state`` (bundle.UNSYNCED: with the damaged; ACKED): the
    bundles' (bundle.items), then the games kept a file each (the layout before bundles,
    and a game too long for a frame): ``(id, path, 0, -1, state)``."""
    for item in bundle.items(s.dir):
        if item[4] == state or state == bundle.UNSYNCED and item[4] == bundle.DAMAGED:
            yield item
    for gid in _names(s, ".dk" if state == bundle.UNSYNCED else ".ok"):
        yield gid, s.dir + "/" + gid + (".dk" if state == bundle.UNSYNCED else ".ok"), 0, -1, state


def unsynced(s: "Storage") -> "list[str]":
    """The ids of finished games the PC has not acknowledged, in id order (oldest first
    on one device), each once (a frame written twice is one game)."""
    out = [item[0] for item in _items(s, bundle.UNSYNCED)]
    out.sort()
    return [out[i] for i in range(len(out)) if not i or out[i] != out[i - 1]]


def waiting(s: "Storage") -> int:
    """How many finished games the PC has not acknowledged (no list of them made; a game
    twice in one bundle counts once)."""
    n = 0
    seen: set[str] = set()  # the ids of the bundle being counted
    where = ""
    for item in _items(s, bundle.UNSYNCED):
        if item[1] != where:
            seen = set()
            where = item[1]
        if item[0] not in seen:
            seen.add(item[0])
            n += 1
    return n


def synced(s: "Storage") -> "list[str]":
    """The ids of finished games the PC has acknowledged, in id order."""
    out = [item[0] for item in _items(s, bundle.ACKED)]
    out.sort()
    return out


def first(s: "Storage", after: str, n: int) -> "tuple[list[tuple], int]":
    """(the items of the ``n`` unsynced games whose ids sort first after ``after``, in id
    order; how many more sort after it): sync's batches, in one pass over the archive
    and without a list of every game."""
    out: list[tuple] = []
    left = 0
    for item in _items(s, bundle.UNSYNCED):
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


def _names(s: "Storage", suffix: str) -> "list[str]":
    """The ids of the files ``<id><suffix>`` the device could have written: an id a file
    may be named by (``_safe_id``), and a file, not a folder; the rest is not a game."""
    out: list[str] = []
    for name in flash.os.listdir(s.dir):
        gid = name[: -len(suffix)]
        if name.endswith(suffix) and _safe_id(gid) and _is_file(s.dir + "/" + name):
            out.append(gid)
    out.sort()
    return out


def _find(s: "Storage", game_id: str, state: int) -> "tuple | None":
    for item in _items(s, state):
        if item[0] == game_id:
            return item
    return None


def _is_file(path: str) -> bool:
    try:
        return not flash.os.stat(path)[0] & 0x4000  # S_IFDIR, on both runtimes
    except OSError:
        return False


def stored(s: "Storage", game_id: str) -> "bytes | None":
    """A finished game's archive file as it is (the packed record and its CRC-32), after
    checking it; None: no such game; ValueError when it fails its checksum."""
    if not _safe_id(game_id):
        return None
    item = _find(s, game_id, bundle.UNSYNCED) or _find(s, game_id, bundle.ACKED)
    return None if item is None else served(item)


def served(item: tuple) -> bytes:
    """What an item of the archive serves: the packed record and its CRC-32, checked
    (ValueError: it fails its check, or is damage, or a journal set aside)."""
    gid, path, start, end, state = item
    if end >= 0:
        return bundle.packed(item)
    if gid.endswith(_KEPT) and state == bundle.UNSYNCED:
        raise ValueError("a game in progress set aside at boot, not replayed whole")
    data = _read(path)
    if data is None:
        raise ValueError("game %s cannot be read" % gid)
    if _packed(data) is None:
        raise ValueError("game %s fails its checksum" % gid)
    return data


def copy(s: "Storage", game_id: str) -> "bytes | None":
    """What another unsynced item of ``game_id`` serves (a frame written twice, one copy
    damaged), or None."""
    for item in _items(s, bundle.UNSYNCED):
        if item[0] == game_id:
            try:
                return served(item)
            except ValueError:
                pass
    return None


def extent(s: "Storage", game_id: str) -> "tuple | None":
    """(path, start, end) of an unsynced game's bytes as they are on flash (end -1: to
    the end of the file): what sync copies raw of a game it cannot read. None: none."""
    item = _find(s, game_id, bundle.UNSYNCED)
    return None if item is None else item[1:4]


def read(s: "Storage", game_id: str) -> "dict[str, object] | None":
    """A finished game's record (None: no such game); ValueError when damaged."""
    data = stored(s, game_id)
    if data is None:
        return None
    try:
        return pack.unpack_record(data[:-4])
    except _UNREADABLE:
        raise ValueError("game %s does not unpack" % game_id)


def set_aside(s: "Storage", game_id: str) -> bool:
    """List an unsynced game no more: the PC has copied it raw (sync, for a damaged one).
    Its file is renamed ``<id>.bad``; in a bundle it is marked as acknowledged. False
    when there is no such game."""
    item = _find(s, game_id, bundle.UNSYNCED)
    if item is None:
        return False
    if item[3] >= 0:
        bundle.mark(item[1], [item[2]])
        return True
    base = s.dir + "/" + game_id
    flash.replace(base + ".dk", base + ".bad")
    flash.sync()
    return True


def ack(s: "Storage", game_id: str) -> bool:
    """Mark a finished game as committed by the PC; False when there is no such game."""
    return acks(s, [game_id]) == 1


def acks(s: "Storage", ids: "list[str]") -> int:
    """Mark the finished games ``ids`` as committed by the PC, in one pass over the
    archive and one write a bundle; return how many of them there are (acknowledged
    before, or now; a frame written twice is marked twice, counted once)."""
    want = set(ids)
    found = set()
    marks: dict = {}  # bundle path -> offsets of the frames to mark
    for item in bundle.items(s.dir):
        gid = item[0]
        if gid in want and item[4] != bundle.DAMAGED:
            found.add(gid)
            if item[4] == bundle.UNSYNCED:
                marks.setdefault(item[1], []).append(item[2])
    for path in marks:
        bundle.mark(path, marks[path])
    count = len(found)
    for gid in want:
        if not _safe_id(gid):
            continue
        base = s.dir + "/" + gid
        if flash.exists(base + ".dk"):
            flash.replace(base + ".dk", base + ".ok")
            flash.sync()
            count += 1
        elif flash.exists(base + ".ok"):
            count += 1
    return count


def device_id(s: "Storage") -> str:
    """machine.unique_id() in hex, or a random id made once and kept on flash."""
    try:
        import machine

        return binascii.hexlify(machine.unique_id()).decode()
    except Exception:  # no machine module (simulator) or no unique id on this port
        pass
    path = s.dir + "/device"
    data = _read(path)
    if data and _safe_id(data.decode()):
        return data.decode()
    made = binascii.hexlify(_random_bytes(8))
    flash.write(path + ".tmp", made)
    flash.replace(path + ".tmp", path)
    return made.decode()


def new_id(s: "Storage") -> str:
    """A new game id: device id, "-", and the next game number (6 digits)."""
    dev = device_id(s)
    path = s.dir + "/seq"
    data = _read(path)
    n = 1
    if data:
        try:
            n = int(data.decode())
        except ValueError:
            n = 1
    # Never below a number already used, should the counter be lost: the files' names,
    # and the games of the last bundle.
    for name in flash.os.listdir(s.dir) + [i + "." for i in bundle.last_ids(s.dir)]:
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


def settings(s: "Storage") -> "dict[str, object]":
    """The settings (an empty dict when there are none or they are unreadable)."""
    base = s.root + "/settings"
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


def save_settings(s: "Storage", value: "dict[str, object]") -> None:
    """Replace the settings whole, atomically."""
    base = s.root + "/settings"
    flash.write(base + ".tmp", json.dumps(value).encode())
    flash.replace(base + ".tmp", base + ".json")
    flash.sync()


def old_header(data: "bytes | memoryview") -> "tuple[dict[str, Any], Any]":
    """The record of a journal duelcore.pack wrote, and the reader of its events."""
    record = pack.unpack_record(data)
    return record, pack.Unpacker(pack.vocab(record.get("game")))


def _journal_id(s: "Storage") -> "str | None":
    """The id in the journal's first entry (None: no journal, or not readable)."""
    try:
        with open(s.journal, "rb") as f:
            head = f.read(2)
            if len(head) < 2:
                return None
            n = head[0] | head[1] << 8
            if n > flash.MAX_ENTRY:
                return None
            rest = f.read(n + 4)
    except OSError:
        return None
    if len(rest) < n + 4 or not _intact(head + rest):
        return None
    try:
        if rest[0] == _OBJECT:
            record = json.loads(rest[:n])
        else:
            record = old_header(rest[:n])[0]
        gid = record.get("id")
    except (ValueError, IndexError, KeyError, TypeError, AttributeError):
        return None
    return gid if isinstance(gid, str) else None


def reconcile(s: "Storage") -> None:
    """Finish what a power cut interrupted (at boot, before anything else).

    A ``.new`` that fails its check is dropped only where the game is whole elsewhere (in
    the journal, which finish() removes only after the rename, or archived already);
    otherwise flash damage made it, and it becomes the game's ``.dk`` as it is, for the
    PC to copy and set aside (sync). A game finished into a bundle (its frame whole in
    the last one) is no longer in progress; a frame cut short is cut off (bundle.py).
    """
    names = flash.os.listdir(s.dir)
    for name in names:
        path = s.dir + "/" + name
        if name == "journal.tmp" and not flash.exists(s.journal):
            # flash.replace's fallback (remove, then rename) was cut between its two steps
            flash.os.rename(path, s.journal)
        elif name.endswith((".dkc.tmp", ".dkb.tmp")) and not flash.exists(path[:-4]):
            flash.os.rename(path, path[:-4])  # the same, for a bundle or its acks
        elif name.endswith(".tmp"):
            flash.remove(path)
    gid = _journal_id(s)
    bundle.reconcile(s.dir, gid if _safe_id(gid) else None)
    for name in names:
        if name.endswith(".new"):
            base = s.dir + "/" + name[:-4]
            whole = _packed(_read(base + ".new")) is not None
            if (
                flash.exists(base + ".dk")
                or not whole
                and (name[:-4] == gid or flash.exists(base + ".ok"))
            ):
                flash.remove(base + ".new")
            else:
                if whole:
                    flash.remove(base + ".ok")
                flash.replace(base + ".new", base + ".dk")
    if _safe_id(gid):
        base = s.dir + "/" + str(gid)
        if flash.exists(base + ".dk") or flash.exists(base + ".ok"):
            flash.os.remove(s.journal)  # finish() was cut after the archive was complete
        elif gid in bundle.last_ids(s.dir):
            flash.os.remove(s.journal)  # the same, the game in a bundle
    flash.sync()


def _make_room(s: "Storage", need: int) -> None:
    """Keep MIN_FREE bytes and ``need`` free: acknowledged games go, oldest first (the
    files of the layout before bundles, at most KEEP_ACKED of them kept; then bundles
    acknowledged whole)."""
    acked = _names(s, ".ok")
    while acked and (len(acked) > s.KEEP_ACKED or _free(s.dir) < s.MIN_FREE + need):
        flash.remove(s.dir + "/" + acked.pop(0) + ".ok")
    if _free(s.dir) < s.MIN_FREE + need:
        bundle.drop_acked(s.dir, lambda: _free(s.dir) >= s.MIN_FREE + need)


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


# -- the roster: the players the PC's log knows, and the names spelled here -------------
# roster.txt, a line per name: "=Name" from the PC (most played first, a few hundred
# bytes: duelkeeper's players.ROSTER_BYTES), "+Name" spelled on this device since the
# last sync. Only the names screen and sync read it, per call: no heap during a game.
_ROSTER_MAX = const(512)  # bytes: names spelled here push the PC's least played out


def _roster_read(s: "Storage") -> tuple:
    """(the roster's lines, how many of its lines are not UTF-8: left out, not fatal)."""
    path = s.root + "/roster.txt"
    data = _read(path) or _read(path + ".tmp")  # .tmp: cut between remove and rename
    lines = []
    unread = 0
    for raw in (data or b"").split(b"\n"):
        try:
            line = raw.decode()
        except UnicodeError:  # flash damage, a hand edit: sync says so, a roster mends it
            unread += 1
            continue
        if len(line) > 1 and line[0] in "=+":
            lines.append(line)
    return lines, unread


def _roster_lines(s: "Storage") -> list:
    return _roster_read(s)[0]


def roster_unread(s: "Storage") -> int:
    """Lines of the roster file that are not text (left out of the roster)."""
    return _roster_read(s)[1]


def _put_roster(s: "Storage", lines: list) -> None:
    path = s.root + "/roster.txt"
    flash.write(path + ".tmp", "".join(line + "\n" for line in lines).encode())
    flash.replace(path + ".tmp", path)
    flash.sync()


def roster(s: "Storage", spelt: bool = False) -> list:
    """The roster's names, in its order; ``spelt``: only those spelled here since sync."""
    return [line[1:] for line in _roster_lines(s) if not spelt or line[0] == "+"]


def add_name(s: "Storage", name: str) -> None:
    """Keep a name spelled on the device for the PC's next sync (unless it is known)."""
    lines = _roster_lines(s)
    for line in lines:
        if line[1:] == name:
            return
    lines.append("+" + name)
    while sum(len(line.encode()) + 1 for line in lines) > _ROSTER_MAX:  # bytes, not letters
        at = 0  # the oldest name spelled here, when none of the PC's is left
        for i in range(len(lines)):
            if lines[i][0] == "=":
                at = i  # the PC's least played
        del lines[at]
    _put_roster(s, lines)


def set_roster(s: "Storage", names: tuple, renames: dict) -> int:
    """The PC's roster replaces the file (the names spelled here are in its log now);
    ``renames`` ({old: new}, the log's renames and merges) apply to the settings' seats
    and recent names. Returns the count of names."""
    _put_roster(s, ["=" + n for n in names])
    value = settings(s)
    changed = False
    for key in ("players", "names"):
        old = value.get(key)
        if not isinstance(old, list):
            continue
        new = []
        for n in old:
            n = renames.get(n, n)
            if n not in new:
                new.append(n)
        if new != old and (key == "names" or len(new) == 2):  # seats stay two players
            value[key] = new
            changed = True
    if changed:
        save_settings(s, value)
    return len(names)
