"""The files the glyphs and the words are read from: opening and checking them, and the
images their records are drawn through.

glyphs.bin (font.py) holds the Latin fonts' and the icons' records, one file every
language shares; a language's catalog (``lang-<code>.bin``, tools/make_lang.py) holds
its words (English's too) and the glyphs of its own script (none in English), with the
stamp of the glyphs.bin it was built with. canvas.py opens glyphs.bin and English's
catalog at boot and keeps both open; firmware/speak.py opens another language's
catalog in place of English's. On a board both lie in the ROMFS, where an open file
costs the heap a few bytes (littlefs would give each a 1.2 KB buffer).
"""

import framebuf
from micropython import const

from .font import FILE_SIZE, LARGE, SMALL, STAMP

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from io import BufferedReader

    from framebuf import FrameBuffer

_CHUNK = const(512)
TABLE = const(16)  # where a catalog's table of records starts, after its header


def path(name: str) -> str:
    """``name`` beside this module (MicroPython sets ``__file__`` to where it loaded the
    .mpy from: /rom on a board, the simulator's folders, the checkout)."""
    cut = max(__file__.rfind("/"), __file__.rfind("\\"))  # a backslash: CPython on Windows
    return __file__[: cut + 1] + name


def open_glyphs(name: str) -> "BufferedReader":
    """File ``name`` beside this module opened and checked: glyphs.bin, ``FILE_SIZE``
    bytes, font.py's STAMP first; or a catalog (``lang-<code>.bin``), font.py's STAMP
    at byte 2 (the glyphs.bin it was built with) and glyph records of the Latin fonts'
    strides, which canvas.py draws them through. Either holds the low 16 bits of the
    CRC-32 of its bytes from the third on in its first two. A file missing, short,
    damaged or from another build is a one-line OSError naming it. (One function for
    both: a function costs the heap at boot.)"""
    latin = name == "glyphs.bin"
    what = "glyph file" if latin else "language file"
    stamp = 0 if latin else 2
    where = path(name)
    try:
        f = open(where, "rb")
    except OSError:
        raise OSError("%s %s is missing: deploy again" % (what, where)) from None
    buf = bytearray(_CHUNK)
    size = f.seek(0, 2)
    f.seek(0)
    f.readinto(buf)
    why = None
    if size < (FILE_SIZE if latin else TABLE):
        why = "is %d bytes" % size
    elif buf[stamp] | buf[stamp + 1] << 8 != STAMP:
        why = "is another build's" if latin else "is for another glyphs.bin"
    elif not latin and (buf[6] or buf[7]) and (buf[9] != SMALL[6] or buf[12] != LARGE[6]):
        why = "has glyphs of another build"  # make_lang.py's header
    else:
        try:
            from binascii import crc32
        except ImportError:  # a build without deflate's: storage.py says so too
            from ..crc import crc32_soft as crc32  # type: ignore[assignment]  # same call, other module

        want = buf[0] | buf[1] << 8
        f.seek(2)
        crc = 0
        while True:
            got = f.readinto(buf)
            if not got:
                break
            crc = crc32(memoryview(buf)[:got], crc)
        if crc & 0xFFFF != want:
            why = "is damaged"
    if why is not None:
        f.close()
        raise OSError("%s %s %s: deploy again" % (what, where, why))
    return f


def image(buf: bytearray, stride: int, height: int) -> "FrameBuffer":
    """A FrameBuffer over the first ``stride`` bytes of ``buf``: a glyph record of a font
    ``height`` rows high, read into ``buf``, is drawn with one blit of it."""
    per = (height + 7) >> 3
    return framebuf.FrameBuffer(memoryview(buf)[:stride], stride // per, height, framebuf.MONO_VLSB)
