"""The device side of sync: the PC calls these functions in the raw REPL.

This is the one firmware module that prints: its output is the protocol. The PC
(``duelkeeper sync``, through mpremote's transport) runs for example
``from firmware import sync; sync.pull("", 64)`` and reads lines; a line ends in "\\n",
which the board's USB console may send as "\\r\\n".

Protocol 2, one line each, fields separated by single spaces:

    info()       DK <protocol> <device id> <unsynced count>
    clock(y, mo, d, h, mi, s)
                 CLOCK <y>-<mo>-<d>T<h>:<mi>:<s>
                                   sets the RTC (the PC's local time) and says what it reads
    pull(after, n)
                 G <id> <base64>   up to n unsynced games whose ids sort after ``after``,
                                   oldest first: the packed record, then its CRC-32
                                   little-endian (a game's file as it is on flash; what
                                   follows a bundle's frame's header, so; a game framed
                                   twice: once, its first whole copy)
                 BAD <id> <why>    a game that fails its checksum on flash: not served
                 END <served> <left>
                                   always last: lines served, games after them
    acks(coded)  ACKS <count> <crc32>
                                   marks the games synced (call it only once the PC has
                                   committed them); ``coded`` front-codes the ids, each
                                   "<chars shared with the id before>/<the rest>", space
                                   separated; count and CRC-32 of the ids decoded, joined
                                   by single spaces, let the PC check what was understood

    raw(id)      RAW <length> <crc32>
                 <the game's bytes as they are, in lowercase hex, on one line>
                                   for a game pull() or get() says BAD of: the PC keeps a copy
                                   (its file; a frame's own bytes; or a bundle's bytes
                                   that hold no whole frame, listed under
                                   ``<bundle>.<offset>.damaged``)
                 NONE <id>
    aside(id)    ASIDE <id>        the game is listed no more: its file renamed <id>.bad,
                                   a frame marked as acknowledged (call it only once the
                                   PC has kept the raw copy)
                 NONE <id>
    names()      NAME +<name>      one per name spelled here since the last roster
                 NAME =<name>      one per name the settings hold (the seats, recent names)
                 NAME !<count>     names left out: not a player's name (record.name_ok),
                                   or a roster line that is not UTF-8; absent when none
                 END <count>
    roster(names, renames)
                 ROSTER <count>    the PC's roster written, its renames ({old: new})
                                   applied to the settings' names

Protocol 1 (the record as JSON, one game a call) stays, for a PC that speaks only it:

    list()       GAME <id> per unsynced finished game, oldest first; then END <count>
    get(id)      REC <length> <crc32>, then the record as compact, key-sorted JSON on one
                 line; or BAD <id> <why>, or NONE <id>
    ack(id)      ACK <id>, or NONE <id>

A game stays listed until acknowledged; acknowledging twice is harmless. Acknowledged
games stay on the device until space is needed. ``root`` (default ``ROOT``, "/" on a
board; the simulator sets it to its storage folder) is where Storage keeps its files.
Each call makes its own Storage, which repairs nothing: the repairs ran once, at the
app's boot, before the soft reset that stopped the app for sync.
"""

import binascii
from array import array

from duelcore.record import dumps, name_ok

from .flash import crc32
from .rtc import now, set_clock, stamp
from .storage import Storage

PROTOCOL = 2
ROOT = "/"
_B64 = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_pairs: "array | None" = None  # base64_soft's table, made when first needed


def _storage(root: "str | None") -> Storage:
    return Storage(ROOT if root is None else root)


def info(root: "str | None" = None) -> None:
    s = _storage(root)
    print("DK %d %s %d" % (PROTOCOL, s.device_id(), s.waiting()))


def clock(y: int, mo: int, d: int, h: int, mi: int, sec: int) -> None:
    set_clock((y, mo, d, h, mi, sec))
    print("CLOCK %s" % stamp(now()))


def base64(data: bytes) -> bytes:
    """``data`` in base64 (RFC 4648, padded, no newline): binascii's where it is C (rp2,
    and the simulated device on a pty, whose bridge supplies it), else ``base64_soft``
    (micropython-lib's binascii, as the MicroPython VM has it, is Python and several times
    slower)."""
    if hasattr(binascii, "__file__"):  # a module from a .py file: not the C one
        return base64_soft(data)
    return binascii.b2a_base64(data, newline=False)


def base64_soft(data: bytes) -> bytes:
    """``base64`` in Python: three bytes to two pairs of characters a step (a table of the
    4,096 pairs, 8 KB made at the first call: sync runs with the app stopped), the odd
    end after. Measured in the VM: 0.9 ms for a 2.3 KB game, 1.5 ms a character at a time."""
    global _pairs
    if _pairs is None:  # 64 rows of 64 pairs; a row is one big-int sum (a loop of 4,096
        odd = bytearray(128)  # items takes 13 ms in the simulator's VM, this 0.5)
        for k in range(64):
            odd[2 * k + 1] = _B64[k]
        low = int.from_bytes(odd, "big")
        ones = int.from_bytes(b"\x01\x00" * 64, "big")
        rows = b"".join([(low + c * ones).to_bytes(128, "big") for c in _B64])
        _pairs = array("H", rows)  # two characters an item, in the order they were
    pairs = _pairs
    n = len(data)
    whole = n - n % 3
    out = array("H", bytes((n + 2) // 3 * 4))
    j = 0
    for i in range(0, whole, 3):
        v = data[i] << 16 | data[i + 1] << 8 | data[i + 2]
        out[j] = pairs[v >> 12]
        out[j + 1] = pairs[v & 4095]
        j += 2
    text = bytes(out)
    if whole == n:
        return text
    v = data[whole] << 16 | (data[whole + 1] << 8 if whole + 1 < n else 0)
    last = bytes((_B64[v >> 18], _B64[v >> 12 & 63], _B64[v >> 6 & 63] if whole + 1 < n else 61))
    return text[: j * 2] + last + b"="


def pull(after: str, n: int, root: "str | None" = None) -> None:
    s = _storage(root)
    batch, left = s.first(after, n)
    for item in batch:
        data: bytes | None = None
        try:
            data = s.served(item)
        except ValueError as e:
            data = s.copy(item[0])
            if data is None:
                print("BAD %s %s" % (item[0], e))
        if data is not None:
            print("G %s %s" % (item[0], base64(data).decode()))
    print("END %d %d" % (len(batch), left))


def acks(coded: str, root: "str | None" = None) -> None:
    s = _storage(root)

    gid = ""
    seen = bytearray()
    ids = coded.split()  # front-coded, decoded in place
    for i in range(len(ids)):
        item = ids[i]
        slash = item.find("/")
        gid = gid[: int(item[:slash])] + item[slash + 1 :]
        if i:
            seen.extend(b" ")
        seen.extend(gid.encode())
        ids[i] = gid
    s.acks(ids)  # a game not there is also no longer unsynced
    print("ACKS %d %08x" % (len(ids), crc32(seen)))


def list(root: "str | None" = None) -> None:  # shadows list() in this module: unused here
    ids = _storage(root).unsynced()
    for gid in ids:
        print("GAME " + gid)
    print("END %d" % len(ids))


def get(game_id: str, root: "str | None" = None) -> None:
    try:
        record = _storage(root).read(game_id)
    except ValueError as e:
        print("BAD %s %s" % (game_id, e))
        return
    if record is None:
        print("NONE %s" % game_id)
        return
    text = dumps(record)
    data = text.encode()
    print("REC %d %08x" % (len(data), crc32(data)))
    print(text)


def ack(game_id: str, root: "str | None" = None) -> None:
    if _storage(root).ack(game_id):
        print("ACK %s" % game_id)
    else:
        print("NONE %s" % game_id)


def names(root: "str | None" = None) -> None:
    s = _storage(root)
    out = ["+" + n for n in s.roster(True)]
    settings = s.settings()
    for key in ("players", "names"):
        held = settings.get(key)
        if isinstance(held, type(out)):  # list() is this module's: see above
            out += ["=" + n for n in held if isinstance(n, str)]
    # Only names a record may hold go out (a hand-edited file may hold anything); the
    # others, and the roster's lines that are not text, are counted.
    kept = [line for line in out if line[1:] and name_ok(line[1:])]
    left = len(out) - len(kept) + s.roster_unread()
    if left:
        kept.append("!%d" % left)
    for line in kept:
        print("NAME " + line)
    print("END %d" % len(kept))


def roster(names: tuple, renames: dict, root: "str | None" = None) -> None:
    print("ROSTER %d" % _storage(root).set_roster(names, renames))


def raw(game_id: str, root: "str | None" = None) -> None:
    """An unsynced game's bytes (``Storage.extent``), read twice a chunk at a time (their
    length and CRC-32, then their hex): a journal set aside at boot may be tens of KB,
    more than the heap holds as bytes and hex at once."""
    where = _storage(root).extent(game_id)
    if where is None:
        print("NONE %s" % game_id)
        return
    path, start, end = where
    chunk = bytearray(512)
    view = memoryview(chunk)
    n = crc = 0
    for hexed in (False, True):
        with open(path, "rb") as f:
            f.seek(start)
            todo = end - start if end >= 0 else 0x3FFFFFFF
            k = f.readinto(chunk)
            while k and todo:
                k = min(k, todo)
                todo -= k
                if hexed:
                    print(binascii.hexlify(bytes(view[:k])).decode(), end="")
                else:
                    n += k
                    crc = crc32(view[:k], crc)
                k = f.readinto(chunk)
        if not hexed:
            print("RAW %d %08x" % (n, crc))
    print()


def aside(game_id: str, root: "str | None" = None) -> None:
    print(("ASIDE %s" if _storage(root).set_aside(game_id) else "NONE %s") % game_id)
