"""The CPython framebuf shim draws exactly what MicroPython's framebuf draws.

One script runs in the MicroPython VM (the real framebuf) and here (the shim); the
buffers it prints must be identical, byte for byte.
"""

import contextlib
import io

import pytest
from fwhelp import framebuf, run_vm

SCRIPT = """
import framebuf

def dump(name, buf):
    print(name, ''.join('%02x' % b for b in buf))

def scene(fb, w, h):
    fb.fill(0)
    fb.pixel(0, 0, 1)
    fb.pixel(w - 1, h - 1, 1)
    fb.pixel(-1, 3, 1)
    fb.pixel(w, 3, 1)
    fb.pixel(3, h, 1)
    fb.pixel(5, 5, 7)          # any non-zero colour is ink
    fb.hline(-5, 2, 20, 1)
    fb.hline(w - 4, 9, 50, 1)
    fb.vline(7, -3, 12, 1)
    fb.vline(w - 2, h - 5, 40, 1)
    fb.fill_rect(10, 3, 13, 9, 1)
    fb.fill_rect(12, 5, 4, 3, 0)
    fb.fill_rect(-8, -8, 10, 10, 1)
    fb.fill_rect(w - 3, h - 3, 10, 10, 1)
    fb.fill_rect(30, 4, 0, 5, 1)
    fb.fill_rect(30, 4, 5, -1, 1)
    fb.rect(20, 10, 15, 11, 1)
    fb.rect(24, 12, 5, 5, 1, True)
    fb.rect(-2, -2, 6, 6, 1)
    fb.rect(40, 1, 1, 1, 1)
    for (x1, y1, x2, y2) in ((0, 0, w - 1, h - 1), (w - 1, 0, 0, h - 1), (5, 20, 60, 25),
                             (60, 25, 5, 20), (3, 3, 3, 30), (40, 2, 9, 2), (50, 5, 53, 40),
                             (-10, -10, 30, 50), (20, h + 5, w + 9, -7), (8, 8, 8, 8)):
        fb.line(x1, y1, x2, y2, 1)
    fb.line(0, 10, w - 1, 12, 0)
    print('px', fb.pixel(0, 0), fb.pixel(12, 6), fb.pixel(-1, 0), fb.pixel(0, h),
          fb.pixel(w - 1, h - 1))

FORMATS = ((framebuf.MONO_VLSB, 'vlsb'), (framebuf.MONO_HLSB, 'hlsb'),
           (framebuf.MONO_HMSB, 'hmsb'))
for fmt, name in FORMATS:
    for w, h in ((296, 128), (250, 122), (37, 13), (8, 8)):
        rows = (h + 7) // 8 * w if fmt == framebuf.MONO_VLSB else (w + 7) // 8 * h
        buf = bytearray(rows)
        fb = framebuf.FrameBuffer(buf, w, h, fmt)
        scene(fb, w, h)
        dump('%s%dx%d' % (name, w, h), buf)

# blit: key, clipping, a palette, a source of another format
src_buf = bytearray(3 * 10)
src = framebuf.FrameBuffer(src_buf, 10, 10, framebuf.MONO_HLSB, 24)
src.fill(0)
src.rect(0, 0, 10, 10, 1)
src.line(0, 0, 9, 9, 1)
pal = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
pal.pixel(0, 0, 1)
pal.pixel(1, 0, 0)
dst_buf = bytearray(2 * 40)
dst = framebuf.FrameBuffer(dst_buf, 40, 16, framebuf.MONO_VLSB)
for key in (-1, 0, 1):
    dst.fill(0)
    dst.fill_rect(0, 0, 40, 8, 1)
    dst.blit(src, 2, 3, key)
    dst.blit(src, -4, -5, key)
    dst.blit(src, 35, 12, key)
    dst.blit(src, 40, 0, key)
    dst.blit(src, 12, 2, key, pal)
    dump('blit%d' % key, dst_buf)

# a stride wider than the width
sbuf = bytearray(4 * 20)
sfb = framebuf.FrameBuffer(sbuf, 12, 20, framebuf.MONO_VLSB, 20)
sfb.fill(1)
sfb.fill_rect(2, 2, 5, 12, 0)
dump('stride', sbuf)

try:
    framebuf.FrameBuffer(bytearray(10), 296, 128, framebuf.MONO_VLSB)
    print('small ok')
except ValueError:
    print('small ValueError')
"""


@pytest.fixture(scope="module")
def micropython_output() -> str:
    return run_vm(SCRIPT)


def cpython_output() -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(SCRIPT, "<framebuf script>", "exec"), {"__name__": "script"})
    return out.getvalue()


def test_the_shim_is_the_one_imported() -> None:
    assert "shims" in (framebuf.__file__ or "")


def test_same_bytes_as_micropython(micropython_output: str) -> None:
    mine = cpython_output().splitlines()
    theirs = micropython_output.splitlines()
    assert len(mine) == len(theirs) == 29
    for a, b in zip(mine, theirs, strict=True):
        assert a == b, a.split()[0]
    assert theirs[-1] == "small ValueError"


def test_text_is_refused() -> None:
    fb = framebuf.FrameBuffer(bytearray(8), 8, 8, framebuf.MONO_VLSB)
    with pytest.raises(NotImplementedError):
        fb.text("x", 0, 0, 1)
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(8), 8, 8, 99)
