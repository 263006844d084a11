"""Antike Duellum's turn as players enter it: the turn's menu stays up while the player
to act goes on and the other's rondel move, which hands the turn over, is its last item;
units told in words; the card owed asked by name; units, walls and cards on the screen."""

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
        assert d.app.stack[-1].title == "Player 1: which event card?"
        for ev in events[2:8]:
            d.play(ev)
        assert events[7][:2] == ["rondel", 1]  # player 2 moved and goes on
        menu = d.app.stack[-1]
        assert _screen(d) == "turnad" and menu.title == "Player 2's turn"
        assert menu.kinds[-1] == (0, "rondel")  # handing over: one UP from the top
        assert menu.labels[-1] == "Player 1: Rondel"
        d.play(events[8])  # a city: still player 2's turn, still the menu
        assert _screen(d) == "turnad"
        d.play(events[9])  # player 1's rondel move: the turn handed over
        assert events[9][:2] == ["rondel", 0] and _screen(d) == "trackad"
        track = d.app.stack[0]
        assert track.describe(["recruit", 1, 1, 2]) == "Player 2 recruited 1 legion 2 galleys"
        assert track.describe(["deploy", 0, 2, 0]) == "Player 1 deployed 2 legions"
        d.draw("tracking")
        texts = [b[4] for b in d.watch.boxes]
        for pl in d.app.match.result()["players"]:  # the core's figures, on the screen
            army = pl["units"]["army"] + pl["recruits"]["army"]
            fleet = pl["units"]["fleet"] + pl["recruits"]["fleet"]
            assert "Legions %d  Galleys %d" % (army, fleet) in texts
            assert "Walls %d  Cards %d" % (pl["walls"]["held"], len(pl["cards"])) in texts
        assert not d.seen, d.report()
