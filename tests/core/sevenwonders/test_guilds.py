"""The seven guilds: coins when built and points at the end, from the city with most;
and the make-up of age III (3 guilds, 17 other cards)."""

import pytest
from swdhelp import Duel

from duelcore.sevenwonders import cards as T

P0_AGE1 = [
    "lumber-yard",
    "quarry",
    "clay-pool",
    "theater",
    "altar",
    "scriptorium",
    "guard-tower",
    "tavern",
]
P1_AGE1 = ["glassworks", "press", "baths", "pharmacist", "workshop", "stable", "garrison"]
P1_AGE1 += ["palisade", "stone-reserve", "clay-reserve"]
P1_AGE2 = ["glassblower", "drying-room"]
GUILDS = [T.name(c) for c in range(T.CARD_COUNT) if T.colour(c) == "p"]


def two_cities() -> Duel:
    """Age III, player 0 to play. Counts (player 0 / player 1):
    brown 3/0, grey 0/4 (brown+grey 3/4), blue 2/1, green 1/2, red 1/3, yellow 1/2,
    wonders 0/2 (Piraeus, Circus Maximus). Player 0 makes wood, clay and stone; player 1
    glass 2 and papyrus 2, so player 0 pays 2 for wood/clay/stone and 4 for glass/papyrus."""
    d = Duel(keep=P0_AGE1 + P1_AGE1 + P1_AGE2 + GUILDS + ["obelisk", "town-hall"])
    d.set_coins(0, 86).set_coins(1, 86)
    for i in range(len(P1_AGE1)):
        if i < len(P0_AGE1):
            d.build(0, P0_AGE1[i])
        d.build(1, P1_AGE1[i])
    d.next_age(0)
    for c in P1_AGE2:
        d.build(1, c)
    d.wonder(1, "piraeus").wonder(1, "circus-maximus")  # no grey card of player 0: no destroy
    d.next_age(0)
    assert d.result()["age"] == 3 and d.result()["turn"] == 0
    return d.set_coins(0, 20).set_coins(1, 25)


# guild, price for player 0, coins when built, points at once (player 1 holds 25 coins)
CASES = [
    ("merchants-guild", 8, 2, 2),  # yellow: player 1's 2
    ("shipowners-guild", 8, 4, 4),  # brown + grey: player 1's 4 (not 3 brown + 4 grey)
    ("builders-guild", 6, 0, 4),  # 2 per wonder of player 1's 2; no coins
    ("magistrates-guild", 6, 2, 2),  # blue: player 0's own 2
    ("scientists-guild", 4, 2, 2),  # green: player 1's 2
    ("moneylenders-guild", 4, 0, 8),  # 1 per 3 coins of the richer city: 25 // 3; no coins
    ("tacticians-guild", 6, 3, 3),  # red: player 1's 3
]


@pytest.mark.parametrize("guild, price, coins, points", CASES, ids=[c[0] for c in CASES])
def test_guild_coins_and_points_come_from_the_city_with_most(guild, price, coins, points):
    """Rules 000 guilds: 建設時にその色が多い都市の枚数分のコインを銀行から得て、最後はその時点で
    多い都市の枚数分の点; 船主は茶色と灰色の合計…合算はできません; 建築者は…
    完成ワンダーが多い都市の数×2点; 金貸しは…コインが多い都市のコイン3枚につき1点;
    この2つは建設時のコイン収入はありません."""
    d = two_cities()
    assert d.price(0, guild)[0] == price
    d.build(0, guild)
    assert d.coins(0) == 20 - price + coins
    assert d.score(0)["guilds"] == points
    assert d.score(1)["guilds"] == 0


def test_guild_points_are_counted_at_the_end_not_when_built():
    """Rules 000 guilds: 建設時と最後で選ばれる都市が違ってもかまいません — two more blue cards
    make player 0's city the one with most: 4 VP, and no more coins."""
    d = two_cities().build(0, "magistrates-guild")
    assert d.coins(0) == 16
    d.build(0, "obelisk").build(0, "town-hall")  # stone, glass 2 + 4; wood 2, stone 2 + 2
    assert d.coins(0) == 16 - 6 - 6
    assert d.score(0)["guilds"] == 4


def test_moneylenders_follow_the_richer_city():
    """Rules 000 guilds: 金貸しは、最後にコインが多い都市のコイン3枚につき1点."""
    d = two_cities().build(0, "moneylenders-guild")
    d.set_coins(1, 2).set_coins(0, 17)
    assert d.score(0)["guilds"] == 5


def test_age_three_takes_seventeen_cards_besides_the_guilds():
    """Rules 000 setup: 各山から3枚を無作為に…箱へ戻します…3枚を無作為に選び、第3世代の山へ
    混ぜます — age III is 17 age III cards and 3 guilds: an 18th other card is refused."""
    d = Duel(keep=GUILDS + ["arena"]).next_age().next_age().fill_to(17)
    assert "arena" not in d.fillers
    assert d.refuse("discard", d.game.turn, "arena") == "age III already has its 17 cards"
    assert {e[-1] for e in d.legal()} == set(GUILDS)


def test_age_three_takes_three_guilds_at_most():
    """Rules 000 setup: 紫のギルド7枚から3枚を無作為に選び…残りのギルドも使いません."""
    d = Duel().next_age().next_age()
    for g in GUILDS[:3]:
        d.discard(d.game.turn, g)
    p = d.game.turn
    assert d.refuse("discard", p, GUILDS[3]) == "age III already has its 3 guilds"
    assert not [e for e in d.legal() if e[-1] in GUILDS]


def test_guilds_belong_to_age_three():
    """Rules 000 setup: guilds are shuffled into the age III deck only."""
    d = Duel()
    assert d.refuse("build", 0, "merchants-guild") == "merchants-guild is not an age 1 card"
