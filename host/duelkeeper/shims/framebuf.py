"""MicroPython's ``framebuf`` for CPython, for the monochrome formats the firmware uses.

Frames drawn by the firmware must be byte-identical under MicroPython and CPython (the
simulator's PNGs, the screen tests and the benchmarks compare them), so every method
here follows the semantics of MicroPython's ``extmod/modframebuf.c`` as documented
(https://docs.micropython.org/en/latest/library/framebuf.html): the same clipping, the
same Bresenham walk in ``line``, pixel bits set where ``c != 0``, padding bits of a
partial last page left alone, ``pixel`` answering None off the buffer. The tests in
tests/firmware/test_framebuf_shim.py run one drawing script in the real MicroPython VM
and here and compare the bytes.

Supported: MONO_VLSB, MONO_HLSB, MONO_HMSB; ``fill``, ``pixel``, ``fill_rect``, ``rect``,
``hline``, ``vline``, ``line`` and ``blit`` (with ``key`` and a ``palette``). ``text`` is
refused on purpose: the firmware draws text from its own glyphs (firmware/gfx/font.py),
because MicroPython's built-in 8x8 font does not exist here.
"""

MONO_VLSB = 0
MONO_HLSB = 3
MONO_HMSB = 4

# bytes.translate tables, made on first use: (mask, colour) -> each byte with mask set/cleared.
_TABLES: dict[tuple[int, int], bytes] = {}


def _table(mask: int, c: int) -> bytes:
    table = _TABLES.get((mask, c))
    if table is None:
        if c:
            table = bytes(b | mask for b in range(256))
        else:
            table = bytes(b & ~mask & 0xFF for b in range(256))
        _TABLES[(mask, c)] = table
    return table


class FrameBuffer:
    def __init__(
        self,
        buffer: bytearray | memoryview,
        width: int,
        height: int,
        format: int,
        stride: int | None = None,
    ) -> None:
        if format not in (MONO_VLSB, MONO_HLSB, MONO_HMSB):
            raise ValueError("invalid format")
        if width < 1 or height < 1:
            raise ValueError("invalid size")
        self._buf = memoryview(buffer).cast("B")
        self._w = width
        self._h = height
        self._format = format
        stride = width if stride is None else stride
        if format == MONO_VLSB:
            self._stride = stride  # bytes from one page (8 rows) to the next
            needed = stride * ((height + 7) >> 3)
        else:
            self._stride = (stride + 7) & ~7  # pixels per row, rounded to whole bytes
            needed = (self._stride >> 3) * height
        if len(self._buf) < needed:
            raise ValueError("buffer too small")

    # -- one pixel ---------------------------------------------------------------------

    def _index(self, x: int, y: int) -> tuple[int, int]:
        if self._format == MONO_VLSB:
            return (y >> 3) * self._stride + x, 1 << (y & 7)
        index = (x + y * self._stride) >> 3
        if self._format == MONO_HLSB:
            return index, 0x80 >> (x & 7)
        return index, 1 << (x & 7)

    def _get(self, x: int, y: int) -> int:
        index, mask = self._index(x, y)
        return 1 if self._buf[index] & mask else 0

    def _set(self, x: int, y: int, c: int) -> None:
        index, mask = self._index(x, y)
        if c:
            self._buf[index] |= mask
        else:
            self._buf[index] &= ~mask & 0xFF

    def pixel(self, x: int, y: int, c: int | None = None) -> int | None:
        if not (0 <= x < self._w and 0 <= y < self._h):
            return None
        if c is None:
            return self._get(x, y)
        self._set(x, y, c)
        return None

    # -- rectangles --------------------------------------------------------------------

    def _fill_rect(self, x: int, y: int, w: int, h: int, c: int) -> None:
        """Fill the rectangle already clipped to the buffer."""
        buf = self._buf
        if self._format == MONO_VLSB:
            c = 1 if c else 0
            row = y
            while row < y + h:
                page = row >> 3
                top = row & 7
                rows = min(8 - top, y + h - row)
                mask = ((1 << rows) - 1) << top
                start = page * self._stride + x
                buf[start : start + w] = bytes(buf[start : start + w]).translate(_table(mask, c))
                row += rows
            return
        xs = list(range(x, x + w))
        for yy in range(y, y + h):
            self._put(xs, yy, c)

    def fill_rect(self, x: int, y: int, w: int, h: int, c: int) -> None:
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._h or x >= self._w:
            return
        xend = min(self._w, x + w)
        yend = min(self._h, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._fill_rect(x, y, xend - x, yend - y, c)

    def fill(self, c: int) -> None:
        self._fill_rect(0, 0, self._w, self._h, c)

    def hline(self, x: int, y: int, w: int, c: int) -> None:
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x: int, y: int, h: int, c: int) -> None:
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x: int, y: int, w: int, h: int, c: int, f: bool | int = False) -> None:
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    # -- lines -------------------------------------------------------------------------

    def line(self, x1: int, y1: int, x2: int, y2: int, c: int) -> None:
        # MicroPython's walk: step along the major axis, the end point drawn last.
        dx = x2 - x1
        sx = 1
        if dx <= 0:
            dx = -dx
            sx = -1
        dy = y2 - y1
        sy = 1
        if dy <= 0:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                if 0 <= y1 < self._w and 0 <= x1 < self._h:
                    self._set(y1, x1, c)
            elif 0 <= x1 < self._w and 0 <= y1 < self._h:
                self._set(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < self._w and 0 <= y2 < self._h:
            self._set(x2, y2, c)

    # -- copies ------------------------------------------------------------------------

    def blit(
        self,
        fbuf: "FrameBuffer",
        x: int,
        y: int,
        key: int = -1,
        palette: "FrameBuffer | None" = None,
    ) -> None:
        src_w = fbuf._w
        src_h = fbuf._h
        if x >= self._w or y >= self._h or -x >= src_w or -y >= src_h:
            return
        key &= 0xFFFFFFFF  # MicroPython compares the colour with (uint32_t)key
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self._w, x + src_w)
        y0end = min(self._h, y + src_h)
        # Each source colour through the palette, asked once and only for a colour met;
        # then the pixels of that colour a row at a time (the pixels the key leaves out
        # are never touched, as in MicroPython)
        colours: dict[int, int] = {}
        n = x0end - x0
        while y0 < y0end:
            row = fbuf._row(x1, y1, n)
            for bit in (0, 1):
                if bit not in row:
                    continue
                col = colours.get(bit)
                if col is None:
                    col = bit if palette is None else palette._get(bit, 0)
                    colours[bit] = col
                if col != key:
                    self._put([x0 + i for i, b in enumerate(row) if b == bit], y0, col)
            y0 += 1
            y1 += 1

    def _put(self, xs: list[int], y: int, c: int) -> None:
        """Pixels ``xs`` of row ``y`` (all on the buffer) set to colour ``c``."""
        buf = self._buf
        if self._format == MONO_VLSB:
            base = (y >> 3) * self._stride
            mask = 1 << (y & 7)
            if c:
                for x in xs:
                    buf[base + x] |= mask
            else:
                mask = ~mask & 0xFF
                for x in xs:
                    buf[base + x] &= mask
            return
        row = y * self._stride
        hlsb = self._format == MONO_HLSB
        for x in xs:
            index = (row + x) >> 3
            mask = 0x80 >> (x & 7) if hlsb else 1 << (x & 7)
            if c:
                buf[index] |= mask
            else:
                buf[index] &= ~mask & 0xFF

    def _row(self, x: int, y: int, n: int) -> list[int]:
        """The colours of ``n`` pixels of row ``y`` from ``x`` (all on the buffer): the
        pixels a blit reads, a row at a time instead of a pixel at a time."""
        buf = self._buf
        if self._format == MONO_VLSB:
            base = (y >> 3) * self._stride
            shift = y & 7
            return [(b >> shift) & 1 for b in buf[base + x : base + x + n]]
        row = y * self._stride
        if self._format == MONO_HLSB:
            return [(buf[(row + i) >> 3] >> (7 - (i & 7))) & 1 for i in range(x, x + n)]
        return [(buf[(row + i) >> 3] >> (i & 7)) & 1 for i in range(x, x + n)]

    def text(self, s: str, x: int, y: int, c: int = 1) -> None:
        raise NotImplementedError("draw text with firmware.gfx: frames must match MicroPython")
