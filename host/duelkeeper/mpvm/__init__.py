"""MicroPython in a subprocess: the WebAssembly VM under Node (run.mjs beside this file).

The tests, the bench and the simulator run device code through it. Every call starts a
fresh VM, so runs share no heap and no modules; a start costs a few hundred milliseconds,
so batch work into one call rather than one call per case.

``Session`` keeps one VM alive for many top-level calls (the simulator drives the
firmware one ``app.tick()`` per call; the GC of this VM only reclaims between calls).
"""

import base64
import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any, NamedTuple

from duelkeeper.closing import Closing
from duelkeeper.errors import DuelkeeperError
from duelkeeper.repo import NODE_MODULES

RUNNER = Path(__file__).with_name("run.mjs")
# Modules that run inside the VM (and under CPython too), copied to /lib as needed.
VMLIB = Path(__file__).with_name("vmlib")
_PACKAGE = NODE_MODULES / "@micropython" / "micropython-webassembly-pyscript"


class VMError(DuelkeeperError):
    """The VM could not run the code; the message carries MicroPython's traceback."""


def _node_args(
    files: Mapping[str, Path] | None, heapsize: int | None, extra: list[str]
) -> list[str]:
    if not _PACKAGE.is_dir():
        raise VMError(f"no MicroPython VM in {NODE_MODULES}: run `make node_modules`")
    args = ["node", str(RUNNER)] + extra
    if heapsize is not None:
        args += ["--heap", str(heapsize)]
    for vm_path, host in (files or {}).items():
        args += ["--copy", f"{host}={vm_path}"]
    return args


def run(
    code: str,
    files: Mapping[str, Path] | None = None,
    heapsize: int | None = None,
    timeout: float = 600,
) -> str:
    """Run ``code`` in a fresh VM and return what it printed.

    ``files`` maps VM paths to host files or folders copied there first; a folder put
    under /lib (on the VM's sys.path) is importable, as .py sources or .mpy files.
    ``heapsize`` is the initial heap only: the VM grows it on demand. The VM collects
    garbage only between top-level calls; code that needs collected-heap figures leaves
    a generator in the global ``vm_steps`` (see run.mjs). What the VM wrote to stderr
    without failing (warnings) is passed on to this process's stderr.
    """
    args = _node_args(files, heapsize, []) + ["-"]
    try:
        proc = subprocess.run(
            args, input=code, capture_output=True, encoding="utf-8", timeout=timeout
        )
    except FileNotFoundError:
        raise VMError("node is not on PATH (Node 20 runs the MicroPython VM)") from None
    if proc.returncode:
        raise VMError(f"MicroPython failed (exit {proc.returncode}):\n{proc.stderr.rstrip()}")
    sys.stderr.write(proc.stderr)
    return proc.stdout


class Reply(NamedTuple):
    """What one call into a Session gave back."""

    out: str  # what the code printed
    value: Any  # the global ``_value`` after the call (JSON text, parsed), or None
    mem: bytes | None  # the VM memory named by the global ``_mem = "address length"``
    wrote: list[str]  # mirrored files written back to the host folder in this call
    removed: list[str]  # mirrored files deleted from the host folder in this call


class Session(Closing):
    """One VM kept alive across calls (``node run.mjs --serve``); use as a context manager.

    ``call(code)`` runs ``code`` at the VM's top level and returns a Reply; an uncaught
    Python exception raises VMError with MicroPython's traceback, and the VM stays usable.
    ``mirror`` is ``(vm_folder, host_folder)``: the host folder is loaded into the VM's
    RAM filesystem at start, and every file that changed there is written back after
    each call (the simulator's flash).
    """

    def __init__(
        self,
        files: Mapping[str, Path] | None = None,
        heapsize: int | None = None,
        mirror: tuple[str, Path] | None = None,
    ) -> None:
        extra = ["--serve"]
        if mirror is not None:
            extra += ["--mirror", f"{mirror[0]}={mirror[1]}"]
        args = _node_args(files, heapsize, extra)
        try:
            self._proc: subprocess.Popen[str] | None = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                encoding="utf-8",
                bufsize=1,
            )
        except FileNotFoundError:
            raise VMError("node is not on PATH (Node 20 runs the MicroPython VM)") from None

    def call(self, code: str) -> Reply:
        proc = self._proc
        if proc is None:
            raise VMError("the MicroPython session is closed")
        stdin: IO[str] = proc.stdin  # type: ignore[assignment]
        stdout: IO[str] = proc.stdout  # type: ignore[assignment]
        try:
            stdin.write(json.dumps({"code": code}) + "\n")
            stdin.flush()
        except BrokenPipeError:
            pass
        line = stdout.readline()
        if not line:
            self.close()
            raise VMError("the MicroPython VM stopped")
        reply = json.loads(line)
        if not reply["ok"]:
            raise VMError(f"MicroPython failed:\n{reply['error']}\n{reply['out']}".rstrip())
        mem = reply.get("mem")
        return Reply(
            reply["out"],
            reply.get("value"),
            None if mem is None else base64.b64decode(mem),
            reply.get("wrote", []),
            reply.get("removed", []),
        )

    def close(self) -> None:
        proc = self._proc
        if proc is None:
            return
        self._proc = None
        if proc.stdin is not None:
            proc.stdin.close()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        err = proc.stderr.read() if proc.stderr is not None else ""
        if proc.stderr is not None:
            proc.stderr.close()
        if proc.stdout is not None:
            proc.stdout.close()
        if err.strip():
            sys.stderr.write(err)
