"""Shared by the firmware tests: the checkout and the MicroPython shims on sys.path, a
decoder of the fake SPI traffic, and the MicroPython VM with the device packages."""

import sys
from pathlib import Path
from typing import Any

from duelkeeper import mpvm
from duelkeeper.repo import ROOT
from duelkeeper.shims import install

install()
if str(ROOT) not in sys.path:  # firmware/ and boards/ sit at the top of the checkout
    sys.path.insert(0, str(ROOT))

import framebuf  # noqa: E402  (the shims)
import machine  # noqa: E402

__all__ = ("framebuf", "machine")

DEVICE_FILES: dict[str, Path] = {
    "/lib/firmware": ROOT / "firmware",
    "/lib/boards": ROOT / "boards",
}


def transactions(dc: object) -> list[tuple[int, bytes]]:
    """(command, data) pairs from machine.LOG, as the controller reads them: bytes sent
    with the DC pin (id ``dc``) low are commands, with it high the command's data."""
    out: list[tuple[int, bytes]] = []
    level = 0
    for entry in machine.LOG:
        if entry[0] == "pin" and entry[1] == dc:
            level = int(entry[2])  # type: ignore[call-overload]
        elif entry[0] == "spi":
            data = entry[2]
            assert isinstance(data, bytes)
            if level == 0:
                out.extend((b, b"") for b in data)
            else:
                cmd, before = out[-1]
                out[-1] = (cmd, before + data)
    return out


def commands(dc: object) -> list[int]:
    return [c for c, _ in transactions(dc)]


def run_vm(code: str, files: dict[str, Path] | None = None) -> str:
    """Run ``code`` in the MicroPython VM with firmware/ and boards/ under /lib."""
    return mpvm.run(code, {**DEVICE_FILES, **(files or {})})


def booted(root: object) -> Any:
    """The Storage over the folder ``root`` as a boot leaves it: made, then repaired (as
    firmware/session.py's ``boot`` does, once)."""
    from firmware.storage import Storage

    s = Storage(str(root))
    s.repair()
    return s
