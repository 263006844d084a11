"""How many finished games the Pico's littlefs holds (issue 24's budget: 3,000).

Finished random games are archived by the firmware's own Storage under CPython
(``sim.fill``: the ``games/<id>.dk`` files are byte for byte what the device writes),
and their files are then copied, under new ids in the device's numbering, into a
littlefs of the device's geometry (``rp2.flashimage``: 352 blocks of 4096 bytes at
0xA0000, mounted as MicroPython mounts it) with ``littlefs-python`` until it is full. A
game of each kind in turn, then each kind alone: an archive file over littlefs's inline
limit (a cache, 1 KB: most Antike Duellum games) takes a 4 KB block of its own.

    python -m duelkeeper.bench_littlefs
"""

import multiprocessing
import os
import sys
import tempfile
from multiprocessing.sharedctypes import Synchronized
from pathlib import Path

from littlefs import LittleFSError

from duelkeeper.rp2 import flashimage
from duelkeeper.sim.fill import KINDS, fill
from duelkeeper.textable import table

SAMPLE = 24  # finished games of each kind whose files are copied again and again
SEED = 1
DEVICE = "e6103e3eecd20443"  # a device id, as the device writes it in each file name


def sample() -> dict[str, list[bytes]]:
    """Kind -> the archive files of SAMPLE finished games of it."""
    out: dict[str, list[bytes]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-littlefs-") as name:
        for kind in KINDS:
            folder = Path(name) / kind
            fill(folder, SAMPLE, SEED, kinds=(kind,))
            out[kind] = [p.read_bytes() for p in sorted((folder / "games").glob("*.dk"))]
    return out


def _fill(files: list[bytes], count: "Synchronized[int]") -> None:
    fs = flashimage.formatted()
    fs.mkdir("games")
    try:
        while True:
            f = fs.open("games/%s-%06d.dk" % (DEVICE, count.value + 1), "wb")
            f.write(files[count.value % len(files)])
            f.close()
            count.value += 1
    except LittleFSError:  # full: the file refused is left open, the process ends here
        sys.stdout.flush()
        os._exit(0)


def capacity(files: list[bytes]) -> int:
    """How many archive files, ``files`` in turn, a new littlefs takes before it refuses
    one. Counted in a child process that ends at the refusal: littlefs-python aborts the
    process when a file whose write ran out of space is closed."""
    context = multiprocessing.get_context("fork")
    count = context.Value("i", 0)
    child = context.Process(target=_fill, args=(files, count))
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
    print("finished games littlefs holds (host/duelkeeper/bench_littlefs.py): 1408 KB, 352")
    print("  blocks of 4096; archive files of %d games of each kind, copied until full" % SAMPLE)
    print(table(["games", "archive file, mean", "games held"], rows))


if __name__ == "__main__":
    main()
