"""Speaking a language: its catalog opened for canvas.py and firmware/lookup.py, which
firmware/lang.py's words go through while the language is spoken (``lang._at``).

Run at boot (firmware/session.py) and from the language menu, then unloaded: its code
holds no heap while the device is used. The catalog's layout is tools/make_lang.py's.
"""

from . import lang, unload
from .gfx import canvas
from .gfx.font import FILE_SIZE, STRIDE
from .gfx.glyphfile import image, open_glyphs


def use(code: str) -> None:
    """Speak ``code`` (``en``, ``ja``, ``ru``) from now on. A missing or damaged catalog
    is a one-line OSError, and the language spoken before stays."""
    if code not in lang.LANGS:
        raise OSError("no language %r: one of %s" % (code, ", ".join(lang.LANGS)))
    f = open_glyphs(code)
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
    script = None
    if g:  # English has none: the Latin glyphs serve it
        fonts = []
        for stride, height in ((head[7], head[6]), (head[10], head[9])):
            if stride >= STRIDE:
                f.close()
                raise OSError("language file %s: a glyph of %d bytes" % (code, stride))
            fonts.append((at, stride + 1, stride, image(canvas._GLYPH, stride, height)))
            at += g * (stride + 1)
        script = tuple(fonts)
    # canvas.py's glyph file and the language's fonts in it (canvas.py says how)
    old = canvas._FILE
    canvas._FILE = f
    canvas._script = script
    canvas._top = canvas.PRIVATE + g
    unload("firmware.lookup")  # it reads the catalog that was open
    lang._at = None if code == "en" else (slots, mask)  # English: the words are the keys
    lang._lang = code
    old.close()
