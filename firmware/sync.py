"""The device side of sync: the PC calls these functions in the raw REPL.

This is the one firmware module that prints: its output is the protocol. The PC
(``duelkeeper sync``, through mpremote's transport) runs for example
``from firmware import sync; sync.get("e6614103e7452d2f-000042")`` and reads lines;
a line ends in "\\n", which the board's USB console may send as "\\r\\n".

Protocol 1, one line each, fields separated by single spaces:

    info()       DK <protocol> <device id> <unsynced count>
    list()       GAME <id>         one per unsynced finished game, oldest first
                 END <count>       always last: fewer GAME lines means a lost line
    get(id)      REC <length> <crc32>
                 <the record as compact, key-sorted JSON, on one line>
                                   length: bytes of the UTF-8 JSON; crc32: eight lowercase
                                   hex digits, CRC-32 (zlib's) of those bytes
                 BAD <id> <why>    the game fails its checksum on flash: nothing is served
                 NONE <id>         no such game
    ack(id)      ACK <id>          marked synced (call it only once the PC has committed it)
                 NONE <id>
    raw(id)      RAW <length> <crc32>
                 <the file's bytes as they are, in lowercase hex, on one line>
                                   for a game get() says BAD of: the PC keeps a copy
                 NONE <id>
    aside(id)    ASIDE <id>        the file is renamed <id>.bad and listed no more (call
                                   it only once the PC has kept the raw copy)
                 NONE <id>

A game stays listed until acknowledged; acknowledging twice is harmless. Acknowledged
games stay on the device until space is needed. ``root`` (default ``ROOT``, "/" on a
board; the simulator sets it to its storage folder) is where Storage keeps its files.
"""

from binascii import hexlify

from duelcore.record import dumps

from .storage import Storage, crc32

PROTOCOL = 1
ROOT = "/"


def _storage(root: "str | None") -> Storage:
    return Storage(ROOT if root is None else root)


def info(root: "str | None" = None) -> None:
    s = _storage(root)
    print("DK %d %s %d" % (PROTOCOL, s.device_id(), len(s.unsynced())))


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


def raw(game_id: str, root: "str | None" = None) -> None:
    data = _storage(root).raw(game_id)
    if data is None:
        print("NONE %s" % game_id)
        return
    print("RAW %d %08x" % (len(data), crc32(data)))
    print(hexlify(data).decode())


def aside(game_id: str, root: "str | None" = None) -> None:
    print(("ASIDE %s" if _storage(root).set_aside(game_id) else "NONE %s") % game_id)
