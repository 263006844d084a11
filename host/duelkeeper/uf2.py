"""UF2 files for the RP2040, and where duelkeeper's base firmware puts things in flash.

The base firmware (rp2-base/, built by tools/build_firmware.sh) is one MicroPython build
for every board; its flash layout, offsets from the start of the 2 MiB flash at
0x10000000 (rp2-base/DUELKEEPER_PICO/mpconfigboard.h; docs/rp2.md, "The firmware"):

- 0x000000: the firmware, at most 312 KiB;
- 0x04E000: the ROMFS partition, 328 KiB: the program, mounted at /rom;
- 0x0A0000: littlefs, 1408 KiB (352 blocks of 4096 B): stock MicroPython's own place and
  size, so a board that ran stock keeps its games.

A UF2 file is 512-byte blocks, each carrying up to 476 bytes for a flash address
(github.com/microsoft/uf2); the RP2040's boot ROM writes each block where it says.
"""

import struct
from pathlib import Path

from duelkeeper.errors import DuelkeeperError
from duelkeeper.repo import ROOT

FLASH_BASE = 0x10000000
FLASH_SIZE = 2 * 1024 * 1024
FIRMWARE_MAX = 312 * 1024
ROMFS_OFFSET = 0x4E000
ROMFS_SIZE = 328 * 1024
FS_OFFSET = 0xA0000
FS_SIZE = 1408 * 1024
FAMILY_RP2040 = 0xE48BFF56

BASE_DIR = ROOT / "rp2-base"
BASE = BASE_DIR / "duelkeeper-base.uf2"
PROVENANCE = BASE_DIR / "PROVENANCE"

_MAGIC = (0x0A324655, 0x9E5D5157)
_MAGIC_END = 0x0AB16F30
_FLAG_FAMILY = 0x2000
_HEADER = struct.Struct("<8I")
_PAYLOAD = 256  # bytes of flash a block carries, as the RP2040's tools write them


def blocks(data: bytes, name: str) -> list[tuple[int, bytes]]:
    """(flash offset, bytes) of each block in the UF2 file ``data`` (called ``name`` in
    the one-line error a damaged file gets)."""
    if not data or len(data) % 512:
        raise DuelkeeperError(f"UF2 {name}: {len(data)} bytes, not whole 512-byte blocks")
    out = []
    count = len(data) // 512
    for n in range(count):
        block = data[n * 512 : (n + 1) * 512]
        magic0, magic1, _flags, addr, size, index, total, _family = _HEADER.unpack_from(block)
        end = struct.unpack_from("<I", block, 508)[0]
        if (magic0, magic1, end) != (*_MAGIC, _MAGIC_END):
            raise DuelkeeperError(f"UF2 {name}: block {n} has no UF2 magic (damaged file)")
        if size > 476 or index != n or total != count:
            raise DuelkeeperError(f"UF2 {name}: block {n} of {count} is out of place (damaged)")
        if addr < FLASH_BASE or addr + size > FLASH_BASE + FLASH_SIZE:
            raise DuelkeeperError(f"UF2 {name}: block {n} lies outside the 2 MiB flash")
        out.append((addr - FLASH_BASE, block[32 : 32 + size]))
    return out


def encode(pieces: list[tuple[int, bytes]]) -> bytes:
    """A UF2 file writing each (flash offset, bytes) piece, in blocks of 256 bytes."""
    chunks = [
        (offset + at, data[at : at + _PAYLOAD])
        for offset, data in pieces
        for at in range(0, len(data), _PAYLOAD)
    ]
    out = bytearray()
    for n, (offset, chunk) in enumerate(chunks):
        header = _HEADER.pack(
            *_MAGIC, _FLAG_FAMILY, FLASH_BASE + offset, len(chunk), n, len(chunks), FAMILY_RP2040
        )
        out += header + chunk.ljust(476, b"\0") + struct.pack("<I", _MAGIC_END)
    return bytes(out)


def base_blocks(path: Path = BASE) -> list[tuple[int, bytes]]:
    """The base firmware's blocks; each must lie below the ROMFS partition."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise DuelkeeperError(f"UF2 {path}: {err.strerror or err}") from None
    out = blocks(data, str(path))
    for offset, chunk in out:
        if offset + len(chunk) > ROMFS_OFFSET:
            raise DuelkeeperError(f"UF2 {path}: firmware reaches into the ROMFS partition")
    return out
