"""The device's language: its words, looked up on the flash (docs/languages.md).

English is the code's own: ``tr(text)`` returns ``text`` and nothing is loaded. Another
language is a catalog file beside this module (``<code>.lang``, made by
tools/make_lang.py), opened by ``use(code)`` and kept open; each lookup is a binary
search of its sorted English keys, a few reads of the flash, and builds the one string it
returns. Callers translate once, where they build a label or a notice, never per frame.

A catalog's strings are stored with each of their letters outside ASCII replaced by a
character of Unicode's private use area, ``PRIVATE + i`` for the i-th glyph of the
language's fonts in the same file: canvas.py draws such a character with one seek, no
table of code points in the heap, and a letter the fonts lack stops the build, never
shows as a box on the device.
"""

from .words import title

_lang = "en"


def lang() -> str:
    """The language in use: ``en``, ``ja`` or ``ru``."""
    return _lang


def tr(text: str) -> str:
    """``text`` (English, with its ``%`` placeholders) in the device's language."""
    return text


def name(game: str, id: str) -> str:
    """The name of component ``id`` of ``game`` (its record id), as printed on it."""
    return title(id)


def short(game: str, id: str) -> str:
    """The component's hand-chosen short form where it has one, else its name."""
    return name(game, id)
