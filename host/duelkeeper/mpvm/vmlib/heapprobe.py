"""Heap figures for one game, taken inside the VM for `make bench` (MicroPython only).

All figures are live bytes: ``gc.mem_alloc()`` on a collected heap. The VM used here
collects only between top-level calls, so ``measure`` is a generator for the runner's
``vm_steps`` protocol (run.mjs): each ``yield`` returns to the top level, and the code
after it reads a collected heap. The VM grows its heap on demand, but what is allocated
is what counts, so the figures hold for a fixed heap like the Pico's too.
"""

import gc
import json


def _alloc() -> int:
    return gc.mem_alloc()  # type: ignore[attr-defined,no-any-return]  # MicroPython's gc


def _split(record_path: str) -> dict[str, object]:
    """The record without its events; the events go to a JSON-lines file beside it.

    Playing events read one at a time keeps the input out of the figures: an event is
    counted only when the Match keeps it (as it must on the device), not because the
    whole parsed record sits in memory.
    """
    with open(record_path) as f:
        record = json.load(f)
    with open(record_path + ".events", "w") as f:
        for event in record["events"]:
            f.write(json.dumps(event))
            f.write("\n")
    start = {}
    for key in ("format", "game", "id", "players", "setup"):
        start[key] = record[key]
    start["events"] = []
    return start


def measure(modules: tuple[str, ...], record_path: str | None) -> object:  # a generator
    """Import ``modules``, then play the record's events one by one through a Match.

    Prints the figures as one JSON object. ``peak`` samples the live heap after each
    event; ``peak_upper`` bounds what an event needs while it runs: the live heap before
    it plus everything ``play()`` allocated (the GC held off meanwhile, as it must be on
    a board, where a collection could run inside ``play()``).
    """
    start = None if record_path is None else _split(record_path)
    yield
    base = _alloc()
    out: dict[str, object] = {"baseline": base}
    for module in modules:
        try:
            __import__(module)
        except ImportError as e:
            out["error"] = "cannot import %s: %s" % (module, e)
            print(json.dumps(out))
            return
    from duelcore.engine import Match

    yield
    out["import"] = _alloc() - base
    if start is not None:
        match = Match(start)
        events = open(record_path + ".events")  # type: ignore[operator]
        yield
        peak = upper = _alloc()
        n = 0
        for line in events:
            event = json.loads(line)
            gc.disable()
            match.play(event)
            upper = max(upper, _alloc())  # the heap collected at the last yield, plus play()
            gc.enable()
            del event, line
            n += 1
            yield
            peak = max(peak, _alloc())
        events.close()
        out["replay"] = _alloc() - base
        out["peak"] = peak - base
        out["peak_upper"] = upper - base
        out["events"] = n
        out["over"] = match.result()["over"]
    print(json.dumps(out))
