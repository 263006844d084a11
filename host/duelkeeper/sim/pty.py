"""The simulated device on a pseudo-terminal: ``duelkeeper sim --pty``.

The MicroPython VM's REPL (host/duelkeeper/mpvm/repl.mjs) is served on a new pty, whose
path is printed as the first line of output; mpremote, pyserial and ``duelkeeper sync``
or ``deploy`` open that path exactly as they would a board's USB serial port. The storage
folder is the whole flash (it is the VM's "/", as a board's flash is), so
``firmware.sync``'s default root finds the games the simulator's firmware archived there.
The firmware's code comes from the simulator's build, outside the flash, unless a deploy
put its own in the flash's /lib (which then comes first, as on a board).

The app does not run on this device: it stays at the REPL, as a board does after the PC
interrupted it. Ctrl-D soft-resets it (a new VM over the same flash).
"""

import os
import select
import signal
import subprocess
import sys
import tty
from pathlib import Path
from types import FrameType
from typing import TextIO

from duelkeeper.closing import Closing
from duelkeeper.errors import DuelkeeperError
from duelkeeper.mpvm import RUNNER, VMError
from duelkeeper.program import PACKAGES, cached_build
from duelkeeper.repo import NODE_MODULES

BRIDGE = RUNNER.with_name("repl.mjs")
CODE = "/rom/lib"  # the simulator's device code in the VM: not on the flash
MACHINE = RUNNER.with_name("ptylib") / "machine.py"
READY_TIMEOUT = 30.0  # seconds for Node and the VM to start


def command(storage: Path, code: Path, ready_fd: int | None = None) -> list[str]:
    """The Node command line that serves the VM's REPL on its stdin and stdout."""
    extra = ["--flash", str(storage), "--path", CODE]
    if ready_fd is not None:
        extra += ["--ready-fd", str(ready_fd)]
    if not (NODE_MODULES / "@micropython" / "micropython-webassembly-pyscript").is_dir():
        raise VMError(f"no MicroPython VM in {NODE_MODULES}: run `make node_modules`")
    for name in PACKAGES:
        extra += ["--copy", f"{code / name}={CODE}/{name}"]
    extra += ["--copy", f"{MACHINE}={CODE}/machine.py"]  # the board's RTC
    return ["node", str(BRIDGE), *extra]


class PtyDevice(Closing):
    """The bridge process serving the VM's REPL on a new pseudo-terminal (``path``)."""

    def __init__(self, storage: Path, source: bool = False) -> None:
        storage.mkdir(parents=True, exist_ok=True)
        code = cached_build(mpy=not source)
        master, slave = os.openpty()
        # Bytes pass as a USB CDC port passes them: no echo, no CR/LF translation. This
        # process keeps the slave side open, so the line stays up between clients.
        tty.setraw(slave)
        self._master, self._slave = master, slave
        self.path = os.ttyname(slave)
        ready_r, ready_w = os.pipe()
        try:
            self._proc: subprocess.Popen[bytes] | None = subprocess.Popen(
                command(storage, code, ready_w),
                stdin=master,
                stdout=master,
                pass_fds=(ready_w,),
            )
        except FileNotFoundError:
            self._close_fds()
            raise VMError("node is not on PATH (Node 20 runs the MicroPython VM)") from None
        finally:
            os.close(ready_w)
        try:
            ok, _, _ = select.select([ready_r], [], [], READY_TIMEOUT)
            said = os.read(ready_r, 64) if ok else b""
        finally:
            os.close(ready_r)
        if said != b"ready\n":
            self.close()
            raise DuelkeeperError("the simulated device did not start (see the messages above)")

    def wait(self) -> int:
        """Serve until the bridge ends (this process is interrupted or terminated)."""
        assert self._proc is not None
        return self._proc.wait()

    def power_cut(self) -> None:
        """Pull the cable: the bridge dies at once (the flash keeps what it had written)
        and the pty goes away, as a board's port does."""
        if self._proc is not None:
            self._proc.kill()
            self._proc.wait()
            self._proc = None
        self._close_fds()

    def close(self) -> None:
        proc = self._proc
        if proc is not None:
            self._proc = None
            if proc.poll() is None:
                proc.terminate()  # the bridge writes the flash back and exits
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        self._close_fds()

    def _close_fds(self) -> None:
        for fd in (self._master, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass
        self._master = self._slave = -1


def _stop(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(0)


def serve(storage: Path, source: bool = False, out: TextIO = sys.stdout) -> int:
    """`duelkeeper sim --pty`: print the pty's path, then serve until interrupted."""
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        with PtyDevice(storage, source) as device:
            print(device.path, file=out, flush=True)
            try:
                device.wait()
            except KeyboardInterrupt:
                pass
    finally:
        signal.signal(signal.SIGTERM, previous)
    return 0
