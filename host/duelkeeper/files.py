"""Files the PC tools write, written whole or not at all.

``write_atomic(path, data)`` writes into a temporary file in the same folder, flushes it
to the disk, then renames it over ``path``: a reader, a crash, a power cut or a full disk
sees the file as it was before or as it is after, never half of it; the file there before
is kept, with its mode, until the new one is complete. A path that is not a regular file
(``/dev/stdout``, a FIFO) is written directly, as there is nothing to rename over; a
folder is refused. docs/play-log.md ("Writes") says where it is used.
"""

import os
import stat
import tempfile
from pathlib import Path

from duelkeeper.errors import DuelkeeperError


def _keep(tmp: str, target: Path) -> None:
    """The new file as the old one was: its mode and, where allowed, its owner; a new
    file gets what the umask leaves of 0666, as ``open`` would give it."""
    try:
        old = target.stat()
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        return
    os.chmod(tmp, stat.S_IMODE(old.st_mode))
    if hasattr(os, "chown") and (old.st_uid, old.st_gid) != (os.getuid(), os.getgid()):
        try:
            os.chown(tmp, old.st_uid, old.st_gid)
        except PermissionError:
            pass  # only root gives a file away: it is the writer's now


def write_atomic(path: Path | str, data: bytes | str) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` through a temporary file in its folder
    and a rename. DuelkeeperError, in one line, when it cannot; ``path`` is then as it was,
    and no temporary file is left."""
    blob = data.encode("utf-8") if isinstance(data, str) else data
    target = Path(os.path.realpath(path))  # through a link, the file it names
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as e:
        raise DuelkeeperError("%s: cannot write (%s)" % (path, e.strerror)) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise DuelkeeperError("%s: a folder, not a file to write" % path)
    if mode is not None and not stat.S_ISREG(mode):
        _write_through(path, target, blob)
        return
    try:
        # the name's start only: a name of 250 characters is a file name, not its temporary
        prefix = "." + target.name[:64] + "."
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=prefix, suffix=".tmp")
    except OSError as e:
        raise DuelkeeperError("%s: cannot write (%s)" % (path, e.strerror)) from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(blob)
            f.flush()
            os.fsync(f.fileno())
        _keep(tmp, target)
        os.replace(tmp, target)
    except OSError as e:
        os.unlink(tmp)
        before = "the file there before is as it was" if mode is not None else "nothing written"
        raise DuelkeeperError("%s: cannot write (%s); %s" % (path, e.strerror, before)) from None
    except BaseException:
        os.unlink(tmp)
        raise
    _sync_folder(target.parent)


def _write_through(path: Path | str, target: Path, blob: bytes) -> None:
    """A device or a FIFO: written as it is (nothing to rename over)."""
    try:
        with open(target, "wb") as f:
            f.write(blob)
    except OSError as e:
        raise DuelkeeperError("%s: cannot write (%s)" % (path, e.strerror)) from None


def _sync_folder(folder: Path) -> None:
    """The rename itself on the disk (POSIX: the folder's entry); where a folder cannot be
    opened (Windows), the rename stands as the system keeps it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
