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

from duelkeeper import players
from duelkeeper.device import Device, DeviceError
from duelkeeper.errors import DuelkeeperError, shown_quote
from duelkeeper.log import Log


class Exchange(NamedTuple):
    """What a roster step did."""

    sent: list[str]  # the roster, as written on the device
    learned: list[str]  # the names new from the device, as the log calls them
    renamed: dict[str, str]  # the device's names the log calls otherwise

    def summary(self) -> str:
        out = "roster: %d name%s on the device" % (
            len(self.sent),
            "" if len(self.sent) == 1 else "s",
        )
        if self.learned:
            out += "; new from it: " + ", ".join(self.learned)
        if self.renamed:
            out += "; renamed there: " + ", ".join("%s to %s" % r for r in self.renamed.items())
        return out


def read_names(lines: list[bytes]) -> tuple[list[str], list[str]]:
    """(names spelled on the device, names its settings hold) from ``sync.names()``."""
    if not lines or not lines[-1].startswith(b"END ") or lines[-1][4:] != b"%d" % (len(lines) - 1):
        raise DuelkeeperError("the device's names are garbled: %s" % shown_quote(lines[-1:]))
    new: list[str] = []
    held: list[str] = []
    for line in lines[:-1]:
        if not line.startswith((b"NAME +", b"NAME =")) or len(line) < 7:
            raise DuelkeeperError("the device's names are garbled: %r" % line[:60])
        name = line[6:].decode(errors="replace")
        (new if line[5:6] == b"+" else held).append(name)
    return new, held


def exchange(device: Device, log: Log) -> Exchange:
    """The roster step (see the module); the device is in the raw REPL."""
    device.run("from firmware import sync")
    try:
        new, held = read_names(device.lines("sync.names()"))
    except DeviceError as e:
        if "AttributeError" not in str(e):
            raise
        raise DuelkeeperError(
            "roster not sent: the device's firmware predates it (`duelkeeper deploy` updates it)"
        ) from None
    with log.transaction():
        learned = [players.learn(log, name) for name in new]
    names = players.roster(log)
    renamed = {n: log.player(n) for n in held + new if log.player(n) != n}
    reply = device.lines("sync.roster(%r, %r)" % (tuple(names), renamed))
    if reply != [b"ROSTER %d" % len(names)]:
        raise DuelkeeperError("the device did not confirm the roster: %s" % shown_quote(reply[:2]))
    return Exchange(names, learned, renamed)
