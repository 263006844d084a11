"""Power-safe storage: the game in progress, the finished games, the settings.

``Storage(root)`` is the one object, and its methods the one API: each does its work
itself, in the part of the package that knows those files. Everything lives under
``root`` ("/" on a board, a host folder in the simulator)::

    settings.json        the settings, replaced whole (settings.py)
    roster.txt           the players' names (settings.py)
    games/journal.dj     the game in progress (journal.py, which gives its format)
    games/journal.later  events kept past a damaged entry (journal.py)
    games/setup.log      a game being set up (screens/setup.py)
    games/000001.dkb     finished games, a frame each (archive.py, bundle.py)
    games/000001.dkc     which of them the PC has committed (bundle.py)
    games/<id>.dk        a finished game in a file of its own, not yet acknowledged by
                         the PC (the layout before bundles; a game too long for a frame);
                         <id>.ok once acknowledged, <id>.new while written, <id>.bad once
                         copied raw and set aside
    games/<id>.journal.dk  a journal boot could not replay whole, as it was
    games/seq            the next game number;  games/device: the device id where the
                         board has no machine.unique_id()

Making a Storage writes nothing but ``games/``; the repairs a power cut may call for run
once, at boot, when the App calls ``repair()`` (firmware/session.py). Every write and
every os call goes through firmware/flash.py's ``write`` and ``os`` (which the power-cut
tests replace).
"""

from .. import flash
from . import bundle
from .archive import Archive, packed, safe_id
from .journal import Journal, head_id
from .settings import Settings


class Storage(Journal, Archive, Settings):
    """The game in progress (Journal), the finished games (Archive), the settings and the
    roster (Settings), under ``root``."""

    def __init__(self, root: str) -> None:
        self.root = root.rstrip("/")
        self.dir = self.root + "/games"
        self.journal = self.dir + "/journal.dj"
        self.setup = self.dir + "/setup.log"  # a game being set up (screens/setup.py)
        self.undone: list = []  # the game's undone events, next to redo last: resume() reads them
        try:
            flash.os.mkdir(self.dir)
        except OSError:
            pass

    def repair(self) -> None:
        """Finish what a power cut interrupted: at boot, before anything else reads.

        A ``.tmp`` is put back where a replace was cut between its remove and its rename,
        and dropped otherwise. A ``.new`` that fails its check is dropped only where the
        game is whole elsewhere (in the journal, which finish() removes only after the
        rename, or archived already); otherwise flash damage made it, and it becomes the
        game's ``.dk`` as it is, for the PC to copy and set aside (sync). A game finished
        into a bundle (its frame whole in the last one) is no longer in progress; a frame
        cut short is cut off (bundle.py).
        """
        names = flash.os.listdir(self.dir)
        for name in names:
            path = self.dir + "/" + name
            if name == "journal.tmp" and not flash.exists(self.journal):
                # flash.replace's fallback (remove, then rename) was cut between its two steps
                flash.os.rename(path, self.journal)
            elif name.endswith((".dkc.tmp", ".dkb.tmp")) and not flash.exists(path[:-4]):
                flash.os.rename(path, path[:-4])  # the same, for a bundle or its acks
            elif name.endswith(".tmp"):
                flash.remove(path)
        gid = head_id(self.journal)
        bundle.repair(self.dir, gid if safe_id(gid) else None)
        for name in names:
            if name.endswith(".new"):
                base = self.dir + "/" + name[:-4]
                whole = packed(flash.read(base + ".new")) is not None
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
        if safe_id(gid):
            base = self.dir + "/" + str(gid)
            if flash.exists(base + ".dk") or flash.exists(base + ".ok"):
                flash.os.remove(self.journal)  # finish() was cut after the archive was complete
            elif gid in bundle.last_ids(self.dir):
                flash.os.remove(self.journal)  # the same, the game in a bundle
        flash.sync()
