"""Science: pairs and progress tokens, Law, and the science victory."""

import pytest
from swdhelp import Duel, deal

from duelcore.sevenwonders import cards as T

GREENS_I = ["scriptorium", "pharmacist", "workshop", "apothecary"]  # quill mortar plumb wheel
QUIET_BOARD = ["agriculture", "philosophy", "mathematics", "economy", "architecture"]


def test_a_pair_of_symbols_asks_for_a_progress_token():
    """Rules 000: 同じ科学記号が2つそろったら、ボードに残る進歩トークンから1枚を選んで
    自分の都市へ置き (Scriptorium then Library: two quills)."""
    d = Duel(keep=["scriptorium", "library"]).set_coins(0, 20)
    d.build(0, "scriptorium")
    assert d.result()["pending"] is None
    d.next_age(0).build(0, "library")
    res = d.result()
    assert res["pending"] == "progress" and res["turn"] == 0
    assert sorted(e[2] for e in d.legal()) == sorted(
        ["agriculture", "law", "masonry", "philosophy", "urbanism"]
    )
    assert all(e[:2] == ["progress", 0] for e in d.legal())


def test_tokens_come_from_the_board_only_and_leave_it():
    """Rules 000: ボードに残る進歩トークンから1枚; 003: Пять жетонов на поле — общий запас…после
    взятия их не пополняют. A token in the box or already taken is refused."""
    d = Duel(keep=["scriptorium", "library", "pharmacist", "dispensary"]).set_coins(0, 20)
    d.set_coins(1, 20).build(0, "scriptorium").build(1, "pharmacist")
    d.next_age(0).build(0, "library")
    assert d.refuse("progress", 0, "theology") == "theology is not on the board"
    d.progress(0, "law")
    assert d.player(0)["progress"] == ["law"]
    d.build(1, "dispensary")
    assert d.result()["pending"] == "progress" and d.result()["turn"] == 1
    assert d.refuse("progress", 1, "law") == "law is not on the board"
    assert sorted(e[2] for e in d.legal()) == ["agriculture", "masonry", "philosophy", "urbanism"]
    d.progress(1, "masonry")
    assert d.player(1)["progress"] == ["masonry"]


def test_law_is_a_science_symbol():
    """Rules 000 progress: 法律は独立した科学記号1種類 (the 7th symbol, counted for the
    science victory)."""
    d = Duel(keep=["scriptorium", "library"]).set_coins(0, 20)
    d.build(0, "scriptorium")
    assert d.game.needs(0)[1] == 5
    d.next_age(0).build(0, "library").progress(0, "law")
    assert d.player(0)["symbols"] == ["law", "quill"]
    assert d.game.needs(0)[1] == 4


def test_no_token_is_offered_once_the_board_is_empty():
    """Rules 000: ボードに残る進歩トークンから — five tokens for the whole game; a sixth pair
    (player 0's globes) brings nothing and leaves nothing pending."""
    d = (
        Duel(
            progress=QUIET_BOARD,
            keep=GREENS_I
            + ["library", "dispensary", "laboratory", "school"]
            + ["academy", "study", "university", "observatory"],
        )
        .set_coins(0, 86)
        .set_coins(1, 86)
    )
    for c in ["scriptorium", "pharmacist", "workshop"]:
        d.build(0, c)
    d.build(1, "apothecary").next_age(0)
    for c, t in [
        ("library", "agriculture"),
        ("dispensary", "philosophy"),
        ("laboratory", "mathematics"),
    ]:
        d.build(0, c).progress(0, t)
    d.build(1, "school").progress(1, "economy")
    d.next_age(1).set_coins(0, 86).set_coins(1, 86)
    d.build(1, "academy").build(1, "study").progress(1, "architecture")
    assert d.game.board == []
    d.build(0, "university").build(0, "observatory")
    res = d.result()
    assert res["pending"] is None and res["turn"] == 1 and res["over"] is False
    assert res["players"][0]["symbols"] == ["globe", "mortar", "plumb", "quill"]


def test_six_different_symbols_win_at_once():
    """Rules 000: 異なる6種類がそろった瞬間に科学勝利です (four symbols of age I, Academy's
    sundial, University's globe)."""
    d = Duel(keep=GREENS_I + ["academy", "university"]).set_coins(0, 86)
    for c in GREENS_I:
        d.build(0, c)
    d.next_age(0).next_age(0).set_coins(0, 86).build(0, "academy")
    assert d.result()["over"] is False and d.game.needs(0)[1] == 1
    d.build(0, "university")
    res = d.result()
    assert (res["over"], res["winner"], res["victory"], res["turn"]) == (True, 0, "science", None)
    assert res["players"][0]["symbols"] == ["globe", "mortar", "plumb", "quill", "sundial", "wheel"]
    assert d.legal() == []


def test_law_can_be_the_sixth_symbol():
    """Rules 000: 緑カードの記号と、法律の進歩トークンの記号を含めます — five symbols on cards, then
    the sundial pair's token is Law: science victory on taking it."""
    d = Duel(keep=GREENS_I + ["academy", "study"]).set_coins(0, 86)
    for c in GREENS_I:
        d.build(0, c)
    d.next_age(0).next_age(0).set_coins(0, 86).build(0, "academy").build(0, "study")
    assert d.result()["pending"] == "progress" and d.result()["over"] is False
    d.progress(0, "law")
    res = d.result()
    assert (res["over"], res["winner"], res["victory"], res["turn"]) == (True, 0, "science", None)
    assert res["pending"] is None


def test_the_mausoleum_can_build_the_sixth_symbol():
    """Rules 000 wonders: 霊廟は…捨てられたカード全部から1枚を選び、無料で自分の都市へ建て — a
    discarded University gives the sixth symbol."""
    d = Duel(wonders=deal(["mausoleum"]), keep=GREENS_I + ["academy", "university"])
    d.set_coins(0, 86)
    for c in GREENS_I:
        d.build(0, c)
    d.next_age(0).next_age(0).set_coins(0, 86).build(0, "academy")
    d.discard(1, "university").wonder(0, "mausoleum")
    assert d.result()["pending"] == "mausoleum"
    d.mausoleum(0, "university")
    res = d.result()
    assert (res["over"], res["winner"], res["victory"]) == (True, 0, "science")


def test_a_symbol_under_a_wonder_or_sold_does_not_count():
    """Rules 000: ワンダーにするなら…カード自体の費用と効果は使わず; 今捨てるカードは建物になって
    いないので、その色や効果は使いません — no pair from Library under a wonder."""
    d = Duel(keep=["scriptorium", "library", "dispensary"]).set_coins(0, 86)
    d.build(0, "scriptorium").next_age(0).set_coins(0, 86)
    d.wonder(0, "pyramids", "library")
    assert d.result()["pending"] is None and d.player(0)["symbols"] == ["quill"]
    d.discard(0, "dispensary")
    assert d.player(0)["symbols"] == ["quill"]


def test_each_symbol_is_on_two_cards_so_a_third_copy_cannot_happen():
    """Rules 003: Две одинаковые картинки помогают получить жетон; a third copy would give no
    second token, but the card table prints each symbol on exactly two cards (and Law on
    none), so a city never holds three: this pins the table fact that rule relies on."""
    per_symbol = {}
    for c in range(T.CARD_COUNT):
        e = T.effect(c)
        if e.startswith("s"):
            per_symbol.setdefault(T.SYMBOLS[int(e[1])], []).append(T.name(c))
    assert sorted(per_symbol) == sorted(s for s in T.SYMBOLS if s != "law")
    assert all(len(cards) == 2 for cards in per_symbol.values()), per_symbol


@pytest.mark.parametrize(
    "first, second", [("scriptorium", "library"), ("pharmacist", "dispensary")]
)
def test_green_points_count_as_science(first, second):
    """Rules 000: 緑は科学記号と、ときには勝利点 (Library and Dispensary: 2 VP each)."""
    d = Duel(keep=[first, second]).set_coins(0, 86)
    d.build(0, first).next_age(0).build(0, second).progress(0, "philosophy")
    assert d.score(0)["science"] == 2
