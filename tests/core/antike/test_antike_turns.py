"""Start of the game, the turn structure and the rondel (memo: スタート, アクション 1)."""

import pytest
from adhelp import Match, Play, record

from duelcore import RecordError


def test_starting_position():
    """スタート: 新兵枠に陸・海軍コマを１つずつ。初期配置の都市を3つずつ。防壁コマを１つずつ。
    大理石・鉄・黄金を3つずつ。 (Published rules: the three start cities produce marble,
    iron and gold.)"""
    r = Play().r
    assert r["over"] is False and r["winner"] is None and r["victory"] is None
    assert r["turn"] == 0 and r["pending"] is None and r["phase"] == "rondel"
    for p in r["players"]:
        assert p["resources"] == {"marble": 3, "iron": 3, "gold": 3, "coins": 0}
        assert p["cities"] == 3 and p["temples"] == 0
        assert p["city_resources"] == {"marble": 1, "iron": 1, "gold": 1, "unknown": 0}
        assert p["walls"] == {"held": 1, "built": 0}
        assert p["recruits"] == {"army": 1, "fleet": 1}
        assert p["units"] == {"army": 0, "fleet": 0}
        assert p["knowledge"] == [] and p["cards"] == []
        assert p["personalities"] == {
            "king": 0,
            "scholar": 0,
            "citizen": 0,
            "general": 0,
            "navigator": 0,
            "total": 0,
        }


def test_first_player_from_setup():
    assert Play(first=1).r["turn"] == 1


@pytest.mark.parametrize("setup", [{}, {"first": 2}, {"first": True}, {"first": "0"}])
def test_bad_setup_is_a_record_error(setup):
    rec = record()
    rec["setup"] = setup
    with pytest.raises(RecordError):
        Match(rec)


def test_the_turn_starts_with_the_rondel():
    """アクション: 1)ロンデルの実行 2)都市の設立 3)有力者の獲得 — in this order."""
    g = Play()
    g.no(["produce", 0, "marble", False], "must move on the rondel first")
    g.no(["city", 0, 0, "gold"], "must move on the rondel first")
    g.no(["personality", 0, "navigator"], "must move on the rondel first")
    g.no(["rondel", 1, 1, {}], "player 0 must move on the rondel first")


def test_opponent_cannot_act_in_my_turn_except_opening_their_own():
    g = Play(["rondel", 0, 2, {}])
    assert g.r["turn"] == 0 and g.r["phase"] == "action"
    g.no(["produce", 1, "gold", False], "it is player 0's turn")
    g.no(["city", 1, 0, "gold"], "it is player 0's turn")
    g.ev(["rondel", 1, 3, {}])  # player 1's rondel move ends player 0's turn
    assert g.r["turn"] == 1


def test_one_rondel_move_per_turn():
    g = Play(["rondel", 0, 2, {}])
    g.no(["rondel", 0, 1, {}], "has moved on the rondel this turn")


def test_one_action_kind_per_turn():
    """Each turn carries out the one action of the space moved to."""
    g = Play(["rondel", 0, 2, {}], ["produce", 0, "marble", False])
    g.no(["produce", 0, "iron", False], "this turn's rondel action is marble")
    g.no(["knowledge", 0, "roads"], "this turn's rondel action is marble")
    g.no(["produce", 0, "marble", False], "one production per turn")


def test_action_before_cities_before_personalities():
    g = Play(["rondel", 0, 2, {}], ["city", 0, 0, "gold"])
    assert g.r["phase"] == "cities"
    g.no(["produce", 0, "gold", False], "the rondel action comes")
    g.ev(["personality", 0, "navigator"], ["card", 1, "gang"])
    assert g.r["phase"] == "personalities"
    g.no(["city", 0, 0, "gold"], "cities are founded before personalities")


def test_first_rondel_move_is_free_placement():
    """Published rules: the marker starts in the centre; the first move places it on any
    space, free. The scenario's first moves (2 and 3 steps) cost nothing."""
    g = Play(["rondel", 0, 7, {}])
    assert g.res(0) == {"marble": 3, "iron": 3, "gold": 3, "coins": 0}
    g = Play()
    g.no(["rondel", 0, 5, {"gold": 2}], "5 steps cost 0 resources, not 2")


def test_rondel_three_steps_free_then_one_resource_per_step():
    """ロンデルの実行: 1－3マスは無料。4マス以降は1につき1資源。"""
    g = Play(["rondel", 0, 1, {}], ["rondel", 1, 1, {}], ["rondel", 0, 3, {}], ["rondel", 1, 1, {}])
    g.no(["rondel", 0, 4, {}], "4 steps cost 1 resources, not 0")
    g.no(["rondel", 0, 5, {"gold": 1}], "5 steps cost 2 resources, not 1")
    g.ev(["rondel", 0, 7, {"marble": 2, "iron": 1, "gold": 1}])
    assert g.res(0) == {"marble": 1, "iron": 2, "gold": 2, "coins": 0}


def test_rondel_coins_count_as_any_resource():
    """補足: 1貨幣は1資源(大理石・鉄・黄金)としても使える。"""
    g = Play(["rondel", 0, 1, {}], ["produce", 0, "gold", False], ["rondel", 1, 1, {}])
    g.ev(["rondel", 0, 4, {"coins": 1}])
    assert g.res(0)["coins"] == 0


def test_rondel_payment_must_be_held():
    g = Play(["rondel", 0, 1, {}], ["rondel", 1, 1, {}])
    g.no(["rondel", 0, 4, {"coins": 1}], "player 0 has")
    g.no(["rondel", 0, 6, {"gold": 4, "iron": -1}], "whole number")


@pytest.mark.parametrize("steps", [0, 8, -1, True, "3", 2.5])
def test_rondel_steps_range(steps):
    Play().no(["rondel", 0, steps, {}], "steps must be a whole number from 1 to 7")


def test_rondel_payment_names():
    g = Play(["rondel", 0, 1, {}], ["rondel", 1, 1, {}])
    g.no(["rondel", 0, 4, {"wood": 1}], "unknown resource wood")
    g.no(["rondel", 0, 4, [1]], "payment must be an object")


def test_event_or_trade_opens_the_opponents_turn():
    """A turn has no end event: the opponent's rondel move, event card or trade opens
    theirs (documented). The per-turn counts reset."""
    g = Play(["rondel", 0, 1, {}], ["produce", 0, "gold", False])
    g.ev(["rondel", 1, 2, {}])
    assert g.r["turn"] == 1 and g.r["action"] is None and g.r["phase"] == "action"


def test_a_refused_turn_opener_leaves_the_turn_with_the_player():
    g = Play(["rondel", 0, 1, {}], ["produce", 0, "gold", False])
    g.no(["rondel", 1, 9, {}], "steps")
    assert g.r["turn"] == 0 and g.r["action"] == "gold"


def test_unknown_verb_and_garbled_events():
    g = Play()
    g.no(["build", 0, "temple"], "unknown verb build")
    g.no(["rondel", 0], "rondel takes 1 to 2 arguments")
    g.no(["rondel", 0, 1, {}, 5], "rondel takes 1 to 2 arguments")


def test_game_over_refuses_everything():
    import json
    import os

    from adhelp import VECTORS

    rec = json.load(open(os.path.join(VECTORS, "complete-game.json")))
    for k in ("expect", "why"):
        rec.pop(k)
    m = Match(rec)
    assert m.result()["over"]
    with pytest.raises(Exception) as info:
        m.play(["resources", 0, {"gold": 1}])
    assert "the game is over" in str(info.value)


def test_rondel_payment_may_be_omitted_when_empty():
    """Documented extension: ["rondel", p, steps] is ["rondel", p, steps, {}]."""
    g = Play(["rondel", 0, 3])
    assert g.r["phase"] == "action"
    g.ev(["rondel", 1, 2], ["rondel", 0, 3])
    g.ev(["rondel", 1, 1])
    g.no(["rondel", 0, 4], "4 steps cost 1 resources, not 0")


def test_corrections_from_either_player_keep_the_turn():
    g = Play(["rondel", 0, 1, {}], ["personality", 0, "navigator"])
    g.ev(["resources", 0, {"gold": 1}], ["units", 0, [1, 0, 0, 0]])  # while a card is owed
    assert g.r["pending"] == "card" and g.r["turn"] == 1
    assert g.p(0)["recruits"]["army"] == 2
