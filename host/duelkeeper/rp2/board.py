"""An emulated Pico on the real rp2 firmware, driven from Python.

``EmulatedBoard`` starts ``board.mjs`` under Node: rp2040js with the RP2040's boot ROM
(in ../shared/rp2, or ``DUELKEEPER_RP2``) over a flash file holding the project's own
MicroPython build (rp2-base/, ``flashimage``), its USB CDC served on a new
pseudo-terminal (``path``) where mpremote and ``duelkeeper sync`` or
``deploy`` find it as a plugged-in Pico. Emulated time passes only inside ``run``,
``play`` and while ``free_run`` is on, so a test is exactly repeatable; rp2040js is not
cycle-exact, so emulated milliseconds are not a real Pico's.
"""

import base64
import json
import os
import subprocess
import tty
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from duelkeeper.closing import Closing
from duelkeeper.errors import DuelkeeperError
from duelkeeper.repo import NODE_MODULES, ROOT
from duelkeeper.rp2 import flashimage
from duelkeeper.rp2.wiring import BOARDS, Wiring
from duelkeeper.uf2 import ROMFS_OFFSET

RUNNER = Path(__file__).with_name("board.mjs")
BOOTROM_NAME = "bootrom-rp2040-B1.bin"


def firmware_dir() -> Path:
    """Where the boot ROM is: ``DUELKEEPER_RP2``, else ../shared/rp2."""
    return Path(os.environ.get("DUELKEEPER_RP2") or ROOT.parent / "shared" / "rp2")


def firmware_missing() -> str | None:
    """Why the emulated board cannot start here (the boot ROM is not in
    ``firmware_dir()``), or None when it is there."""
    here = firmware_dir()
    if (here / BOOTROM_NAME).is_file():
        return None
    return f"{here} has no {BOOTROM_NAME}"


class Refresh(NamedTuple):
    """A refresh the panel completed: ``frame`` is the screen as the user reads it, in the
    firmware's buffer layout (MONO_VLSB, 1 = black), so it compares with the simulator's."""

    full: bool
    t_us: int
    frame: bytes


class Report(NamedTuple):
    t_us: int  # emulated time since the last power-on
    refreshes: list[Refresh]
    flash_ops: int  # erase and program operations since the last power-on
    cut: bool  # the power was cut (and the chip started again)
    cpu_us: int  # emulated time the core spent running (not waiting) since power-on
    spi_bytes: int  # bytes sent on SPI since power-on
    busy: bool  # the panel is refreshing
    off: bool = False  # a latched board on cells with nothing holding its power
    latch_us: int = -1  # when the power latch rose after the last power-on, or -1
    frame_us: int = -1  # when the first frame's data began after the last power-on, or -1
    power: "Power | None" = None  # time in each power state, kept across power-ons


class Power(NamedTuple):
    """Emulated time in each power state since the runner started, in microseconds, and
    counts (host/duelkeeper/rp2/board.mjs: the states as the chip's registers tell)."""

    run: float  # executing instructions, at 125 MHz
    wait: float  # WFE/WFI with the system PLL on (time.sleep_ms)
    sleep: float  # WFI with the system PLL stopped (machine.lightsleep)
    off: float  # a latched board with its power let go
    panel: float  # the panel refreshing (its BUSY level), at any of the above
    wakeups: int  # the core resumed after waiting
    instructions: int

    def since(self, before: "Power") -> "Power":
        """What passed between ``before`` and this."""
        return Power(
            self.run - before.run,
            self.wait - before.wait,
            self.sleep - before.sleep,
            self.off - before.off,
            self.panel - before.panel,
            self.wakeups - before.wakeups,
            self.instructions - before.instructions,
        )


class BoardError(DuelkeeperError):
    """The emulated board could not start or stopped answering; the message says why."""


def user_view(native: bytes, width: int, height: int, mounting: str) -> bytes:
    """The panel's native image (``width`` sources x ``height`` gates, a byte a pixel,
    1 = black) turned as mounted, packed as the firmware's MONO_VLSB buffer."""
    w, h = (height, width)  # landscape: the gates run across
    out = bytearray(w * ((h + 7) // 8))
    for gate in range(height):
        row = native[gate * width : (gate + 1) * width]
        for src in range(width):
            if row[src]:
                if mounting == "cw":  # native (src, gate) -> user (x, y)
                    x, y = height - 1 - gate, src
                else:
                    x, y = gate, width - 1 - src
                out[(y >> 3) * w + x] |= 1 << (y & 7)
    return bytes(out)


class EmulatedBoard(Closing):
    """One emulated Pico, wired as ``board`` (wiring.BOARDS), over the flash file ``flash``
    (a Pico with the base firmware alone when missing); ``uf2``, when given, is dropped
    on that flash first, as a user installs one in BOOTSEL mode."""

    def __init__(
        self,
        flash: Path,
        board: str = "pico_inky_pack",
        uf2: Path | None = None,
        bootrom: Path | None = None,
        panel_options: dict[str, int] | None = None,
    ) -> None:
        if board not in BOARDS:
            raise BoardError(f"no emulated wiring for board {board!r}: one of {', '.join(BOARDS)}")
        if not (NODE_MODULES / "rp2040js").is_dir():
            raise BoardError(f"rp2040js is not in {NODE_MODULES}: run `make node_modules`")
        self.board = board
        self.wiring: Wiring = BOARDS[board]
        self.flash = flash
        if uf2 is not None:
            flashimage.drop(flash, uf2.read_bytes(), str(uf2))
        elif not flash.exists():
            flashimage.blank(flash)
        elif flash.stat().st_size != flashimage.SIZE:
            flash.write_bytes(flashimage.load(flash))  # an older checkout's: refused if not
        here = firmware_dir()
        wiring = self.wiring._asdict()
        wiring["panelOptions"] = panel_options or {}
        master, slave = os.openpty()
        tty.setraw(slave)  # bytes pass as over USB CDC: no echo, no CR/LF translation
        self._master, self._slave = master, slave
        self.path = os.ttyname(slave)
        self._proc: subprocess.Popen[bytes] | None = subprocess.Popen(
            [
                "node",
                str(RUNNER),
                "--bootrom",
                str(bootrom or here / BOOTROM_NAME),
                "--flash",
                str(flash),
                "--usb-fd",
                str(master),
                "--wiring",
                json.dumps(wiring),
                "--writable",
                str(ROMFS_OFFSET),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            pass_fds=(master,),
            cwd=ROOT,
        )
        first = self._reply()
        if not first.get("ready"):
            self.close()
            raise BoardError(str(first.get("fatal") or first))
        self.t_us = 0

    # -- the control line ---------------------------------------------------------------

    def _reply(self) -> dict[str, Any]:
        assert self._proc is not None and self._proc.stdout is not None
        line = self._proc.stdout.readline()
        if not line:
            code = self._proc.wait()
            raise BoardError(f"the emulated board stopped (exit {code})")
        reply: dict[str, Any] = json.loads(line)
        if "fatal" in reply:
            raise BoardError(str(reply["fatal"]))
        if "error" in reply:
            raise BoardError(f"emulated board: {reply['error']}")
        return reply

    def _ask(self, op: str, **args: Any) -> dict[str, Any]:
        if self._proc is None or self._proc.stdin is None:
            raise BoardError("the emulated board is closed")
        self._proc.stdin.write((json.dumps({"op": op, **args}) + "\n").encode())
        self._proc.stdin.flush()
        return self._reply()

    def _report(self, reply: dict[str, Any]) -> Report:
        self.t_us = int(reply["t"])
        w, h = self.wiring_geometry
        refreshes = [
            Refresh(kind == "full", t, user_view(base64.b64decode(img), w, h, self.wiring.mounting))
            for kind, t, img in reply["refreshes"]
        ]
        return Report(
            self.t_us,
            refreshes,
            int(reply["flashOps"]),
            bool(reply["cut"]),
            int(reply["cpuUs"]),
            int(reply["spiBytes"]),
            bool(reply["busy"]),
            bool(reply["off"]),
            int(reply["latchUs"]),
            int(reply["frameUs"]),
            _power(reply["power"]),
        )

    @property
    def wiring_geometry(self) -> tuple[int, int]:
        """The panel's native width (sources) and height (gate lines)."""
        return (128, 296)

    # -- time, buttons, power -------------------------------------------------------------

    def run(self, ms: float) -> Report:
        """Let ``ms`` emulated milliseconds pass with the buttons as they are."""
        return self._report(self._ask("run", ms=ms))

    def play(self, steps: Iterable[tuple[int, float]]) -> Report:
        """Each (buttons held mask, ms) in turn: the masks use script.BUTTONS' bits."""
        return self._report(self._ask("play", steps=[[m, ms] for m, ms in steps]))

    def power(self, usb: bool | None = None, battery_mv: int | None = None) -> Report:
        """USB plugged in or not (VBUS, and a host on the USB line from the next power-on)
        and the cells' voltage, from now on."""
        said = {"usb": usb, "batteryMv": battery_mv}
        return self._report(self._ask("power", **{k: v for k, v in said.items() if v is not None}))

    def hold(self, mask: int) -> None:
        self._report(self._ask("hold", mask=mask))

    def cut(self, flash_op: int | None = None, part: float = 0.5) -> Report:
        """Cut the power now (``flash_op`` None), or arm a cut inside the flash operation
        ``flash_op`` counted from now (0: the next), with ``part`` of it done."""
        if flash_op is None:
            return self._report(self._ask("cut"))
        return self._report(self._ask("cut", flashOp=flash_op, part=part))

    def flash_log(self) -> list[tuple[str, int, int]]:
        """The flash operations since power-on, in order: ("erase" or "program", offset
        in the flash, bytes)."""
        reply = self._ask("flashlog")
        self._report(reply)
        return [(str(kind), int(at), int(n)) for kind, at, n in reply["log"]]

    def free_run(self, on: bool) -> None:
        """On: emulated time runs by itself (for a host talking over the pty), never
        ahead of the wall clock: a chip that waits for the host sleeps, not spins."""
        self._report(self._ask("freerun", on=on))

    def panel(self) -> dict[str, Any]:
        """The panel model now: size, refresh counters, protocol errors, and ``frame``
        (what it shows, as the user reads it)."""
        reply = self._ask("panel")
        self._report(reply)
        state: dict[str, Any] = reply["panel"]
        native = base64.b64decode(state.pop("image"))
        state["frame"] = user_view(native, state["width"], state["height"], self.wiring.mounting)
        return state

    def wait(self) -> int:
        """Until the runner ends (it runs by itself once ``free_run`` is on)."""
        assert self._proc is not None
        return self._proc.wait()

    # -- the USB serial line ----------------------------------------------------------------

    def read_serial(self) -> bytes:
        """What the device sent over USB and nobody read yet."""
        out = b""
        while True:
            import select

            ready, _, _ = select.select([self._slave], [], [], 0)
            if not ready:
                return out
            out += os.read(self._slave, 65536)

    def write_serial(self, data: bytes) -> None:
        """Bytes from the host, queued before anything asked after this call runs (a
        client on the pty, such as mpremote, is served as its bytes arrive)."""
        self._report(self._ask("usb", data=base64.b64encode(data).decode()))

    # -- closing --------------------------------------------------------------------------

    def close(self) -> None:
        proc = self._proc
        if proc is not None:
            self._proc = None
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            for stream in (proc.stdin, proc.stdout):
                if stream is not None:
                    stream.close()
        for fd in (self._master, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass
        self._master = self._slave = -1


def steps_of(masks: Sequence[int], tick_ms: int) -> list[tuple[int, float]]:
    """Button masks a tick each, merged into runs of the same mask."""
    out: list[tuple[int, float]] = []
    for mask in masks:
        if out and out[-1][0] == mask:
            out[-1] = (mask, out[-1][1] + tick_ms)
        else:
            out.append((mask, tick_ms))
    return out


def _power(said: dict[str, float]) -> Power:
    """The runner's power counters (nanoseconds) in microseconds."""
    return Power(
        said["run"] / 1000,
        said["wait"] / 1000,
        said["sleep"] / 1000,
        said["off"] / 1000,
        said["panel"] / 1000,
        int(said["wakeups"]),
        int(said["instructions"]),
    )
