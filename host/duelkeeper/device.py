"""A board (or the simulated one, ``duelkeeper sim --pty``) through mpremote's transport.

mpremote's SerialTransport does the serial and raw-REPL work; this wrapper finds the
board, runs code on it, and turns every transport, serial and device-side failure into
one DeviceError, a DuelkeeperError whose message is one line the user can act on. Sync
and deploy use nothing else to reach the device.
"""

import contextlib
import io
from collections.abc import Iterator
from types import TracebackType

import serial  # type: ignore[import-untyped]
import serial.tools.list_ports  # type: ignore[import-untyped]
from mpremote.transport import TransportError, TransportExecError  # type: ignore[import-untyped]
from mpremote.transport_serial import SerialTransport  # type: ignore[import-untyped]

from duelkeeper.errors import DuelkeeperError

PICO_VID = 0x2E8A  # Raspberry Pi's USB vendor id (the Pico, Badger 2040 and friends)
BAUDRATE = 115200  # ignored by USB CDC, but the port wants one
# pyserial's read timeout, seconds. mpremote reads a pseudo-terminal one byte at a time
# and times out only between reads, so without one a silent device would hang us.
READ_TIMEOUT = 2.0


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


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else "no output"


class Device:
    """One connection to the device's REPL. ``enter()`` stops the app and gives a fresh
    raw REPL; ``run(code)`` returns what the code printed; ``leave()`` restarts the app.
    Use as a context manager: the port is closed whatever happens."""

    def __init__(self, port: str | None = None) -> None:
        self.port = port or find_port()
        with self._translated("cannot open the port", "missing, or in use by another program"):
            self._transport = SerialTransport(self.port, baudrate=BAUDRATE, timeout=READ_TIMEOUT)

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
            raise DeviceError(
                "%s: %s: %s" % (self.port, doing, _last_line(e.error_output))
            ) from None
        except TransportError as e:
            raise DeviceError("%s: %s: %s (%s)" % (self.port, doing, e, hint)) from None
        except (serial.SerialException, OSError) as e:
            raise DeviceError("%s: %s: %s" % (self.port, doing, e)) from None

    def enter(self) -> None:
        """Interrupt the app (Ctrl-C) and soft-reset into the raw REPL: the device's heap
        is then free for the work, and main.py does not run."""
        with self._translated("cannot stop the app for the raw REPL"):
            self._transport.enter_raw_repl(soft_reset=True)

    def run(self, code: str) -> bytes:
        """Run ``code`` in the raw REPL; what it printed (a traceback raises DeviceError)."""
        with self._translated("the code run there failed"):
            out: bytes = self._transport.exec(code)
        return out

    def lines(self, code: str) -> list[bytes]:
        """``run(code)`` split into lines, without line ends ("\\n" or the console's "\\r\\n")."""
        return self.run(code).splitlines()

    def write_file(self, path: str, data: bytes) -> None:
        """Write a file on the device (mpremote's fs_writefile)."""
        with self._translated("cannot write " + path):
            self._transport.fs_writefile(path, data)

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

    def __enter__(self) -> "Device":
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
