"""Speaking a language: its catalog opened for canvas.py and firmware/lookup.py
(docs/languages.md)."""

from . import lang, lookup
from .gfx import canvas
from .gfx.font import FILE_SIZE, LARGE, SMALL
from .gfx.glyphfile import open_glyphs, path


def use(code: str) -> None:
    """Speak ``code`` (``en``, ``ja``, ``ru``) from now on: its catalog opened for
    canvas.py and firmware/lookup.py, which firmware/lang.py's words go through. A
    missing or damaged catalog is a one-line OSError, and the language spoken before
    stays."""
    if code not in lang.LANGS:
        raise OSError("no language %r: one of %s" % (code, ", ".join(lang.LANGS)))
    f = open_glyphs(code)
    head = bytearray(18)
    f.seek(FILE_SIZE)
    f.readinto(head)
    n = head[2] | head[3] << 8
    g = head[4] | head[5] << 8
    f.seek(FILE_SIZE + 14 + 4 * n)  # the table of records' last
    f.readinto(memoryview(head)[14:])
    at = head[14] | head[15] << 8 | head[16] << 16 | head[17] << 24  # the records' end
    if g and (head[7], head[10]) != (SMALL[6], LARGE[6]):  # drawn as the Latin glyphs are
        f.close()
        where = path("lang-%s.bin" % code)
        raise OSError("language file %s has glyphs of another build: deploy again" % where)
    # canvas.py's glyph file and the language's fonts in it (canvas.py says how)
    old = canvas._FILE
    canvas._FILE = f
    canvas._glyphs = g
    canvas._small = at
    lookup.opened()  # the catalog's hash table
    # Where a name's letters in the language's script lie (make_lang.py ``script``): the
    # record's key itself where there is none (English)
    runs = lookup.tr("script:ranges")
    canvas._script = () if runs == "script:ranges" else tuple([int(x) for x in runs.split()])
    lang._lang = code
    old.close()
