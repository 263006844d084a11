"""Finished games kept many to a file: the bundles (firmware/archive.py's archive).

littlefs gives a small file a directory entry of its own, which costs about 2 KB of
flash whatever its size, and a larger one a 4 KB block: one file a game held 452 games
(docs/rp2.md, "How full the flash is"). A bundle holds games one after another, so the
flash holds them at about their packed size::

    games/000001.dkb     a bundle: frames, appended one a finished game
    games/000001.dka     the frames of bundle 1 the PC has acknowledged (or set aside):
                         their offsets, 2 bytes little-endian each, replaced whole
                         (written to .dka.tmp first)

A frame is ``length (2 bytes LE) | id length (1) | the game's id | the packed record
(duelcore.pack) | CRC-32 (4 bytes LE, over all before it)``, the length counting what
lies between it and the CRC. Games are appended to the last bundle until the next would
take it past ``BUNDLE_BYTES`` (four 4 KB blocks, less littlefs's pointers), then to a
new one. A frame is appended whole with one write: littlefs commits it whole or not at
all, and a write torn in the middle (``reconcile``) is cut off while the game is still
in the journal. A frame that fails its check is one game damaged, not the bundle: the
frames after it are found again by their own checks (``items``), and the damage is
listed under a name of its own for sync to copy and set aside. A bundle is removed
whole once every frame in it is acknowledged, oldest first, when space is needed.

Reading walks the frames' headers (a 2-byte read and a seek each, no checksum), so
counting and listing 3,000 games reads a few KB, not the flash.
"""

from duelcore.compat import const

from . import flash

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from collections.abc import Iterator
    from typing import Any

BUNDLE_BYTES = const(16368)  # 4096 + 4092 + 4088 + 4092: four blocks of a littlefs file
FRAME_MAX = const(4096)  # the longest frame (a game longer stays a file: archive.py)
_RESIDUE = const(0x2144DF1C)  # the CRC-32 of anything followed by its own CRC-32
_DAMAGED = ".damaged"  # the id ending of damage: "<bundle>.<offset>.damaged"

# An item of the archive: (id, path, start, end, state): a frame's packed record lies
# at [start, end - 4) of the file at path, its CRC-32 (over the whole frame) after it.
UNSYNCED = const(0)
ACKED = const(1)
DAMAGED = const(2)  # bytes at [start, end) that hold no whole frame: served raw


def names(folder: str) -> "list[int]":
    """The numbers of the bundles in ``folder``, ascending."""
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
    out = bytearray(3)
    out[2] = len(gid)
    out.extend(gid)
    out.extend(packed)
    n = len(out) - 2
    out[0] = n & 0xFF
    out[1] = n >> 8
    flash.u32(out, flash.crc32(out))
    return out


def append(folder: str, data: "bytes | bytearray") -> str:
    """Append a frame to the last bundle, or to a new one when it would not fit; return
    the bundle's path."""
    ks = names(folder)
    k = ks[-1] if ks else 1
    p = path(folder, k)
    if ks and _size(p) + len(data) > BUNDLE_BYTES:
        p = path(folder, k + 1)
    flash.write(p, data, "ab")
    return p


def _size(p: str) -> int:
    try:
        return int(flash.os.stat(p)[6])
    except OSError:
        return 0


def acked(p: str) -> "list[int]":
    """The offsets of the frames of bundle ``p`` acknowledged or set aside."""
    try:
        with open(p[:-1] + "a", "rb") as f:
            data = f.read()
    except OSError:
        return []
    return [data[i] | data[i + 1] << 8 for i in range(0, len(data) - 1, 2)]


def mark(p: str, offsets: "list[int]") -> None:
    """Add ``offsets`` to bundle ``p``'s acknowledged frames (the file replaced whole)."""
    done = acked(p)
    out = bytearray()
    for at in done + [at for at in offsets if at not in done]:
        out.append(at & 0xFF)
        out.append(at >> 8)
    tmp = p[:-1] + "a.tmp"
    flash.write(tmp, out)
    flash.replace(tmp, p[:-1] + "a")
    flash.sync()


def _safe(gid: bytes) -> bool:
    for c in gid:
        if not (48 <= c <= 57 or 65 <= c <= 90 or 97 <= c <= 122 or c in b"-_."):
            return False
    return 0 < len(gid) and gid[0] != 46


def items(folder: str) -> "Iterator[tuple]":
    """Every item of every bundle, in the order they were written (see ``UNSYNCED``): a
    bundle's items are read at once (its file closed before they are used)."""
    for k in names(folder):
        yield from _walk(folder, k)


def _walk(folder: str, k: int) -> "list[tuple]":
    p = path(folder, k)
    size = _size(p)
    done = acked(p)
    head = bytearray(3)
    gid = bytearray(64)
    out = []
    with open(p, "rb") as f:
        pos = 0
        while pos < size:
            f.seek(pos)
            n = f.readinto(head)
            length = head[0] | head[1] << 8
            end = pos + length + 6
            m = head[2]
            if n == 3 and 0 < m < length <= FRAME_MAX and m <= 64 and end <= size:
                got = f.readinto(memoryview(gid)[:m])
                name = bytes(gid[:m])
                if got == m and _safe(name):
                    state = ACKED if pos in done else UNSYNCED
                    out.append((name.decode(), p, pos + 3 + m, end, state))
                    pos = end
                    continue
            q = _next_frame(f, pos, size)
            state = ACKED if pos in done else DAMAGED
            out.append(("%06d.%d%s" % (k, pos, _DAMAGED), p, pos, q, state))
            pos = q
    return out


def _next_frame(f: "Any", pos: int, size: int) -> int:
    """Where the first whole frame after ``pos`` starts (``size``: none): found by its
    check, the rest of the bundle read once (damage only)."""
    f.seek(pos)
    data = f.read(size - pos)
    view = memoryview(data)
    for q in range(1, len(data) - 6):
        n = data[q] | data[q + 1] << 8
        if 0 < n <= FRAME_MAX and q + n + 6 <= len(data):
            if flash.crc32(view[q : q + n + 6]) == _RESIDUE:
                return pos + q
    return size


def packed(item: tuple) -> bytes:
    """The archive file a frame stands for: its packed record and that record's CRC-32
    (as a game's file holds them); ValueError when the frame fails its check."""
    gid, p, start, end, state = item
    if state == DAMAGED:
        raise ValueError("%d bytes of a bundle that hold no whole game" % (end - start))
    at = start - 3 - len(gid)
    with open(p, "rb") as f:
        f.seek(at)
        data = f.read(end - at)
    if len(data) != end - at or flash.crc32(data) != _RESIDUE:
        raise ValueError("game %s fails its checksum" % gid)
    out = bytearray(memoryview(data)[3 + len(gid) : -4])
    flash.u32(out, flash.crc32(out))
    return bytes(out)


def drop_acked(folder: str, enough: "Any") -> None:
    """Remove bundles every frame of which is acknowledged, oldest first (never the
    last, which takes the next game), until ``enough()``."""
    ks = names(folder)
    for k in ks[:-1]:
        if enough():
            return
        whole = True
        for item in _walk(folder, k):
            if item[4] != ACKED:
                whole = False
                break
        if whole:
            p = path(folder, k)
            flash.os.remove(p)  # then its acks: a cut between leaves them to reconcile
            flash.remove(p[:-1] + "a")
            flash.sync()


def last_ids(folder: str) -> "list[str]":
    """The ids in the last bundle (the one a game is finished into)."""
    ks = names(folder)
    if not ks:
        return []
    return [item[0] for item in _walk(folder, ks[-1]) if item[4] != DAMAGED]


def reconcile(folder: str, journal: "str | None") -> None:
    """At boot: acks of a bundle removed go; with a game still in the journal (``journal``
    its id), a frame of it the power cut in the middle of its write is cut off the last
    bundle (the game is finished again from the journal): a tail that holds no whole
    frame, the start of that game's frame as far as it goes."""
    ks = names(folder)
    for name in flash.os.listdir(folder):
        if name.endswith(".dka") and len(name) == 10 and name[:6].isdigit():
            if int(name[:6]) not in ks:
                flash.remove(folder + "/" + name)
    if not ks or not journal:
        return
    p = path(folder, ks[-1])
    size = _size(p)
    pos = 0
    head = bytearray(2)
    with open(p, "rb") as f:
        while pos < size:
            f.seek(pos)
            if f.readinto(head) < 2:
                break
            end = pos + (head[0] | head[1] << 8) + 6
            if end > size:
                break
            pos = end
        if pos >= size or _next_frame(f, pos, size) < size:
            return
        f.seek(pos)
        tail = f.read(size - pos)
        f.seek(0)
        whole = f.read(pos)
    start = frame(journal, b"")[2:-4]  # the id length and the id
    got = tail[2 : 2 + len(start)]
    if got != start[: len(got)]:
        return  # not that game's: damage, listed for sync to copy
    if pos:
        flash.write(p + ".tmp", whole)
        flash.replace(p + ".tmp", p)
    else:
        flash.os.remove(p)
    flash.sync()
