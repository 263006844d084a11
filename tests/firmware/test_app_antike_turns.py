"""Antike Duellum's turn as players enter it: the turn's menu opens again after every
event (the hand-over and a card taken included); the other's rondel moves, which hand the
turn over, head their group and take the cursor once the action is done; the production
with a temple first; units told in words; the card owed asked by name, a page a long
press; units, walls and cards on the screen."""

import textfit

from duelkeeper.sim.tablegame import antike_record


def _screen(d: textfit.Device) -> str:
    return type(d.app.stack[-1]).__module__.split(".")[-1]


def test_the_turn_menu_stays_until_the_turn_is_handed_over() -> None:
    record = antike_record(0, 30)
    events = record["events"]
    with textfit.device(296, 128) as d:
        d.app.new_game("antike-duellum", textfit.NAMES, record["setup"])
        for ev in events[:2]:
            d.play(ev)
        assert events[1][:2] == ["personality", 1]  # player 1 owes a card: asked by name
        cards = d.app.stack[-1]
        assert cards.title == "Player 1: which event card?"
        assert cards.groups == list(range(0, len(cards.labels), 5))  # a page a long press
        for ev in events[2:8]:
            d.play(ev)
            assert _screen(d) in ("turnad", "choice")  # never back to the main screen
        assert events[7][:2] == ["rondel", 1]  # player 2 moved and goes on
        menu = d.app.stack[-1]
        assert _screen(d) == "turnad" and menu.title == "Player 2's turn"
        over = menu.kinds.index((0, "rondel"))  # handing over: player 1's moves, a group
        assert menu.labels[over] == "Player 1: 1 step" and over in menu.groups
        assert menu.i == 0  # the action to enter: the first row
        d.play(events[8])  # a city: still player 2's turn, still the menu
        assert _screen(d) == "turnad"
        menu = d.app.stack[-1]  # no action now: the hand-over is the likeliest, on 2 steps
        assert menu.events[menu.i][0][:3] == ["rondel", 0, 2]
        d.play(events[9])  # player 1's rondel move: the turn handed over, their menu
        assert events[9][:2] == ["rondel", 0] and _screen(d) == "turnad"
        assert d.app.stack[-1].title == "Player 1's turn"
        produce = [row[0] for row in d.app.stack[-1].events if row[0][0] == "produce"]
        temples = [ev[3] for ev in produce]
        assert temples == sorted(temples, reverse=True)  # with a temple (3) first
        track = d.app.stack[0]
        assert track.describe(["recruit", 1, 1, 2]) == "Player 2 recruited 1 legion 2 galleys"
        assert track.describe(["deploy", 0, 2, 0]) == "Player 1 deployed 2 legions"
        d.app.back_to(1)  # B: the main screen
        d.draw("tracking")
        texts = [b[4] for b in d.watch.boxes]
        for pl in d.app.match.result()["players"]:  # the core's figures, on the screen
            army = pl["units"]["army"] + pl["recruits"]["army"]
            fleet = pl["units"]["fleet"] + pl["recruits"]["fleet"]
            assert "Legions %d  Galleys %d" % (army, fleet) in texts
            assert "Walls %d  Cards %d" % (pl["walls"]["held"], len(pl["cards"])) in texts
        assert not d.seen, d.report()
