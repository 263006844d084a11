"""Power-safe storage: the game in progress, the archive of finished games, settings.

Everything lives under ``root`` ("/" on a board, a host folder in the simulator)::

    settings.json        the settings, replaced whole (written to settings.tmp first)
    games/journal.dj     the game in progress, an append-only journal
    games/000001.dkb     finished games, a frame each, appended (firmware/bundle.py)
    games/000001.dkc     which of them the PC has committed, checked (the bundle is
                         deleted, every game in it committed, when space is needed)
    games/<id>.dk        a finished game in a file of its own, not yet acknowledged by
                         the PC (the layout before bundles; a game too long for a frame)
    games/<id>.ok        such a game the PC has committed (deleted when space is needed)
    games/<id>.new       such a game being written (finished or dropped at boot)
    games/<id>.journal.dk  a journal boot could not replay whole, as it was: served to
                         the PC as damaged, so sync copies it raw (firmware/archive.py)
    games/seq            the next game number;  games/device: the device id where the
                         board has no machine.unique_id()

The journal is a series of entries ``length (2 bytes LE) | payload | CRC-32 (4 bytes LE,
over length and payload)``. The first payload is the record without its events, as JSON
text (``{``...); each later one is one event: the byte 1 and the event's code from the
game's ``encode()`` (duelcore.engine), little-endian in as few bytes as it takes, or the
event as JSON text (``[``...) when it has no code; an empty payload undoes the last
event. Only whole entries are appended, so a power cut can damage at most the last one,
which ``resume()`` drops (and cuts off the file, so that later entries follow good ones).
A journal packed throughout with duelcore.pack (the format of the first 0.4.0 builds)
still resumes, and is then written anew in this format.

``Storage`` is the API: a game in progress appends to the journal here; the rest
(resuming and starting a game, finishing it into the archive, reading and acknowledging
finished games, ids, settings, the repairs at boot) is firmware/archive.py's, each
method one call of it. Every write and every os call goes through firmware/flash.py's
``write`` and ``os`` (which the power-cut tests replace).
"""

from . import archive
from .flash import event, exists, frame, remove, sync, write
from .flash import os as _os


class Storage:
    """The game in progress, the finished games and the settings under ``root``."""

    KEEP_ACKED = 200  # acknowledged games kept at most
    MIN_FREE = 65536  # free bytes to keep on flash (where os.statvfs tells)

    def __init__(self, root: str) -> None:
        self.root = root.rstrip("/")
        self.dir = self.root + "/games"
        self.journal = self.dir + "/journal.dj"
        self.setup = self.dir + "/setup.log"  # a game being set up (screens/setup.py)
        self.undone: list = []  # the game's undone events, next to redo last: resume() reads them
        try:
            _os.mkdir(self.dir)
        except OSError:
            pass
        self.reconcile()

    # -- the game in progress ----------------------------------------------------------

    def append(self, ev: object, game: object = None) -> None:
        """Journal one event (the app has played it). ``game``: the Match's game, whose
        ``encode()`` gives the event's code; without it (or a code) the event is
        journalled as JSON."""
        if not exists(self.journal):
            raise ValueError("no game in progress")
        out = bytearray()
        event(out, ev, game)
        write(self.journal, out, "ab")

    def undo(self) -> None:
        """Journal the undo of the last event."""
        out = bytearray(2)
        frame(out, 0)
        write(self.journal, out, "ab")

    def abandon(self) -> None:
        """Drop the game in progress without archiving it."""
        remove(self.journal)
        remove(self.dir + "/journal.later")
        sync()

    # -- the rest: firmware/archive.py (docs/firmware.md, "Storage") ---------------------

    def reconcile(self) -> None:
        """The repairs at boot, before anything else (what a power cut interrupted)."""
        archive.reconcile(self)

    def resume(self) -> "tuple[dict[str, object] | None, str | None]":
        return archive.resume(self)

    def keep_journal(self) -> None:
        archive.keep_journal(self)

    def keep_prefix(self, record: "dict[str, object]", events: list, k: int, game: object) -> int:
        return archive.keep_prefix(self, record, events, k, game)

    def later(self) -> "list | None":
        return archive.later(self)

    def catch_up(self, events: list, game: object) -> None:
        archive.catch_up(self, events, game)

    def start(self, record: "dict[str, object]") -> str:
        return archive.start(self, record)

    def finish(self) -> "str | None":
        return archive.finish(self)

    def unsynced(self) -> "list[str]":
        return archive.unsynced(self)

    def waiting(self) -> int:
        return archive.waiting(self)

    def synced(self) -> "list[str]":
        return archive.synced(self)

    def stored(self, game_id: str) -> "bytes | None":
        return archive.stored(self, game_id)

    def read(self, game_id: str) -> "dict[str, object] | None":
        return archive.read(self, game_id)

    def ack(self, game_id: str) -> bool:
        return archive.ack(self, game_id)

    def device_id(self) -> str:
        return archive.device_id(self)

    def new_id(self) -> str:
        return archive.new_id(self)

    def settings(self) -> "dict[str, object]":
        return archive.settings(self)

    def save_settings(self, value: "dict[str, object]") -> None:
        archive.save_settings(self, value)

    def roster(self, spelt: bool = False) -> list:
        return archive.roster(self, spelt)

    def add_name(self, name: str) -> None:
        archive.add_name(self, name)

    def set_roster(self, names: tuple, renames: dict) -> int:
        return archive.set_roster(self, names, renames)
