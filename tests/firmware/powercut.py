"""A flash that loses power on cue, for firmware/storage/.

Installed in place of the storage module's ``open`` and ``os``, it counts every byte
written and every rename, remove, mkdir, flush and sync as one unit of work, and at the
chosen unit it stops: the operation does not happen (or a write lands only partly) and
PowerCut is raised, which the test treats as the board switching off.

Two kinds of flash:

- ``torn``: each byte lands as it is written (FAT-like, or a littlefs bug): a cut
  mid-write leaves a partly written file behind, the hardest case for the reader.
- ``lfs``: littlefs semantics: what was written since the last flush (or close) is lost
  at a cut; a new file exists, empty, from the moment it is opened.

With ``rename_over=False`` a rename onto an existing file fails, as on Windows (the
simulator's host) and some FAT drivers, so storage takes its remove-then-rename path.
"""

import os
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any


class PowerCut(Exception):
    """The board lost power."""


def each_cut(starts: list[int]) -> Iterator[tuple[int, int]]:
    """Every unit of work a run did, with the step it fell in: ``starts[k]`` is the
    units done before step k, the last one all of them."""
    k = 0
    for cut in range(starts[-1]):
        while starts[k + 1] <= cut:
            k += 1
        yield cut, k


class Flash:
    def __init__(self, kind: str, cut: int | None = None, rename_over: bool = True) -> None:
        assert kind in ("torn", "lfs")
        self.kind = kind
        self.rename_over = rename_over
        self.cut = cut  # the unit at which power is lost (None: never)
        self.units = 0  # units done so far

    def spend(self, n: int) -> int:
        """Do up to ``n`` units; return how many happened (fewer means: cut now)."""
        if self.cut is None:
            self.units += n
            return n
        k = max(0, min(n, self.cut - self.units))
        self.units += k
        return k

    def op(self) -> None:
        if self.spend(1) < 1:
            raise PowerCut()

    # -- the storage module's view -----------------------------------------------------

    def open(self, path: str, mode: str = "r") -> Any:
        if "w" not in mode and "a" not in mode:
            return open(path, mode)  # noqa: SIM115 - handed to the caller
        return _File(self, path, mode)

    def os(self) -> SimpleNamespace:
        def rename(a: str, b: str) -> None:
            if not self.rename_over and Path(b).exists():
                raise FileExistsError(b)
            self.op()
            os.rename(a, b)

        def remove(p: str) -> None:
            os.stat(p)  # a missing file fails before any work
            self.op()
            os.remove(p)

        def mkdir(p: str) -> None:
            os.stat(Path(p).parent)
            if Path(p).exists():
                raise FileExistsError(p)
            self.op()
            os.mkdir(p)

        def sync() -> None:
            self.op()

        return SimpleNamespace(
            rename=rename, remove=remove, mkdir=mkdir, sync=sync,
            stat=os.stat, listdir=os.listdir, statvfs=os.statvfs, urandom=os.urandom,
        )  # fmt: skip


class _File:
    def __init__(self, flash: Flash, path: str, mode: str) -> None:
        self.flash = flash
        self.path = path
        self.append = "a" in mode
        self.pending = bytearray()
        if flash.kind == "lfs":
            if not Path(path).exists():
                Path(path).write_bytes(b"")
            self.truncate = not self.append
        else:
            with open(path, "ab" if self.append else "wb"):
                pass

    def write(self, data: bytes | bytearray | memoryview) -> int:
        data = bytes(data)
        k = self.flash.spend(len(data))
        if self.flash.kind == "torn":
            with open(self.path, "ab") as f:
                f.write(data[:k])
        else:
            self.pending += data[:k]
        if k < len(data):
            raise PowerCut()
        return k

    def flush(self) -> None:
        if self.flash.kind == "lfs":
            self.flash.op()
            with open(self.path, "ab" if not self.truncate else "wb") as f:
                f.write(self.pending)
            self.pending = bytearray()
            self.truncate = False

    def close(self) -> None:
        self.flush()

    def __enter__(self) -> "_File":
        return self

    def __exit__(self, kind: object, *rest: object) -> None:
        if kind is None:
            self.close()
