"""The roster step of sync and deploy: the log's players to the device, its new names back.

In the raw REPL, after the games (firmware/sync.py): ``sync.names()`` lists the names
spelled on the device since the last roster (``NAME +Zed``) and the names its settings
hold (``NAME =Ann``: the seats, the recent names); the new ones become players of the
log (``players.learn``, before their first game); then ``sync.roster(names, renames)``
writes the roster (``players.roster``: most played first, a few hundred bytes) and
applies the log's renames and merges to the names the settings hold. A step cut in the
middle loses nothing: the device's new names stay until a roster replaces them, and
learning a name twice adds it once.
"""

from typing import NamedTuple

from duelcore.record import name_ok
from duelkeeper import players
from duelkeeper.device import Device, DeviceError
from duelkeeper.errors import DuelkeeperError, shown_quote
from duelkeeper.log import UNNAMED, Log
from duelkeeper.textable import shown


class Exchange(NamedTuple):
    """What a roster step did."""

    sent: list[str]  # the roster, as written on the device
    learned: list[str]  # the names new from the device, as the log calls them
    renamed: dict[str, str]  # the device's names the log calls otherwise
    left: int = 0  # the device's names left out: unreadable, or no player's name

    def summary(self) -> str:
        out = "roster: %d name%s on the device" % (
            len(self.sent),
            "" if len(self.sent) == 1 else "s",
        )
        if self.learned:
            out += "; new from it: " + ", ".join(self.learned)
        if self.renamed:
            out += "; renamed there: " + ", ".join("%s to %s" % r for r in self.renamed.items())
        if self.left:
            out += "; left out: %d of its names, unreadable or no player's name" % self.left
        return shown(out)


def read_names(lines: list[bytes]) -> tuple[list[str], list[str], int]:
    """(names spelled on the device, names its settings hold, names left out) from
    ``sync.names()``. A name that is not text, or not a player's name (the rule records
    follow, duelcore.record.name_ok: firmware from before it sends any), is left out."""
    if not lines or not lines[-1].startswith(b"END ") or lines[-1][4:] != b"%d" % (len(lines) - 1):
        raise DuelkeeperError("the device's names are garbled: %s" % shown_quote(lines[-1:]))
    new: list[str] = []
    held: list[str] = []
    left = 0
    for line in lines[:-1]:
        if line.startswith(b"NAME !") and line[6:].isdigit():
            left += int(line[6:])
            continue
        if not line.startswith((b"NAME +", b"NAME =")) or len(line) < 7:
            raise DuelkeeperError("the device's names are garbled: %r" % line[:60])
        try:
            name = line[6:].decode()
        except UnicodeError:
            name = ""
        if not (name and name_ok(name)):
            left += 1
            continue
        (new if line[5:6] == b"+" else held).append(name)
    return new, held, left


def exchange(device: Device, log: Log) -> Exchange:
    """The roster step (see the module); the device is in the raw REPL."""
    device.run("from firmware import sync")
    try:
        new, held, left = read_names(device.lines("sync.names()"))
    except DeviceError as e:
        if "AttributeError" not in str(e):
            raise
        raise DuelkeeperError(
            "roster not sent: the device's firmware predates it (`duelkeeper deploy` updates it)"
        ) from None
    with log.transaction():
        learned = [players.learn(log, name) for name in new]
    names = players.roster(log)
    # the log's name for each (one query a name); a seat's placeholder (Player 2) is
    # nobody's name: the log renames no one to it
    called = {n: log.player(n) for n in held + new}
    renamed = {n: to for n, to in called.items() if to not in (n, UNNAMED)}
    reply = device.lines("sync.roster(%r, %r)" % (tuple(names), renamed))
    if reply != [b"ROSTER %d" % len(names)]:
        raise DuelkeeperError("the device did not confirm the roster: %s" % shown_quote(reply[:2]))
    return Exchange(names, learned, renamed, left)
