"""The names players see for the games' components, in English, Japanese and Russian.

Records stay language-free: they hold the cores' canonical ids (``lumber-yard``), and a
name is looked up only where text is shown. The names live in one table per game and
language, ``<lang>.tsv`` in the game's package (duelkeeper.games; package data, so an
editable install and a wheel both find them), read as one table per language:
``id<TAB>name<TAB>short<TAB>source``, a header line, ``#`` comments.
Russian's has a fifth column, ``acc``: the name's accusative where it differs from the
name, for the device's notices (``A строит Арену``: firmware/lang.py's ``thing``);
Japanese's ``reading``: the name in kana where a list is sorted by it (make_lang.py).
An id is ``<game>:<id>`` because the games share ids that mean different things
(``7wd:academy`` is a building, ``antike-duellum:academy`` an event card).

English needs no full table: an id written as a title is its name (``Lumber Yard``), and
``en.tsv`` holds only the names a title gets wrong. Japanese and Russian have no such
fallback: an id missing from their tables is a KeyError, which tests/host/test_names.py
turns into a failing test for every component of every game (docs/languages.md).
"""

import functools
from importlib import resources
from typing import Any, NamedTuple

from duelcore.games import GAMES
from duelkeeper import games

LANGS = ("en", "ja", "ru")
SHORT_OVER = 10  # a name longer than this has a short form for narrow places


_EXTRA: tuple[list[str], ...] = ([], ["acc"], ["reading"])  # a table's columns after the four


class Name(NamedTuple):
    name: str
    short: str  # "" when the name is short enough
    source: str  # 000:L<n> (a rule text's line), edition or own
    acc: str = ""  # the accusative where it differs (Russian's table only)
    reading: str = ""  # the name in kana, for sorting (Japanese's table only)


@functools.cache
def components(game: str) -> tuple[str, ...]:
    """Every component id of ``game`` a player may see named, from the cores' own lists
    (its package's ``components``)."""
    if game not in GAMES:
        raise KeyError(game)
    return tuple(dict.fromkeys(games.of(game).components()))


def _parse(text: str, where: str) -> dict[str, Name]:
    rows: dict[str, Name] = {}
    header = 0  # the header's columns, once read
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if not header:
            extra = cells[4:]
            if cells[:4] != ["id", "name", "short", "source"] or extra not in _EXTRA:
                raise ValueError("%s line %d: the header line is missing" % (where, n))
            header = len(cells)
            continue
        if len(cells) != header:
            raise ValueError("%s line %d: %d tab-separated columns expected" % (where, n, header))
        key = cells[0]
        if key in rows:
            raise ValueError("%s line %d: %s again" % (where, n, key))
        row = Name(*cells[1:4])
        rows[key] = row._replace(**dict(zip(extra, cells[4:], strict=True))) if extra else row
    return rows


def table_file(game: str, lang: str) -> str:
    """``game``'s table of ``lang``, as a path in duelkeeper ("games/splendor/en.tsv")."""
    return "%s/%s.tsv" % (games.package(game).partition(".")[2].replace(".", "/"), lang)


@functools.cache
def table(lang: str) -> dict[str, Name]:
    """The rows of ``lang``'s tables, by id (ValueError for a malformed table, or one
    naming another game's component)."""
    if lang not in LANGS:
        raise KeyError(lang)
    rows: dict[str, Name] = {}
    for game in GAMES:
        file = table_file(game, lang)
        path = resources.files("duelkeeper").joinpath(*file.split("/"))
        if path.is_file():  # English's: only where a title is not the name
            own = _parse(path.read_text(encoding="utf-8"), file)
            stray = [key for key in own if key.partition(":")[0] != game]
            if stray:
                raise ValueError("%s: %s is not %s's" % (file, stray[0], game))
            rows.update(own)
    return rows


def title(word: str) -> str:
    """An id as English writes it: ``statue-of-zeus`` -> ``Statue of Zeus`` (as the
    device's firmware/words.py does)."""
    parts = word.replace("_", "-").split("-")
    return " ".join(
        p if i and p in ("of", "the", "and") else p[:1].upper() + p[1:] for i, p in enumerate(parts)
    )


def entry(key: str, lang: str) -> Name:
    """The row of ``key`` (``game:id``); English falls back on the id as a title."""
    rows = table(lang)
    if key in rows:
        return rows[key]
    if lang == "en":
        return Name(title(key.partition(":")[2]), "", "id")
    game = key.partition(":")[0]
    found = table_file(game, lang) if game in GAMES else "a game's %s.tsv" % lang
    raise KeyError("no %s name for %s (host/duelkeeper/%s)" % (lang, key, found))


def name(key: str, lang: str) -> str:
    """The name of ``key`` (``7wd:lumber-yard``) in ``lang``."""
    return entry(key, lang).name


def short(key: str, lang: str) -> str:
    """The short form of ``key``'s name, or the name when it is short enough."""
    row = entry(key, lang)
    return row.short or row.name


class Words:
    """One game's words as shown in one language, for the host's text (show, report).

    English shows the record's ids unchanged, as the host always has (scripts read that
    output). Another language shows a component id as its name; every other word (a
    verb's argument key, a Splendor card id, a number) stays as the record has it.
    """

    def __init__(self, game: str, lang: str) -> None:
        self.game = game
        self.lang = lang
        self._ids = frozenset(components(game)) if lang != "en" else frozenset()

    def word(self, word: str) -> str:
        return name("%s:%s" % (self.game, word), self.lang) if word in self._ids else word

    def value(self, data: Any) -> Any:
        """``data`` (an event argument) with component ids named, keys and values alike."""
        if isinstance(data, str):
            return self.word(data)
        if isinstance(data, list):
            return [self.value(v) for v in data]
        if isinstance(data, dict):
            return {
                self.word(k) if isinstance(k, str) else k: self.value(v) for k, v in data.items()
            }
        return data
