"""Speaking a language: its catalog opened for firmware/lang.py and canvas.py.

Run at boot (firmware/session.py) and from the language menu, then unloaded: its code
holds no heap while the device is used. The catalog's layout is tools/make_lang.py's.
"""

from . import lang
from .gfx import canvas
from .gfx.font import FILE_SIZE
from .gfx.glyphfile import open_glyphs


def use(code: str) -> None:
    """Speak ``code`` (``en``, ``ja``, ``ru``) from now on. A missing or damaged catalog
    is a one-line OSError, and the language spoken before stays."""
    if code not in lang.LANGS:
        raise OSError("no language %r: one of %s" % (code, ", ".join(lang.LANGS)))
    if code == "en":
        f = open_glyphs()
        small = large = None
        table = slots = mask = 0
    else:
        f = open_glyphs("lang-%s.bin" % code)
        head = bytearray(18)
        f.seek(FILE_SIZE)
        f.readinto(head)
        n = head[2] | head[3] << 8
        g = head[4] | head[5] << 8
        mask = (head[12] | head[13] << 8) - 1
        table = FILE_SIZE + 14
        slots = table + 4 * (n + 1)
        f.seek(table + 4 * n)
        f.readinto(memoryview(head)[14:])
        at = head[14] | head[15] << 8 | head[16] << 16 | head[17] << 24  # the records' end
        small = (at, head[7], head[6])
        large = (at + g * (head[7] + 1), head[10], head[9])
    old = canvas.script(f, small, large)
    lang.speak(code, None if code == "en" else f, table, slots, mask)
    old.close()
