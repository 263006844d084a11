"""Trading: what a missing resource costs, discounts, chains, and the progress tokens
that change prices (Masonry, Architecture, Economy, Urbanism)."""

import pytest
from swdhelp import CLAY, GLASS, PAPYRUS, STONE, WOOD, Duel, with_tokens


def test_a_missing_resource_costs_two_when_the_opponent_makes_none():
    """Rules 000 trading: 1個の値段は、2コインに、相手の茶色と灰色のカードに描かれた同じ資源の
    生産数を足したもの; with none, 2 (003: обычная цена — 2 монеты за единицу)."""
    d = Duel()
    assert d.price(0, "baths") == (2, False, 0, [STONE], [])
    d.build(0, "baths")
    assert d.coins(0) == 5


@pytest.mark.parametrize(
    "producers, card, unit",
    [
        (["quarry"], "baths", 3),
        (["quarry", "stone-pit"], "baths", 4),
        (["glassworks"], "apothecary", 3),
        (["press"], "workshop", 3),
        (["clay-pool", "clay-pit"], "garrison", 4),
        (["lumber-yard"], "stable", 3),
    ],
)
def test_each_brown_or_grey_unit_of_the_opponent_adds_one(producers, card, unit):
    """Rules 000 trading: 2 + the opponent's brown/grey production of that resource; e.g.
    相手の茶色カードが石を2生産しているなら…1個4コイン."""
    d = Duel(keep=producers + [card])
    for c in producers:
        d.build(1, c)
    d.set_coins(0, 10)
    d.build(0, card)
    assert d.coins(0) == 10 - unit


def test_double_producers_of_age_two_count_twice():
    """Rules 000 trading: the production drawn on the opponent's card counts, so Shelf
    Quarry (2 stone) makes stone 4; Archery Range (wood, stone, papyrus) = 2 + 4 + 2."""
    d = Duel().next_age(1)
    d.build(1, "shelf-quarry")
    d.set_coins(0, 10)
    assert d.price(0, "archery-range") == (8, False, 0, [STONE, WOOD, PAPYRUS], [])
    d.build(0, "archery-range")
    assert d.coins(0) == 2


def test_the_opponents_yellow_production_does_not_raise_prices():
    """Rules 000 trading: 相手の黄色とワンダーの資源は、この値段には影響しません (Forum,
    Caravansery). Parade Ground (clay, clay, glass) stays at 2 a unit."""
    d = Duel().next_age(1).set_coins(1, 50)
    d.build(1, "forum").build(1, "caravansery")
    d.set_coins(0, 10)
    assert d.price(0, "parade-ground")[0] == 6
    d.build(0, "parade-ground")
    assert d.coins(0) == 4


def test_the_opponents_wonder_production_does_not_raise_prices():
    """Rules 000 wonders: これらの生産は相手の取引単価を上げません (Great Lighthouse, Piraeus)."""
    d = Duel().set_coins(0, 86).set_coins(1, 86)
    d.wonder(0, "great-lighthouse", "altar")
    d.wonder(1, "piraeus", "theater")  # Piraeus replays: player 1 acts again
    d.set_coins(1, 10).build(1, "baths")
    assert d.coins(1) == 8
    d.set_coins(0, 10).build(0, "apothecary")
    assert d.coins(0) == 8


@pytest.mark.parametrize(
    "reserve, producers, card",
    [
        ("stone-reserve", ["quarry", "stone-pit"], "baths"),
        ("clay-reserve", ["clay-pool", "clay-pit"], "garrison"),
        ("wood-reserve", ["lumber-yard", "logging-camp"], "stable"),
    ],
)
def test_a_reserve_fixes_its_resource_at_one(reserve, producers, card):
    """Rules 000 trading: 示された資源を以後1個1コインで買える…相手の生産数によらず1."""
    d = Duel(keep=[reserve, card] + producers)
    for c in producers:
        d.build(1, c)
    d.set_coins(0, 10).build(0, reserve)
    assert d.coins(0) == 7
    d.build(0, card)
    assert d.coins(0) == 6


def test_a_reserve_leaves_the_other_resources_alone():
    """Rules 000 trading: 木・石・粘土の単独資源用 — Stone Reserve does not cheapen clay."""
    d = Duel().build(0, "stone-reserve").build(1, "clay-pool")
    d.set_coins(0, 10).build(0, "garrison")
    assert d.coins(0) == 7


def test_customs_house_fixes_glass_and_papyrus_at_one():
    """Rules 000 trading: ガラス・パピルス両方用 (Customs House). Laboratory (wood, glass,
    glass) with glass at 3 for anyone else: 2 + 1 + 1."""
    d = Duel().next_age(0).set_coins(0, 10)
    d.build(0, "customs-house")
    assert d.coins(0) == 6
    d.build(1, "glassblower")
    d.set_coins(0, 10)
    assert d.price(0, "laboratory") == (4, False, 0, [WOOD, GLASS, GLASS], [])
    d.build(0, "laboratory")
    assert d.coins(0) == 6


@pytest.mark.parametrize(
    "producer, card, price",
    [
        ("glassblower", "caravansery", (7, False, 2, [GLASS, PAPYRUS], [])),
        ("brickyard", "forum", (7, False, 3, [CLAY], [])),
    ],
)
def test_printed_coins_plus_bought_resources(producer, card, price):
    """Rules 000 trading: コイン費と資源費の両方があるカードでは、コイン費に不足資源の購入額も
    加えて払います. Caravansery: 2 + glass 3 + papyrus 2; Forum: 3 + clay 4."""
    d = Duel().next_age(1).build(1, producer).set_coins(0, 10)
    assert d.price(0, card) == price
    d.build(0, card)
    assert d.coins(0) == 3


def test_an_unaffordable_build_is_refused_with_need_and_have():
    """Rules 000 trading: 所持金が足りなければ、その建設は選べません; spec message form
    `player P needs N coins and has M`."""
    d = Duel().set_coins(0, 1)
    assert d.refuse("build", 0, "palisade") == "player 0 needs 2 coins and has 1"
    d.set_coins(0, 7)
    assert d.refuse("wonder", 0, "pyramids", "altar") == "player 0 needs 8 coins and has 7"
    d.discard(0, "altar").next_age(1).build(1, "brickyard").set_coins(0, 6)
    assert d.refuse("build", 0, "forum") == "player 0 needs 7 coins and has 6"


def test_caravansery_covers_the_dearest_resource():
    """Rules 000: a choice producer gives one of its resources each turn (選択式は…どれか1種類
    1個); the core places it where it saves most. Rostrum (wood, stone), stone at 4."""
    d = Duel().next_age(0).set_coins(0, 20)
    d.build(0, "caravansery").build(1, "shelf-quarry")
    assert d.price(0, "rostrum") == (2, False, 0, [WOOD], [])
    d.set_coins(0, 10).build(0, "rostrum")
    assert d.coins(0) == 8


def test_forum_covers_the_dearest_resource():
    """Rules 000: Forum makes glass or papyrus; Caravansery (2 coins, glass, papyrus) with
    glass at 3 costs 2 + papyrus 2."""
    d = Duel().next_age(0).set_coins(0, 20)
    d.build(0, "forum").build(1, "glassblower")
    assert d.price(0, "caravansery") == (4, False, 2, [PAPYRUS], [])
    d.set_coins(0, 10).build(0, "caravansery")
    assert d.coins(0) == 6


def test_great_lighthouse_covers_the_dearest_resource():
    """Rules 000 wonders: 大灯台は毎手番、石・粘土・木のどれか1個を生産."""
    d = Duel(keep=["quarry", "stone-pit"]).build(1, "quarry").build(1, "stone-pit")
    d.set_coins(0, 86).wonder(0, "great-lighthouse", "altar")
    d.next_age(0).set_coins(0, 10)
    assert d.price(0, "rostrum") == (2, False, 0, [WOOD], [])
    d.build(0, "rostrum")
    assert d.coins(0) == 8


def test_piraeus_covers_the_dearest_resource():
    """Rules 000 wonders: ピレウスは毎手番ガラスかパピルス1個."""
    d = Duel().set_coins(1, 86).build(0, "glassworks")
    d.wonder(1, "piraeus", "altar").discard(1, "theater")
    d.next_age(1).set_coins(1, 10)
    assert d.price(1, "caravansery") == (4, False, 2, [PAPYRUS], [])
    d.build(1, "caravansery")
    assert d.coins(1) == 6


def test_two_choice_producers_are_assigned_together():
    """Rules 000: each choice producer gives one unit; Arsenal (wood 2, clay 3) with clay at
    4: Great Lighthouse and Caravansery both take clay, leaving wood 2 + 2 + clay 4."""
    d = Duel(keep=["caravansery", "brickyard"]).set_coins(0, 86)
    d.wonder(0, "great-lighthouse", "altar")
    d.next_age(0).set_coins(0, 86).build(0, "caravansery").build(1, "brickyard")
    d.next_age(0).set_coins(0, 10)
    assert d.price(0, "arsenal") == (8, False, 0, [CLAY, WOOD, WOOD], [])
    d.build(0, "arsenal")
    assert d.coins(0) == 2


def test_masonry_waives_the_two_dearest_units_of_a_blue_card():
    """Rules 000 progress: 石工術は…以後の青い建物の資源費を合計2個減らします. Aqueduct (3 stone)
    with stone at 4: one stone is paid."""
    d = with_tokens(["masonry"]).build(1, "shelf-quarry").set_coins(0, 10)
    assert d.price(0, "aqueduct") == (4, False, 0, [STONE], [STONE, STONE])
    d.build(0, "aqueduct")
    assert d.coins(0) == 6


def test_masonry_picks_the_dearest_units():
    """Rules 000 progress: どの資源を減らすかは建設ごとに選び — Courthouse (wood, wood, glass)
    with glass at 3: glass and a wood are waived."""
    d = with_tokens(["masonry"]).build(1, "glassblower").set_coins(0, 10)
    assert d.price(0, "courthouse") == (2, False, 0, [WOOD], [GLASS, WOOD])
    d.build(0, "courthouse")
    assert d.coins(0) == 8


def test_masonry_never_pays_back():
    """Rules 000 progress: 0未満にしてお金や資源をもらうこともありません (Rostrum: 2 units)."""
    d = with_tokens(["masonry"]).build(1, "glassblower")
    assert d.price(0, "rostrum") == (0, False, 0, [], [WOOD, STONE])
    d.build(0, "rostrum")
    assert d.coins(0) == 7


def test_masonry_does_not_apply_to_other_colours():
    """Rules 000 progress: Masonry is for blue buildings only: Walls (red) pays both stones."""
    d = with_tokens(["masonry"]).build(1, "shelf-quarry").set_coins(0, 10)
    assert d.price(0, "walls") == (8, False, 0, [STONE, STONE], [])
    d.build(0, "walls")
    assert d.coins(0) == 2


def test_architecture_waives_the_two_dearest_units_of_a_wonder():
    """Rules 000 progress: 建築は、以後自分が建てるワンダーの資源費を合計2個減らします. Pyramids
    (3 stone, papyrus) with stone at 4: stone 4 + papyrus 2."""
    d = with_tokens(["architecture"]).build(1, "shelf-quarry").set_coins(0, 10)
    assert d.wonder_price(0, "pyramids") == (6, False, 0, [STONE, PAPYRUS], [STONE, STONE])
    d.wonder(0, "pyramids", "walls")
    assert d.coins(0) == 4


def test_architecture_does_not_apply_to_buildings():
    """Rules 000 progress: Architecture is for wonders only: Walls pays 4 + 4."""
    d = with_tokens(["architecture"]).build(1, "shelf-quarry").set_coins(0, 10)
    d.build(0, "walls")
    assert d.coins(0) == 2


def test_economy_pays_the_opponent_the_trading_part_only():
    """Rules 000 progress: 経済は、以後相手が不足資源の取引に払ったコインを、自分が受け取る…建物に
    直接印刷されたコイン費は受け取らず. Forum: 3 printed + clay 2; player 1 gets 2."""
    d = with_tokens(tokens1=["economy"])
    d.build(0, "forum")
    assert (d.coins(0), d.coins(1)) == (2, 9)


def test_economy_takes_no_printed_coins():
    """Rules 000 progress: Economy ignores coins printed on the card (Customs House: 4)."""
    d = with_tokens(tokens1=["economy"])
    d.build(0, "customs-house")
    assert (d.coins(0), d.coins(1)) == (3, 7)


def test_economy_takes_a_wonders_trading_coins():
    """Rules 000 progress: Economy covers every trade, wonders too (Pyramids: 4 units at 2)."""
    d = with_tokens(tokens1=["economy"]).set_coins(0, 8)
    d.wonder(0, "pyramids", "walls")
    assert (d.coins(0), d.coins(1)) == (0, 15)


def test_economy_gets_the_discounted_amount():
    """Rules 000 progress: 相手の交易割引後の実際の取引額だけが対象 — Walls with Stone Reserve:
    2 stones at 1."""
    d = with_tokens(tokens1=["economy"], age1=[(0, "stone-reserve")])
    d.build(0, "walls")
    assert (d.coins(0), d.coins(1)) == (5, 9)


def test_a_chain_is_free_of_resources_and_printed_coins():
    """Rules 000 trading: 連鎖記号と…一致すれば、その建物は無料; 003: ресурсы и монеты за неё
    не нужны. Horse Breeders from Stable, Barracks (3 coins) from Garrison."""
    d = Duel(keep=["stable", "garrison"]).set_coins(0, 20)
    d.build(0, "stable").build(0, "garrison").next_age(0).set_coins(0, 5)
    assert d.price(0, "horse-breeders") == (0, True, 0, [], [])
    assert d.price(0, "barracks") == (0, True, 0, [], [])
    d.build(0, "horse-breeders").build(0, "barracks")
    assert d.coins(0) == 5


def test_only_my_own_city_gives_a_chain():
    """Rules 000: the chain symbol must be on a building in one's own city (自分が既に持つ建物)."""
    d = Duel(keep=["stable"]).build(1, "stable").next_age(1).set_coins(0, 10)
    assert d.price(0, "horse-breeders") == (4, False, 0, [WOOD, CLAY], [])


@pytest.mark.parametrize("token, vp", [("urbanism", 0), ("agriculture", 4)])
def test_urbanism_and_agriculture_give_six_coins_when_taken(token, vp):
    """Rules 000 progress: 農業はすぐ6コインと、最後に4点; 都市計画はすぐ6コインを得て. The
    Library chain before the token gives no +4 (進歩は取得時から有効…やり直すことはありません)."""
    d = Duel(keep=["scriptorium", "library"]).set_coins(0, 20)
    d.build(0, "scriptorium").next_age(0).set_coins(0, 10)
    d.build(0, "library")
    assert d.coins(0) == 10
    d.progress(0, token)
    assert d.coins(0) == 16
    assert d.score(0)["progress"] == vp


def test_urbanism_pays_four_for_a_chain_only():
    """Rules 000 progress: 連鎖記号を使って建物を無料建設するたびに4コイン…単にもともと無料の
    カードを建てただけでは、この4コインはありません."""
    d = with_tokens(["urbanism"], age1=[(0, "stable")])
    d.build(0, "glassblower")  # free, but no chain
    assert d.coins(0) == 7
    d.build(0, "horse-breeders")  # chained from Stable
    assert d.coins(0) == 11
    d.build(0, "rostrum")  # bought: wood 2 + stone 2
    assert d.coins(0) == 7
