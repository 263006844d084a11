"""UF2 files for the RP2040, and where duelkeeper's base firmware puts things in flash.

The base firmware (rp2-base/, built by tools/build_firmware.sh) is one MicroPython build
for every board; its flash layout, offsets from the start of the 2 MiB flash at
0x10000000 (rp2-base/DUELKEEPER_PICO/mpconfigboard.h; docs/rp2.md, "The firmware"):

- 0x000000: the firmware, at most 312 KiB;
- 0x04E000: the ROMFS partition, 328 KiB: the program, mounted at /rom;
- 0x0A0000: littlefs, 1408 KiB (352 blocks of 4096 B): stock MicroPython's own place and
  size, so a board that ran stock keeps its games.

A UF2 file is 512-byte blocks, each carrying up to 476 bytes for a flash address
(github.com/microsoft/uf2). The RP2040's boot ROM takes 256-byte payloads only and
erases a sector per 16 block numbers (duelkeeper.bootrom has its rules), so ``encode``
writes whole sectors: block ``n`` lies in the sector of the group ``n // 16``.
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
BLOCK = 512  # bytes of a UF2 block
PAGE = 256  # bytes of flash a block carries: the only payload the boot ROM takes
SECTOR = 4096  # bytes of flash one erase clears

BASE_DIR = ROOT / "rp2-base"
BASE = BASE_DIR / "duelkeeper-base.uf2"
PROVENANCE = BASE_DIR / "PROVENANCE"

MAGIC = (0x0A324655, 0x9E5D5157)
MAGIC_END = 0x0AB16F30
FLAG_FAMILY = 0x2000
HEADER = struct.Struct("<8I")  # magic0, magic1, flags, address, size, number, count, family


def magic_ok(block: bytes) -> bool:
    """Whether the 512-byte ``block`` has UF2's three magic numbers."""
    return HEADER.unpack_from(block)[:2] == MAGIC and block[508:512] == struct.pack("<I", MAGIC_END)


def blocks(data: bytes, name: str) -> list[tuple[int, bytes]]:
    """(flash offset, bytes) of each block in the UF2 file ``data`` (called ``name`` in
    the one-line error a damaged file gets)."""
    if not data or len(data) % BLOCK:
        raise DuelkeeperError(f"UF2 {name}: {len(data)} bytes, not whole 512-byte blocks")
    out = []
    count = len(data) // BLOCK
    for n in range(count):
        block = data[n * BLOCK : (n + 1) * BLOCK]
        _, _, _flags, addr, size, index, total, _family = HEADER.unpack_from(block)
        if not magic_ok(block):
            raise DuelkeeperError(f"UF2 {name}: block {n} has no UF2 magic (damaged file)")
        if size > 476 or index != n or total != count:
            raise DuelkeeperError(f"UF2 {name}: block {n} of {count} is out of place (damaged)")
        if addr < FLASH_BASE or addr + size > FLASH_BASE + FLASH_SIZE:
            raise DuelkeeperError(f"UF2 {name}: block {n} lies outside the 2 MiB flash")
        out.append((addr - FLASH_BASE, block[32 : 32 + size]))
    return out


def encode(pieces: list[tuple[int, bytes]]) -> bytes:
    """A UF2 file writing each (flash offset, bytes) piece: every 4 KB sector a piece
    touches, whole, in 16 blocks of 256 bytes, the rest of the sector 0xFF (what its
    erase leaves), so each group of 16 block numbers is one sector, as the boot ROM
    erases them. Pieces must not share a byte."""
    sectors: dict[int, bytearray] = {}
    reached = 0
    for offset, data in sorted(pieces):
        if offset < reached:
            raise ValueError("UF2 pieces overlap at 0x%X" % offset)
        reached = offset + len(data)
        for at in range(offset - offset % SECTOR, reached, SECTOR):
            sector = sectors.setdefault(at, bytearray(b"\xff" * SECTOR))
            start, end = max(at, offset), min(at + SECTOR, reached)
            sector[start - at : end - at] = data[start - offset : end - offset]
    count = len(sectors) * (SECTOR // PAGE)
    out = bytearray()
    for at in sorted(sectors):
        for page in range(0, SECTOR, PAGE):
            header = HEADER.pack(
                *MAGIC,
                FLAG_FAMILY,
                FLASH_BASE + at + page,
                PAGE,
                len(out) // BLOCK,
                count,
                FAMILY_RP2040,
            )
            out += header + sectors[at][page : page + PAGE].ljust(476, b"\0")
            out += struct.pack("<I", MAGIC_END)
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
