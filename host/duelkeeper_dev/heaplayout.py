"""The start of every heap benchmark's VM: what is not the device's, and the heap layout.

Two things are set up before the firmware or any module under test loads, and their
heap is taken off every figure:

* ``BUILTINS``: modules that this WebAssembly port implements in Python (``os``,
  ``binascii``, ``time``: a module object, a globals dict and functions in the heap),
  where the stock rp2 firmware has them in C, in flash.
* a pad. MicroPython's collector is conservative: any word of a live block that holds
  the address of another block keeps that block alive, and bytes objects (bytecode,
  tables, buffers) are scanned like the rest. Which stale blocks such words happen to
  hit depends on where everything lies, so one layout can read a few kilobytes more
  than the next for the same program (docs/benchmarks.md, "Noise"). Each figure is
  therefore taken over ``PADS``: a bytearray of that many bytes allocated first shifts
  every later block. The median is the figure; the spread is shown.
"""

from typing import Protocol

PADS = (0, 16, 48, 112, 240)
BUILTINS = ("os", "binascii", "time")


class _Caller(Protocol):
    def call(self, code: str) -> object: ...


def live(vm: _Caller) -> int:
    """Live heap bytes in ``vm`` now, on a collected heap."""
    vm.call("import gc\ngc.collect()")  # a call of its own: this VM collects between calls
    reply = vm.call("import gc\n_value = str(gc.mem_alloc())")
    return int(reply.value)  # type: ignore[attr-defined]


def prelude(vm: _Caller, pad: int) -> int:
    """Import ``BUILTINS`` and allocate the pad in ``vm`` (an mpvm.Session, or a Device's
    session); return the live bytes they hold, to be taken off the figures."""
    before = live(vm)
    vm.call("import %s\n_pad = bytearray(%d)" % (", ".join(BUILTINS), pad))
    return live(vm) - before
