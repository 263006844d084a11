"""Antike Duellum's turn as players enter it: the turn's menu opens again after every
event (the hand-over and a card taken included); the other's rondel moves, which hand the
turn over, head their group and take the cursor once the action is done; the production
with a temple first; units told in words; the card owed asked by name, a page a long
press; units, walls and cards on the screen; a city and a conquest a row per place."""

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import textfit

from duelkeeper_dev.autoplay import page_path
from duelkeeper_dev.tablegame import antike_record
from firmware.buttons import BTN_DOWN, BTN_UP, LONG


def _screen(d: textfit.Device) -> str:
    """The top screen as the simulator's view names it ("antike.turn", "choice")."""
    module = type(d.app.stack[-1]).__module__
    return module.split(".games.")[-1] if ".games." in module else module.split(".")[-1]


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
        assert cards.page == 5 and cards.i == 2  # a page a long press, the cursor mid-page
        for ev in events[2:8]:
            d.play(ev)
            assert _screen(d) in ("antike.turn", "choice")  # never back to the main screen
        assert events[7][:2] == ["rondel", 1]  # player 2 moved and goes on
        menu = d.app.stack[-1]
        assert _screen(d) == "antike.turn" and menu.title == "Player 2's turn"
        over = menu.kinds.index((0, "rondel"))  # handing over: player 1's moves, a group
        assert menu.labels[over] == "Player 1: 1 step" and over in menu.groups
        rows = [j for j in range(len(menu.kinds)) if menu.kinds[j] == (1, "produce")]
        first = [j for j in rows if menu.events[j][0][3]] or rows  # with a temple first
        assert menu.i == first[(len(first) - 1) // 2]  # the action: the middle production
        d.play(events[8])  # a city: still player 2's turn, still the menu
        assert _screen(d) == "antike.turn"
        menu = d.app.stack[-1]  # another city can be founded: the cursor between them
        cities = [k for k in range(len(menu.kinds)) if menu.kinds[k] == (1, "city")]
        if cities:
            assert menu.i == cities[len(cities) // 2]
        else:  # none: the hand-over is the likeliest, on 2 steps
            assert menu.events[menu.i][0][:3] == ["rondel", 0, 2]
        d.play(events[9])  # player 1's rondel move: the turn handed over, their menu
        assert events[9][:2] == ["rondel", 0] and _screen(d) == "antike.turn"
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


VECTOR = Path(__file__).resolve().parents[1] / "vectors" / "antike-duellum"


@contextmanager
def _before(verb: str, after: int = 0) -> Iterator[tuple[textfit.Device, list, int]]:
    """A device with complete-game-second-player.json played up to its first ``verb``
    (and ``after`` events more): the device, the events, the index of that event."""
    record = json.loads((VECTOR / "complete-game-second-player.json").read_text())
    events = record["events"]
    k = next(k for k in range(len(events) - 1) if events[k][0] == verb)
    if verb == "city":  # a city followed by another
        k = next(k for k in range(len(events) - 1) if events[k][0] == events[k + 1][0] == verb)
    with textfit.device(296, 128) as d:
        d.app.new_game("antike-duellum", textfit.NAMES, record["setup"])
        for ev in events[: k + after]:
            d.play(ev)
        yield d, events, k


def test_cities_a_row_per_resource_the_cursor_between_them() -> None:
    """A turn founding several cities: a row per resource, A founds it with no adjacent
    city of its kind (the cheapest), C lists the same with more; after a city the cursor
    waits on the middle row, a press from the others and a long press from the claim."""
    with _before("city", 1) as (d, _, _):
        menu = d.app.stack[-1]
        rows = [j for j in range(len(menu.kinds)) if menu.kinds[j][1] == "city"]
        assert [menu.labels[j] for j in rows] == ["City: Marble", "City: Iron", "City: Gold"]
        assert [menu.events[j][0][2] for j in rows] == [0, 0, 0]  # A: none adjacent
        assert menu.i == rows[1]
        more = menu.others[rows[0]]  # C: Marble with 1 adjacent or more
        assert more and all(ev[3] == "marble" and ev[2] > 0 for ev in more)
        assert menu.detail(rows[0]) == "Marble, 0 adjacent; C: %d more" % len(more)
        menu.more(rows[0])
        assert d.app.stack[-1].events == more
        d.app.pop()
        if any(menu.kinds[j][1] == "personality" for j in range(len(menu.kinds))):
            assert menu.groups[menu.groups.index(rows[0]) + 1] == rows[-1] + 1


def test_a_conquest_a_row_per_city_kind() -> None:
    """The cities the attacker may take: a row per resource and temple, without a wall
    (C: the walled one), the attackers on the detail line."""
    with _before("conquer") as (d, events, k):
        menu = d.app.stack[-1]
        rows = [j for j in range(len(menu.kinds)) if menu.kinds[j][1] == "conquer"]
        heads = [menu.events[j][0] for j in rows]
        assert all(not ev[3]["wall"] for ev in heads)
        assert len({(ev[3]["resource"], ev[2]) for ev in heads}) == len(heads)
        assert all(ev[3]["wall"] for j in rows for ev in menu.others[j] or ())
        assert [menu.right[j] for j in rows] == ["Temple" if ev[2] else "" for ev in heads]
        assert all(menu.labels[j] == "Conquer: " + ev[3]["resource"].title()
                   for j, ev in zip(rows, heads, strict=True))  # fmt: skip
        ev = events[k]
        row = rows[heads.index(ev)] if ev in heads else -1
        assert row >= 0 and menu.detail(row).startswith("1 legion 1 galley")


def test_the_card_owed_turns_a_page_keeping_the_row() -> None:
    """A long press turns the card list a page (5 rows), the cursor on the same row of
    it, round; on a shorter last page, its last row. Any card of 25 is four gestures
    from the middle of the first page, reading the screen (autoplay.page_path), five
    at most in a shorter list."""
    with _before("card") as (d, _, _):
        cards = d.app.stack[-1]
        n = len(cards.labels)
        assert n == 25 and cards.i == 2
        cards.key(BTN_DOWN | LONG << 5)
        assert cards.i == 7
        d.draw("the second page")
        shown = [b[4] for b in d.watch.boxes]
        assert all(label in shown for label in cards.labels[5:10])  # the page, whole
        cards.key(BTN_UP | LONG << 5)
        cards.key(BTN_UP | LONG << 5)
        assert cards.i == 22  # round to the last page
    assert max(len(page_path(25, 2, t, 5)) for t in range(25)) == 4
    # a shorter last page: its last row taken, the row the cursor kept is lost (a press)
    for n in range(6, 25):
        assert max(len(page_path(n, 2, t, 5)) for t in range(n)) <= 5, n


VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "antike-duellum"


def _temple_menu(d: textfit.Device) -> tuple:
    """The turn's menu where the issue's slip was: a temple can be built (and a wall)."""
    record = json.loads((VECTORS / "temple-adjacent-coin.json").read_text())
    d.app.new_game("antike-duellum", textfit.NAMES, record["setup"])
    for ev in record["events"][:2]:
        d.play(ev)
    menu = d.app.stack[-1]
    assert _screen(d) == "antike.turn" and record["events"][2][0] == "temple"
    return menu, [kind[1] for kind in menu.kinds]


def test_no_wall_between_the_temple_and_the_cursor() -> None:
    """The issue: the Temple three rows above the cursor with Wall between, so UP twice
    built a wall. The wall is the temple row's C (the same rondel space), so the rows
    from the cursor up to the temple are the production's, and a press short of the
    temple is a production row, not a wall."""
    with textfit.device(296, 128) as d:
        menu, verbs = _temple_menu(d)
        assert "wall" not in verbs
        temple = verbs.index("temple")
        assert verbs[temple + 1 : menu.i + 1] == ["produce"] * (menu.i - temple)
        assert menu.i - temple == 2  # two UPs: the temple
        assert menu.others[temple] == [["wall", 0]]
        assert menu.details[temple].endswith("; C: Wall")
        menu.more(temple)  # C: the wall, listed, one A away
        assert _screen(d) == "choice" and d.app.stack[-1].events == [["wall", 0]]


def test_a_hint_only_where_its_button_acts() -> None:
    """C pays on a rondel move (the hints say so there), lists others on a temple (a
    wall), a city or a conquest (their detail lines say so); on a production row C does
    nothing, and nothing names it there."""
    with textfit.device(296, 128) as d:
        menu, verbs = _temple_menu(d)
        seen = {}
        for i, verb in enumerate(verbs):
            menu.i = i
            d.draw("row %d" % i)
            seen.setdefault(verb, menu.hints)
        assert seen["rondel"] == "A move  C pay  B back"
        assert seen["produce"] == seen["recruit"] == seen["temple"] == "A ok  B back"
        # where C lists others, the row's detail line says so
        temple, city = verbs.index("temple"), verbs.index("city")
        assert "; C: " in menu.details[temple] and "; C: " in menu.details[city]
        menu.i = verbs.index("produce")
        menu.more(menu.i)
        assert d.app.notice == "No other choices here: A picks"  # what a C there says
