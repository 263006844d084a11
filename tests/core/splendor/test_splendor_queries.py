"""The queries on Game (price, distance, legal) and the engine around it (replay, undo,
the shared scenario). docs/splendor-duel.md describes each."""

import json

import pytest
from sdhelp import SHARED, game, give, norm, own, record, refused, res

from duelcore import IllegalEvent, Match, replay
from duelcore.record import dumps, loads


def test_price_breakdown() -> None:
    g = game()
    own(g, 0, "1r1")
    own(g, 0, "1u1")
    give(g, 0, white=1, gold=2)
    q = g.price(0, "2w4")  # green 2, red 2, black 2, pearl 1
    assert q == {
        "card": "2w4",
        "cost": {"green": 2, "red": 2, "black": 2, "pearl": 1},
        "discount": {"red": 1},
        "pay": {"gold": 2},
        "short": 4,
        "affordable": False,
        "tokens": 2,
    }
    give(g, 0, green=2, black=2)
    q = g.price(0, {"level": 2, "color": "white", "crowns": 1})
    assert q["pay"] == {"green": 2, "black": 2, "gold": 2} and q["short"] == 0
    assert q["affordable"] is True and q["tokens"] == 6


def test_price_of_a_joker_needs_a_bonus() -> None:
    g = game()
    give(g, 0, white=4, pearl=1)
    assert g.price(0, "1j1")["short"] == 0
    assert g.price(0, "1j1")["affordable"] is False
    own(g, 0, "1k1")
    assert g.price(0, "1j1")["affordable"] is True


def test_price_of_an_unknown_card_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        game().price(0, "9q9")


def test_distance_to_each_victory() -> None:
    g = game()
    assert g.distance(0) == {"points": 20, "crowns": 10, "color": 10, "best_color": None}
    for cid in ("2r3", "3r2", "2u4", "3w1"):  # red 6, blue 2, white 3; 3 crowns
        own(g, 0, cid)
    assert g.distance(0) == {"points": 9, "crowns": 7, "color": 4, "best_color": "red"}
    for cid in ("3x1", "2x1", "1w5"):
        own(g, 0, cid)
    assert g.distance(0)["points"] == 0


def test_legal_at_the_start() -> None:
    """legal(): every take (82 multisets of 1-3 gems and pearls on the full board), a
    reserve of each of the 67 cards and of each deck; no privilege, replenish or buy."""
    g = game()
    legal = g.legal()
    verbs = [e[0] for e in legal]
    assert verbs.count("take") == 82
    assert verbs.count("reserve") == 70
    assert set(verbs) == {"take", "reserve"}
    assert ["take", 0, ["white"]] in legal and ["reserve", 0, "deck3"] in legal
    assert ["take", 0, ["red", "red", "red"]] in legal
    assert ["take", 0, ["pearl", "pearl", "pearl"]] not in legal
    g.apply(["take", 0, ["white"]])
    privileges = [e for e in g.legal() if e[0] == "privilege"]
    assert len(privileges) == 6  # one privilege: one token of each kind on the board


def test_legal_filtered_by_verb() -> None:
    g = game(["take", 0, ["white"]])
    every = g.legal()
    for verb in ("privilege", "replenish", "take", "reserve", "buy", "steal"):
        assert g.legal(verb) == [e for e in every if e[0] == verb]


def test_legal_buys_list_the_joker_colours() -> None:
    g = game()
    own(g, 0, "1k1")
    own(g, 0, "1r1")
    give(g, 0, white=4, pearl=1)
    buys = [e for e in g.legal("buy") if e[2] == "1j1"]
    assert buys == [
        ["buy", 0, "1j1"],
        ["buy", 0, "1j1", {"color": "red"}],
        ["buy", 0, "1j1", {"color": "black"}],
    ]


def test_legal_buys_from_a_blind_reservation_list_its_level() -> None:
    g = game(["reserve", 0, "deck1"], ["take", 1, ["white"]])
    give(g, 0, black=3)
    buys = [norm(e) for e in g.legal("buy")]
    assert norm(["buy", 0, "1r4", {"reserved": True}]) in buys
    assert norm(["buy", 0, "1r4"]) in buys


def test_every_listed_event_is_accepted() -> None:
    import copy

    g = game(["take", 0, ["white"]], ["take", 1, ["red"]])
    give(g, 0, white=3, blue=3, black=3, pearl=1, gold=1)
    for event in g.legal():
        copy.deepcopy(g).apply(event)


def test_returns_list_every_choice() -> None:
    g = game()
    give(g, 0, white=10)
    g.apply(["take", 0, ["blue", "pearl"]])
    assert g.legal() == [
        ["return", 0, ["white", "white"]],
        ["return", 0, ["white", "blue"]],
        ["return", 0, ["white", "pearl"]],
        ["return", 0, ["blue", "pearl"]],
    ]


def test_replay_undo_and_round_trip_through_the_engine() -> None:
    events = [
        ["take", 0, ["black", "black", "black"]],
        ["privilege", 1, ["pearl"]],
        ["take", 1, ["white"]],
        ["buy", 0, "1r4"],
        ["reserve", 1, "deck2"],
    ]
    m = Match(record(events))
    final = m.game.state()
    last = m.undo()
    assert last == events[-1]
    assert m.game.state() == Match(record(events[:-1])).game.state()
    m.play(events[-1])
    assert m.game.state() == final
    again = Match(loads(dumps(m.to_record())))
    assert again.result() == m.result()
    assert again.game.state() == final


def test_replay_reports_the_refused_event() -> None:
    rec = record([["take", 0, ["white"]], ["take", 0, ["blue"]]])
    with pytest.raises(IllegalEvent) as info:
        replay(rec)
    assert info.value.index == 1
    assert str(info.value) == 'event 1 ["take", 0, ["blue"]]: it is player 1\'s turn'


def test_state_is_plain_and_comparable() -> None:
    g = game(["take", 0, ["white"]])
    s = g.state()
    assert s == game(["take", 0, ["white"]]).state()
    assert s != game(["take", 0, ["blue"]]).state()
    hash(s)


def test_shared_scenario() -> None:
    path = SHARED / "scenarios" / "splendor-duel" / "privileges.json"
    if not path.is_file():
        pytest.skip("../shared/scenarios is absent: shared scenario not run")
    data = json.loads(path.read_text())
    got = json.loads(json.dumps(replay(data)))
    want = data["expect"]
    assert got["board"]["black"] == want["board"]["black"]
    for key in ("over", "turn"):
        assert got[key] == want[key]
    for p in (0, 1):
        for key, value in want["players"][p].items():
            if isinstance(value, dict):
                for k, v in value.items():
                    assert got["players"][p][key][k] == v
            else:
                assert got["players"][p][key] == value


def test_result_is_json_and_names_the_game() -> None:
    r = replay(record([["take", 0, ["white"]]], rid="abc"))
    assert r["game"] == "splendor-duel" and r["id"] == "abc"
    assert json.loads(json.dumps(r)) == r


def test_events_after_a_refusal_leave_the_game_usable() -> None:
    g = game()
    refused(g, ["buy", 0, "1r4"], "short")
    g.apply(["take", 0, ["white"]])
    assert res(g)["turn"] == 1


def test_the_example_record_of_the_docs() -> None:
    """docs/splendor-duel.md: the example record replays as the text says."""
    from sdhelp import ROOT

    text = (ROOT / "docs" / "splendor-duel.md").read_text()
    example = json.loads(text.split("```json", 1)[1].split("```", 1)[0])
    r = json.loads(json.dumps(replay(example)))
    assert r["turn"] == 0
    p1 = r["players"][1]
    assert (p1["reserved"], p1["cards"], p1["privileges"]) == (0, ["1k1"], 1)
    assert {k: v for k, v in r["bag"].items() if v} == {
        "black": 3,
        "white": 1,
        "blue": 1,
        "green": 1,
        "gold": 1,
    }
