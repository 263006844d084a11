"""Bench only: what each module of the program costs the heap and the boot when imported.

host/duelkeeper_dev/bench_rp2_imports.py puts this file, compiled, in the ROMFS image of an
emulated board as ``firmware/main.mpy``; the base firmware's launcher calls its
``run(board)``. That puts a wrapper in place of ``builtins.__import__`` (the port lets
builtins be overridden) and imports the modules ``/rom/modules.txt`` names, one a line,
in that order (the host lists first what the app's boot imports), each after a line
``AT <module>``. For every import that loads a module the wrapper prints, after the
lines of the modules it imported in turn::

    IMPORT <depth> <heap> <microseconds> <new modules, comma-separated>

where heap is ``gc.mem_alloc()`` after ``gc.collect()``, after minus before, and both
figures include the nested imports (the host takes those off; the microseconds leave out
the wrapper's own collections), and then ``micropython.qstr_info()``'s line (the interned
names' pools, which live in the heap). Last come ``micropython.qstr_info()``,
``micropython.mem_info()`` and ``DONE``. Nothing else runs: no board opened, no app.
"""

import builtins
import gc
import sys
import time

import micropython

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from typing import Any

_import = builtins.__import__
_nested = [0] * 128  # by depth: the wrapper's time (us) of the imports nested there


def _loaded(name: str, globals: "dict[str, Any] | None", level: int) -> bool:
    """Whether the module ``name`` (relative at ``level`` from ``globals``' module) is
    loaded already: then the import needs no measuring."""
    if level and globals:
        base = globals["__name__"].split(".")
        base = base[: len(base) - level + (1 if "__path__" in globals else 0)]
        name = ".".join(base + ([name] if name else []))
    return name in sys.modules


def _watch(name, globals=None, locals=None, fromlist=None, level=0):  # type: ignore[no-untyped-def]
    if _loaded(name, globals, level):
        return _import(name, globals, locals, fromlist, level)
    start = time.ticks_us()  # type: ignore[attr-defined]
    depth = _nested[0]
    had = set(sys.modules)
    gc.collect()
    before = gc.mem_alloc()  # type: ignore[attr-defined]
    _nested[0] = depth + 1
    _nested[depth + 2] = 0
    begun = time.ticks_us()  # type: ignore[attr-defined]
    try:
        module = _import(name, globals, locals, fromlist, level)
    finally:
        _nested[0] = depth
    took = time.ticks_diff(time.ticks_us(), begun) - _nested[depth + 2]  # type: ignore[attr-defined]
    gc.collect()
    added = gc.mem_alloc() - before  # type: ignore[attr-defined]
    new = ",".join(m for m in sys.modules if m not in had)
    print("IMPORT", depth, added, took, new)
    micropython.qstr_info()
    _nested[depth + 1] += time.ticks_diff(time.ticks_us(), start)  # type: ignore[attr-defined]
    return module


def run(board: str) -> None:
    with open("/rom/modules.txt") as f:
        names = f.read().split()
    gc.collect()
    print("START", gc.mem_alloc())  # type: ignore[attr-defined]
    micropython.qstr_info()
    builtins.__import__ = _watch
    for name in names:
        print("AT", name)
        __import__(name)
    builtins.__import__ = _import
    gc.collect()
    micropython.qstr_info()
    micropython.mem_info()
    print("DONE")
