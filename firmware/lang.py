"""The device's language: its words (docs/languages.md).

English is the code's own: ``tr(text)`` returns ``text``, ``name`` writes a component's
id as a title, and nothing else is loaded. Another language is a catalog file
(``gfx/lang-<code>.bin``, made by tools/make_lang.py, which describes it) that
firmware/catalog.py opens, and firmware/lookup.py reads its words: that module is loaded
only to build a screen or a notice in such a language. Callers translate once, where
they build a label or a notice, never per frame.

A catalog's strings hold each of their letters outside ASCII as the character
``canvas.PRIVATE + i`` for glyph i of the language's fonts in the same file: canvas.py
draws it with one seek and no table of code points in the heap, and a letter the fonts
lack stops the build instead of showing as a box on the device.
"""

from .words import title

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from typing import Any

LANGS = ("en", "ja", "ru")

# Both set by firmware/catalog.py when the language changes.
_lang = "en"
_at: "tuple | None" = None  # the catalog's (table, slots, mask); None in English


def lang() -> str:
    """The language spoken: ``en``, ``ja`` or ``ru``."""
    return _lang


def _words() -> "Any":
    """firmware/lookup.py: imported when a word is first looked up, kept while a screen
    is built, unloaded by App._trim after (its code holds no heap between screens)."""
    return __import__("firmware.lookup", None, None, ("tr",))


def tr(text: str) -> str:
    """``text`` (English, with its ``%`` placeholders) in the device's language."""
    return text if _at is None else _words().tr(text)


def name(game: str, id: str) -> str:
    """The name of component ``id`` of ``game`` (the record's words), as printed on it;
    a word that is no component (an argument's key) is written as English writes ids."""
    return title(id) if _at is None else _words().component(game, id, False)


def short(game: str, id: str) -> str:
    """The component's hand-chosen short form where it has one, else its name."""
    return title(id) if _at is None else _words().component(game, id, True)
