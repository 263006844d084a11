"""Every string the device can show fits where it is shown, on both panel sizes.

Whole games of each game (duelkeeper_dev.tablegame) are played on the App in this
process; before each event the tracking screen, the turn's menus and their lists (each
item selected: its detail line too) are drawn, after it the notice; then a notice for
every card, wonder, token and event the game can name. textfit.Watch fails a frame
where ``fit()`` cut a string, a text or icon runs off the panel, or two of them overlap.
Short forms are chosen by hand where the full words do not fit
(firmware/games/sevenwonders/pick.py).
"""

import json
from pathlib import Path

import pytest
import textfit

from duelcore.antike import tables as antike
from duelcore.sevenwonders.cards import CARD_COUNT, PROGRESS, WONDER_COUNT, name, wonder_name
from duelcore.splendor import cards as sd_cards
from duelkeeper_dev.tablegame import antike_record, splendor_record, table_record
from firmware.buttons import BTN_A, BTN_C, PRESS
from firmware.lang import lang as speaking

A = BTN_A | PRESS << 5
RETURN = Path(__file__).resolve().parents[1] / "vectors" / "splendor-duel"


def _start(d: textfit.Device, record: dict) -> None:
    """The screens before the game: the games, the players, the first setup screen."""
    from firmware.app import GAMES

    app = d.app
    d.draw_list("games")
    app.stack[-1].i = GAMES.index(record["game"])
    app.stack[-1].key(A)  # the players screen
    d.draw_list("players")
    app.stack[-1].i = 0
    app.stack[-1].key(A)  # start: the setup's first screen
    d.draw_list("setup")
    app.new_game(record["game"], textfit.NAMES, record["setup"])


def _turn(d: textfit.Device, k: int, ev: list) -> None:
    """The screens of the turn before ``ev``: the tracking screen, what A opens, and the
    lists its items open (without playing them)."""
    app = d.app
    where = "%s before event %d" % (app.match.record["game"], k)
    d.draw(where)
    if len(app.stack) > 1:  # a pending choice
        d.draw_list(where + " choice")
        return
    app.stack[-1].key(A)
    top = app.stack[-1]
    d.draw_list(where + " " + type(top).__module__)
    for i in range(len(top.labels)):
        if type(top).__module__.endswith("sevenwonders.pick"):  # a card's other uses (7WD)
            top.more(i)
        elif hasattr(top, "options"):  # what the item opens
            sub = top.options(i)
            if sub is not None:
                app.push(sub)
        if app.stack[-1] is not top:
            sub = app.stack[-1]
            d.draw_list("%s %s" % (where, top.labels[i]))
            app.back_to(2)
        if getattr(top, "kinds", None) and top.kinds[i][1] == "rondel":
            top.more(i)  # Antike: the move's ways to pay (a notice where there is one)
            if app.stack[-1] is not top:
                d.draw_list("%s %s" % (where, top.labels[i]))
                app.back_to(2)
    app.back_to(1)


def _notices(d: textfit.Device, events: list) -> None:
    app = d.app
    for ev in events:
        app.notice = app.stack[0].describe(ev)
        d.draw("notice %r" % ev)
    app.notice = None


def _play(d: textfit.Device, record: dict, every: int) -> list:
    """Play the record, looking at the turn's screens every ``every`` events; returns
    every event legal() offered on the way."""
    offered: list = []
    for k, ev in enumerate(record["events"]):
        if k % every == 0:
            _turn(d, k, ev)
            offered += [e for e in d.app.match.legal() if e not in offered]
        d.play(ev)
        d.draw("after %r" % ev)
    if d.app.stack[-1].__module__.endswith("sheet"):
        d.draw("sheet")
    return offered


def _game(game: str) -> tuple[dict, int, list]:
    """A whole game's record, how often to open its menus (every n events: the test's
    time), and an event naming each card, wonder and token the game has."""
    if game == "7wd":
        named = [["build", 0, name(c)] for c in range(CARD_COUNT)]
        named += [["wonder", 1, wonder_name(w), name(0)] for w in range(WONDER_COUNT)]
        return table_record(4), 4, named + [["progress", 0, t] for t in PROGRESS]
    if game == "splendor-duel":
        named = []
        for i in range(sd_cards.COUNT):
            cid = sd_cards.card_id(i)
            named += [["buy", 0, cid], ["reserve", 1, cid]]
        return splendor_record(4), 4, named + [["royal", 0, r] for r in sd_cards.ROYALS]
    named = [["card", 0, c] for c in antike.CARDS.split()]
    named += [["event", 1, c] for c in antike.CARDS.split()]
    named += [["knowledge", 0, k] for k in antike.KNOWLEDGE.split()]
    named += [["personality", 1, k] for k in antike.PERSONALITIES.split()]
    return antike_record(1, 90), 3, named


@pytest.mark.parametrize("size", textfit.SIZES, ids=["%dx%d" % s for s in textfit.SIZES])
@pytest.mark.parametrize("game", ["7wd", "splendor-duel", "antike-duellum"])
@pytest.mark.parametrize("lang", ["en", "ja", "ru"])
def test_text_fits(lang: str, game: str, size: tuple[int, int]) -> None:
    record, every, named = _game(game)
    with textfit.device(*size, lang) as d:
        assert speaking() == lang
        _start(d, record)
        offered = _play(d, record, every)
        _notices(d, offered + named)
        assert not d.seen, d.report()


@pytest.mark.parametrize("size", textfit.SIZES, ids=["%dx%d" % s for s in textfit.SIZES])
@pytest.mark.parametrize("lang", ["en", "ja", "ru"])
def test_return_picker_fits(lang: str, size: tuple[int, int]) -> None:
    """Splendor's tokens over 10 returned (none in the whole game above): the picker
    with nothing, one and two tokens picked, and its notice when C comes too early."""
    record = json.loads((RETURN / "return-three-with-gold.json").read_text())
    with textfit.device(*size, lang) as d:
        _start(d, record)
        for ev in record["events"][:9]:
            d.play(ev)
        s = d.app.stack[-1]
        assert type(s).__module__.endswith("splendor.tokenpick") and s.verb == "return"
        for k in range(2):
            d.draw_list("return picker, %d picked" % k)
            s.key(A)  # white, then blue (where A moved on to)
        d.draw_list("return picker, 2 picked")
        s.key(BTN_C | PRESS << 5)
        assert d.app.stack[-1] is s and d.app.notice
        d.draw("return picker, C with one to go")
        assert not d.seen, d.report()


def test_names_as_written() -> None:
    from firmware.games.sevenwonders.pick import short
    from firmware.words import title

    assert title("statue-of-zeus") == "Statue of Zeus"
    assert title("chamber-of-commerce") == "Chamber of Commerce"
    assert title("lumber-yard") == "Lumber Yard"
    assert short("chamber-of-commerce") == "Commerce Ch."
    assert short("temple-of-artemis") == "T. of Artemis"
    assert short("lumber-yard") == "Lumber Yard"


@pytest.mark.parametrize("buttons", ["abcud", "abc"])
@pytest.mark.parametrize("size", textfit.SIZES, ids=["%dx%d" % s for s in textfit.SIZES])
@pytest.mark.parametrize("lang", ["en", "ja", "ru"])
def test_a_correction_s_amount_fits(lang: str, size: tuple[int, int], buttons: str) -> None:
    """The amount of a correction (more.Fix), its hints whole: five buttons' ``C +10, long
    -10``, three buttons' taps and holds."""
    from firmware.screens import more

    with textfit.device(*size, lang, buttons) as d:
        app = d.app
        app.push(more.Fix(app, "Ann: coins 6", ["coins", 0, 1], 0))
        d.draw_list("fix")
        assert not d.seen, d.report()
