"""The conflict track: shields, the four military tokens, Strategy, the capital, and the
military points of the civil count."""

import pytest
from swdhelp import Duel, deal, with_tokens

REDS_I = ["guard-tower", "stable", "garrison", "palisade"]  # one shield each


def red_duel() -> Duel:
    d = Duel(keep=REDS_I + ["horse-breeders", "walls", "archery-range", "barracks"])
    return d.set_coins(0, 50).set_coins(1, 50)


def test_each_shield_moves_the_pawn_one_space_towards_the_opponent():
    """Rules 000: 盾1つを得るたび、軍事コマを相手の首都へ向け1マス動かします。相手が盾を得る時は
    逆方向へ動く (spec: conflict > 0 points at player 1's capital)."""
    d = red_duel()
    d.build(0, "guard-tower")
    assert d.result()["conflict"] == 1
    d.build(1, "garrison")
    assert d.result()["conflict"] == 0
    d.build(1, "stable")
    assert d.result()["conflict"] == -1


def test_the_third_space_costs_the_opponent_two_coins():
    """Rules 000: 相手側の…区域へ初めて入ったら…相手は2または5コインを銀行へ返します (the 2-coin
    token lies on the 3-5 zone)."""
    d = red_duel().build(0, "guard-tower").build(0, "stable")
    d.filler()
    d.set_coins(1, 10)
    d.build(0, "garrison")
    assert d.result()["conflict"] == 3
    assert d.coins(1) == 8
    assert d.coins(0) == 50 - 2 - 2  # Stable's wood, Garrison's clay


def test_the_sixth_space_costs_the_opponent_five_coins():
    """Rules 000: the 5-coin token lies on the 6-8 zone."""
    d = red_duel()
    for c in REDS_I:
        d.build(0, c)
    d.next_age(0).set_coins(1, 10)
    assert d.result()["conflict"] == 4
    d.build(0, "walls")
    assert d.result()["conflict"] == 6
    assert d.coins(1) == 5


@pytest.mark.parametrize("pusher", [0, 1])
def test_each_of_the_four_tokens(pusher):
    """Rules 000 setup: 軍事の2コインと5コインの損失トークン4枚を、対応する左右の場所へ — each side
    has its own 2-coin and 5-coin token, taken from the player the pawn moves towards."""
    victim = 1 - pusher
    d = Duel(first=pusher, keep=REDS_I + ["walls"]).set_coins(pusher, 50)
    for c in REDS_I[:2]:
        d.build(pusher, c)
    d.filler()
    d.set_coins(victim, 10).build(pusher, REDS_I[2])
    assert d.result()["conflict"] == (3 if pusher == 0 else -3)
    assert d.coins(victim) == 8
    d.build(pusher, REDS_I[3]).next_age(pusher).set_coins(victim, 10)
    d.build(pusher, "walls")
    assert d.result()["conflict"] == (6 if pusher == 0 else -6)
    assert d.coins(victim) == 5
    assert d.score(pusher)["military"] == 10 and d.score(victim)["military"] == 0


def test_a_token_is_applied_once():
    """Rules 000: 使ったトークンは箱へ戻すので、行き来して同じ罰を再び発生させることはありません."""
    d = red_duel().build(0, "stable").build(0, "garrison")
    d.filler()
    d.set_coins(1, 10).build(0, "palisade")
    assert (d.result()["conflict"], d.coins(1)) == (3, 8)
    d.build(1, "guard-tower")
    assert d.result()["conflict"] == 2
    d.next_age(0).set_coins(1, 10)
    d.build(0, "horse-breeders")  # chained from Stable
    assert (d.result()["conflict"], d.coins(1)) == (3, 10)


def test_pushing_back_reaches_the_other_players_tokens():
    """Rules 000: 綱引き — shields push the pawn back; entering the pusher's opponent's zone
    takes that player's token (here player 0 loses 2)."""
    d = red_duel().build(0, "stable").build(0, "garrison")
    d.build(1, "guard-tower").build(1, "palisade")
    assert d.result()["conflict"] == 0
    d.next_age(1).build(1, "walls")
    assert d.result()["conflict"] == -2
    d.filler()
    d.set_coins(0, 10).build(1, "barracks")
    assert d.result()["conflict"] == -3
    assert d.coins(0) == 8


def test_the_loss_stops_at_the_coins_held():
    """Rules 000: 足りなければ全所持金だけ失います."""
    d = red_duel().build(0, "guard-tower").build(0, "stable")
    d.filler()
    d.set_coins(1, 1).build(0, "garrison")
    assert d.coins(1) == 0


def test_two_tokens_in_one_move():
    """Rules 000: every space entered counts; Pretorium with Strategy (3 + 1 shields) from
    space 2 enters both zones: player 1 pays 2 and 5."""
    d = with_tokens(["strategy"], age1=[(0, "guard-tower"), (0, "palisade")])
    assert d.result()["conflict"] == 2
    d.next_age(0).set_coins(0, 20).set_coins(1, 10)
    d.build(0, "pretorium")
    assert d.result()["conflict"] == 6
    assert d.coins(1) == 3
    assert d.coins(0) == 12


def test_strategy_adds_a_shield_to_red_buildings_only():
    """Rules 000 progress: 戦略は、以後新しく自分が建てる赤い軍事建物に盾1つを加えます…ワンダーの
    盾にも加えません (003: на щиты чудес её эффект не распространяется)."""
    d = with_tokens(["strategy"]).set_coins(0, 50)
    d.build(0, "walls")
    assert d.result()["conflict"] == 3
    d.wonder(0, "statue-of-zeus")
    assert d.result()["conflict"] == 4


def test_strategy_is_not_retroactive_and_not_for_the_opponent():
    """Rules 000 progress: 既にある赤カードにはさかのぼらず; only its owner's buildings."""
    d = with_tokens(["strategy"], age1=[(0, "guard-tower")])
    assert d.result()["conflict"] == 1
    d.build(1, "barracks")
    assert d.result()["conflict"] == 0


def reach_the_capital() -> Duel:
    d = red_duel()
    for c in REDS_I:
        d.build(0, c)
    d.next_age(0).build(0, "walls").build(0, "archery-range")
    assert d.result()["conflict"] == 8
    d.build(0, "horse-breeders")
    return d


def test_the_capital_is_a_military_victory_at_once():
    """Rules 000: 相手の首都マスへ到達したら、その瞬間に軍事勝利です; 003: не доигрывайте эпоху."""
    d = reach_the_capital()
    res = d.result()
    assert res["conflict"] == 9
    assert res["over"] is True and res["winner"] == 0 and res["victory"] == "military"
    assert res["turn"] is None and res["pending"] is None
    assert res["age"] == 2 and d.game.in_age < 20
    assert d.legal() == []
    assert d.refuse("discard", 1, "sawmill") == "the game is over"


def test_a_wonders_shields_can_take_the_capital_and_the_pawn_stops_there():
    """Rules 000: 巨像は盾2つ; reaching player 0's capital ends the game for player 1, and the
    pawn cannot go past the capital (spec: conflict from -9 to 9)."""
    d = Duel(first=1, wonders=deal([], ["colossus"]), keep=REDS_I + ["walls", "archery-range"])
    d.set_coins(1, 86)
    for c in REDS_I:
        d.build(1, c)
    d.next_age(1).build(1, "walls").build(1, "archery-range")
    assert d.result()["conflict"] == -8
    d.wonder(1, "colossus")
    res = d.result()
    assert res["conflict"] == -9
    assert (res["over"], res["winner"], res["victory"], res["turn"]) == (True, 1, "military", None)


def test_military_points_by_zone():
    """Rules 000 end: 軍事コマが中央なら軍事点0、どちらかの側なら押している側だけが、その区画に
    印刷された2・5・10点を得ます."""
    d = red_duel()
    points = [d.score(0)["military"]]
    for c in REDS_I:
        d.build(0, c)
        points.append(d.score(0)["military"])
    d.next_age(0).build(0, "walls")
    points.append(d.score(0)["military"])  # space 6
    d.build(0, "archery-range")
    points.append(d.score(0)["military"])  # space 8
    assert points == [0, 2, 2, 5, 5, 10, 10]
    assert d.score(1)["military"] == 0


def test_military_points_for_player_one():
    """Rules 000 end: 相手側のコマ位置で自分が軍事点を得ることはありません."""
    d = red_duel().build(0, "guard-tower").build(1, "stable").build(1, "garrison")
    assert d.result()["conflict"] == -1
    assert (d.score(0)["military"], d.score(1)["military"]) == (0, 2)
    d.build(1, "palisade")
    assert (d.score(0)["military"], d.score(1)["military"]) == (0, 2)
    assert d.result()["conflict"] == -2
