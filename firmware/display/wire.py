"""The SPI wire both e-ink controllers speak: a command byte with DC low, data with DC high.

One copy of it for the UC8151 and SSD1680 drivers; the one-byte buffers are allocated
once here, so sending a command allocates nothing.
"""

from micropython import const

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from machine import SPI, Pin


class Wire:
    def __init__(self, spi: "SPI", cs: "Pin", dc: "Pin") -> None:
        self._spi = spi
        self._cs = cs
        self._dc = dc
        self._cmd = bytearray(1)
        self._byte = bytearray(1)

    def _one(self, value: int) -> bytearray:
        self._byte[0] = value
        return self._byte

    def _send(self, command: int, data: "bytes | bytearray | memoryview | None" = None) -> None:
        cs = self._cs
        dc = self._dc
        spi = self._spi
        cs.value(0)
        dc.value(0)
        self._cmd[0] = command
        spi.write(self._cmd)
        if data is not None:
            dc.value(1)
            spi.write(data)
        cs.value(1)
