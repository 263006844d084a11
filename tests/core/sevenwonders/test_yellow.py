"""Selling a card, and every yellow card's coins and points."""

import pytest
from swdhelp import Duel

AGE1 = ["lumber-yard", "quarry", "clay-pool", "glassworks", "press", "guard-tower", "tavern"]
AGE2 = ["sawmill", "glassblower", "drying-room", "walls", "brewery"]
AGE3_YELLOW = ["chamber-of-commerce", "port", "armory", "lighthouse", "arena"]


def yellow_city() -> Duel:
    """Player 0 at the start of age III with 4 brown, 4 grey, 2 red and 2 yellow cards
    and 2 wonders; production wood 3, clay 1, stone 1, glass 2, papyrus 2, and the
    Great Lighthouse. Player 1 has only discarded."""
    d = Duel(keep=AGE1 + AGE2 + AGE3_YELLOW).set_coins(0, 86)
    for c in AGE1:
        d.build(0, c)
    d.next_age(0)
    for c in AGE2:
        d.build(0, c)
    d.wonder(0, "great-lighthouse").wonder(0, "statue-of-zeus")
    d.next_age(0)
    assert d.result()["pending"] is None and d.result()["age"] == 3
    return d.set_coins(0, 10)


def test_selling_a_card_pays_two():
    """Rules 000: 銀行から2コインに自分の黄色い建物枚数を足した額を受け取ります (none: 2)."""
    d = Duel().discard(0, "altar")
    assert d.coins(0) == 9
    assert d.player(0)["cards"] == []


def test_selling_pays_one_more_per_own_yellow_card():
    """Rules 000: 黄色2枚なら4コインです; the opponent's yellow cards do not count."""
    d = Duel().build(0, "tavern").build(1, "wood-reserve")
    assert d.coins(0) == 11 and d.game.discard_value(0) == 3
    d.build(0, "stone-reserve")
    assert d.coins(0) == 8 and d.game.discard_value(0) == 4
    d.discard(1, "clay-reserve")
    assert d.coins(1) == 4 + 3
    d.discard(0, "altar")
    assert d.coins(0) == 12


def test_tavern_pays_four():
    """Rules 000: 単純な数字ならその額 — Tavern 4 coins, no points."""
    d = Duel().build(0, "tavern")
    assert d.coins(0) == 11
    assert d.score(0)["commercial"] == 0


def test_brewery_pays_six():
    """Rules 000: 単純な数字ならその額 — Brewery 6 coins, no points."""
    d = Duel().next_age(0).build(0, "brewery")
    assert d.coins(0) == 27 + 6  # 7 + ten sales of 2 in age I, then Brewery
    assert d.score(0)["commercial"] == 0


@pytest.mark.parametrize(
    "card, gain",
    [
        ("chamber-of-commerce", 3 * 4),  # 3 per grey card
        ("port", 2 * 4),  # 2 per brown card
        ("armory", 1 * 2),  # 1 per red card
        ("lighthouse", 1 * 3),  # 1 per yellow card, itself included
        ("arena", 2 * 2),  # 2 per built wonder
    ],
)
def test_age_three_yellow_cards_pay_per_card_and_score_three(card, gain):
    """Rules 000 yellow: 茶色1枚につき2、灰色1枚につき3、黄色1枚につき1、赤1枚につき1、完成ワンダー
    1つにつき2…黄色の枚数を数える時は、そのカード自身も含めます; each is worth 3 VP. The city
    makes every resource these need (Lighthouse and Arena chain from Tavern and Brewery)."""
    d = yellow_city()
    assert d.price(0, card)[0] == 0
    commercial = d.score(0)["commercial"]
    d.build(0, card)
    assert d.coins(0) == 10 + gain
    assert d.score(0)["commercial"] == commercial + 3 == 3


def test_yellow_coins_are_paid_once_at_build_time():
    """Rules 000 yellow: 後から枚数が増えても追加収入はありません — Lighthouse pays 3, the
    Port built later pays its own 8 and nothing more for the Lighthouse."""
    d = yellow_city()
    d.build(0, "lighthouse")
    assert d.coins(0) == 13
    d.build(0, "port")
    assert d.coins(0) == 21
    assert d.score(0)["commercial"] == 6
    assert d.game.discard_value(0) == 2 + 4


def test_arena_counts_wonders_built_not_wonders_owned():
    """Rules 000 yellow: 完成ワンダー1つにつき2 — unbuilt wonders pay nothing."""
    d = Duel(keep=["brewery", "arena"]).next_age(0).build(0, "brewery").next_age(0)
    d.set_coins(0, 20)
    assert d.price(0, "arena") == (0, True, 0, [], [])
    d.build(0, "arena")
    assert d.coins(0) == 20
