"""Antike Duellum on the device: the player chooses how to pay for rondel steps (a coin
for any resource), and the menus and notices say things as the table would."""

import textfit

from duelkeeper_dev.tablegame import antike_record
from firmware.buttons import BTN_A, BTN_C, PRESS
from firmware.games.antike import turn
from firmware.notices import describe

NAMES = textfit.NAMES


def test_payments_every_way_the_core_first() -> None:
    held = {"marble": 2, "iron": 1, "gold": 0, "coins": 1}
    ways = turn.payments(held, {"marble": 2})
    assert ways[0] == {"marble": 2}
    assert sorted(map(str, ways[1:])) == sorted(
        map(str, [{"marble": 1, "iron": 1}, {"marble": 1, "coins": 1}, {"iron": 1, "coins": 1}])
    )
    assert turn.payments(held, {}) == [{}]


def _paid_move() -> tuple[list, int]:
    """A table game's events, and the index of a rondel move that costs something."""
    events = antike_record(1, 30)["events"]
    k = next(k for k, e in enumerate(events) if e[0] == "rondel" and len(e) > 3 and e[3])
    return events, k


def test_rondel_pays_the_core_way_with_a_and_any_way_with_c() -> None:
    events, k = _paid_move()
    ev = events[k]
    with textfit.device(296, 128) as d:
        app = d.app
        app.new_game("antike-duellum", NAMES, antike_record(1, 30)["setup"])
        for e in events[:k]:
            d.play(e)
        app.stack[0].key(BTN_A | PRESS << 5)
        menu = app.stack[-1]
        assert menu.title == "%s's turn" % NAMES[ev[1]]
        i = [row[0][:3] for row in menu.events].index(ev[:3])  # a row per rondel move
        assert menu.labels[i].endswith("%d steps" % ev[2])  # "Player 2: 4 steps" to hand over
        held = app.match.result()["players"][ev[1]]["resources"]
        ways = turn.payments(held, ev[3])
        assert len(ways) > 1, held
        assert menu.detail(i).endswith("C: %d ways to pay" % len(ways))
        menu.i = i
        menu.key(BTN_C | PRESS << 5)
        pick = app.stack[-1]
        assert pick.title == "%d steps: pay how?" % ev[2]
        assert [e[3] for e in pick.events] == ways
        other = ways[-1]
        pick.pick(len(ways) - 1)  # another way than the core's
        assert app.match.event(app.match.played - 1) == ["rondel", ev[1], ev[2], other]
        assert app.notice.startswith("%s moved %d steps: " % (NAMES[ev[1]], ev[2]))
        assert not d.seen, d.report()


def test_words_as_at_the_table() -> None:
    assert turn.label(["rondel", 0, 1, {}], NAMES) == "1 step"
    assert turn.label(["rondel", 0, 4, {"coins": 1}], NAMES) == "4 steps, pay 1 coin"
    assert turn.label(["recruit", 0, 1, 0], NAMES) == "1 legion: 1 gold"
    assert turn.label(["recruit", 0, 0, 2], NAMES) == "2 galleys: 4 gold"
    assert turn.label(["deploy", 0, 1, 1], NAMES) == "1 legion 1 galley: 4 iron"
    assert turn.label(["battle", 0, 2, 0], NAMES) == "2 legions each"
    assert describe(["rondel", 0, 4, {}], NAMES) == "Player 1 moved 4 steps"
    assert describe(["rondel", 1, 1], NAMES) == "Player 2 moved 1 step"
    assert describe(["rondel", 0, 5, {"marble": 1, "coins": 1}], NAMES) == (
        "Player 1 moved 5 steps: 1 marble 1 coin"
    )
    merchant = ["event", 0, "merchant", {"give": {}, "take": {}}]
    assert describe(merchant, NAMES) == "Player 1 played Merchant"
    assert turn.label(merchant, NAMES) == "Merchant"
