"""A board (or the simulated one, ``duelkeeper sim --pty``) through mpremote's transport.

mpremote's SerialTransport does the serial and raw-REPL work; this wrapper finds the
board, runs code on it, and turns every transport, serial and device-side failure into
one DeviceError, a DuelkeeperError whose message is one line the user can act on. Sync
and deploy use nothing else to reach the device.
"""

import argparse
import contextlib
import errno
import io
import os
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import serial  # type: ignore[import-untyped]
import serial.tools.list_ports  # type: ignore[import-untyped]
from mpremote.commands import CommandError, do_romfs  # type: ignore[import-untyped]
from mpremote.main import State  # type: ignore[import-untyped]
from mpremote.transport import TransportError, TransportExecError  # type: ignore[import-untyped]
from mpremote.transport_serial import SerialTransport  # type: ignore[import-untyped]

from duelkeeper.closing import Closing
from duelkeeper.errors import DuelkeeperError

PICO_VID = 0x2E8A  # Raspberry Pi's USB vendor id (the Pico, Badger 2040 and friends)
BAUDRATE = 115200  # ignored by USB CDC, but the port wants one
# pyserial's read timeout, seconds. mpremote reads a pseudo-terminal one byte at a time
# and times out only between reads, so without one a silent device would hang us.
READ_TIMEOUT = 2.0
SILENCE = 10.0  # seconds without a byte before a running call counts as lost (as mpremote)
# Seconds for the raw REPL's prompt: mpremote waits for it as long as bytes arrive, and a
# device that talks without end (code left printing, not our firmware) would hold it for ever.
ANSWER = 30.0
# A call's answer ends within CALL_SECONDS and CALL_BYTES, or the call fails: what the
# device sends (lines of garbage without end, slowly or fast) cannot hold a sync. The
# longest answer of ours is a batch of 64 games (under 400 KB) or a raw copy of a
# journal set aside (twice its bytes, as hex).
CALL_SECONDS = 120.0
CALL_BYTES = 4 << 20
_EOF = b"\x04"


class _Line:
    """The port for mpremote, with bytes read ahead put back: ``Device.run`` reads the
    answer in whole chunks and may take the next raw-REPL prompt with the last one."""

    def __init__(self, port: Any) -> None:
        self.port = port
        self.ahead = b""
        self.received = 0  # bytes read off the line, and written to it: the sync benchmark
        self.sent = 0
        self.deadline: float | None = None  # time.monotonic() past which reads fail

    def _in_time(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            self.deadline = None
            raise serial.SerialTimeoutException(
                "no answer within %d s, only output without end: is the device running "
                "code that prints for ever, or not our firmware?" % ANSWER
            )

    def read(self, size: int = 1) -> bytes:
        self._in_time()
        if self.ahead:
            kept, self.ahead = self.ahead[:size], self.ahead[size:]
            return kept
        data: bytes = self.port.read(size)
        self.received += len(data)
        return data

    def write(self, data: bytes) -> int | None:
        self.sent += len(data)
        written: int | None = self.port.write(data)
        return written

    def chunk(self) -> bytes:
        """What has arrived (at least a byte, or nothing after the port's timeout)."""
        return self.read(max(1, len(self.ahead) or self.port.in_waiting))

    def inWaiting(self) -> int:  # noqa: N802 (pyserial's old name, which mpremote calls)
        return len(self.ahead) + int(self.port.in_waiting)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.port, name)


class DeviceError(DuelkeeperError):
    """The device could not be reached, or the code run on it failed."""


def find_port() -> str:
    """The serial port of the one Raspberry Pi Pico plugged in (by USB vendor id)."""
    ports = sorted(p.device for p in serial.tools.list_ports.comports() if p.vid == PICO_VID)
    if not ports:
        raise DeviceError("no Raspberry Pi Pico found on USB: plug one in, or give --port")
    if len(ports) > 1:
        raise DeviceError(
            "%d Picos found (%s): choose one with --port" % (len(ports), ", ".join(ports))
        )
    return str(ports[0])


# What to do about a port the user may not open, by system (README, "On a Pico").
_ACCESS = {
    "linux": "add yourself to the dialout group (`sudo usermod -aG dialout $USER`, then "
    "log out and in) or install a udev rule for the board's USB vendor id 2e8a",
    "darwin": "give your user read and write on it (`ls -l PORT` shows who may)",
    "win32": "Windows lets one program at a time open a COM port (or it is gone): close "
    "the others (a serial monitor, Thonny, mpremote), then again",
}
_BUSY = (
    "another program holds it (a serial monitor, Thonny, mpremote, another duelkeeper, "
    "ModemManager): close it, then again"
)


def why(port: str) -> str:
    """Why ``port`` does not open, in words that name the fix. mpremote says only "failed
    to access" (it drops the error), so the port is opened here once more to learn the
    system's reason: may not (EACCES), held by another program (EBUSY, or the lock
    pyserial takes), or not there (ENOENT). Windows says "access denied" for a COM port
    another program has open, and needs no test."""
    if sys.platform == "win32":
        return _ACCESS["win32"]
    try:
        fd = os.open(port, os.O_RDWR | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        if e.errno in (errno.EACCES, errno.EPERM):
            system = "linux" if sys.platform.startswith("linux") else sys.platform
            fix = _ACCESS["darwin" if system == "darwin" else "linux"]
            return "you may not open it (%s): %s" % (e.strerror, fix.replace("PORT", port))
        if e.errno == errno.EBUSY:
            return _BUSY
        if e.errno == errno.ENOENT:
            return "no such port (unplugged? `duelkeeper sync` without --port finds a Pico)"
        return e.strerror or str(e)
    try:
        import fcntl  # POSIX: pyserial locks the port it opens, exclusively

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except ImportError:  # Windows: opening it is the test
        pass
    except OSError:
        return _BUSY
    finally:
        os.close(fd)
    return "it opens now (was it in use a moment ago?): again"


# The last line of MicroPython's error output: an exception's name, perhaps a message.
_RAISED = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*(Error|Exception|Interrupt|Exit)(:.*)?")


def _raised(text: str) -> bool:
    """Whether ``text``, read as the error output, is an exception the code raised (and
    not the rest of an answer whose end mark came early: a byte garbled on the line)."""
    return bool(_RAISED.fullmatch(_last_line(text)))


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else "no output"


class Device(Closing):
    """One connection to the device's REPL. ``enter()`` stops the app and gives a fresh
    raw REPL; ``run(code)`` returns what the code printed; ``leave()`` restarts the app.
    Use as a context manager: the port is closed whatever happens."""

    silence = SILENCE  # seconds; a caller that knows its device to be slower sets more
    call_seconds = CALL_SECONDS  # the same, for a whole answer

    def __init__(self, port: str | None = None) -> None:
        self.port = port or find_port()
        try:
            self._transport = SerialTransport(self.port, baudrate=BAUDRATE, timeout=READ_TIMEOUT)
        except (TransportError, serial.SerialException, OSError):
            raise DeviceError(
                "%s: cannot open the port: %s" % (self.port, why(self.port))
            ) from None
        self._line = _Line(self._transport.serial)
        self._transport.serial = self._line

    @contextlib.contextmanager
    def _translated(
        self, doing: str, hint: str = "is MicroPython running there?"
    ) -> Iterator[None]:
        """The one place where transport errors become DeviceError (``hint`` follows
        a failure of the raw REPL itself)."""
        quiet = io.StringIO()  # mpremote prints what it read when the raw REPL fails
        try:
            with contextlib.redirect_stdout(quiet):
                yield
        except TransportExecError as e:
            if not _raised(e.error_output):
                raise DeviceError(
                    "%s: the device's answer arrived garbled on the line (its end came early):"
                    " is the cable sound? Try again" % self.port
                ) from None
            raise DeviceError(
                "%s: %s: %s" % (self.port, doing, _last_line(e.error_output)[:200])
            ) from None
        except TransportError as e:
            raise DeviceError("%s: %s: %s (%s)" % (self.port, doing, e, hint)) from None
        except CommandError as e:
            raise DeviceError("%s: %s: %s" % (self.port, doing, e)) from None
        except (serial.SerialException, OSError) as e:
            raise DeviceError("%s: %s: %s" % (self.port, doing, e)) from None

    def enter(self) -> None:
        """Interrupt the app (Ctrl-C) and soft-reset into the raw REPL: the device's heap
        is then free for the work, and main.py does not run."""
        self._line.deadline = time.monotonic() + ANSWER
        try:
            with self._translated("cannot stop the app for the raw REPL"):
                self._transport.enter_raw_repl(soft_reset=True)
        finally:
            self._line.deadline = None

    @property
    def traffic(self) -> tuple[int, int]:
        """Bytes (read from the device, written to it) so far."""
        return self._line.received, self._line.sent

    def run(self, code: str) -> bytes:
        """Run ``code`` in the raw REPL; what it printed (a traceback raises DeviceError).

        The answer is read in whole chunks: mpremote's ``exec`` reads a byte per call,
        which bounds a sync at about 90 KB/s on a pseudo-terminal."""
        with self._translated("the code run there failed"):
            self._transport.exec_raw_no_follow(code)
            out, err = self._follow()
            if err:
                raise TransportExecError(out, err.decode(errors="replace"))
        return out

    def _follow(self) -> tuple[bytes, bytes]:
        """The output and the error output of the call just started."""
        out, err, _ = b"".join(self._arriving()).split(_EOF, 2)
        return out, err

    def _arriving(self) -> Iterator[bytes]:
        """The answer of the call just started, a chunk at a time as it arrives, through
        the second of the two Ctrl-D that end it (the output's, the error output's); bytes
        after them go back to the line."""
        eofs = 0
        heard = began = time.monotonic()
        got = 0
        while True:
            chunk = self._line.chunk()
            got += len(chunk)
            if got > CALL_BYTES or time.monotonic() - began > self.call_seconds:
                raise TransportError(
                    "the answer ran past %d MiB or %d s without its end (not our firmware, "
                    "or a line that garbles)" % (CALL_BYTES >> 20, self.call_seconds)
                )
            if chunk:
                heard = time.monotonic()
                if eofs + chunk.count(_EOF) < 2:
                    eofs += chunk.count(_EOF)
                    yield chunk
                    continue
                end = -1 if eofs else chunk.index(_EOF)
                end = chunk.index(_EOF, end + 1) + 1
                self._line.ahead = chunk[end:] + self._line.ahead
                yield chunk[:end]
                return
            if time.monotonic() - heard > self.silence:
                raise TransportError("timeout waiting for the end of the output")

    def lines(self, code: str) -> list[bytes]:
        """``run(code)`` split into lines, without line ends ("\\n" or the console's "\\r\\n")."""
        return list(self.stream(code))

    def stream(self, code: str) -> Iterator[bytes]:
        """``lines(code)``, each given as soon as it has arrived, so that the caller works
        on one while the device sends the next (sync adds a game to the log meanwhile).
        Left early, the rest of the answer is read and dropped: the next call starts clean."""
        doing = "the code run there failed"
        with self._translated(doing):
            self._transport.exec_raw_no_follow(code)
        arriving = self._arriving()
        held = b""  # a line not yet whole
        err: bytes | None = None  # the error output, once the output has ended
        try:
            while True:
                with self._translated(doing):
                    chunk = next(arriving, None)
                if chunk is None:
                    break
                if err is not None:
                    err += chunk
                    continue
                held += chunk
                if _EOF in held:
                    held, err = held.split(_EOF, 1)
                *whole, held = held.split(b"\n")
                for line in whole:
                    yield line.rstrip(b"\r")
            if held:
                yield held.rstrip(b"\r")
            error = (err or b"").rstrip(_EOF)
            if error:
                with self._translated(doing):
                    raise TransportExecError(b"", error.decode(errors="replace"))
        finally:
            with contextlib.suppress(Exception):
                for _ in arriving:  # what is left of an answer the caller stopped reading
                    pass

    def write_file(self, path: str, data: bytes) -> None:
        """Write a file on the device (mpremote's fs_writefile)."""
        with self._translated("cannot write " + path):
            self._transport.fs_writefile(path, data)

    def write_romfs(self, image: bytes) -> None:
        """Write the ROMFS image ``image`` into the board's ROMFS partition with mpremote's
        ``romfs deploy`` (it erases the blocks the image needs, then writes them in order
        from the first). /rom stays unmounted until the next reset."""
        state = State()
        state.transport = self._transport
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "program.romfs"
            path.write_bytes(image)
            args = argparse.Namespace(command=["deploy"], path=str(path), partition=0, mpy=False)
            with self._translated("cannot write the ROMFS image"):
                do_romfs(state, args)

    def leave(self) -> None:
        """Back to the friendly REPL, and a soft reset there, which starts main.py (the
        app) on a board."""
        with self._translated("cannot restart the app"):
            self._transport.exit_raw_repl()
            self._transport.serial.write(b"\x04")
            self._transport.serial.flush()

    def close(self) -> None:
        transport = self._transport
        with contextlib.suppress(Exception):  # the port may be gone already
            transport.close()
