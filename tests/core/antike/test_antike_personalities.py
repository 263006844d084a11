"""The five personalities, their supply, wall pieces, cards to the opponent, victory.

有力者：5種類：早い者勝ち (memo). Conditions read cumulatively (choice, see the docs): the
k-th king needs 5k cities, the k-th citizen 3k temples, the k-th scholar k know-hows
gained first, the k-th general k opponent temples destroyed.
"""

import pytest
from adhelp import Play

RES = ("marble", "iron", "gold") * 8 + ("marble", "iron") * 2  # 28: the tokens left


def founder(n, p=0):
    """Player p (first) founds n cities in its first turn (resources added)."""
    g = Play(["resources", p, {"marble": 40, "iron": 40, "gold": 40, "coins": 40}], first=p)
    g.ev(["rondel", p, 1, {}])
    for i in range(n):
        g.ev(["city", p, 0, RES[i]])
    return g


def test_king_at_five_cities():
    """王様：6枚：自国の都市数が5の倍数に達する度1枚獲得"""
    g = founder(1)
    g.no(["personality", 0, "king"], "player 0 lacks 1 for the next king")
    g.ev(["city", 0, 0, "iron"], ["personality", 0, "king"])
    assert g.p(0)["personalities"]["king"] == 1
    g.ev(["card", 1, "gang"])
    g.no(["personality", 0, "king"], "player 0 lacks 5 for the next king")


def test_second_king_at_ten_cities_not_by_refounding():
    g = founder(7).ev(["personality", 0, "king"], ["card", 1, "gang"], ["personality", 0, "king"])
    assert g.p(0)["personalities"]["king"] == 2
    # losing a city and founding it again does not make a third king
    g.ev(["card", 1, "forge"], ["rondel", 1, 1, {}], ["conquer", 1, False, {"resource": "gold"}])
    g.ev(["card", 0, "oracle"], ["rondel", 0, 1, {}], ["city", 0, 0, "gold"])
    g.no(["personality", 0, "king"], "player 0 lacks 5 for the next king")


def test_six_kings_at_most():
    g = founder(28)
    assert g.p(0)["cities"] == 31
    cards = iter(["academy", "architect", "burglary", "charity", "corruption", "diplomacy"])
    for _ in range(6):
        g.ev(["personality", 0, "king"], ["card", 1, next(cards)])
    g.no(["personality", 0, "king"], "no king can be claimed now")


def test_scholar_for_each_know_how_gained_first():
    """学者：5枚：相手より先に、新たな知識を1つ得る度1枚獲得"""
    g = Play(["resources", 0, {"gold": 20}], ["resources", 1, {"gold": 20}])
    g.ev(
        ["rondel", 0, 1, {}],
        ["knowledge", 0, "roads"],
        ["personality", 0, "scholar"],
        ["card", 1, "gang"],
    )
    g.no(["personality", 0, "scholar"], "player 0 lacks 1 for the next scholar")
    g.ev(["rondel", 1, 1, {}], ["knowledge", 1, "roads"])
    g.no(["personality", 1, "scholar"], "player 1 lacks 1 for the next scholar")
    g.ev(["knowledge", 1, "trade"], ["personality", 1, "scholar"])
    assert g.p(1)["personalities"]["scholar"] == 1


def test_citizen_at_three_temples():
    """市民：4枚：自国の神殿数が3の倍数に達する度1枚獲得"""
    g = Play(
        ["resources", 0, {"marble": 15, "coins": 3}],
        ["rondel", 0, 1, {}],
        ["temple", 0, 0],
        ["temple", 0, 1],
    )
    g.no(["personality", 0, "citizen"], "player 0 lacks 1 for the next citizen")
    g.ev(["temple", 0, 2], ["personality", 0, "citizen"], ["card", 1, "gang"])
    g.no(["personality", 0, "citizen"], "player 0 lacks 3 for the next citizen")


def test_general_for_each_temple_destroyed():
    """将軍：4枚：相手の神殿を１つ破壊する度1枚獲得"""
    g = Play(
        ["resources", 1, {"marble": 3}],
        ["rondel", 0, 1, {}],
        ["rondel", 1, 1, {}],
        ["temple", 1, 0],
    )
    g.ev(["rondel", 0, 1, {}])
    g.no(["personality", 0, "general"], "player 0 lacks 1 for the next general")
    g.ev(
        ["conquer", 0, True, {"resource": "gold"}],
        ["card", 1, "gang"],
        ["personality", 0, "general"],
    )
    assert g.p(0)["personalities"]["general"] == 1
    assert g.p(1)["temples"] == 0


def test_navigator_on_the_players_word_once_per_turn():
    """航海士：2枚：自ターン終了時、自国の海域が7つある度1枚獲得 (the seas are a board fact)."""
    g = Play(["rondel", 0, 1, {}], ["personality", 0, "navigator"], ["card", 1, "gang"])
    g.no(["personality", 0, "navigator"], "no navigator can be claimed now")
    g.ev(["rondel", 1, 1, {}], ["personality", 1, "navigator"], ["card", 0, "forge"])
    g.ev(["rondel", 0, 1, {}])
    g.no(["personality", 0, "navigator"], "no navigator can be claimed now")  # supply of 2


@pytest.mark.parametrize(
    "kind,supply", [("king", 6), ("scholar", 5), ("citizen", 4), ("general", 4), ("navigator", 2)]
)
def test_supply_counts(kind, supply):
    from duelcore.antike import tables

    assert tables.SUPPLY[tables.PERSONALITIES.split().index(kind)] == supply
    assert (
        Play(["rondel", 0, 1, {}]).m.game.entitled(0, tables.PERSONALITIES.split().index(kind)) >= 0
    )


def test_each_personality_gives_the_opponent_an_event_card():
    """※有力者カードが1枚獲得されるごとに相手プレイヤーはイベントカードを1枚獲得する。"""
    g = Play(["rondel", 0, 1, {}], ["personality", 0, "navigator"])
    assert g.r["pending"] == "card" and g.r["turn"] == 1
    g.no(["rondel", 1, 1, {}], "player 1 must first take an event card")
    g.no(["card", 0, "gang"], "player 0 is owed no event card")
    g.ev(["card", 1, "gang"])
    assert g.p(1)["cards"] == ["gang"] and g.r["pending"] is None and g.r["turn"] == 0


def test_wall_pieces_at_one_two_three_five_seven():
    """獲得した有力者カードの枚数が1・2・3・5・7に達する度、そのプレイヤーは防壁コマを1つ得る。"""
    g = founder(28)
    held = []
    cards = iter(
        ["academy", "architect", "burglary", "charity", "corruption", "diplomacy", "forge"]
    )
    for _ in range(6):
        g.ev(["personality", 0, "king"], ["card", 1, next(cards)])
        held.append(g.p(0)["walls"]["held"])
    g.ev(["personality", 0, "navigator"], ["card", 1, next(cards)])
    held.append(g.p(0)["walls"]["held"])
    assert held == [2, 3, 4, 4, 5, 5, 6]


def test_victory_at_nine_personalities():
    """☆目的：相手より先に有力者を9人集める。"""
    g = founder(28, p=1)
    cards = iter(
        ["academy", "architect", "burglary", "charity", "corruption", "diplomacy", "forge"]
    )
    for _ in range(6):
        g.ev(["personality", 1, "king"], ["card", 0, next(cards)])
    g.ev(["personality", 1, "navigator"], ["card", 0, next(cards)])
    g.ev(
        ["rondel", 0, 1, {}],
        ["rondel", 1, 1, {}],
        ["knowledge", 1, "roads"],
        ["personality", 1, "scholar"],
    )
    g.ev(["card", 0, "gang"])
    assert g.r["over"] is False
    g.ev(["rondel", 0, 1, {}], ["rondel", 1, 1, {}], ["personality", 1, "navigator"])
    r = g.r
    assert r["over"] is True and r["winner"] == 1 and r["victory"] == "personalities"
    assert r["turn"] is None and r["pending"] is None
    assert r["players"][1]["personalities"]["total"] == 9
    g.no(["rondel", 0, 1, {}], "the game is over")
