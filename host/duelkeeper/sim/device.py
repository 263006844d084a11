"""The simulated device: the firmware running in a runtime, driven one tick at a time.

Two runtimes speak the same line protocol (host/duelkeeper/mpvm/run.mjs ``--serve``):

* ``micropython``: the real MicroPython VM (WebAssembly, under Node). The firmware,
  the boards and duelcore are loaded into its /lib as .mpy files made by mpy-cross
  (exactly what ships), or as sources with ``source=True``. The flash is the VM's RAM
  filesystem at /flash, loaded from the storage folder at start and written back to it
  after every call.
* ``cpython``: a CPython process with the MicroPython shims (duelkeeper/shims) first on its
  path, running the checkout's sources; the storage folder is the flash itself.

In the VM each tick is one top-level call (``simdev.step``), so its garbage collector
runs between ticks as it would between loop turns on a board; heap figures come from a
call of their own after a ``gc.collect()`` call. Under CPython ``steps`` runs a
gesture's ticks in one call, stopping at each frame shown.
"""

import os
import subprocess
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from duelkeeper import mpvm
from duelkeeper.closing import Closing
from duelkeeper.errors import DuelkeeperError
from duelkeeper.program import PACKAGES, cached_build
from duelkeeper.repo import CORE, ROOT
from duelkeeper.sim import script

VMSIDE = Path(__file__).with_name("vmside")
SHIMS = Path(__file__).parents[1] / "shims"
RUNTIMES = ("micropython", "cpython")
FLASH = "/flash"  # the storage folder inside the VM


class Geometry(NamedTuple):
    width: int
    height: int


class Step(NamedTuple):
    """What one tick did: ``shown`` 0 (nothing), 1 (partial refresh), 2 (full refresh)
    with the frame shown; the game's event count (-1: no game); gestures handled so far;
    refreshes so far."""

    shown: int
    frame: bytes | None
    events: int
    presses: int
    full: int
    partial: int


class Driven(Protocol):
    """What the simulator's front end (terminal, scripts, screenshots) drives: this
    module's Device, or the emulated RP2040's (duelkeeper.rp2.device.Rp2Device)."""

    runtime: str
    buttons: str  # as a board's BUTTONS: "abcud" (five) or "abc" (three)
    geometry: Geometry
    frame: bytes | None
    last: Step
    settle_ms: int

    def step(self, held: int, ms: int = 10) -> Step: ...

    def steps(
        self, helds: "list[int]", ms: int = 10, each: "Callable[[Any], None] | None" = None
    ) -> Step: ...

    def restart(self) -> None: ...


class _CPython:
    """A CPython process answering the serve protocol (duelkeeper.sim.cpyvm)."""

    def __init__(self) -> None:
        paths = [str(SHIMS), str(ROOT), str(CORE.parent), str(VMSIDE)]
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0")
        self._proc: subprocess.Popen[str] | None = subprocess.Popen(
            [sys.executable, "-m", "duelkeeper.sim.cpyvm", *paths],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            encoding="utf-8",
            bufsize=1,
            env=env,
        )

    def call(self, code: str) -> mpvm.Reply:
        import base64
        import json

        proc = self._proc
        assert proc is not None and proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(json.dumps({"code": code}) + "\n")
        proc.stdin.flush()
        line = proc.stdout.readline()
        if not line:
            raise DuelkeeperError("the CPython runtime stopped")
        reply = json.loads(line)
        if not reply["ok"]:
            raise mpvm.VMError(f"the firmware failed under CPython:\n{reply['error']}")
        mem = reply.get("mem")
        return mpvm.Reply(
            reply["out"], reply.get("value"), None if mem is None else base64.b64decode(mem), [], []
        )

    def close(self) -> None:
        proc = self._proc
        if proc is None:
            return
        self._proc = None
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.close()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stdout.close()


class Device(Closing):
    """The firmware booted on a simulated board over a storage folder.

    ``board`` is a module of boards/ (``sim`` takes ``size`` and ``buttons``; the real
    boards' modules need their hardware and do not open here). ``code`` is a folder made
    by ``program.build()`` for the MicroPython runtime (by default the cached build of the
    .mpy files, or of the sources with ``source=True``). ``prelude`` runs in the VM
    before the firmware boots and returns the heap bytes it holds, kept as ``padded``:
    the heap benchmarks set up the heap's layout with it (duelkeeper_dev.heaplayout) and
    take those bytes off their figures. With ``clock``
    (``duelkeeper sim``), the board's RTC is set to the PC's local time at each boot, as
    a sync sets a board's: its games are dated (docs/record-dates.md); the tests and the
    bench leave it unset, as a board fresh from power on, so that their figures and
    records stay as they were.
    """

    settle_ms = 500  # idle time after a script, for the last refresh to happen

    def __init__(
        self,
        storage: Path,
        runtime: str = "micropython",
        board: str = "sim",
        size: tuple[int, int] = (296, 128),
        buttons: str = "abcud",
        code: Path | None = None,
        source: bool = False,
        prelude: Callable[[mpvm.Session], int] | None = None,
        clock: bool = False,
    ) -> None:
        if runtime not in RUNTIMES:
            raise DuelkeeperError(f"unknown runtime {runtime!r} ({', '.join(RUNTIMES)})")
        self.runtime = runtime
        self.storage = Path(storage)
        self.storage.mkdir(parents=True, exist_ok=True)
        self.board = board
        self.size = size
        self.buttons = buttons
        self._pins = script.mask(buttons)
        if runtime == "micropython" and code is None:
            code = cached_build(mpy=not source)
        self.code = code
        self.prelude = prelude
        self.clock = clock
        self.padded = 0
        self._session: Any = None
        self.now = 0
        self.last = Step(0, None, -1, 0, 0, 0)
        self.frame: bytes | None = None
        self.geometry = Geometry(*size)
        self.start()

    # -- life cycle ------------------------------------------------------------------

    def start(self) -> None:
        """Boot the firmware (a fresh runtime: nothing survives but the flash)."""
        if self.runtime == "micropython":
            assert self.code is not None
            files = {f"/lib/{name}": self.code / name for name in PACKAGES}
            files["/lib/simdev.py"] = VMSIDE / "simdev.py"
            if self.clock:  # the VM has no machine module: the board's RTC, in Python
                files["/lib/machine.py"] = VMSIDE / "machine.py"
            self._session = mpvm.Session(files, mirror=(FLASH, self.storage))
            root = FLASH
            if self.prelude is not None:
                self.padded = self.prelude(self._session)
        else:
            self._session = _CPython()
            root = str(self.storage.resolve())
        width, height = self.size
        now = datetime.now().timetuple()[:6] if self.clock else None
        self.call(
            "import simdev\nsimdev.boot(%r, %d, %d, %r, %r, %r)"
            % (self.board, width, height, self.buttons, root, now)
        )
        w, h, _ = self.call("_value = simdev.geometry()").value
        self.geometry = Geometry(w, h)
        self.frame = None

    def restart(self) -> None:
        """A power cycle: the runtime ends, the flash stays, the firmware boots again."""
        self.stop()
        self.start()

    def stop(self) -> None:
        if self._session is not None:
            self._session.close()
            self._session = None

    def close(self) -> None:
        self.stop()

    # -- driving -----------------------------------------------------------------------

    def call(self, code: str) -> mpvm.Reply:
        if self._session is None:
            raise DuelkeeperError("the simulated device is not running")
        reply: mpvm.Reply = self._session.call(code)
        if reply.out:
            sys.stderr.write(reply.out)
        return reply

    def step(self, held: int, ms: int = 10) -> Step:
        """One tick at the current time with ``held`` buttons down, then ``ms`` pass. A
        button the board lacks is not pressed, as on the emulated board (no pin)."""
        return self.steps([held], ms)

    def steps(
        self, helds: "list[int]", ms: int = 10, each: "Callable[[Device], None] | None" = None
    ) -> Step:
        """``step(held, ms)`` for each mask in turn. Under CPython, one call to the
        runtime for each frame shown rather than for each tick (a call costs far more
        than an idle tick); ``last`` and ``frame`` end as the ticks one by one leave them.
        ``each`` is called after every call: it sees every frame shown, and the last
        tick's counts."""
        left = [held & self._pins for held in helds]
        # The VM collects garbage only between calls: there a tick stays a call of its own
        batch = 1 if self.runtime == "micropython" else len(left)
        while left:
            code = "_value, _mem = simdev.steps(%d, %r, %d)" % (self.now, left[:batch], ms)
            reply = self.call(code)
            n, shown, events, presses, full, partial = reply.value
            self.now += n * ms
            del left[:n]
            frame = reply.mem if shown else None
            if frame is not None:
                self.frame = frame
            self.last = Step(shown, frame, events, presses, full, partial)
            if each is not None:
                each(self)
        return self.last

    def heap(self) -> int:
        """Live heap bytes now, on a collected heap (two calls: collect, then read)."""
        self.call("import gc\ngc.collect()")
        value: int = self.call("_value = simdev.heap()").value
        return value

    def view(self) -> dict[str, Any]:
        """The top screen as data (simdev.view), for the autoplayer."""
        value: dict[str, Any] = self.call("_value = simdev.view()").value
        return value

    def pixels(self, frame: bytes | None = None) -> list[list[int]]:
        """A frame as rows of 0/1 (1 = black), from the drivers' MONO_VLSB layout."""
        return decode(frame if frame is not None else self.frame, *self.geometry)


def decode(frame: bytes | None, width: int, height: int) -> list[list[int]]:
    """MONO_VLSB bytes (byte ``(y >> 3) * width + x``, bit ``y & 7``) as rows of 0/1."""
    if frame is None:
        return [[0] * width for _ in range(height)]
    rows = []
    for y in range(height):
        base = (y >> 3) * width
        bit = 1 << (y & 7)
        rows.append([1 if frame[base + x] & bit else 0 for x in range(width)])
    return rows
