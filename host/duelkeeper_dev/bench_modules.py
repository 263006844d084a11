"""Heap each device module adds when imported: the per-module table of docs/benchmarks.md.

    python -m duelkeeper_dev.bench_modules [MODULE ...]

The modules (by default ``MODULES``, the order a 7WD game loads them, then the rest) are
imported one by one into one MicroPython VM from the .mpy build that ships, a top-level
call each, with the live heap (``gc.mem_alloc()`` after ``gc.collect()``, each in a call of
its own) read before and after: what the import added, its submodules included. First
come duelkeeper_dev.heaplayout's prelude (the port's Python modules that are C on a Pico, and
the pad) and a stand-in ``machine`` for the real boards (``_MACHINE``), and the interned-name pool
grown until a fresh one is started, so that no module is charged for a new pool; an
import that starts one anyway is flagged ``+pool``. Every figure is the median over the
heap layouts of ``duelkeeper_dev.heaplayout``.
"""

import re
import statistics
import sys

from duelkeeper import mpvm
from duelkeeper.program import PACKAGES, cached_build
from duelkeeper.textable import table
from duelkeeper_dev import heaplayout

MODULES = (
    "duelcore",
    "duelcore.record",
    "duelcore.engine",
    "duelcore.sevenwonders",
    "boards.sim",
    "firmware.clock",
    "firmware.buttons",
    "firmware.display.refresh",
    "firmware.gfx.font",
    "firmware.gfx.icons",
    "firmware.gfx.canvas",
    "firmware.ui",
    "firmware.words",
    "firmware.storage",
    "firmware.app",
    "firmware.screens",
    "firmware.screens.menu",
    "firmware.screens.choice",
    "firmware.games.sevenwonders.track",
    "firmware.games.sevenwonders.pick",
    "firmware.screens.sheet",
    "firmware.screens.more",
    "firmware.session",
    "duelcore.pack",
    "firmware.sync",
    "firmware.notices",
    "duelcore.splendor",
    "duelcore.antike",
    "boards.badger2040",
    "boards.pico_epaper_2in9",
)
# The real boards import ``machine``, which this VM lacks: a stand-in with the names they
# use, imported before any figure is taken, so that the boards' rows show their own code
# and their display driver's (after boards.sim: what a real board costs beyond it).
_MACHINE = (
    "class Pin:\n"
    "    IN = 0; OUT = 1; PULL_UP = 1; PULL_DOWN = 2; IRQ_FALLING = 4; IRQ_RISING = 8\n"
    "    def __init__(self, *a, **k): pass\n"
    "    def value(self, v=None): return 0\n"
    "    def irq(self, *a, **k): pass\n"
    "class SPI:\n"
    "    def __init__(self, *a, **k): pass\n"
    "    def write(self, b): pass\n"
    "class ADC:\n"
    "    def __init__(self, *a): pass\n"
    "    def read_u16(self): return 0\n"
)
ROOM = 1024  # names: the pool that opens holds twice as many, more than all modules use
_POOLS = re.compile(r"n_pool=(\d+)")


def _pools(s: mpvm.Session) -> int:
    match = _POOLS.search(s.call("import micropython\nmicropython.qstr_info()").out)
    return int(match.group(1)) if match else 0


def measure(modules: tuple[str, ...], pad: int) -> list[tuple[int, bool]]:
    """(bytes added, started a name pool) per module, in one VM whose heap ``pad`` shifts."""
    build = cached_build(mpy=True)
    files = {f"/lib/{name}": build / name for name in PACKAGES}
    out = []
    with mpvm.Session(files) as s:
        heaplayout.prelude(s, pad)
        s.call("with open('/lib/machine.py', 'w') as f:\n    f.write(%r)" % _MACHINE)
        s.call("import machine")
        n = since = 0  # names interned, and since the last new pool
        pools = _pools(s)
        while True:  # 50 names a call until a pool of at least 2 * ROOM names opens
            s.call("exec(%r, {})" % ";".join("_q%d=0" % i for i in range(n, n + 50)))
            n += 50
            since += 50
            now = _pools(s)
            if now != pools:
                if since >= ROOM:
                    break
                pools, since = now, 0
        for module in modules:
            before, pools = heaplayout.live(s), _pools(s)
            s.call("import " + module)
            out.append((heaplayout.live(s) - before, _pools(s) != pools))
    return out


def main(modules: tuple[str, ...] = MODULES) -> str:
    runs = [measure(modules, pad) for pad in heaplayout.PADS]
    rows = []
    for i, module in enumerate(modules):
        added = statistics.median(run[i][0] for run in runs)
        pool = any(run[i][1] for run in runs)
        rows.append([module, f"{added / 1024:.1f} KB", "+pool" if pool else ""])
    return table(["module", "heap added", ""], rows)


if __name__ == "__main__":
    print(main(tuple(sys.argv[1:]) or MODULES))
