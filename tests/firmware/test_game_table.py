"""One table of the games (docs/firmware.md, "Adding a game"): duelcore.games names them,
and every part of a game is found from there, in folders named as its core's package.
A game added to ``GAMES`` fails here until it has them all; outside its own folders it
needs a row in duelcore/games.py and in firmware/gamelist.py, and its words on the device
in host/duelkeeper/lang/device.tsv."""

import pytest
from fwhelp import framebuf  # noqa: F401  (installs the shims: firmware imports them)

from duelcore.games import GAMES, core
from duelkeeper import games, kinds, names
from duelkeeper.repo import ROOT
from firmware import gamelist
from firmware.screens.tracking import Tracking


def _package(game: str) -> str:
    """The core's package's name: sevenwonders for duelcore.sevenwonders."""
    return core(game).__name__.rpartition(".")[2]


@pytest.mark.parametrize("game", GAMES)
def test_a_game_has_its_core_its_screens_and_its_host_package(game: str) -> None:
    p = _package(game)
    assert (ROOT / "shared" / "duelcore" / p / "rules.py").is_file()
    screen = gamelist.tracking(game)
    assert issubclass(screen, Tracking)
    assert screen.__module__ == "firmware.games.%s.track" % p
    assert games.package(game) == "duelkeeper.games.%s" % p
    assert (ROOT / "host" / "duelkeeper" / "games" / p / "__init__.py").is_file()
    host = games.of(game)
    for member in ("TITLE", "BGG_ID", "CATEGORIES", "SERIES", "UNIT"):
        assert getattr(host, member), member
    assert kinds.kind(game).title == host.TITLE
    assert names.components(game)


def test_the_device_names_every_game_in_the_core_s_order() -> None:
    assert gamelist.GAMES is GAMES
    assert len(gamelist.NAMES) == len(GAMES)
    assert list(kinds.KINDS) == list(GAMES)


def test_the_host_lists_no_game_of_its_own() -> None:
    """kinds.py, names.py and tools/make_lang.py name no game: they ask each game's
    package (duelkeeper.games) for what they need."""
    for path in ("host/duelkeeper/kinds.py", "host/duelkeeper/names.py", "tools/make_lang.py"):
        text = (ROOT / path).read_text(encoding="utf-8")
        assert [game for game in GAMES if '"%s"' % game in text] == [], path
