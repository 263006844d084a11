"""The simulated device: the firmware running in a runtime, driven one tick at a time.

Two runtimes speak the same line protocol (host/duelkeeper/mpvm/run.mjs ``--serve``):

* ``micropython``: the real MicroPython VM (WebAssembly, under Node). The firmware,
  the boards and duelcore are loaded into its /lib as .mpy files made by mpy-cross
  (exactly what ships), or as sources with ``source=True``. The flash is the VM's RAM
  filesystem at /flash, loaded from the storage folder at start and written back to it
  after every call.
* ``cpython``: a CPython process with the MicroPython shims (sim/shims) first on its
  path, running the checkout's sources; the storage folder is the flash itself.

Each tick is one top-level call (``simdev.step``), so the VM's garbage collector runs
between ticks as it would between loop turns on a board; heap figures come from a call
of their own after a ``gc.collect()`` call.
"""

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, NamedTuple, Protocol

import platformdirs

from duelkeeper import heaplayout, mpvm
from duelkeeper.errors import DuelkeeperError
from duelkeeper.mpycross import compile_tree, signature
from duelkeeper.repo import CORE, ROOT
from duelkeeper.sim import script

VMSIDE = Path(__file__).with_name("vmside")
SHIMS = Path(__file__).with_name("shims")
RUNTIMES = ("micropython", "cpython")
FLASH = "/flash"  # the storage folder inside the VM
# Device code, as it goes on the flash: /lib/<package>.
PACKAGES = {"firmware": ROOT / "firmware", "boards": ROOT / "boards", "duelcore": CORE}
# Data files that ship as they are, beside the modules that read them: glyphs.bin, the
# Latin fonts' and the icons' glyphs, the languages' catalogs, each a language's words
# and its own script's glyphs, and the licences of the fonts those are drawn from
# (docs/firmware.md, "Drawing"; docs/languages.md).
DATA = ("*.bin", "fonts-licences.txt")


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

    def restart(self) -> None: ...


def _inputs(src: Path) -> list[Path]:
    """A package's files that go into a build: its modules, then its data files."""
    return sorted(src.rglob("*.py")) + _data(src)


def _data(src: Path) -> list[Path]:
    """A package's data files (``DATA``)."""
    return [path for pattern in DATA for path in sorted(src.rglob(pattern))]


def _fingerprint(mpy: bool) -> str:
    digest = hashlib.sha256(b"mpy" if mpy else b"py")
    if mpy:  # a build depends on how it was compiled, not only on what
        digest.update(signature().encode())
    for name, src in sorted(PACKAGES.items()):
        for path in _inputs(src):
            digest.update(f"{name}/{path.relative_to(src).as_posix()}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


# Builds kept in the cache. Several checkouts (worktrees) share it, and a build one of them
# is still serving must outlive the others' new builds.
KEPT_BUILDS = 12


def cached_build(mpy: bool = True) -> Path:
    """``build()`` kept in the user cache, keyed by the sources' contents: a second start
    of the simulator over unchanged code skips mpy-cross."""
    root = Path(platformdirs.user_cache_dir("duelkeeper", appauthor=False)) / "device-build"
    dest = root / _fingerprint(mpy)
    if not (dest / ".done").is_file():
        if root.is_dir():  # keep the latest builds: the code changes, the cache not
            old = sorted(root.iterdir(), key=lambda p: p.stat().st_mtime)
            for stale in old[:-KEPT_BUILDS]:
                shutil.rmtree(stale, ignore_errors=True)
        root.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix="build-", dir=root))
        build(tmp, mpy)
        (tmp / ".done").touch()
        try:
            tmp.rename(dest)
        except OSError:  # another process made the same build meanwhile
            shutil.rmtree(tmp, ignore_errors=True)
    return dest


def build(dest: Path, mpy: bool = True) -> Path:
    """The device code under ``dest``/<package>: .mpy files (mpy-cross) or the sources,
    and the data files (``DATA``) as they are."""
    for name, src in PACKAGES.items():
        out = dest / name
        if out.exists():
            shutil.rmtree(out)
        if mpy:
            compile_tree(src, out)
        for path in _data(src) if mpy else _inputs(src):
            target = out / path.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    return dest


def shipped(code: Path) -> dict[str, Path]:
    """Device path (/lib/<package>/...) -> file, for everything ``build()`` put in ``code``."""
    out = {}
    for name in sorted(PACKAGES):
        for path in sorted((code / name).rglob("*")):
            if path.is_file():
                out["/lib/%s/%s" % (name, path.relative_to(code / name).as_posix())] = path
    return out


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


class Device:
    """The firmware booted on a simulated board over a storage folder.

    ``board`` is a module of boards/ (``sim`` takes ``size`` and ``buttons``; the real
    boards' modules need their hardware and do not open here). ``code`` is a folder made
    by ``build()`` for the MicroPython runtime (by default the cached build of the .mpy
    files, or of the sources with ``source=True``). With ``pad`` (bytes), the VM gets
    duelkeeper.heaplayout's prelude before the firmware boots: the port's Python
    modules that are C on a board, and a pad that shifts the heap layout; ``padded`` is
    then what they hold in the heap, for the heap benchmarks to take off. With ``clock``
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
        pad: int | None = None,
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
        self.pad = pad
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
            if self.pad is not None:
                self.padded = heaplayout.prelude(self._session, self.pad)
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

    def __enter__(self) -> "Device":
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

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
        held &= self._pins
        reply = self.call("_value, _mem = simdev.step(%d, %d)" % (self.now, held))
        self.now += ms
        shown, events, presses, full, partial = reply.value
        frame = reply.mem if shown else None
        if frame is not None:
            self.frame = frame
        self.last = Step(shown, frame, events, presses, full, partial)
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
