"""Finished games kept many to a file: the bundles (archive.py's, in firmware/storage/).

littlefs gives a small file a directory entry of its own, which costs about 2 KB of
flash whatever its size, and a larger one a 4 KB block: one file a game held 452 games
(docs/rp2.md, "How full the flash is"). A bundle holds games one after another, so the
flash holds them at about their packed size::

    games/000001.dkb     a bundle: frames, appended one a finished game
    games/000001.dkc     the frames of bundle 1 the PC has acknowledged (or set aside):
                         their offsets (2 bytes LE each), then the CRC-32 of them (4
                         bytes LE); replaced whole (written to .dkc.tmp first). One that
                         fails its check acknowledges nothing: its games are served again
                         (and found in the PC's log), never lost. The .dka of the format
                         before (offsets, no check) is rewritten as .dkc at boot.

A frame is ``DB F1 | length (2 bytes LE) | id length (1) | the game's id | header check
(2 bytes LE: the CRC-32 of all before it, its low half) | the packed record
(duelcore.pack) | the record's CRC-32 (4 bytes LE)``, the length counting the record and
its CRC: what follows the header is exactly a game's archive file (``<id>.dk``). The
marker and the header check let a reader find the next frame again past any damage (a
wrong length, id or byte), so damage costs the frame it hits, never its neighbours; the
record's own CRC-32 tells a damaged record. Frames of the format before (``length | id
length | id | record | CRC-32 over all``, no marker) are still read, each checked whole.

Games are appended to the last bundle until the next would take it past
``BUNDLE_BYTES`` (four 4 KB blocks, less littlefs's pointers), then to a new one. A frame
is appended whole with one write; a bundle whose end is not a whole frame (a torn write,
damage) is sealed at boot (``repair``): what comes next goes to a new bundle. A
bundle is removed whole once every frame in it is acknowledged, oldest first, when
space is needed. Reading walks the frames' headers (a read and a seek each), so counting
and listing 3,000 games reads a few tens of KB, not the flash; bytes past
``BUNDLE_BYTES`` (no writer puts any there) are not read.
"""

from duelcore.compat import const

from .. import flash

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

BUNDLE_BYTES = const(16368)  # 4096 + 4092 + 4088 + 4092: four blocks of a littlefs file
FRAME_MAX = const(4096)  # the longest record and CRC (a game longer stays a file: archive.py)
_RESIDUE = const(0x2144DF1C)  # the CRC-32 of anything followed by its own CRC-32
_M0 = const(0xDB)  # a frame's marker: no frame of the format before starts so (its
_M1 = const(0xF1)  # length's high byte is at most 0x10)
_ACKS = const(4096)  # the longest .dkc a bundle's frames could need: a longer one is not ours
_DAMAGED = ".damaged"  # the id ending of damage: "<bundle>.<offset>.damaged"

# An item of the archive: (id, path, at, end, state): the frame (or damage) at [at, end)
# of the file at path.
UNSYNCED = const(0)
ACKED = const(1)
DAMAGED = const(2)  # bytes at [at, end) that hold no whole frame: served raw


def names(folder: str) -> "list[int]":
    """The numbers of the bundles in ``folder``, ascending (a folder named so too: it is
    not read, and no game goes into it)."""
    out = []
    for name in flash.os.listdir(folder):
        if name.endswith(".dkb") and len(name) == 10 and name[:6].isdigit():
            out.append(int(name[:6]))
    out.sort()
    return out


def path(folder: str, k: int) -> str:
    return "%s/%06d.dkb" % (folder, k)


def frame(game_id: str, packed: "bytes | bytearray") -> bytearray:
    """The frame of a finished game (``packed``: its record, duelcore.pack)."""
    gid = game_id.encode()
    n = len(packed) + 4
    out = bytearray((_M0, _M1, n & 0xFF, n >> 8, len(gid)))
    out.extend(gid)
    h = flash.crc32(out)
    out.append(h & 0xFF)
    out.append(h >> 8 & 0xFF)
    out.extend(packed)
    flash.u32(out, flash.crc32(packed))
    return out


def append(folder: str, data: "bytes | bytearray") -> str:
    """Append a frame to the last bundle, or to a new one when it would not fit; return
    the bundle's path."""
    ks = names(folder)
    k = ks[-1] if ks else 1
    p = path(folder, k)
    size = _size(p)
    if size < -1 or ks and size + len(data) > BUNDLE_BYTES:
        p = path(folder, k + 1)
    flash.write(p, data, "ab")
    return p


def _size(p: str) -> int:
    """The size of the file at ``p``; -1: none; -2: a folder."""
    try:
        st = flash.os.stat(p)
    except OSError:
        return -1
    return -2 if st[0] & 0x4000 else int(st[6])


def acked(p: str) -> "list[int]":
    """The offsets of the frames of bundle ``p`` acknowledged or set aside: none when its
    .dkc fails its check, is longer than any could be, or is no file."""
    data = _read(p[:-1] + "c")
    if data is None:  # no .dkc: a .dka of the format before, no check, or none
        data = (_read(p[:-1] + "a") or b"") + b"\0\0\0\0"
    elif flash.crc32(data) != _RESIDUE:
        return []
    return [data[i] | data[i + 1] << 8 for i in range(0, len(data) - 5, 2)]


def _read(p: str) -> "bytes | None":
    """The file at ``p`` when it is one, of at most _ACKS bytes; None: not so."""
    try:
        if -1 < _size(p) <= _ACKS:
            with open(p, "rb") as f:
                return f.read()
    except OSError:
        pass
    return None


def mark(p: str, offsets: "list[int]") -> None:
    """Add ``offsets`` to bundle ``p``'s acknowledged frames (its .dkc replaced whole,
    a .dka of the format before removed after); where a folder takes its name, nothing
    is kept (its frames are served again)."""
    done = acked(p)
    out = bytearray()
    for at in done + [at for at in offsets if at not in done]:
        out.append(at & 0xFF)
        out.append(at >> 8)
    flash.u32(out, flash.crc32(out))
    if _size(p[:-1] + "c") > -2:
        flash.write(p[:-1] + "c.tmp", out)
        flash.replace(p[:-1] + "c.tmp", p[:-1] + "c")
        flash.remove(p[:-1] + "a")
        flash.sync()


def _safe(gid: "bytes | memoryview") -> bool:
    for c in gid:
        if not (48 <= c <= 57 or 65 <= c <= 90 or 97 <= c <= 122 or c in b"-_."):
            return False
    return 0 < len(gid) and gid[0] != 46


def _frame(b: "Any", i: int, base: int, size: int) -> "tuple | None":
    """(id, end) of the frame whose header starts at ``b[i]`` (the file's offset ``base +
    i``), when its header is whole and checks; one of the format before only when ``b``
    holds all of it and it checks whole. The checksums come last: most bytes where
    damage is searched past fail the cheaper tests."""
    k = len(b) - i
    if k < 7:
        return None
    if b[i] == _M0 and b[i + 1] == _M1:
        m = b[i + 4]
        n = b[i + 2] | b[i + 3] << 8
        g = i + 5  # the id
        end = base + g + m + 2 + n
        c = g + m  # the header's check
        if k < m + 7:
            return None
    else:  # the format before: its length, its id length, no marker
        m = b[i + 2]
        n = b[i] | b[i + 1] << 8
        g = i + 3
        end = base + i + n + 6
        c = -1
        if not m < n or k < n + 6:
            return None
    gid = b[g : g + m]
    if not (m <= 64 and 4 <= n <= FRAME_MAX and end <= size and _safe(gid)):
        return None
    if c < 0 and flash.crc32(b[i : i + n + 6]) != _RESIDUE:
        return None
    if c > 0 and b[c] | b[c + 1] << 8 != flash.crc32(b[i:c]) & 0xFFFF:
        return None
    return bytes(gid).decode(), end


def items(folder: str) -> "Iterator[tuple]":
    """Every item of every bundle, in the order they were written (see ``UNSYNCED``): a
    bundle's items are read at once (its file closed before they are used)."""
    for k in names(folder):
        yield from _walk(folder, k)


def _at(f: "Any", buf: bytearray, pos: int, size: int) -> "tuple | None":
    """The frame at ``pos`` (``_frame``), its header read into ``buf``."""
    f.seek(pos)
    got = f.readinto(buf)
    view = memoryview(buf)[:got]
    if got > 6 and buf[0] != _M0 and buf[1] <= FRAME_MAX >> 8:  # the format before: whole
        f.seek(pos)
        view = memoryview(f.read(min(size - pos, (buf[0] | buf[1] << 8) + 6)))
    return _frame(view, 0, pos, size)


def _walk(folder: str, k: int) -> "list[tuple]":
    p = path(folder, k)
    size = min(_size(p), BUNDLE_BYTES)
    done = acked(p)
    buf = bytearray(71)  # a header: 7 bytes and an id of at most 64
    out: list[tuple] = []
    if size < 0:  # a folder (which the VM's open() takes): not ours
        return out
    with open(p, "rb") as f:
        pos = 0
        got = _at(f, buf, 0, size)
        while pos < size:
            end = got[1] if got else pos
            after = _at(f, buf, end, size) if got and end < size else None
            if got and end < size and after is None:
                f.seek(pos)
                if not _whole(f.read(end - pos)):
                    got = None  # its length runs past where its own bytes end
            if got is None:
                end = _next(f, pos, size)
                after = _at(f, buf, end, size) if end < size else None
                gid = "%06d.%d%s" % (k, pos, _DAMAGED)
            else:
                gid = got[0]
            state = ACKED if pos in done else DAMAGED if got is None else UNSYNCED
            out.append((gid, p, pos, end, state))
            pos = end
            got = after
    return out


def _whole(data: bytes) -> bool:
    """Whether the frame ``data`` holds its record whole (one of the format before: the
    frame whole)."""
    return flash.crc32(data[-(data[2] | data[3] << 8) :] if data[0] == _M0 else data) == _RESIDUE


def _next(f: "Any", pos: int, size: int) -> int:
    """Where the first frame after damage at ``pos`` starts (``size``: none): found by
    its header's check (a frame of the format before: by its own), the rest of the
    bundle read once (damage only)."""
    f.seek(pos)
    data = f.read(size - pos)
    for q in range(1, len(data) - 6):
        if (data[q] == _M0 or data[q + 1] <= 0x10) and _frame(data, q, pos, size):
            return pos + q
    return size


def packed(item: tuple) -> bytes:
    """The archive file a frame stands for: its packed record and that record's CRC-32
    (as a game's file holds them); ValueError when the frame fails its check."""
    gid, p, at, end, state = item
    if state == DAMAGED:
        raise ValueError("%d bytes of a bundle that hold no whole game" % (end - at))
    with open(p, "rb") as f:
        f.seek(at)
        data = f.read(end - at)
    if data[0] == _M0:
        out = data[7 + len(gid) :]
        if flash.crc32(out) == _RESIDUE:
            return out
    elif flash.crc32(data) == _RESIDUE:
        old = bytearray(memoryview(data)[3 + len(gid) : -4])
        flash.u32(old, flash.crc32(old))
        return bytes(old)
    raise ValueError("game %s fails its checksum" % gid)


def drop_acked(folder: str, enough: "Any") -> None:
    """Remove bundles every frame of which is acknowledged, oldest first (never the
    last, which takes the next game), until ``enough()``."""
    ks = names(folder)
    for k in ks[:-1]:
        if enough():
            return
        done = _size(path(folder, k)) >= 0
        for item in _walk(folder, k):
            if item[4] != ACKED:
                done = False
                break
        if done:
            p = path(folder, k)
            flash.os.remove(p)  # then its acks: a cut between leaves them to repair
            flash.remove(p[:-1] + "c")
            flash.remove(p[:-1] + "a")
            flash.sync()


def last_ids(folder: str) -> "list[str]":
    """The ids in the last bundle that holds any (the one games were finished into)."""
    for k in reversed(names(folder)):
        ids = [item[0] for item in _walk(folder, k) if item[4] != DAMAGED]
        if ids:
            return ids
    return []


def repair(folder: str, journal: "str | None") -> None:
    """At boot: acks of a bundle removed go, those of the format before are rewritten
    checked. The last bundle must end in a whole frame of
    this format: a tail that is the start of the frame of the game still in the journal
    (``journal`` its id: a write the power cut) is cut off, the game is finished again
    from the journal; any other (damage, a frame of the format before) seals the bundle:
    an empty one starts, so that nothing appended can be taken for the damage's rest."""
    ks = names(folder)
    for name in flash.os.listdir(folder):
        if name[-4:] in (".dka", ".dkc") and len(name) == 10 and name[:6].isdigit():
            if int(name[:6]) not in ks:
                flash.remove(folder + "/" + name)
            elif name[-1] == "a" and _size(folder + "/" + name) >= 0:
                mark(path(folder, int(name[:6])), [])  # written checked, as .dkc
    if not ks:
        return
    last = _walk(folder, ks[-1])
    if not last:
        return
    gid, p, at, end, state = last[-1]
    with open(p, "rb") as f:
        f.seek(at)
        tail = f.read(end - at)
        if state != DAMAGED and tail[0] == _M0 and _whole(tail):
            return
        f.seek(0)
        whole = f.read(at) if state == DAMAGED and journal and end == _size(p) else None
    start = frame(journal or "", b"")
    for i in range(min(len(tail), len(start) - 6)):  # the marker, the id length, the id
        if (i < 2 or i > 3) and tail[i] != start[i]:
            whole = None
    if whole is None:  # damage: sealed, a new bundle started for what comes next
        flash.write(path(folder, ks[-1] + 1), b"")
    elif at:  # the frame of the game in the journal, cut short by the power: cut off
        flash.write(p + ".tmp", whole)
        flash.replace(p + ".tmp", p)
    else:
        flash.os.remove(p)
    flash.sync()
