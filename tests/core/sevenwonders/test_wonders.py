"""The twelve wonders, one by one, and the seven-wonder limit.

Prices at the start of a game (no production on either side) are 2 a unit: Pyramids,
Great Lighthouse, Colossus, Temple of Artemis, Piraeus, Circus Maximus, Hanging Gardens
and Sphinx have 4 units (8 coins); Appian Way, Statue of Zeus, Mausoleum and Great
Library 5 (10 coins).
"""

import pytest
from swdhelp import GLASS, STONE, Duel, deal

from duelcore import IllegalEvent, Match
from duelcore.sevenwonders import cards as T


def built(w: str, coins: int = 20) -> Duel:
    """Player 0 owns w (and three others) and builds it as the first action."""
    d = Duel(wonders=deal([w])).set_coins(0, coins)
    return d.wonder(0, w, "altar")


@pytest.mark.parametrize(
    "w, vp",
    [
        ("pyramids", 9),
        ("great-lighthouse", 4),
        ("colossus", 3),
        ("temple-of-artemis", 0),
        ("appian-way", 3),
        ("piraeus", 2),
        ("circus-maximus", 3),
        ("statue-of-zeus", 3),
        ("hanging-gardens", 3),
        ("sphinx", 6),
        ("mausoleum", 2),
        ("great-library", 4),
    ],
)
def test_wonder_points(w, vp):
    """Rules 000 wonders: ピラミッドは9点…大灯台…4点。巨像は…3点…アッピア街道…3点。ピレウス…2点。
    大競技場…3点。ゼウス像…3点。空中庭園は…3点。スフィンクスは…6点。霊廟…2点。大図書館…4点."""
    d = built(w)
    assert d.score(0)["wonders"] == vp
    assert d.player(0)["wonders"] == [w]
    assert "altar" not in d.player(0)["cards"]


def test_pyramids_cost_their_printed_resources():
    """Rules 000: ワンダーの費用は、それぞれ左上の資源の組合せ (Pyramids: 3 stone, papyrus)."""
    d = built("pyramids", coins=10)
    assert d.coins(0) == 2


def test_colossus_has_two_shields():
    """Rules 000 wonders: 巨像は盾2つと3点."""
    assert built("colossus").result()["conflict"] == 2


def test_temple_of_artemis_pays_twelve():
    """Rules 000 wonders: アルテミス神殿は12コインと追加手番."""
    d = built("temple-of-artemis")
    assert d.coins(0) == 20 - 8 + 12
    assert d.result()["turn"] == 0


def test_hanging_gardens_pay_six():
    """Rules 000 wonders: 空中庭園は6コイン、追加手番と3点."""
    d = built("hanging-gardens")
    assert d.coins(0) == 20 - 8 + 6
    assert d.result()["turn"] == 0


def test_appian_way_gives_three_and_takes_three():
    """Rules 000 wonders: アッピア街道は自分に3コイン、相手が3コインを失い、追加手番と3点."""
    d = built("appian-way")
    assert (d.coins(0), d.coins(1)) == (20 - 10 + 3, 7 - 3)
    assert d.result()["turn"] == 0


def test_appian_way_cannot_take_more_than_the_opponent_has():
    """Rules 000: coins never go below zero (軍事: 足りなければ全所持金だけ; the bank takes what
    there is): an opponent with 2 coins ends with 0."""
    d = Duel(wonders=deal(["appian-way"])).set_coins(0, 20).set_coins(1, 2)
    d.wonder(0, "appian-way", "altar")
    assert d.coins(1) == 0


def grey_and_brown_city() -> Duel:
    """Player 1 has Glassworks, Press (grey) and Quarry, Stone Pit (brown)."""
    d = Duel(
        wonders=deal(["circus-maximus", "statue-of-zeus", "mausoleum"]),
        keep=["glassworks", "press", "quarry", "stone-pit"],
    ).set_coins(1, 20)
    for c in ["glassworks", "press", "quarry", "stone-pit"]:
        d.build(1, c)
    return d.set_coins(0, 30)


def test_circus_maximus_destroys_a_grey_card():
    """Rules 000 wonders: 大競技場は相手の灰色カード1枚を選んで捨てさせ、盾1つと3点…捨てられた
    カードの生産は失われ、以後の取引単価にも反映されます."""
    d = grey_and_brown_city()
    assert d.price(0, "apothecary")[3:] == ([GLASS], [])
    assert d.price(0, "apothecary")[0] == 3
    d.wonder(0, "circus-maximus")
    res = d.result()
    assert res["pending"] == "destroy" and res["turn"] == 0 and res["conflict"] == 1
    assert sorted(d.legal()) == [["destroy", 0, "glassworks"], ["destroy", 0, "press"]]
    d.refuse("destroy", 0, "quarry")  # brown: not Circus Maximus's colour
    d.destroy(0, "glassworks")
    assert d.player(1)["cards"] == ["press", "quarry", "stone-pit"]
    assert T.card("glassworks") in d.game.discards
    assert d.price(0, "apothecary")[0] == 2
    assert d.result()["pending"] is None and d.result()["turn"] == 1


def test_statue_of_zeus_destroys_a_brown_card():
    """Rules 000 wonders: ゼウス像は同じく相手の茶色カード1枚を捨てさせ、盾1つと3点."""
    d = grey_and_brown_city()
    assert d.price(0, "baths")[0] == 4
    d.wonder(0, "statue-of-zeus")
    assert d.result()["pending"] == "destroy" and d.result()["conflict"] == 1
    assert sorted(d.legal()) == [["destroy", 0, "quarry"], ["destroy", 0, "stone-pit"]]
    d.refuse("destroy", 0, "press")  # grey: not the Statue's colour
    d.destroy(0, "stone-pit")
    assert d.player(1)["cards"] == ["glassworks", "press", "quarry"]
    assert d.price(0, "baths") == (3, False, 0, [STONE], [])
    assert d.result()["turn"] == 1


@pytest.mark.parametrize("w, only", [("circus-maximus", "quarry"), ("statue-of-zeus", "press")])
def test_no_card_of_the_colour_means_nothing_to_destroy(w, only):
    """Rules 000 wonders: 該当色が相手になければ、捨てる部分だけ何も起きず、他の効果は得ます."""
    d = Duel(wonders=deal([w]), keep=[only]).build(1, only).set_coins(0, 30)
    d.wonder(0, w)
    res = d.result()
    assert res["pending"] is None and res["turn"] == 1 and res["conflict"] == 1
    assert d.player(1)["cards"] == [only]


def test_a_destroying_wonders_shield_can_win_before_the_choice():
    """Rules 000: 軍事か科学の即勝利に達したらゲームはそこで終わります — the Statue's shield takes
    the capital; no destroy is asked."""
    reds = ["guard-tower", "stable", "garrison", "palisade", "walls", "archery-range"]
    d = Duel(keep=reds + ["quarry"]).set_coins(0, 86).build(1, "quarry")
    for c in reds[:4]:
        d.build(0, c)
    d.next_age(0).set_coins(0, 86).build(0, "walls").build(0, "archery-range")
    assert d.result()["conflict"] == 8
    d.wonder(0, "statue-of-zeus")
    res = d.result()
    assert (res["over"], res["winner"], res["victory"], res["pending"]) == (
        True,
        0,
        "military",
        None,
    )
    assert d.player(1)["cards"] == ["quarry"]


def test_mausoleum_builds_a_discarded_card_for_free_with_its_effects():
    """Rules 000 wonders: 霊廟はゲーム開始後に捨てられたカード全部から1枚を選び、無料で自分の都市へ
    建て、霊廟自体は2点 (a sold Tavern pays its 4 coins to the Mausoleum's builder)."""
    d = Duel(wonders=deal(["mausoleum"]), keep=["tavern", "palisade"])
    d.discard(0, "palisade").discard(1, "tavern").set_coins(0, 10)
    d.wonder(0, "mausoleum")
    assert d.result()["pending"] == "mausoleum" and d.result()["turn"] == 0
    assert sorted(e[2] for e in d.legal()) == ["palisade", "tavern"]
    assert d.refuse("mausoleum", 0, "altar") == "altar is not in the discard pile"
    d.mausoleum(0, "tavern")
    assert d.coins(0) == 0 + 4
    assert d.player(0)["cards"] == ["tavern"]
    assert T.card("tavern") not in d.game.discards
    assert d.result()["pending"] is None and d.result()["turn"] == 1


def test_mausoleum_applies_a_red_cards_shield():
    """Rules 000 wonders: 霊廟…自分の都市へ建て — the card is built, with its shield."""
    d = Duel(wonders=deal(["mausoleum"]), keep=["palisade"]).discard(0, "palisade")
    d.set_coins(0, 10).wonder(0, "mausoleum").mausoleum(0, "palisade")
    assert d.result()["conflict"] == 1 and d.coins(0) == 0


def test_mausoleum_with_an_empty_pile_asks_nothing():
    """Rules 000 wonders: no discarded card, nothing to build (霊廟 takes from the discards)."""
    d = Duel(wonders=deal(["mausoleum"])).set_coins(0, 10).wonder(0, "mausoleum")
    assert d.result()["pending"] is None and d.result()["turn"] == 1


def test_a_card_under_a_wonder_is_not_in_the_discard_pile():
    """Rules 000: ワンダーにするなら…取ったカードを伏せて下へ差し込みます (not discarded)."""
    d = Duel(wonders=deal(["mausoleum"], ["hanging-gardens"])).set_coins(1, 20)
    d.discard(0, "theater").wonder(1, "hanging-gardens", "altar").discard(1, "baths")
    d.set_coins(0, 10).wonder(0, "mausoleum")
    assert sorted(e[2] for e in d.legal()) == ["baths", "theater"]


def test_mausoleum_can_rebuild_a_destroyed_card():
    """Rules 000: a destroyed card is discarded (捨てさせ), so it is in the Mausoleum's pile."""
    d = Duel(wonders=deal(["statue-of-zeus", "mausoleum"]), keep=["quarry"]).build(1, "quarry")
    d.set_coins(0, 86).wonder(0, "statue-of-zeus").destroy(0, "quarry")
    d.set_coins(0, 86).wonder(0, "mausoleum").mausoleum(0, "quarry")
    assert d.player(0)["cards"] == ["quarry"] and d.player(1)["cards"] == []


def test_mausoleum_reaches_discards_of_earlier_ages():
    """Rules 000 wonders: ゲーム開始後に捨てられたカード全部."""
    d = Duel(wonders=deal(["mausoleum"]), keep=["tavern"]).discard(0, "tavern")
    d.next_age(0).set_coins(0, 30).wonder(0, "mausoleum")
    assert ["mausoleum", 0, "tavern"] in d.legal()
    d.mausoleum(0, "tavern")
    assert d.coins(0) == 30 - 10 + 4


SPLIT = {
    "progress": ["economy", "law", "masonry", "philosophy", "urbanism"],
    "box": ["agriculture", "architecture", "mathematics", "strategy", "theology"],
}


def test_great_library_takes_a_token_from_the_box():
    """Rules 000 wonders: 大図書館は準備で箱へ戻した進歩から…1枚を選び公開して適用 (the device
    records the token chosen; spec: box_progress lists the box). Agriculture pays 6."""
    d = Duel(wonders=deal(["great-library"]), **SPLIT).set_coins(0, 20)
    d.wonder(0, "great-library")
    assert d.result()["pending"] == "library" and d.result()["turn"] == 0
    assert sorted(e[2] for e in d.legal()) == SPLIT["box"]
    assert d.refuse("progress", 0, "law") == "law is not in the box"
    d.progress(0, "agriculture")
    assert d.coins(0) == 20 - 10 + 6
    assert d.player(0)["progress"] == ["agriculture"]
    assert d.score(0)["progress"] == 4 and d.score(0)["wonders"] == 4
    assert d.game.board == [T.progress(t) for t in SPLIT["progress"]]


def test_great_library_without_a_box_offers_tokens_neither_on_the_board_nor_taken():
    """Spec 7wd setup: box_progress may be omitted (the Great Library then accepts any token
    not on the board and not taken). Law, taken from the board earlier, is not offered."""
    d = Duel(wonders=deal(["great-library"]), keep=["scriptorium", "library"]).set_coins(0, 40)
    d.build(0, "scriptorium").next_age(0).build(0, "library").progress(0, "law")
    d.set_coins(0, 20).wonder(0, "great-library")
    offered = sorted(e[2] for e in d.legal())
    assert offered == ["architecture", "economy", "mathematics", "strategy", "theology"]
    assert d.refuse("progress", 0, "law") == "law is not in the box"
    assert d.refuse("progress", 0, "agriculture") == "agriculture is not in the box"


def test_great_library_law_can_win_science():
    """Rules 000: Law is a symbol and the Great Library applies the token at once (公開して
    適用): five card symbols plus Law is a science victory."""
    greens = ["scriptorium", "pharmacist", "workshop", "apothecary", "academy"]
    d = Duel(
        wonders=deal(["great-library"]),
        progress=["agriculture", "masonry", "philosophy", "urbanism", "economy"],
        box=["law", "architecture", "mathematics", "strategy", "theology"],
        keep=greens,
    ).set_coins(0, 86)
    for c in greens[:4]:
        d.build(0, c)
    d.next_age(0).next_age(0).set_coins(0, 86).build(0, "academy").wonder(0, "great-library")
    d.progress(0, "law")
    res = d.result()
    assert (res["over"], res["winner"], res["victory"]) == (True, 0, "science")


def test_seven_wonders_at_most():
    """Rules 000: 2人合計で建てられるのは7つまでです。7つ目が完成したら、残る8つ目を箱へ戻します;
    also 建てたワンダーを再び建てることはできません."""
    d = Duel().set_coins(0, 86).set_coins(1, 86)
    d.wonder(0, "pyramids").wonder(1, "circus-maximus")
    assert d.refuse("wonder", 0, "pyramids", "altar") == "pyramids is already built"
    d.wonder(0, "great-lighthouse").wonder(1, "colossus")
    d.wonder(0, "temple-of-artemis").wonder(0, "statue-of-zeus")
    d.set_coins(1, 86).wonder(1, "appian-way")  # replays: player 1 again
    assert len(d.player(0)["wonders"]) == 4 and len(d.player(1)["wonders"]) == 3
    assert d.result()["turn"] == 1
    reason = d.refuse("wonder", 1, "piraeus", "altar")
    assert reason == "seven wonders are built; the eighth is out of the game"
    assert not [e for e in d.legal() if e[0] == "wonder"]


def test_destroying_a_card_of_the_wrong_colour_names_the_colour():
    """Rules 000: Circus Maximus discards a grey card; a brown one is refused as such."""
    m = Match(
        {
            "format": 1,
            "game": "7wd",
            "id": "t",
            "players": ["A", "B"],
            "setup": {
                "first": 0,
                "wonders": "first-game",
                "progress": ["agriculture", "law", "masonry", "philosophy", "urbanism"],
            },
            "events": [],
        }
    )
    for e in (
        ["coins", 1, 20],
        ["build", 0, "glassworks"],
        ["discard", 1, "altar"],
        ["build", 0, "quarry"],
        ["wonder", 1, "circus-maximus", "theater"],
    ):
        m.play(e)
    assert m.result()["pending"] == "destroy"
    with pytest.raises(IllegalEvent) as info:
        m.play(["destroy", 1, "quarry"])
    assert info.value.reason == "quarry is not a grey card"
    m.play(["destroy", 1, "glassworks"])
    assert m.result()["players"][0]["cards"] == ["quarry"]
