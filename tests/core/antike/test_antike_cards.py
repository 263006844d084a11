"""The 25 event cards, one test each, and how cards are taken and played.

イベントカードの効果：25枚：場には常にランダムで3枚。※使用後は捨て札へ (memo). ``dealt(c0,
c1)`` gives player 0 card c0 and player 1 card c1 through two navigators; afterwards it
is player 1's turn (moved), and player 0 may open theirs with a card or the rondel.
"""

import pytest
from adhelp import Play, dealt

from duelcore.antike import tables

START = {"marble": 3, "iron": 3, "gold": 3, "coins": 0}


def turn0(c0, *before, c1="gang"):
    """Player 0 holds c0; ``before``: events in player 1's open turn; then player 0 moves."""
    return dealt(c0, c1).ev(*before, ["rondel", 0, 1, {}])


def test_twenty_five_distinct_cards():
    names = tables.CARDS.split()
    assert len(names) == 25 == len(set(names))
    assert names.index("fortress") == 8  # legal.py's _FORTRESS


def test_played_cards_go_to_the_discard_pile():
    g = turn0("burglary").ev(["event", 0, "burglary"])
    assert g.p(0)["cards"] == [] and g.r["discard"] == ["burglary"]
    g.no(["event", 0, "burglary"], "player 0 does not hold burglary")


def test_card_arguments_are_checked():
    g = turn0("burglary")
    g.no(["event", 0, "burglary", 1], "burglary takes no argument")
    g.no(["event", 0, "lottery"], "unknown event card lottery")
    g.no(["event", 0], "event takes 1 to 2 arguments")


def test_a_card_opens_the_players_turn():
    g = dealt("burglary", "gang").ev(["event", 0, "burglary"])
    assert g.r["turn"] == 0 and g.r["phase"] == "rondel"
    g.no(["event", 1, "gang"], "player 0 must move on the rondel first")
    g.no(["rondel", 1, 1, {}], "player 0 must move on the rondel first")


def test_taking_a_card_held_or_discarded_is_refused():
    g = dealt("burglary", "gang").ev(["event", 0, "burglary"], ["rondel", 0, 1, {}])
    g.ev(
        ["resources", 0, {"marble": 9, "iron": 9, "gold": 9}],
        ["city", 0, 0, "gold"],
        ["city", 0, 0, "gold"],
    )
    g.ev(["personality", 0, "king"])
    g.no(["card", 1, "gang"], "gang is held or discarded")
    g.no(["card", 1, "burglary"], "burglary is held or discarded")
    g.ev(["card", 1, "oracle"])


def test_discard_pile_reshuffled_when_fewer_than_three_left():
    """choice: the display always shows 3; when the deck runs out, the discards are
    shuffled into it. White-box: the state holds hands and discards as bit masks."""
    g = Play(["rondel", 0, 1, {}], ["personality", 0, "navigator"])
    game = g.m.game
    names = tables.CARDS.split()
    # player 0 holds 20 cards, 3 lie discarded: 2 left to show, so the discards are back
    game.pl[0][23] = (1 << 20) - 1
    game.t[11] = 0b111 << 20
    assert game.deck() == ((1 << 25) - 1) & ~((1 << 20) - 1)
    g.ev(["card", 1, names[21]])
    assert g.r["discard"] == []


# -- one test per card --------------------------------------------------------------------


def test_academy():
    """学院(ACADEMY)：知識アクション時、相手の知識1つにつき1黄金獲得。"""
    g = dealt("academy", "gang").ev(
        ["rondel", 0, 1, {}], ["rondel", 1, 1, {}], ["resources", 1, {"gold": 9}]
    )
    g.ev(
        ["knowledge", 1, "roads"],
        ["knowledge", 1, "trade"],
        ["rondel", 0, 1, {}],
        ["event", 0, "academy"],
    )
    assert g.res(0)["gold"] == 5 and g.r["action"] == "knowledge"
    g.no(["produce", 0, "gold", False], "this turn's rondel action is knowledge")
    g = dealt("academy", "gang")
    g.no(["event", 0, "academy"], "the rondel action comes after the move")


def test_architect():
    """建築家(ARCHITECT)：神殿を1つ建設。コストは同じ。 (arg: adjacent temples)"""
    g = turn0("architect", ["resources", 0, {"marble": 3, "coins": 1}])
    g.ev(["produce", 0, "gold", False], ["event", 0, "architect", 0])
    assert g.p(0)["temples"] == 1 and g.res(0)["marble"] == 0
    g = turn0("architect")
    g.no(["event", 0, "architect", 0], "player 0 has 3 marble")
    g.no(["event", 0, "architect", 1], "0 of 12 temples")


def test_burglary():
    """強盗(BURGLARY)：相手は貨幣を半分失う。端数切捨て。"""
    g = turn0("burglary", ["resources", 1, {"coins": 5}]).ev(["event", 0, "burglary"])
    assert g.res(1)["coins"] == 3


def test_charity():
    """施し(CHARITY)：所有する有力者の枚数が相手より少ない時、1枚につき1貨幣獲得。"""
    g = dealt("charity", "gang").ev(
        ["resources", 1, {"marble": 9, "iron": 9, "gold": 9}], ["rondel", 0, 1, {}]
    )
    g.ev(
        ["rondel", 1, 1, {}],
        ["city", 1, 0, "iron"],
        ["city", 1, 0, "iron"],
        ["personality", 1, "king"],
    )
    g.ev(["card", 0, "forge"], ["event", 0, "charity"])
    assert g.res(0)["coins"] == 1
    g = turn0("charity").ev(["event", 0, "charity"])  # not fewer: nothing
    assert g.res(0)["coins"] == 0


def test_corruption():
    """堕落(CORRUPTION)：相手は資源それぞれにつき、4つ以上持っていれば1つ失う。"""
    g = turn0("corruption", ["resources", 1, {"marble": 1, "gold": 5, "coins": 9}]).ev(
        ["event", 0, "corruption"]
    )
    assert g.res(1) == {"marble": 3, "iron": 3, "gold": 7, "coins": 9}


def test_diplomacy():
    """外交(DIPLOMACY)：産出アクション時、相手の都市を用いて産出を行う。"""
    g = turn0("diplomacy")
    g.no(["event", 0, "diplomacy", ["iron", True]], "player 1 has no temple")
    g.ev(["event", 0, "diplomacy", ["iron", False]])
    assert g.res(0) == {"marble": 3, "iron": 4, "gold": 3, "coins": 1}
    g.no(["produce", 0, "iron", False], "one production per turn")
    g = turn0("diplomacy")
    g.no(["event", 0, "diplomacy", ["iron"]], "diplomacy takes a list of two")
    g.no(["event", 0, "diplomacy", ["wood", False]], "unknown resource wood")


def test_diplomacy_needs_the_opponents_city():
    g = dealt("diplomacy", "gang").ev(
        ["rondel", 0, 1, {}], ["conquer", 0, False, {"resource": "gold"}]
    )
    g.ev(["card", 1, "forge"], ["rondel", 1, 1, {}], ["rondel", 0, 1, {}])
    g.no(["event", 0, "diplomacy", ["gold", False]], "player 1 has no gold city")


def test_earthquake():
    """地震(EARTHQUAKE)：任意の防壁を1つ破壊する。 (arg: the wall's owner)"""
    g = turn0("earthquake").ev(["rondel", 1, 1, {}], ["wall", 1])
    g.no(["event", 0, "earthquake", 0], "player 0 has no wall")
    g.ev(["event", 0, "earthquake", 1])
    assert g.p(1)["walls"] == {"held": 1, "built": 0}


def test_forge():
    """鍛冶(FORGE)：配備アクション時、陸軍コマを1つ、無料で配備できる。 (choice: from the
    recruits, within the turn's deploy limit)"""
    g = turn0("forge").ev(["event", 0, "forge"])
    assert g.p(0)["units"] == {"army": 1, "fleet": 0} and g.res(0)["iron"] == 3
    assert g.r["action"] == "arming"
    g.ev(["deploy", 0, 0, 1])
    g = turn0("forge", c1="gang").ev(["deploy", 0, 1, 0])
    g.no(["event", 0, "forge"], "player 0 has 0 legions")


def test_fortress():
    """要塞(FORTRESS)：相手の進軍アクション、フェーズ2時、征服されようとしている自国の都市1つの防御力を1上げる。"""
    g = dealt("gang", "fortress").ev(["units", 0, [0, 0, 3, 0]], ["rondel", 0, 1, {}])
    g.ev(["event", 1, "fortress"])
    assert g.r["turn"] == 0  # the defender answers inside the attacker's turn
    g.no(
        ["conquer", 0, False, {"resource": "gold", "armies": 2}],
        "2 units do not beat a defence of 2",
    )
    g.ev(["conquer", 0, False, {"resource": "gold", "armies": 3}], ["card", 1, "oracle"])
    assert g.p(0)["units"]["army"] == 1


def test_fortress_only_in_the_opponents_maneuver():
    g = dealt("gang", "fortress").ev(["rondel", 0, 1, {}], ["produce", 0, "gold", False])
    g.no(["event", 1, "fortress"], "fortress is played during player 0's maneuver")
    g = dealt("fortress", "gang")
    g.no(["event", 0, "fortress"], "fortress is played during player 1's maneuver")


def test_fortress_not_in_own_turn():
    g = dealt("gang", "fortress")
    g.no(["event", 1, "fortress"], "fortress is played in the opponent's maneuver")


def test_gang():
    """大工(GANG)：防壁を1つ建設。 (choice: free, from the pieces held)"""
    g = turn0("gang", c1="forge").ev(["event", 0, "gang"])
    assert g.p(0)["walls"] == {"held": 1, "built": 1} and g.res(0)["marble"] == 3


def test_gold_mine():
    """金鉱(GOLD MINE)：黄金アクション時、黄金を産出する自国の都市それぞれにつき1黄金追加で獲得。"""
    g = turn0("gold-mine", ["resources", 0, {"marble": 1, "iron": 1, "gold": 1}])
    g.ev(["produce", 0, "gold", False], ["event", 0, "gold-mine"])
    assert g.res(0)["gold"] == 4 + 1 + 1
    g = turn0("gold-mine").ev(["produce", 0, "iron", False])
    g.no(["event", 0, "gold-mine"], "this turn's rondel action is iron")


def test_honorarium():
    """謝礼(HONORARIUM)：所有する学者1枚につき、任意の資源を1つ獲得。"""
    g = dealt("honorarium", "gang").ev(["rondel", 0, 1, {}], ["resources", 0, {"gold": 7}])
    g.ev(["knowledge", 0, "roads"], ["knowledge", 0, "trade"], ["personality", 0, "scholar"])
    g.ev(["card", 1, "forge"], ["personality", 0, "scholar"], ["card", 1, "oracle"])
    g.no(["event", 0, "honorarium", {"iron": 3}], "honorarium gives 2 resources")
    g.no(["event", 0, "honorarium", {"coins": 2}], "unknown resource coins")
    g.ev(["event", 0, "honorarium", {"iron": 1, "marble": 1}])
    assert g.res(0) == {"marble": 4, "iron": 4, "gold": 0, "coins": 0}


def test_merchant():
    """商人(MERCHANT)：相手の持つ資源3つを選び、こちらの資源3つと交換する。"""
    g = turn0("merchant", ["resources", 1, {"gold": 2}])
    g.no(
        ["event", 0, "merchant", {"give": {"marble": 2}, "take": {"gold": 2}}],
        "merchant swaps 3 each way",
    )
    g.no(
        ["event", 0, "merchant", {"give": {"marble": 3}, "take": {"gold": 3}, "x": 1}],
        "merchant takes",
    )
    g.ev(["event", 0, "merchant", {"give": {"marble": 3}, "take": {"gold": 2, "iron": 1}}])
    assert g.res(0) == {"marble": 0, "iron": 4, "gold": 5, "coins": 0}
    assert g.res(1) == {"marble": 6, "iron": 2, "gold": 3, "coins": 0}


def test_mining():
    """採鉱(MINING)：神殿のない自国の都市1つの、産出する資源を変更する。"""
    g = turn0("mining").ev(["event", 0, "mining", ["marble", "gold"]])
    assert g.p(0)["city_resources"] == {"marble": 0, "iron": 1, "gold": 2, "unknown": 0}
    g.no(["event", 0, "mining", ["marble", "gold"]], "player 0 does not hold mining")


def test_mining_needs_a_city_without_temple():
    g = turn0("mining").ev(
        ["resources", 0, {"marble": 90, "coins": 9}], ["temple", 0, 0], ["temple", 0, 1]
    )
    g.ev(["temple", 0, 2])
    g.no(["event", 0, "mining", ["iron", "gold"]], "player 0 has no iron city without a temple")
    g = turn0("mining")
    g.no(["event", 0, "mining", ["gold", "gold"]], "player 0 has no gold city without a temple")


def test_mutiny():
    """反乱(MUTINY)：1黄金を支払い、任意の軍コマを新兵枠に戻す。"""
    g = turn0("mutiny", ["units", 1, [0, 0, 0, 2]]).ev(["event", 0, "mutiny", [1, "fleet"]])
    assert g.p(1)["units"]["fleet"] == 1 and g.p(1)["recruits"]["fleet"] == 2
    assert g.res(0)["gold"] == 2
    g = turn0("mutiny")
    g.no(["event", 0, "mutiny", [1, "army"]], "player 1 has no army on the board")
    g.no(["event", 0, "mutiny", [1, "ship"]], "unknown unit ship")


def test_oracle():
    """神託(ORACLE)：1黄金を支払い、場からイベントカードを1枚獲得する。"""
    g = turn0("oracle").ev(["event", 0, "oracle"])
    assert g.r["pending"] == "card" and g.r["turn"] == 0 and g.res(0)["gold"] == 2
    g.no(["event", 0, "oracle"], "player 0 must first take an event card")
    g.no(["card", 0, "oracle"], "oracle is held or discarded")
    g.ev(["card", 0, "forge"])
    assert g.p(0)["cards"] == ["forge"]


def test_pestilence():
    """伝染病(PESTILENCE)：任意の都市１つの防御力を１下げる。
    (choice: the next conquest this turn)"""
    g = dealt("pestilence", "gang").ev(
        ["units", 0, [0, 0, 1, 0]], ["rondel", 0, 1, {}], ["event", 0, "pestilence"]
    )
    g.ev(["conquer", 0, False, {"resource": "gold", "armies": 1}])
    assert g.p(0)["units"]["army"] == 1  # defence 0: nothing lost


def test_privilege():
    """特権(PRIVILEGE)：無料でロンデルを6マスまで進める。"""
    g = dealt("privilege", "gang").ev(["event", 0, "privilege"], ["rondel", 0, 6, {}])
    assert g.res(0) == START
    g = dealt("privilege", "gang").ev(["event", 0, "privilege"])
    g.no(["rondel", 0, 7, {}], "7 steps cost 1 resources, not 0")
    g = turn0("privilege")
    g.no(["event", 0, "privilege"], "privilege is played before the rondel move")


def test_prosperity():
    """好況(PROSPERITY)：防壁のある自国の都市1つにつき1黄金獲得。"""
    g = turn0("prosperity").ev(["wall", 0], ["wall", 0], ["event", 0, "prosperity"])
    assert g.res(0)["gold"] == 5


def test_purchase():
    """購入(PURCHASE)：2黄金を支払い、2鉄・2大理石を獲得。"""
    g = turn0("purchase").ev(["event", 0, "purchase"])
    assert g.res(0) == {"marble": 5, "iron": 5, "gold": 1, "coins": 0}


def test_recruits():
    """召集(RECRUITS)：新兵枠にコマを補充できる。コストは同じ。"""
    g = turn0("recruits").ev(["produce", 0, "marble", False], ["event", 0, "recruits", [1, 1]])
    assert g.p(0)["recruits"] == {"army": 2, "fleet": 2} and g.res(0)["gold"] == 0


def test_sabotage():
    """怠業(SABOTAGE)：1黄金を支払い、相手のイベントカードを1枚破棄する。"""
    g = turn0("sabotage", c1="forge")
    g.no(["event", 0, "sabotage", "gang"], "player 1 does not hold gang")
    g.ev(["event", 0, "sabotage", "forge"])
    assert (
        g.p(1)["cards"] == [] and g.r["discard"] == ["forge", "sabotage"] and g.res(0)["gold"] == 2
    )


def test_settler():
    """開拓者(SETTLER)：1黄金を支払い、都市を1つ設立できる。貨幣コストは同じ。"""
    g = turn0("settler", ["resources", 0, {"coins": 1}]).ev(["event", 0, "settler", [1, "iron"]])
    assert g.res(0) == {"marble": 3, "iron": 3, "gold": 2, "coins": 0}
    assert g.p(0)["city_resources"]["iron"] == 2
    g = turn0("settler")
    g.no(["event", 0, "settler", "iron"], "settler takes [adjacent_same, resource]")


def test_shipyard():
    """造船所(SHIPYARD)：配備アクション時、海軍コマを1つ、無料で配備できる。"""
    g = turn0("shipyard").ev(["event", 0, "shipyard"])
    assert g.p(0)["units"] == {"army": 0, "fleet": 1} and g.res(0)["iron"] == 3


def test_stone_pit():
    """石切場(STORN PIT)：大理石アクション時、
    大理石を産出する自国の都市それぞれにつき1大理石追加で獲得。"""
    g = turn0("stone-pit", ["resources", 0, {"marble": 1, "iron": 1, "gold": 1}])
    g.ev(["event", 0, "stone-pit"], ["produce", 0, "marble", False])
    assert g.res(0)["marble"] == 3 + 1 + 1 + 1
    assert g.r["action"] == "marble"


@pytest.mark.parametrize("card", tables.CARDS.split())
def test_every_card_has_a_test(card):
    assert "test_" + card.replace("-", "_") in globals()
