"""legal() for the menus, and the needs / costs queries for the screens."""

from adhelp import Play, dealt

from duelcore.antike.queries import costs, needs


def test_legal_at_the_start_is_the_first_players_placement():
    assert Play().legal() == [["rondel", 0, n, {}] for n in range(1, 8)]


def test_legal_after_the_move_offers_actions_and_the_opponents_opening():
    legal = Play(["rondel", 0, 1, {}]).legal()
    verbs = {(e[0], e[1]) for e in legal}
    assert ("produce", 0) in verbs and ("recruit", 0) in verbs and ("deploy", 0) in verbs
    assert ("wall", 0) in verbs and ("city", 0) in verbs and ("personality", 0) in verbs
    assert ("rondel", 1) in verbs and not [v for v in verbs if v[1] == 1 and v[0] != "rondel"]
    assert ["produce", 0, "gold", True] not in legal  # no temple yet
    assert ["temple", 0, 0] not in legal  # 3 marble only
    assert ["personality", 0, "navigator"] in legal and ["personality", 0, "king"] not in legal


def test_legal_rondel_payments_are_canonical():
    g = Play(["rondel", 0, 1, {}], ["rondel", 1, 1, {}], ["resources", 0, {"iron": 2, "coins": 1}])
    rondel = [e[3] for e in g.legal() if e[0] == "rondel" and e[1] == 0]
    assert rondel == [
        {},
        {},
        {},
        {"iron": 1},
        {"iron": 2},
        {"iron": 2, "marble": 1},
        {"iron": 3, "marble": 1},
    ]


def test_legal_while_a_card_is_owed_is_the_display():
    g = Play(["rondel", 0, 1, {}], ["personality", 0, "navigator"])
    legal = g.legal()
    assert len(legal) == 25 and {e[1] for e in legal} == {1} and {e[0] for e in legal} == {"card"}


def test_legal_offers_fortress_to_the_defender_only():
    g = dealt("gang", "fortress").ev(["rondel", 0, 1, {}])
    assert ["event", 1, "fortress"] in g.legal()
    g.ev(["produce", 0, "gold", False])
    assert ["event", 1, "fortress"] not in g.legal()


def test_legal_conquest_menu():
    g = Play(["units", 0, [0, 0, 2, 1]], ["rondel", 0, 1, {}])
    conq = [e for e in g.legal() if e[0] == "conquer"]
    assert conq == [
        ["conquer", 0, False, {"resource": r, "wall": False, "armies": 2, "fleets": 0}]
        for r in ("marble", "iron", "gold")
    ]


def test_legal_is_empty_when_over():
    import json
    import os

    from adhelp import VECTORS, Match

    rec = json.load(open(os.path.join(VECTORS, "complete-game.json")))
    assert Match({k: v for k, v in rec.items() if k != "expect"}).legal() == []


def test_needs_at_the_start():
    n = needs(Play().m.game, 0)
    assert n["victory"] == 9
    assert n["king"] == {"missing": 2, "left": 6, "claimable": False}
    assert n["scholar"] == {"missing": 1, "left": 5, "claimable": False}
    assert n["citizen"] == {"missing": 3, "left": 4, "claimable": False}
    assert n["general"] == {"missing": 1, "left": 4, "claimable": False}
    assert n["navigator"] == {"missing": None, "left": 2, "claimable": True}


def test_needs_follow_the_game():
    g = Play(
        ["resources", 0, {"marble": 5, "iron": 5, "gold": 5}],
        ["rondel", 0, 1, {}],
        ["city", 0, 0, "gold"],
        ["city", 0, 0, "gold"],
    )
    assert needs(g.m.game, 0)["king"] == {"missing": 0, "left": 6, "claimable": True}
    g.ev(["personality", 0, "navigator"], ["card", 1, "gang"])
    n = needs(g.m.game, 0)
    assert n["navigator"] == {"missing": None, "left": 1, "claimable": False} and n["victory"] == 8


def test_costs():
    g = Play(["rondel", 0, 1, {}])
    c = costs(g.m.game, 0)
    assert c["knowledge"] == {
        "roads": 5,
        "navigation": 6,
        "monetary-economy": 7,
        "republic": 6,
        "trade": 5,
    }
    assert c["deploy"] == {"iron": 2, "left": 3}
    assert c["rondel"] == {"free_steps": 3, "per_step": 1}
    assert c["temple"]["room"] == 3 and c["wall"] == {"marble": 1}
    g.ev(["resources", 1, {"gold": 9}], ["rondel", 1, 1, {}], ["knowledge", 1, "roads"])
    assert costs(g.m.game, 0)["knowledge"]["roads"] == 2
    assert costs(g.m.game, 1)["knowledge"]["roads"] is None
    assert costs(g.m.game, 0)["deploy"]["left"] is None  # not player 0's turn
    g = dealt("privilege", "gang").ev(["event", 0, "privilege"])
    assert costs(g.m.game, 0)["rondel"]["free_steps"] == 6
