"""The device's language: its words (docs/languages.md).

A word is written in the sources as its English text, ``tr("Score so far")``: English
returns it as it is (the string is a name the firmware holds, so it costs no heap);
another language reads it from its catalog on the flash (``gfx/lang-<code>.bin``, made
by tools/make_lang.py, which describes it; firmware/speak.py opens it, firmware/lookup.py
reads it). Callers translate once, where they build a label or a notice, never per
frame. ``name`` writes a component's id as a title in English, and reads its name from
the catalog in another language.

A catalog's strings hold each of their letters outside ASCII as the character
``canvas.PRIVATE + i`` for glyph i of the language's fonts in the same file: canvas.py
draws it with one seek and no table of code points in the heap, and a letter the fonts
lack stops the build instead of showing as a box on the device.
"""

from . import lookup
from .words import title

LANGS = ("en", "ja", "ru")

_lang = "en"  # set by firmware/speak.py when the language changes


def lang() -> str:
    """The language spoken: ``en``, ``ja`` or ``ru``."""
    return _lang


def tr(text: str) -> str:
    """``text`` (English, with its ``%`` placeholders) in the device's language."""
    return text if _lang == "en" else lookup.tr(text)


# Marks a word that a table keeps for ``tr()`` later, so that the check of the catalogs
# (tests/firmware/test_lang.py) finds it as it finds tr's (``str`` costs no function).
word = str


def letters() -> "str | None":
    """The letters a name is spelled with in the language, beyond the Latin ones: its
    capitals, a new line, their small forms (and for Japanese a new line and each row's
    first letter), from the catalog (tools/make_lang.py ``script``); None in English."""
    if _lang == "en":
        return None
    got = lookup.tr("script:letters")
    return None if got == "script:letters" else got


def name(game: str, id: str) -> str:
    """The name of component ``id`` of ``game`` (the record's words), as printed on it;
    a word that is no component (an argument's key) is written as English writes ids."""
    return title(id) if _lang == "en" else lookup.component(game, id)


def seat(who: str) -> str:
    """A seat's name as shown: one nobody named (``Player 1``, ``Player 2``, as the
    settings and the records keep it, in English, in either seat after a swap) in the
    device's language, any other as it is."""
    return tr("Player %d") % int(who[7]) if who == "Player 1" or who == "Player 2" else who


def thing(game: str, id: str) -> str:
    """A component's name as a verb's object, in the case that takes: Russian's
    accusative (``А строит Арену``), the name itself in English and Japanese."""
    return title(id) if _lang == "en" else lookup.accusative(game, id)


def collate(game: str, ids: list, at: int = -1) -> list:
    """``ids`` in the order the language sorts their names (the catalogs keep each one's
    place, tools/make_lang.py ``collation``); English's lists are in its order already.
    ``at``: ``ids`` are events, each sorted by its argument ``at``, in the order given
    where they name the same (MicroPython's sort is not stable: the index decides)."""
    if _lang == "en":
        return ids
    keyed = [(lookup.rank(game, x if at < 0 else x[at]), i) for i, x in enumerate(ids)]
    keyed.sort()
    return [ids[i] for _, i in keyed]


def plural(n: int) -> int:
    """Which of a counted word's forms goes with ``n``: Russian's one, few or many (1, 21
    монета; 2 to 4, 22 монеты; 5 to 20, 25 монет), English's one or other; the
    catalogs' Japanese has one form, the first."""
    if _lang != "ru":
        return 0 if n == 1 else 1
    if n % 10 == 1 and n % 100 != 11:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


def count(n: int, text: str, sign: bool = False) -> str:
    """``n`` things in words: ``text`` is a word's forms, ``|`` between them, each with its
    ``%d`` (``"%d coin|%d coins"``); the language's form for ``n`` (``plural``);
    ``sign``: ``+1 coin``, ``-2 coins``, as a correction says."""
    return counted(n, tr(text), sign)


def counted(n: int, forms: str, sign: bool = False) -> str:
    """As ``count``, with ``forms`` in the language already (one of a few words read
    together: screens/pick7.py's resources)."""
    got = forms.split("|")
    form = got[min(plural(abs(n)), len(got) - 1)]
    return (form.replace("%d", "%+d") if sign else form) % n


def row(game: str, id: str) -> "str | int":
    """The component's hand-chosen short form where it has one, else its name, for a
    list's row. In another language than English, where it lies in the catalog (an int,
    firmware/lookup.py's ``place``): canvas.py draws it from the flash, so that a list
    of a whole age's cards keeps no string of them in the heap (docs/languages.md)."""
    return title(id) if _lang == "en" else lookup.place(game, id)
