"""Heap layouts for the heap benchmarks: the same run with the heap shifted by a pad.

MicroPython's collector is conservative: any word of a live block that holds the address
of another block keeps that block alive, and bytes objects (bytecode, tables, buffers)
are scanned like the rest. Which stale blocks such words happen to hit depends on where
everything lies, so one layout can read a few kilobytes more than the next for the same
program (docs/benchmarks.md, "Noise"). Each figure is therefore taken over ``PADS``: a
bytearray of that many bytes allocated before anything else shifts every later block,
and the pad's own size is taken off again. The median is the figure; the spread is shown.
"""

PADS = (0, 16, 48, 112, 240)


def pad_code(size: int) -> str:
    """VM code for the first call: allocate the pad and keep it; ``_value`` is what it holds."""
    return (
        "import gc\n"
        "_a = gc.mem_alloc()\n"
        "_pad = bytearray(%d)\n"
        "_value = str(gc.mem_alloc() - _a)\n"
        "del _a\n" % size
    )
