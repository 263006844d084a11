"""How many finished games the Pico's littlefs holds (issue 24's budget: 3,000).

Finished random games are archived by the firmware's own Storage under CPython
(``sim.fill``: byte for byte what the device writes), and each one's packed record is
then appended again and again, under new ids in the device's numbering, by the
firmware's own bundle code (firmware/storage/bundle.py: ``frame`` and ``append``, its file
calls routed to ``littlefs-python``) into a littlefs of the device's geometry
(``rp2.flashimage``: 352 blocks of 4096 bytes at 0xA0000, mounted as MicroPython mounts
it) until littlefs refuses one. A game of each kind in turn, then each kind alone.

    python -m duelkeeper_dev.bench_littlefs
"""

import multiprocessing
import os
import sys
import tempfile
from multiprocessing.sharedctypes import Synchronized
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from littlefs import LittleFS, LittleFSError

from duelkeeper.rp2 import flashimage
from duelkeeper.sim.fill import KINDS, archived, fill, storage_class
from duelkeeper.textable import table

SAMPLE = 24  # finished games of each kind whose records are appended again and again
SEED = 1
DEVICE = "e6103e3eecd20443"  # a device id, as the device writes it in each game's id


def sample() -> dict[str, list[bytes]]:
    """Kind -> the packed records of SAMPLE finished games of it."""
    out: dict[str, list[bytes]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-littlefs-") as name:
        for kind in KINDS:
            folder = Path(name) / kind
            fill(folder, SAMPLE, SEED, kinds=(kind,))
            out[kind] = [data[:-4] for _, data in sorted(archived(folder).items())]
    return out


def _os(fs: LittleFS) -> SimpleNamespace:
    """The calls firmware/flash.py makes of ``os``, on ``fs``, as MicroPython's ``os``
    answers them (``stat``'s size at [6], OSError for a missing file)."""

    def stat(p: str) -> tuple[int, ...]:
        try:
            return (0, 0, 0, 0, 0, 0, fs.stat(p).size)
        except LittleFSError as e:
            raise OSError(str(e)) from None

    return SimpleNamespace(
        stat=stat, listdir=fs.listdir, remove=fs.remove, rename=fs.rename, mkdir=fs.mkdir
    )


def _open(fs: LittleFS, p: str, mode: str) -> Any:
    """``open`` on ``fs``: "ab" makes the file where it is missing, as on the device."""
    if "a" in mode and p.rsplit("/", 1)[-1] not in fs.listdir(p.rsplit("/", 1)[0] or "/"):
        mode = "wb"
    return fs.open(p, mode)


def _fill(packed: list[bytes], count: "Synchronized[int]") -> None:
    storage_class()  # the firmware importable
    from firmware import flash
    from firmware.storage import bundle

    fs = flashimage.formatted()
    fs.mkdir("games")
    flash_module: Any = flash
    flash_module.os = _os(fs)
    flash_module.open = lambda p, mode="r": _open(fs, p, mode)
    try:
        while True:
            gid = "%s-%06d" % (DEVICE, count.value + 1)
            bundle.append("games", bundle.frame(gid, packed[count.value % len(packed)]))
            count.value += 1
    except LittleFSError:  # full: the file refused is left open, the process ends here
        sys.stdout.flush()
        os._exit(0)


def capacity(packed: list[bytes]) -> int:
    """How many finished games, ``packed`` in turn, a new littlefs takes before it
    refuses one. Counted in a child process that ends at the refusal: littlefs-python
    aborts the process when a file whose write ran out of space is closed."""
    context = multiprocessing.get_context("fork")
    count = context.Value("i", 0)
    child = context.Process(target=_fill, args=(packed, count))
    child.start()
    child.join()
    return int(count.value)


def main() -> None:
    games = sample()
    mixed = [data for group in zip(*games.values(), strict=True) for data in group]
    rows = []
    for what, files in [("the three in turn", mixed), *games.items()]:
        size = sum(len(f) for f in files) / len(files)
        rows.append([what, f"{size:,.0f} B", f"{capacity(files):,}"])
    print("finished games littlefs holds (host/duelkeeper_dev/bench_littlefs.py): 1408 KB, 352")
    print("  blocks of 4096; the packed records of %d games of each kind, appended to" % SAMPLE)
    print("  bundles by firmware/storage/bundle.py until full")
    print(table(["games", "packed record, mean", "games held"], rows))


if __name__ == "__main__":
    main()
