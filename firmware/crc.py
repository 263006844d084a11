"""CRC-32 in Python, for MicroPython builds without ``binascii.crc32``.

The storage checksums every journal entry and archive file with the zip CRC-32; stock
rp2 firmware computes it in C (binascii), and firmware/flash.py imports this module
only where that is missing, so its table costs heap only there.
"""

# CRC-32 (the zip polynomial) a nibble at a time: a 16-entry table.
_NIBBLE = (
    0x00000000, 0x1DB71064, 0x3B6E20C8, 0x26D930AC, 0x76DC4190, 0x6B6B51F4, 0x4DB26158,
    0x5005713C, 0xEDB88320, 0xF00F9344, 0xD6D6A3E8, 0xCB61B38C, 0x9B64C2B0, 0x86D3D2D4,
    0xA00AE278, 0xBDBDF21C,
)  # fmt: skip


def crc32_soft(data: "bytes | bytearray | memoryview", crc: int = 0) -> int:
    """CRC-32 as zlib and binascii compute it."""
    crc ^= 0xFFFFFFFF
    for b in data:
        crc ^= b
        crc = crc >> 4 ^ _NIBBLE[crc & 15]
        crc = crc >> 4 ^ _NIBBLE[crc & 15]
    return crc ^ 0xFFFFFFFF
