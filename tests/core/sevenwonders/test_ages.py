"""Ages: 20 cards each, which cards belong, who starts the next age, and the civil count
after age III."""

import pytest
from swdhelp import Duel, deal


def test_an_age_ends_with_its_twentieth_card():
    """Rules 000: 各世代は20枚を使います…世代の20枚が全部なくなったら、次の世代."""
    d = Duel().fill_to(19)
    assert d.result()["pending"] is None and d.result()["age"] == 1
    d.filler()
    assert d.result()["pending"] == "starter" and d.result()["age"] == 1
    d.starter(d.game.turn, 0)
    assert d.result()["age"] == 2 and d.game.in_age == 0 and d.result()["pending"] is None


def test_a_card_of_another_age_is_refused():
    """Rules 000: 使う世代の始まりに対応する山を混ぜ — only the current age's cards are in the
    layout (an age II card in age I; a leftover age I card in age II)."""
    d = Duel()
    assert d.refuse("build", 0, "sawmill") == "sawmill is not an age 1 card"
    assert d.refuse("discard", 0, "arena") == "arena is not an age 1 card"
    d.fill_to(20)
    d.starter(d.game.turn, 0)
    leftover = [
        c for c in ("stone-reserve", "clay-reserve", "wood-reserve", "tavern") if c not in d.fillers
    ]
    assert len(leftover) == 3
    assert d.refuse("build", 0, leftover[0]) == "%s is not an age 2 card" % leftover[0]
    assert d.refuse("build", 0, "palace") == "palace is not an age 2 card"


def test_a_card_cannot_be_taken_twice():
    """Rules 000: 取れるカードを必ず1枚選び — a card leaves the layout once, whatever its use."""
    d = Duel(wonders=deal(["sphinx"])).set_coins(0, 20)
    d.discard(0, "altar")
    assert d.refuse("build", 1, "altar") == "altar has already been taken"
    d.build(1, "quarry")
    assert d.refuse("discard", 0, "quarry") == "quarry has already been taken"
    d.wonder(0, "sphinx", "theater")
    assert d.refuse("build", 0, "theater") == "theater has already been taken"


def test_an_unknown_card_is_refused():
    """Spec: cards are named by their canonical ids (shared/data/README)."""
    assert Duel().refuse("build", 0, "castle") == "no card named castle"


def starter_pending(conflict_by: "int | None", last_by: int) -> Duel:
    """The end of age I: `conflict_by` (0, 1 or None) built a Guard Tower, and `last_by`
    takes the 20th card. Player 0's Temple of Artemis (a replay) shifts who takes the last
    card when needed."""
    d = Duel(keep=["guard-tower"]).set_coins(0, 20)
    taker_if_plain = 1  # cards alternate from player 0, so player 1 takes card 20
    if last_by != taker_if_plain:
        d.wonder(0, "temple-of-artemis")
    if conflict_by is not None:
        d.build(conflict_by, "guard-tower")
    d.fill_to(19)
    assert d.game.turn == last_by
    d.filler()
    assert d.result()["pending"] == "starter"
    return d


@pytest.mark.parametrize("last_by", [0, 1])
def test_the_player_on_whose_side_the_pawn_stands_chooses(last_by):
    """Rules 000: 次の開始者を決めるのは、その時軍事コマが自分側にある、つまり軍事で弱い側の人です
    (003: Игрок с меньшей военной мощью…выбирает), whoever took the last card."""
    d = starter_pending(conflict_by=0, last_by=last_by)
    assert d.result()["conflict"] == 1
    assert d.result()["turn"] == 1
    d = starter_pending(conflict_by=1, last_by=last_by)
    assert d.result()["conflict"] == -1
    assert d.result()["turn"] == 0


@pytest.mark.parametrize("last_by", [0, 1])
def test_with_the_pawn_neutral_the_taker_of_the_last_card_chooses(last_by):
    """Rules 000: コマが中央なら、前の世代の最後に行動した人が選びます; 003 has that player start
    (shared/rules/README: ask that player, who may pick themselves)."""
    d = starter_pending(conflict_by=None, last_by=last_by)
    assert d.result()["conflict"] == 0
    assert d.result()["turn"] == last_by


@pytest.mark.parametrize("pick", [0, 1])
def test_the_chooser_may_pick_either_player(pick):
    """Rules 000: 自分と相手どちらから始めるかを選べます."""
    d = starter_pending(conflict_by=0, last_by=0)
    d.starter(1, pick)
    assert d.result()["turn"] == pick and d.result()["age"] == 2
    d.discard(pick, "sawmill")
    assert d.result()["turn"] == 1 - pick


def test_only_the_chooser_answers_and_only_with_a_player():
    """Spec: ["starter", p, q] — p is the player entitled to choose, q is 0 or 1."""
    d = starter_pending(conflict_by=0, last_by=0)
    assert d.refuse("starter", 0, 0) == "it is player 1's turn"
    assert d.refuse("starter", 1, 2) == "the starting player must be 0 or 1"
    assert d.refuse("build", 1, "sawmill") == "player 1 must first resolve starter"


def test_the_second_age_change_works_the_same():
    """Rules 000: the same choice starts age III; coins, cards and wonders carry over
    (コイン、生産、建物、進歩、ワンダーは残ります)."""
    d = Duel(keep=["guard-tower"]).build(0, "guard-tower").next_age(1)
    d.build(1, "walls")  # two shields: the pawn stands on player 0's side
    d.fill_to(19)
    d.filler()
    res = d.result()
    assert (res["pending"], res["turn"], res["age"], res["conflict"]) == ("starter", 0, 2, -1)
    d.starter(0, 1)
    assert d.result()["age"] == 3 and d.result()["turn"] == 1
    assert d.player(0)["cards"] == ["guard-tower"] and d.player(1)["cards"] == ["walls"]


BLUES = ["theater", "altar", "statue", "temple", "gardens", "pantheon"]


def test_civil_victory_adds_every_category():
    """Rules 000 end: 建物の点、完成ワンダーの点、進歩の点、手元コイン3枚につき1点を
    足します…合計点が高い人の民事勝利. Player 0: blue 3+3+4+4+6+6 = 26, Lighthouse 3,
    Pyramids 9, 10 coins = 3, pawn on space 1 = 2: 43. Player 1: Library 2, Magistrates 6
    (player 0's six blue cards), Piraeus 2, Philosophy 7, 14 coins = 4: 21."""
    keep = BLUES + [
        "guard-tower",
        "tavern",
        "lighthouse",
        "scriptorium",
        "library",
        "magistrates-guild",
    ]
    d = Duel(keep=keep).set_coins(0, 86).set_coins(1, 86)
    for c in ["theater", "altar", "tavern", "guard-tower"]:
        d.build(0, c)
    d.build(1, "scriptorium").wonder(0, "pyramids").wonder(1, "piraeus")
    d.next_age(0)
    d.build(0, "statue").build(0, "temple")
    d.build(1, "library").progress(1, "philosophy")
    d.next_age(0).set_coins(0, 86).set_coins(1, 86)
    d.build(0, "gardens").build(0, "pantheon").build(0, "lighthouse")
    d.build(1, "magistrates-guild")
    d.fill_to(19)
    assert d.game.turn == 1  # player 0 started age III: player 1 takes card 20
    d.set_coins(0, 10).set_coins(1, 12)
    d.filler()  # player 1 sells: 12 + 2
    res = d.result()
    assert (res["over"], res["victory"], res["winner"], res["turn"]) == (True, "civil", 0, None)
    assert res["players"][0]["score"] == {
        "civilian": 26,
        "science": 0,
        "commercial": 3,
        "guilds": 0,
        "wonders": 9,
        "progress": 0,
        "coins": 3,
        "military": 2,
        "total": 43,
    }
    assert res["players"][1]["score"] == {
        "civilian": 0,
        "science": 2,
        "commercial": 0,
        "guilds": 6,
        "wonders": 2,
        "progress": 7,
        "coins": 4,
        "military": 0,
        "total": 21,
    }
    assert d.legal() == []


def to_the_last_card(blue_by: "int | None") -> Duel:
    """Age III, card 19 taken; `blue_by` built the Theater (3 VP) in age I. Player 0 starts
    every age (the taker of card 20 is player 1 each time)."""
    d = Duel(keep=["theater"])
    if blue_by is not None:
        d.build(blue_by, "theater")
    d.next_age(0).next_age(0).fill_to(19)
    assert d.game.turn == 1
    return d


@pytest.mark.parametrize("blue_by", [0, 1])
def test_a_tie_goes_to_more_blue_points(blue_by):
    """Rules 000 end: 同点なら青い建物だけの勝利点を比べ、多い人が勝ちます (003: по сумме очков за
    гражданские, то есть синие, здания). Theater 3 + 6 coins (2) against 15 coins (5);
    player 1 sells the last card for 2 coins."""
    d = to_the_last_card(blue_by)
    if blue_by == 0:
        d.set_coins(0, 6).set_coins(1, 13)
    else:
        d.set_coins(0, 15).set_coins(1, 4)
    d.filler()
    res = d.result()
    assert [p["score"]["total"] for p in res["players"]] == [5, 5]
    assert (res["over"], res["victory"], res["winner"]) == (True, "civil", blue_by)


def test_an_equal_total_and_equal_blue_is_a_shared_victory():
    """Rules 000 end: それも同じなら同率勝利です; spec: winner null when both share the win."""
    d = to_the_last_card(None).set_coins(0, 9).set_coins(1, 7)
    d.filler()
    res = d.result()
    assert [p["score"]["total"] for p in res["players"]] == [3, 3]
    assert (res["over"], res["victory"], res["winner"], res["turn"]) == (True, "civil", None, None)


def test_a_pair_on_the_last_card_is_answered_before_the_starter():
    """Rules 000: the pair's token is part of the turn that took the age's last card; then
    the age ends (pawn neutral: the taker of that card chooses)."""
    d = Duel(keep=["scriptorium", "library"]).set_coins(0, 20).build(0, "scriptorium")
    d.next_age(1).fill_to(19)
    assert d.game.turn == 0
    d.build(0, "library")
    assert (d.result()["pending"], d.result()["turn"], d.game.in_age) == ("progress", 0, 20)
    d.progress(0, "law")
    assert (d.result()["pending"], d.result()["turn"], d.result()["age"]) == ("starter", 0, 2)
