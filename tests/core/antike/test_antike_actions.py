"""The rondel actions, founding cities, trade and corrections, rule by rule.

Quotes are from the play memo (shared rules text 004); "published" marks the published
rules where the memo is silent; "choice" marks our documented reading.
"""

import pytest
from adhelp import Play

START = {"marble": 3, "iron": 3, "gold": 3, "coins": 0}


def moved(*events, first=0):
    """Player ``first`` has made a (free, first) rondel move after ``events``."""
    return Play(*events, ["rondel", first, 1, {}], first=first)


# -- production -----------------------------------------------------------------------


@pytest.mark.parametrize("res", ["marble", "iron", "gold"])
def test_produce_one_plus_a_coin(res):
    """大理石/鉄/黄金: 自国の…を産出する都市1つから1…獲得。さらに、産出量に関わらず1貨幣獲得。"""
    g = moved().ev(["produce", 0, res, False])
    want = dict(START, coins=1)
    want[res] = 4
    assert g.res(0) == want
    assert g.r["action"] == res


def test_produce_three_from_a_temple_city():
    """神殿のある都市の場合：3…獲得 (which city has the temple is a board fact, see the docs)."""
    g = moved(["resources", 0, {"marble": 6}]).ev(["temple", 0, 0])
    g.ev(["rondel", 1, 1, {}], ["rondel", 0, 1, {}], ["produce", 0, "gold", True])
    assert g.res(0) == {"marble": 3, "iron": 3, "gold": 6, "coins": 1}


def test_produce_from_a_temple_city_needs_a_temple():
    """No temple built, no temple city: the refusal is one line and changes nothing."""
    g = moved()
    e = g.no(["produce", 0, "gold", True])
    assert str(e) == 'event 1 ["produce", 0, "gold", true]: player 0 has no temple'
    assert g.res(0) == START
    g.ev(["produce", 0, "gold", False])  # the turn's production is still to come
    assert g.res(0)["gold"] == 4


def test_a_lost_temple_no_longer_produces_three():
    """The temple destroyed in a conquest (memo: 将軍) leaves no temple city behind."""
    g = moved(["resources", 0, {"marble": 6}]).ev(["temple", 0, 0])
    g.ev(["rondel", 1, 1, {}], ["conquer", 1, True, {"resource": "gold"}], ["card", 0, "gang"])
    g.ev(["rondel", 0, 1, {}])
    g.no(["produce", 0, "iron", True], "player 0 has no temple")


def test_produce_from_the_opponents_temple_city_needs_their_temple():
    """Diplomacy produces from the opponent's city: their temple counts, not one's own."""
    g = moved(["resources", 0, {"marble": 6}]).ev(["temple", 0, 0])
    g.ev(["rondel", 1, 1, {}])
    g.no(["produce", 1, "gold", True], "player 1 has no temple")


def test_monetary_economy_adds_one():
    """貨幣経済：資源を生産する時、追加でその資源を1つ得られる。"""
    g = moved(["resources", 0, {"gold": 4, "marble": 6}]).ev(["temple", 0, 0])
    g.ev(["rondel", 1, 1, {}], ["rondel", 0, 1, {}], ["knowledge", 0, "monetary-economy"])
    g.ev(["rondel", 1, 1, {}], ["rondel", 0, 1, {}], ["produce", 0, "iron", False])
    assert g.res(0)["iron"] == 5 and g.res(0)["coins"] == 1
    g.ev(["rondel", 1, 1, {}], ["rondel", 0, 1, {}], ["produce", 0, "iron", True])
    assert g.res(0)["iron"] == 9


def test_produce_needs_a_city_of_that_resource():
    g = moved().ev(["conquer", 0, False, {"resource": "marble"}], ["card", 1, "gang"])
    g.ev(["rondel", 1, 1, {}])
    g.no(["produce", 1, "marble", False], "player 1 has no marble city")


def test_a_city_of_unrecorded_resource_may_produce_anything():
    """choice: a city founded without naming its resource (the spec's short form) stands
    in for any resource."""
    g = moved(["resources", 0, {"marble": 5}]).ev(["city", 0, 0])
    g.ev(["rondel", 1, 1, {}], ["conquer", 1, False, {"resource": "marble"}], ["card", 0, "gang"])
    g.ev(["rondel", 0, 1, {}], ["produce", 0, "marble", False])
    assert g.p(0)["city_resources"] == {"marble": 0, "iron": 1, "gold": 1, "unknown": 1}


def test_produce_arguments():
    g = moved()
    g.no(["produce", 0, "coins", False], "unknown resource coins")
    g.no(["produce", 0, "gold", 1], "temple must be true or false")
    g.no(["produce", 0, "gold"], "produce takes 2 to 2")


# -- recruiting (the knowledge space) ---------------------------------------------------


def test_recruit_costs_one_gold_a_legion_two_a_galley():
    """知識: 黄金を支払うことで新兵枠にコマを補充する。
    陸軍コマ1つにつき1黄金、海軍コマ1つにつき2黄金。"""
    g = moved().ev(["recruit", 0, 1, 1])
    assert g.res(0)["gold"] == 0
    assert g.p(0)["recruits"] == {"army": 2, "fleet": 2}
    assert g.r["action"] == "knowledge"


def test_recruit_coins_pay_for_gold():
    g = moved(["resources", 0, {"coins": 2}]).ev(["recruit", 0, 0, 2])
    assert g.res(0) == {"marble": 3, "iron": 3, "gold": 0, "coins": 1}
    g.no(["recruit", 0, 1, 1], "player 0 has")


def test_recruit_limited_by_the_twelve_pieces():
    """published: 12 legions and 12 galleys per player; an empty supply is empty."""
    g = moved(["resources", 0, {"gold": 30}])
    g.no(["recruit", 0, 12, 0], "player 0 has 11 legions and 11 galleys in supply")
    g.ev(["recruit", 0, 11, 0])
    g.no(["recruit", 0, 1, 0], "0 legions")


def test_recruit_and_knowledge_share_the_space():
    g = moved(["resources", 0, {"gold": 10}]).ev(["recruit", 0, 1, 0], ["knowledge", 0, "roads"])
    g.no(["deploy", 0, 1, 0], "this turn's rondel action is knowledge")
    g.no(["recruit", 0, 0, 0], "name at least one unit")


# -- deploying (arming) -----------------------------------------------------------------


def test_deploy_two_iron_per_unit_from_the_recruits():
    """配備: 新兵枠から新たな陸・海軍コマを自国の都市に配置。1つにつき2鉄。"""
    g = moved().ev(["deploy", 0, 1, 0])
    assert g.res(0)["iron"] == 1
    assert g.p(0)["recruits"] == {"army": 0, "fleet": 1}
    assert g.p(0)["units"] == {"army": 1, "fleet": 0}
    g.no(["deploy", 0, 1, 0], "player 0 has 0 legions and 1 galleys recruited")


def test_deploy_limit_one_per_city_three_per_temple_city():
    """神殿のない都市の場合：1ターンに1つ / 神殿のある都市の場合：1ターンに3つまで。"""
    g = moved(["units", 0, [9, 9, 0, 0]], ["resources", 0, {"iron": 30}])
    g.ev(["deploy", 0, 2, 0])
    g.no(["deploy", 0, 1, 1], "player 0 may deploy 1 more units this turn")
    g.ev(["deploy", 0, 0, 1])
    # with a temple: 2 plain cities + 3 = 5 a turn
    g.ev(
        ["rondel", 1, 1, {}],
        ["rondel", 0, 1, {}],
        ["resources", 0, {"marble": 6}],
        ["temple", 0, 0],
    )
    g.ev(["rondel", 1, 1, {}], ["rondel", 0, 1, {}], ["deploy", 0, 5, 0])
    g.no(["deploy", 0, 1, 0], "may deploy 0 more")


def test_deploy_needs_iron_or_coins():
    g = moved(["resources", 0, {"iron": -3}])
    g.no(["deploy", 0, 1, 0], "player 0 has")


# -- temples and walls ---------------------------------------------------------------


def test_temple_six_marble():
    """神殿: 自国の任意の都市に神殿を建てる。1つにつき6大理石。"""
    g = moved(["resources", 0, {"marble": 3}]).ev(["temple", 0, 0])
    assert g.res(0)["marble"] == 0 and g.p(0)["temples"] == 1
    assert g.r["action"] == "temple"


def test_temple_coin_per_adjacent_temple_of_either_player():
    """隣接する都市に(自他問わず)神殿がある場合、それら1つにつき、追加で1貨幣。"""
    g = moved(["resources", 0, {"marble": 9, "coins": 3}]).ev(["temple", 0, 0], ["temple", 0, 1])
    assert g.res(0) == {"marble": 0, "iron": 3, "gold": 3, "coins": 2}
    g.no(["temple", 0, 3], "2 of 12 temples stand on the board")


def test_temple_coins_pay_for_marble_not_the_reverse():
    g = moved(["resources", 0, {"marble": 9}]).ev(["temple", 0, 0])
    g.no(["temple", 0, 1], "player 0 has 6 marble")  # the surcharge is in coins
    g = moved(["resources", 0, {"marble": 2, "coins": 1}]).ev(["temple", 0, 0])
    assert g.res(0) == {"marble": 0, "iron": 3, "gold": 3, "coins": 0}


def test_one_temple_per_city_no_limit_per_turn():
    """ターンによる配置制限はないが、神殿・防壁は1都市にそれぞれ1つまで。"""
    g = moved(["resources", 0, {"marble": 30, "coins": 9}])
    g.ev(["temple", 0, 0], ["temple", 0, 1], ["temple", 0, 2])
    g.no(["temple", 0, 2], "every city of player 0 has a temple")


def test_twelve_temples_in_the_box():
    """published: 12 temples; an empty supply is empty."""
    g = Play(["units", 0, [0, 0, 0, 0]])
    for p in (0, 1):
        g.ev(["resources", p, {"marble": 96, "coins": 99, "iron": 9, "gold": 9}])
    for _ in range(3):
        for p in (0, 1):
            g.ev(["rondel", p, 1, {}], ["city", p, 0, "iron"])
    g.ev(["city", 1, 0, "marble"])
    for p in (0, 1):
        g.ev(["rondel", p, 1, {}])
        for _ in range(6):
            g.ev(["temple", p, 0])
    g.ev(["rondel", 0, 1, {}], ["rondel", 1, 1, {}])
    g.no(["temple", 1, 0], "12 of 12 temples")


def test_wall_one_marble_one_per_city():
    """また防壁を建てることもできる。1つにつき1大理石。"""
    g = moved().ev(["wall", 0])
    assert g.res(0)["marble"] == 2
    assert g.p(0)["walls"] == {"held": 0, "built": 1}
    g.no(["wall", 0], "player 0 holds 0 wall pieces")


def test_wall_needs_a_piece_and_a_city_without_one():
    """神殿・防壁は1都市にそれぞれ1つまで; pieces come from personalities (1, 2, 3, 5, 7)."""
    g = moved().ev(["wall", 0], ["personality", 0, "navigator"], ["card", 1, "gang"])
    g.ev(["rondel", 1, 1, {}], ["rondel", 0, 1, {}], ["wall", 0], ["personality", 0, "navigator"])
    g.ev(["card", 1, "oracle"], ["rondel", 1, 1, {}], ["rondel", 0, 1, {}], ["wall", 0])
    assert g.p(0)["walls"] == {"held": 0, "built": 3}
    g.ev(["rondel", 1, 1, {}], ["rondel", 0, 1, {}], ["resources", 0, {"gold": 2}])
    g.ev(["knowledge", 0, "roads"], ["personality", 0, "scholar"], ["card", 1, "forge"])
    g.ev(["rondel", 1, 1, {}], ["rondel", 0, 1, {}])
    g.no(["wall", 0], "player 0 holds 1 wall pieces, has 3 walls and 3 cities")


def test_temple_and_wall_share_the_space():
    g = moved(["resources", 0, {"marble": 9}]).ev(["wall", 0], ["temple", 0, 0])
    g.no(["produce", 0, "marble", False], "this turn's rondel action is temple")


# -- founding cities -------------------------------------------------------------------


def test_city_costs_marble_iron_gold():
    """都市の設立: 1大理石・1鉄・1黄金を支払って、都市を設立できる。"""
    g = moved().ev(["city", 0, 0, "marble"])
    assert g.res(0) == {"marble": 2, "iron": 2, "gold": 2, "coins": 0}
    assert g.p(0)["cities"] == 4 and g.p(0)["city_resources"]["marble"] == 2


def test_city_coin_per_adjacent_city_of_the_same_resource():
    """(自他問わず)隣接する都市と同種の資源を選ぶ場合、それら1つにつき、追加で1貨幣。"""
    g = moved(["resources", 0, {"coins": 2}]).ev(["city", 0, 2, "gold"])
    assert g.res(0) == {"marble": 2, "iron": 2, "gold": 2, "coins": 0}
    g.no(["city", 0, 1, "gold"], "player 0 has")


def test_city_resource_may_be_omitted():
    """The spec's form ["city", p, adjacent_same]: the resource is not recorded."""
    g = moved().ev(["city", 0, 0])
    assert g.p(0)["city_resources"]["unknown"] == 1


def test_several_cities_in_one_turn_without_a_rondel_action():
    """The scenario founds a city right after the rondel move; the action is optional."""
    g = moved().ev(["city", 0, 0, "iron"], ["city", 0, 0, "gold"])
    assert g.p(0)["cities"] == 5


def test_city_tokens_are_limited():
    """published: 12 marble, 12 iron, 10 gold city tokens."""
    g = moved(["resources", 0, {"marble": 20, "iron": 20, "gold": 20}])
    for _ in range(8):
        g.ev(["city", 0, 0, "gold"])
    g.no(["city", 0, 0, "gold"], "no gold city token is left")
    g.ev(["city", 0, 0])  # a city of unrecorded resource is not counted against a type


def test_city_adjacency_bounded_by_cities_on_the_board():
    g = moved(["resources", 0, {"coins": 9}])
    g.no(["city", 0, 7, "iron"], "only 6 cities stand on the board")


# -- know-hows ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name,first,later",
    [
        ("roads", 5, 2),
        ("navigation", 6, 3),  # the memo: 道路：5/2, 航海術：6/3
        ("monetary-economy", 7, 4),
        ("republic", 6, 3),
        ("trade", 5, 2),  # choice (tables.py)
    ],
)
def test_knowledge_first_and_later_price(name, first, later):
    """知識の効果：獲得の黄金コストは相手より先だと高く、後だと安い。"""
    g = moved(["resources", 0, {"gold": 10}], ["resources", 1, {"gold": 10}]).ev(
        ["knowledge", 0, name]
    )
    assert g.res(0)["gold"] == 13 - first
    g.ev(["rondel", 1, 1, {}], ["knowledge", 1, name])
    assert g.res(1)["gold"] == 13 - later
    assert g.p(0)["knowledge"] == [name] == g.p(1)["knowledge"]


def test_knowledge_once_and_paid_in_gold_or_coins():
    g = moved(["resources", 0, {"coins": 2}]).ev(["knowledge", 0, "roads"])
    assert g.res(0)["gold"] == 0 and g.res(0)["coins"] == 0
    g.no(["knowledge", 0, "roads"], "player 0 has roads")
    g.no(["knowledge", 0, "writing"], "unknown know-how writing")


def test_several_know_hows_in_one_action():
    g = moved(["resources", 0, {"gold": 20}]).ev(
        ["knowledge", 0, "roads"], ["knowledge", 0, "trade"]
    )
    assert g.p(0)["knowledge"] == ["roads", "trade"]


def test_trade_three_resources_for_two():
    """貿易：手持ちの任意の3資源を、任意の2資源と交換できる。 (choice: any time in one's own
    turn, as often as wanted; coins may be given, only marble/iron/gold taken.)"""
    g = moved()
    g.no(["trade", 0, {"marble": 3}, {"gold": 2}], "player 0 lacks trade")
    g.ev(["resources", 0, {"gold": 2}], ["knowledge", 0, "trade"])
    g.ev(["trade", 0, {"marble": 2, "iron": 1}, {"gold": 2}])
    assert g.res(0) == {"marble": 1, "iron": 2, "gold": 2, "coins": 0}
    g.no(["trade", 0, {"marble": 1, "iron": 1}, {"gold": 2}], "trade gives 3 resources for 2")
    g.no(["trade", 0, {"marble": 1, "iron": 2}, {"coins": 2}], "unknown resource coins")
    g.no(["trade", 0, {"gold": 3}, {"iron": 2}], "player 0 has")


def test_trade_opens_the_turn_before_the_rondel_move():
    g = moved(["resources", 0, {"gold": 2}]).ev(["knowledge", 0, "trade"], ["rondel", 1, 1, {}])
    g.ev(["trade", 0, {"iron": 3}, {"marble": 2}])
    assert g.r["turn"] == 0 and g.r["phase"] == "rondel"


# -- maneuver: battles and conquest ----------------------------------------------------


def test_battle_units_cancel_one_for_one():
    """進軍 第1フェーズ: 移動先に相手のコマがある場合：1－1で相殺。相殺されたコマは新兵枠に戻る。"""
    g = moved(["units", 0, [0, 0, 3, 2]], ["units", 1, [0, 0, 2, 1]]).ev(["battle", 0, 2, 1])
    assert g.p(0)["units"] == {"army": 1, "fleet": 1} and g.p(0)["recruits"] == {
        "army": 3,
        "fleet": 2,
    }
    assert g.p(1)["units"] == {"army": 0, "fleet": 0} and g.p(1)["recruits"] == {
        "army": 3,
        "fleet": 2,
    }
    g.no(["battle", 0, 1, 0], "legions, galleys on the board: 1, 1 and 0, 0")
    assert g.r["action"] == "maneuver"


def conquest(defender=()):
    """Player 0 with 6 legions and 2 galleys on the board, moved; ``defender``: events
    of player 1's turn before."""
    g = Play(["units", 0, [0, 0, 6, 2]])
    if defender:
        g.ev(["rondel", 0, 1, {}], ["rondel", 1, 1, {}], *defender)
    return g.ev(["rondel", 0, 1, {}])


def test_conquest_must_exceed_the_defence_of_one():
    """第2フェーズ: 相手都市に配置された自軍コマ数がその防御力を上回る場合、征服できる。
    都市の防御力は基本値1。"""
    g = conquest()
    g.no(
        ["conquer", 0, False, {"resource": "gold", "armies": 1}],
        "1 units do not beat a defence of 1",
    )
    g.ev(["conquer", 0, False, {"resource": "gold", "armies": 2}])
    assert g.p(0)["cities"] == 4 and g.p(1)["cities"] == 2
    assert g.p(0)["city_resources"]["gold"] == 2 and g.p(1)["city_resources"]["gold"] == 0


def test_conquest_losses_equal_the_defence():
    """防御力と1－1で相殺。相殺された軍コマは新兵枠に戻る。"""
    g = conquest().ev(["conquer", 0, False, {"resource": "gold", "armies": 3}])
    assert g.p(0)["units"] == {"army": 5, "fleet": 2} and g.p(0)["recruits"] == {
        "army": 2,
        "fleet": 1,
    }


def test_conquest_temple_city_base_three_and_temple_destroyed():
    """神殿があれば基本値3。 (published: the temple is destroyed;
    将軍: 相手の神殿を１つ破壊する度)"""
    g = conquest([["resources", 1, {"marble": 3}], ["temple", 1, 0]])
    g.no(
        ["conquer", 0, True, {"resource": "iron", "armies": 3}],
        "3 units do not beat a defence of 3",
    )
    g.ev(["conquer", 0, True, {"resource": "iron", "armies": 4}])
    assert g.p(1)["temples"] == 0 and g.p(0)["temples"] == 0
    assert g.p(0)["units"]["army"] == 3


def test_conquest_defending_units_add_one_each_and_return():
    """その都市に配置されている防御側の軍コマ1につき＋1。"""
    g = conquest([["units", 1, [0, 0, 2, 0]]])
    g.no(["conquer", 0, False, {"resource": "gold", "armies": 3, "defenders": 2}], "defence of 3")
    g.ev(["conquer", 0, False, {"resource": "gold", "armies": 4, "defenders": 2}])
    assert g.p(1)["units"]["army"] == 0 and g.p(1)["recruits"]["army"] == 3
    g2 = conquest()
    g2.no(
        ["conquer", 0, False, {"resource": "gold", "armies": 5, "defenders": 1}],
        "legions, galleys on the board",
    )


def test_conquest_wall_adds_one_and_changes_hands():
    """防壁があれば＋1。 (published: city tokens and walls are two-coloured; they flip.)"""
    g = conquest([["wall", 1]])
    g.no(["conquer", 0, False, {"resource": "gold", "armies": 2, "wall": True}], "defence of 2")
    g.ev(["conquer", 0, False, {"resource": "gold", "armies": 3, "wall": True}])
    assert g.p(1)["walls"] == {"held": 0, "built": 0}
    assert g.p(0)["walls"] == {"held": 1, "built": 1}


def test_conquest_republic_adds_one():
    """共和政：自国の全都市の防御力を1つ上げられる。"""
    g = conquest([["resources", 1, {"gold": 3}], ["knowledge", 1, "republic"]])
    g.no(["conquer", 0, False, {"resource": "iron", "armies": 2}], "defence of 2")
    g.ev(["conquer", 0, False, {"resource": "iron", "armies": 3}])


def test_conquest_fleets_count_and_are_lost_first():
    """choice: galleys next to a coastal city count; losses come from galleys first
    unless fleets_lost says otherwise."""
    g = conquest().ev(
        ["conquer", 0, False, {"resource": "gold", "armies": 1, "fleets": 2, "wall": False}]
    )
    assert g.p(0)["units"] == {"army": 6, "fleet": 1}
    g = conquest().ev(
        ["conquer", 0, False, {"resource": "gold", "armies": 2, "fleets": 1, "fleets_lost": 0}]
    )
    assert g.p(0)["units"] == {"army": 5, "fleet": 2}
    conquest().no(
        ["conquer", 0, False, {"resource": "gold", "armies": 0, "fleets": 2, "fleets_lost": 0}],
        "a defence of 1 takes 1 legions",
    )
    conquest().no(
        ["conquer", 0, False, {"resource": "gold", "armies": 1, "fleets": 2, "fleets_lost": 2}],
        "fleets_lost must be a whole number from 0 to 1",
    )


def test_conquest_card_to_the_defender_once_per_turn():
    """都市を失った場合、防御側のプレイヤーは失った数に関わらず、場からイベントカードを1枚獲得する。"""
    g = conquest().ev(["conquer", 0, False, {"resource": "gold", "armies": 2}])
    assert g.r["pending"] == "card" and g.r["turn"] == 1
    g.no(
        ["conquer", 0, False, {"resource": "iron", "armies": 2}],
        "player 1 must first take an event card",
    )
    g.ev(["card", 1, "fortress"])
    assert g.r["pending"] is None and g.r["turn"] == 0
    g.ev(["conquer", 0, False, {"resource": "iron", "armies": 2}])
    assert g.r["pending"] is None
    assert g.p(1)["cards"] == ["fortress"] and g.p(1)["cities"] == 1


def test_conquest_on_trust_without_units():
    """The spec's form ["conquer", p, temple]: no defence check, no losses; the city's
    resource must be named unless the defender has a city of unrecorded resource."""
    g = moved()
    g.no(["conquer", 0, False], "player 1 has no such city (give its resource)")
    g.ev(["conquer", 0, False, {"resource": "iron"}])
    assert g.p(0)["cities"] == 4


def test_conquest_facts_must_fit_the_defender():
    g = conquest()
    g.no(
        ["conquer", 0, True, {"resource": "gold", "armies": 5}],
        "player 1 has 3 cities, 0 temples, 0 walls",
    )
    g.no(["conquer", 0, False, {"resource": "gold", "armies": 5, "wall": True}], "0 walls")
    g.no(
        ["conquer", 0, False, {"resource": "gold", "armies": 5, "walls": True}],
        "unknown conquer detail walls",
    )
    g.no(["conquer", 0, False, ["gold"]], "conquer details must be an object")
    g.no(["conquer", 0, False, {"resource": "gold", "armies": 7}], "legions, galleys on the board")


def test_maneuver_excludes_other_actions():
    g = conquest().ev(["conquer", 0, False, {"resource": "gold", "armies": 2}], ["card", 1, "gang"])
    g.no(["deploy", 0, 1, 0], "this turn's rondel action is maneuver")


# -- corrections -------------------------------------------------------------------------


def test_resources_correction_stops_at_zero_any_time():
    g = Play(["resources", 1, {"marble": -5, "coins": 2}])
    assert g.res(1) == {"marble": 0, "iron": 3, "gold": 3, "coins": 2}
    assert g.r["turn"] == 0


@pytest.mark.parametrize("n", [100, -100, 10**9, 10**15, 10**400])
def test_a_resources_correction_moves_at_most_99(n: int) -> None:
    """docs/antike-duellum.md, Bounds: issue 10's huge corrections are refused."""
    Play().no(["resources", 0, {"coins": n}], "resources must be a whole number from -99 to 99")


def test_no_correction_leaves_a_count_above_99():
    g = Play(["resources", 0, {"coins": 99, "marble": 96}])
    assert g.res(0)["coins"] == 99 and g.res(0)["marble"] == 99
    g.no(["resources", 0, {"iron": 1, "gold": 97}], "player 0 would hold 100 gold; a count")
    g.ev(["resources", 0, {"coins": -99, "marble": -99}])  # stops at 0
    assert g.res(0)["coins"] == 0 and g.res(0)["marble"] == 0


def test_units_correction():
    g = Play(["units", 1, [2, -5, 3, 1]])
    assert g.p(1)["recruits"] == {"army": 3, "fleet": 0} and g.p(1)["units"] == {
        "army": 3,
        "fleet": 1,
    }
    g.no(["units", 1, [9, 0, 0, 0]], "a player has 12 legions and 12 galleys")
    g.no(["units", 1, {"army": 1}], "units takes a list of 4 changes")
