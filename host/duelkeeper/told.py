"""Events told as the device tells them, for ``show`` and the report's timelines.

The words are the device's own code, not a copy: each game's tracking screen's
``describe()`` (firmware/games/<core>/track.py, found through firmware/gamelist.py's
``tracking``; firmware/notices.py and the games' words behind them), run here under
CPython with the MicroPython shims (duelkeeper.shims), as the simulator runs it.
So a Splendor card is ``Red II 2* privilege`` and an Antike move ``Ann moved 6 steps:
1 marble``, as on the device's status line, never ``2r3`` or ``rondel Ann 6 {}``.

The device reads another language's words from its catalog file, whose letters are its
fonts' glyph numbers (firmware/lookup.py); here they are read from the tables that
catalog is made from (lang/device.tsv, and the components' names through
duelkeeper.names), by a stand-in for firmware/lookup.py set on firmware/lang.py while a
record is told (``speaking``).
"""

import contextlib
import functools
import sys
from collections.abc import Iterator
from importlib import resources
from types import SimpleNamespace
from typing import Any

from duelcore import Match
from duelkeeper import names
from duelkeeper.repo import ROOT


@functools.cache
def _screen(game: str) -> Any:
    """The tracking screen's class of ``game``, imported as the simulator imports it."""
    from duelkeeper.shims import install

    install()
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from firmware.gamelist import tracking

    return tracking(game)


@functools.cache
def device_words(lang: str) -> dict[str, str]:
    """The device's own words in ``lang`` (lang/device.tsv: en, ja, ru, note), by their
    English."""
    text = (resources.files("duelkeeper") / "lang" / "device.tsv").read_text(encoding="utf-8")
    rows = [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]
    column = rows[0].index(lang)
    return {row[0]: row[column] for row in rows[1:]}


class _Catalog:
    """firmware/lookup.py's answers in ``lang``, from the host's tables."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def tr(self, text: str) -> str:
        return device_words(self.lang).get(text, text)

    def component(self, game: str, id: str) -> str:
        key = "%s:%s" % (game, id)
        return names.name(key, self.lang) if key in names.table(self.lang) else names.title(id)

    def accusative(self, game: str, id: str) -> str:
        row = names.table(self.lang).get("%s:%s" % (game, id))
        return row.acc or row.name if row is not None else names.title(id)


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """The device's words in ``lang`` while inside (firmware/lang.py's language and its
    catalog), as they were afterwards."""
    _screen("7wd")  # the firmware on the path
    from firmware import lang as device

    saved = device._lang, device.lookup
    device._lang, device.lookup = lang, _Catalog(lang)
    try:
        yield
    finally:
        device._lang, device.lookup = saved


def tell(record: dict[str, Any], players: tuple[str, str], lang: str = "en") -> list[str]:
    """Each event of ``record`` as the device's status line tells it, just after it was
    played (Splendor's "plays again" needs the match as it then stands)."""
    screen = SimpleNamespace(app=None)
    describe = _screen(record["game"]).describe
    match = Match(dict(record, events=[]))
    screen.app = SimpleNamespace(players=lambda: list(players), match=match)
    out = []
    with speaking(lang):
        for event in record.get("events", []):
            match.play(event)
            out.append(describe(screen, event))
    return out
