"""Speaking a language: its catalog opened for canvas.py and firmware/lookup.py
(docs/languages.md)."""

from . import lang, lookup
from .gfx import canvas
from .gfx.glyphfile import TABLE, open_glyphs


def use(code: str) -> None:
    """Speak ``code`` (``en``, ``ja``, ``ru``) from now on: its catalog opened for
    canvas.py and firmware/lookup.py, which firmware/lang.py's words go through. A
    missing or damaged catalog, or one built for another glyphs.bin
    (glyphfile.open_glyphs), is a one-line OSError, and the language spoken before
    stays."""
    if code not in lang.LANGS:
        raise OSError("no language %r: one of %s" % (code, ", ".join(lang.LANGS)))
    f = lookup._english if code == "en" else open_glyphs("lang-%s.bin" % code)  # see lookup
    head = bytearray(4)
    f.seek(4)
    f.readinto(head)
    n = head[0] | head[1] << 8
    g = head[2] | head[3] << 8
    f.seek(TABLE + 4 * n)  # the table of records' last: where the records end
    f.readinto(head)
    # canvas.py's catalog and the language's fonts in it (canvas.py says how)
    old = canvas._FILE
    canvas._FILE = f
    canvas._glyphs = g
    canvas._small = head[0] | head[1] << 8 | head[2] << 16 | head[3] << 24
    # Where a name's letters in the language's script lie (make_lang.py ``script``): the
    # record's key itself where there is none (English)
    runs = lookup.tr("script:ranges")
    canvas._script = () if runs == "script:ranges" else tuple([int(x) for x in runs.split()])
    lang._lang = code
    if old is not lookup._english:
        old.close()
