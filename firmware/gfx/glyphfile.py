"""The file the glyphs are read from, the language's catalog: opening it and checking
it, and the images its records are drawn through.

A catalog (``lang-<code>.bin``, tools/make_lang.py) begins with glyphs.bin's bytes, so
canvas.py reads the Latin glyphs and the icons at the same places from any, and one file
is open whichever language is spoken (an open file costs the rp2 port 1.2 KB of heap).
Its own part follows, from ``FILE_SIZE`` on, with a checksum of its own: the language's
words (English's too) and glyphs. canvas.py opens English's at boot; firmware/speak.py
another language's.
"""

import framebuf
from micropython import const

from .font import FILE_SIZE, STAMP

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from io import BufferedReader

    from framebuf import FrameBuffer

_CHUNK = const(512)


def path(name: str) -> str:
    """``name`` beside this module (MicroPython sets ``__file__`` to where it loaded the
    .mpy from: /lib on a board, the simulator's folders, the checkout)."""
    cut = max(__file__.rfind("/"), __file__.rfind("\\"))  # a backslash: CPython on Windows
    return __file__[: cut + 1] + name


def open_glyphs(code: str) -> "BufferedReader":
    """The catalog of language ``code`` opened and checked against font.py's FILE_SIZE and
    STAMP and its own checksum. A file missing, short or from another build is a one-line
    OSError naming it."""
    where = path("lang-%s.bin" % code)
    try:
        f = open(where, "rb")
    except OSError:
        raise OSError("language file %s is missing: deploy again" % where) from None
    buf = bytearray(_CHUNK)
    size = f.seek(0, 2)
    f.seek(0)
    f.readinto(buf)
    why = None
    if size <= FILE_SIZE + 2:
        why = "%d bytes" % size
    elif buf[0] | buf[1] << 8 != STAMP:
        why = "another build's"
    else:
        try:
            from binascii import crc32
        except ImportError:  # a build without deflate's: storage.py says so too
            from ..crc import crc32_soft as crc32  # type: ignore[assignment]

        f.seek(FILE_SIZE)
        f.readinto(buf)
        want = buf[0] | buf[1] << 8
        f.seek(FILE_SIZE + 2)
        crc = 0
        while True:
            got = f.readinto(buf)
            if not got:
                break
            crc = crc32(memoryview(buf)[:got], crc)
        if crc & 0xFFFF != want:
            why = "damaged"
    if why is not None:
        f.close()
        raise OSError("language file %s is %s: deploy again" % (where, why))
    return f


def image(buf: bytearray, stride: int, height: int) -> "FrameBuffer":
    """A FrameBuffer over the first ``stride`` bytes of ``buf``: a glyph record of a font
    ``height`` rows high, read into ``buf``, is drawn with one blit of it."""
    per = (height + 7) >> 3
    return framebuf.FrameBuffer(memoryview(buf)[:stride], stride // per, height, framebuf.MONO_VLSB)
