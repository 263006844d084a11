"""The simulator's device on the emulated RP2040 (``duelkeeper sim --target rp2``).

``Rp2Device`` has the surface of ``duelkeeper.sim.device.Device`` that the simulator's
front end uses (``step``, ``last``, ``frame``, ``geometry``, ``restart``), so the terminal,
button scripts and screenshots work unchanged; but the frame is what the panel model
shows after a completed refresh, decoded from the bytes the firmware sent on SPI, not the
firmware's framebuffer. The flash is ``STORAGE/flash.img``; the board's UF2 of the
current program is dropped on it at every start (``flashimage.install``), keeping the
games.

What the app holds (its Match, its press count) cannot be read from outside a real
board without stopping it, so ``last.events`` is -1 and ``last.presses`` counts the
gestures sent.
"""

from collections.abc import Callable
from pathlib import Path

from duelkeeper import romfs
from duelkeeper.closing import Closing
from duelkeeper.rp2 import flashimage
from duelkeeper.rp2.board import BoardError, EmulatedBoard
from duelkeeper.rp2.wiring import BOARDS, letters
from duelkeeper.sim.device import Geometry, Step

IMAGE = "flash.img"
SETTLE_MS = 5000  # after a script: time for the last refresh (a full one takes seconds)
QUIET_MS = 60  # `settle`: this long with the core idle and the panel done
BOOT_LIMIT_MS = 15000  # `boot`: a board that shows nothing by then is broken


class Rp2Device(Closing):
    runtime = "rp2"  # what the terminal's status line names (the simulator's: its runtime)
    settle_ms = SETTLE_MS

    def __init__(self, storage: Path, board: str, install: bool = True) -> None:
        storage.mkdir(parents=True, exist_ok=True)
        self.storage = storage
        self.image = storage / IMAGE
        self.board_name = board
        self.buttons = letters(BOARDS[board])
        if install:
            flashimage.install(self.image, romfs.files(), board)
        self.geometry = Geometry(296, 128)
        self.board = EmulatedBoard(self.image, board)
        self.last = Step(0, None, -1, 0, 0, 0)
        self.frame: bytes | None = None
        self._presses = 0
        self._held = 0
        self._full = 0
        self._partial = 0

    def boot(self, limit_ms: int = BOOT_LIMIT_MS) -> int:
        """Run until the first refresh completes; its emulated time (ms). A board that
        shows nothing within ``limit_ms`` is an error naming its last output."""
        while self.board.t_us < limit_ms * 1000:
            if self.step(0, 10).shown:
                return self.board.t_us // 1000
        said = self.board.read_serial().decode("utf-8", "replace").strip().splitlines()
        last = " | ".join(said[-3:]) if said else "nothing on its USB serial"
        raise BoardError(f"the emulated {self.board_name} showed no frame in {limit_ms} ms: {last}")

    def step(self, held: int, ms: int = 10) -> Step:
        """``ms`` pass with ``held`` buttons down; a refresh completed meanwhile is shown."""
        if self._held and not held:
            self._presses += 1
        self._held = held
        report = self.board.play([(held, ms)])
        shown, frame = 0, None
        for refresh in report.refreshes:
            shown = max(shown, 2 if refresh.full else 1)
            frame = self.frame = refresh.frame
            if refresh.full:
                self._full += 1
            else:
                self._partial += 1
        self.last = Step(shown, frame, -1, self._presses, self._full, self._partial)
        return self.last

    def steps(
        self, helds: "list[int]", ms: int = 10, each: "Callable[[Rp2Device], None] | None" = None
    ) -> Step:
        """``step`` for each mask, ``each`` called after every one (the simulator's
        Device.steps, whose calls are dear; here a tick is one)."""
        for held in helds:
            self.step(held, ms)
            if each is not None:
                each(self)
        return self.last

    def settle(self, limit_ms: int = 20000) -> int:
        """Run until the app is idle: the panel not refreshing and the core asleep (the
        app's loop waits 10 ms a tick) for QUIET_MS. Returns the emulated ms it took."""
        start = self.board.t_us
        quiet = 0
        cpu = self.board.run(0).cpu_us
        while quiet < QUIET_MS:
            report = self.board.run(10)
            for refresh in report.refreshes:
                self.frame = refresh.frame
                self._full += refresh.full
                self._partial += not refresh.full
            busy_cpu = report.cpu_us - cpu > 3000  # more than the loop's bare tick
            cpu = report.cpu_us
            quiet = 0 if report.busy or busy_cpu or report.refreshes else quiet + 10
            if (report.t_us - start) // 1000 > limit_ms:
                break
        return (self.board.t_us - start) // 1000

    def restart(self) -> None:
        """A power cycle: the chip starts again over the same flash."""
        self.board.cut()
        self.frame = None

    def close(self) -> None:
        self.board.close()
