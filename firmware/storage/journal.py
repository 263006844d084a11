"""The journal of the game in progress: its format, written and read here alone.

``games/journal.dj`` is a series of entries::

    length (2 bytes LE) | payload | CRC-32 (4 bytes LE, over length and payload)

The first payload is the record without its events, as JSON text (it starts with ``{``).
Each later one is one event: the byte 1 and the event's code from the game's
``encode()`` (duelcore.engine), little-endian in as few bytes as it takes (0 to 4), or the
event as JSON text (it starts with ``[``) when it has no code or no game was given. An
empty payload undoes the last event. A 7WD event takes 7 to 11 bytes. An entry holds at
most MAX_ENTRY bytes, an event's at most MAX_EVENT, and boot reads at most MAX_JOURNAL of
a journal (docs/record-limits.md, "The journal", says why these numbers).

Only whole entries are appended, with one write, so a power cut can damage at most the
last one, which ``resume()`` drops (and cuts off the file, so that later entries follow
good ones). Damage elsewhere is mended or set aside as docs/firmware.md, "Damaged flash",
says. A journal packed throughout with duelcore.pack (the format of the first 0.4.0
builds) still resumes, and is then written anew in this format. The codes are the
cores': a core must not change what a code means while a journal may hold it (across a
firmware update made with a game in progress); changing them takes a new tag byte here,
and a reader for the old one.
"""

import json

from duelcore import pack
from duelcore.compat import const
from duelcore.engine import game_class
from duelcore.record import DEPTH_MAX, check_event, validate

from .. import flash
from ..lang import tr
from .archive import KEPT, UNREADABLE, safe_id

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

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
_OBJECT = const(0x7B)  # "{": the first byte of the record's JSON
_RESIDUE = const(0x2144DF1C)  # the CRC-32 of anything followed by its own (flash.intact)


class Journal:
    """The game in progress, a part of Storage (firmware/storage/__init__.py): started,
    journalled an event at a time, resumed at boot, set aside when it cannot be. New
    ids and room on the flash are the archive's (archive.py)."""

    dir: str  # the paths and state Storage holds
    journal: str
    setup: str
    undone: list
    new_id: "Callable[[], str]"  # the archive's
    _make_room: "Callable[[int], None]"

    def append(self, ev: object, game: object = None) -> None:
        """Journal one event (the app has played it). ``game``: the Match's game, whose
        ``encode()`` gives the event's code; without it (or a code) the event is
        journalled as JSON."""
        if not flash.exists(self.journal):
            raise ValueError("no game in progress")
        out = bytearray()
        event(out, ev, game)
        flash.write(self.journal, out, "ab")

    def undo(self) -> None:
        """Journal the undo of the last event."""
        out = bytearray(2)
        frame(out, 0)
        flash.write(self.journal, out, "ab")

    def abandon(self) -> None:
        """Drop the game in progress without archiving it."""
        flash.remove(self.journal)
        flash.remove(self.dir + "/journal.later")
        flash.sync()

    def resume(self) -> "tuple[dict[str, object] | None, str | None]":
        """(the record in progress with its events, or None; a notice for the screen).

        An entry with one wrong byte is restored (the CRC-32 finds it). An entry longer than
        ``frame`` writes (MAX_ENTRY, an event's MAX_EVENT) or JSON nested deeper than
        DEPTH_MAX is unreadable, checked before parsing. Entries past one that cannot be
        read are kept in games/journal.later, for the App to play once the player has entered
        the unreadable move again (``later()``); a damaged or half-written tail is dropped.
        The journal is cut at the first unreadable entry, so what is appended follows good
        entries, and set aside whole first (``_keep``), unless all that is dropped is a last
        entry cut short (by a power cut while it was written). Only the first MAX_JOURNAL
        bytes are read: what lies past them is left to the journal set aside. A journal
        whose first entry is unreadable is set aside whole, and no game resumed.
        """
        loaded = _load(self.journal)
        if loaded is None:
            return None, None
        buf, size = loaded
        if not size:
            flash.remove(self.journal)
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
                elif end - at > MAX_EVENT:
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
            except UNREADABLE:
                if record is None:
                    break
                cut = pos if cut < 0 else cut
            pos = end + 4
        long = size > len(buf)  # past MAX_JOURNAL: read as far as that
        if long and cut < 0:
            cut = len(buf)
        if record is None:
            if not long and _torn(buf, 0) and (len(buf) < 3 or buf[2] == _OBJECT):
                flash.remove(self.journal)  # a start cut short: no game yet
                return None, None
            self._keep()
            return None, tr("Saved game unreadable: set aside")
        notice = None
        if past:
            flash.write(self.dir + "/journal.later", json.dumps(past).encode())
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
            self._keep(new)  # more than a last entry cut short: the journal as it was is kept
        elif new is not None:
            self._rewrite(new)
        self.undone = undone
        flash.remove(self.setup)  # a cut between start() and its removal: the game was set up
        record["events"] = events
        return record, notice

    def keep_journal(self) -> None:
        """The rules refuse the journal's record (its setup, its envelope): no game resumes,
        and the journal is set aside whole (``_keep``), with the events kept for later."""
        self._keep()
        flash.remove(self.dir + "/journal.later")

    def keep_prefix(self, record: "dict[str, object]", events: list, k: int, game: object) -> int:
        """The rules refused ``events[k]`` of the journal resumed (``record``, its events
        ``events``); ``game`` (the Match's) gives the codes. The journal is set aside whole
        (``_keep``) and holds the first k events from then on; the events after the refused
        one wait in games/journal.later, before those kept there already, for the App to play
        (``later()``). Returns how many wait."""
        wait = events[k + 1 :] + (self.later() or [])
        self._keep(_journal(record, events[:k], game))
        if wait:
            flash.write(self.dir + "/journal.later", json.dumps(wait).encode())
        else:
            flash.remove(self.dir + "/journal.later")
        return len(wait)

    def later(self) -> "list | None":
        """The events kept past an unreadable entry (``resume()``), or None."""
        data = flash.read(self.dir + "/journal.later")
        try:
            return json.loads(data) if data else None
        except ValueError:
            return None

    def catch_up(self, events: list, game: object) -> None:
        """Journal ``events`` (the App has played them: those of ``later()``) in one write,
        then forget journal.later."""
        out = bytearray()
        for ev in events:
            event(out, ev, game)
        flash.write(self.journal, out, "ab")
        flash.remove(self.dir + "/journal.later")
        flash.sync()

    def start(self, record: "dict[str, object]") -> str:
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
            gid = record["id"] = self.new_id()
        if not safe_id(gid):
            raise ValueError("game id %r cannot name a file" % (gid,))
        events = record.get("events")
        self._rewrite(_journal(record, events if isinstance(events, list) else []))
        flash.remove(self.dir + "/journal.later")  # another game's
        flash.remove(self.setup)  # its setup, entered: done
        return str(gid)

    def _rewrite(self, data: "bytes | bytearray | memoryview") -> None:
        """Replace the journal whole (through journal.tmp)."""
        tmp = self.dir + "/journal.tmp"
        flash.write(tmp, data)
        flash.replace(tmp, self.journal)

    def _keep(self, data: "bytes | bytearray | memoryview | None" = None) -> None:
        """Set the journal aside as it is, under a name never used before: the game's
        ``<device id>-<n>.journal.dk``, n from the game counter (``new_id``). It is listed
        with the finished games, and sync copies it raw to the PC (``stored`` calls it
        damaged). ``data``, when given, is the journal from then on: written to journal.tmp
        first, which boot puts back should the power fail between the two renames
        (``Storage.repair``). The copy takes no room of its own; the new journal may drop
        acknowledged games to fit (``_make_room``)."""
        tmp = self.dir + "/journal.tmp"
        if data is not None:
            self._make_room(len(data))
            flash.write(tmp, data)
        flash.os.rename(self.journal, self.dir + "/" + self.new_id() + KEPT + ".dk")
        if data is not None:
            flash.os.rename(tmp, self.journal)
        flash.sync()


# -- writing ------------------------------------------------------------------------------


def frame(out: bytearray, at: int) -> None:
    """Fill in the length at ``out[at:at+2]`` and append the CRC-32 of that entry."""
    n = len(out) - at - 2
    if n > MAX_ENTRY:
        raise ValueError("journal entry too long")
    out[at] = n & 0xFF
    out[at + 1] = n >> 8
    flash.u32(out, flash.crc32(memoryview(out)[at:]))


def event(out: bytearray, ev: object, game: object) -> None:
    """Append one framed journal entry to ``out``: the event's code, else its JSON."""
    if not isinstance(ev, list):
        raise ValueError("an event is a list")
    at = len(out)
    out.extend(b"\0\0")
    encode = getattr(game, "encode", None)
    code = encode(ev) if encode is not None else None
    if type(code) is int and code >= 0:
        out.append(_CODE)
        while code:
            out.append(code & 0xFF)
            code >>= 8
    else:
        out.extend(json.dumps(ev).encode())
        if len(out) - at - 2 > MAX_EVENT:
            raise ValueError("journal entry too long")
    frame(out, at)


def _journal(record: "dict[str, object]", events: list, game: object = None) -> bytearray:
    """A whole journal: the record without its events, then the events (as their codes
    where ``game`` gives them, else as JSON)."""
    header: dict[str, object] = {}
    for k in record:
        if k != "events":
            header[k] = record[k]
    out = bytearray(2)
    out.extend(json.dumps(header).encode())
    frame(out, 0)
    for ev in events:
        event(out, ev, game)
    return out


# -- reading ------------------------------------------------------------------------------


def _load(path: str) -> "tuple[bytearray, int] | None":
    """The first MAX_JOURNAL bytes of the file at ``path``, read into one buffer
    (the heap holds no second copy), and the file's size; None: no such file. A file
    there that the flash cannot read raises its OSError: it is no journal missing, and
    must not be written over (session.boot sets it aside). Whether it is there is asked
    first, as errno's numbers differ between ports (the WebAssembly VM's ENOENT is 44)."""
    if not flash.exists(path):
        return None
    size = flash.os.stat(path)[6]
    buf = bytearray(min(size, MAX_JOURNAL))
    with open(path, "rb") as f:
        got = f.readinto(buf)
    return (buf if got == len(buf) else buf[:got]), size


def _entry_end(data: "bytes | bytearray", view: memoryview, pos: int) -> int:
    """Where the payload of the journal entry at ``pos`` ends; -1 when it is not whole."""
    if pos + 6 > len(data):
        return -1
    n = data[pos] | data[pos + 1] << 8
    end = pos + 2 + n
    if n > MAX_ENTRY or end + 4 > len(data) or not flash.intact(view[pos : end + 4]):
        return -1
    return end


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
    than its length (at most MAX_ENTRY) says."""
    if pos + 2 > len(data):
        return True
    n = data[pos] | data[pos + 1] << 8
    return n <= MAX_ENTRY and pos + 6 + n > len(data)


def _next_entry(data: bytearray, view: memoryview, pos: int) -> int:
    """Where the first whole entry after damage at ``pos`` starts (``len(data)``: none).
    Every entry checks itself, so later entries are found again past the damage. A
    length's high byte over MAX_ENTRY's is passed over at once: a long stretch
    of text (a huge entry) is crossed in a fraction of a second on the device."""
    hi = MAX_ENTRY >> 8
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
    if not 0 <= n <= MAX_ENTRY:  # the longest entry written
        return False
    entry = view[pos:q]
    if data[pos] | data[pos + 1] << 8 != n:
        lo, hi = data[pos], data[pos + 1]
        data[pos] = n & 0xFF
        data[pos + 1] = n >> 8
        if flash.intact(entry):
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


def old_header(data: "bytes | memoryview") -> "tuple[dict[str, Any], Any]":
    """The record of a journal duelcore.pack wrote, and the reader of its events."""
    record = pack.unpack_record(data)
    return record, pack.Unpacker(pack.vocab(record.get("game")))


def head_id(path: str) -> "str | None":
    """The id in the first entry of the journal at ``path`` (None: no journal, or not
    readable): what the repairs at boot ask of it."""
    try:
        with open(path, "rb") as f:
            head = f.read(2)
            if len(head) < 2:
                return None
            n = head[0] | head[1] << 8
            if n > MAX_ENTRY:
                return None
            rest = f.read(n + 4)
    except OSError:
        return None
    if len(rest) < n + 4 or not flash.intact(head + rest):
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
