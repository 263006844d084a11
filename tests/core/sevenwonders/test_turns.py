"""Turn order: whose turn, extra turns, and pending choices that must come first."""

import pytest
from swdhelp import Duel, deal, with_tokens

from duelcore import IllegalEvent

REPLAY_WONDERS = ["temple-of-artemis", "appian-way", "piraeus", "hanging-gardens", "sphinx"]
# Great Library is left out: its token choice comes first (test below).
PLAIN_WONDERS = [
    "pyramids",
    "great-lighthouse",
    "colossus",
    "circus-maximus",
    "statue-of-zeus",
    "mausoleum",
]


def test_the_wrong_player_is_refused_with_whose_turn_it_is():
    """Rules 000: 行動を解決して…相手の番です — players alternate; spec: the refusal names the
    event's index, the event and why."""
    d = Duel(first=0)
    assert d.refuse("build", 1, "lumber-yard") == "it is player 0's turn"
    d.build(0, "lumber-yard")
    assert d.refuse("build", 0, "quarry") == "it is player 1's turn"
    with pytest.raises(IllegalEvent) as info:
        d.match.play(["build", 0, "quarry"])
    assert str(info.value) == 'event 1 ["build", 0, "quarry"]: it is player 1\'s turn'


def test_players_alternate():
    """Rules 000: after one action it is the opponent's turn (相手の番です)."""
    d = Duel(first=1)
    turns = []
    for p, card in [(1, "lumber-yard"), (0, "quarry"), (1, "altar"), (0, "theater")]:
        d.play(["build", p, card])
        turns.append(d.result()["turn"])
    assert turns == [0, 1, 0, 1]


@pytest.mark.parametrize("w", REPLAY_WONDERS)
def test_each_replay_wonder_gives_one_extra_turn(w):
    """Rules 000 wonders: アルテミス神殿、アッピア街道、ピレウス、空中庭園、スフィンクス carry
    追加手番: the builder plays a whole new turn, then the opponent."""
    d = Duel(wonders=deal([w])).set_coins(0, 86)
    d.wonder(0, w, "altar")
    assert d.result()["turn"] == 0
    d.discard(0, "theater")
    assert d.result()["turn"] == 1


@pytest.mark.parametrize("w", PLAIN_WONDERS)
def test_other_wonders_pass_the_turn(w):
    """Rules 000: only the wonders printed with 追加手番 give an extra turn (no target for a
    destroy, and an empty discard pile, leave nothing pending)."""
    d = Duel(wonders=deal([w])).set_coins(0, 86)
    d.wonder(0, w, "altar")
    assert d.result()["pending"] is None
    assert d.result()["turn"] == 1


def test_great_library_token_choice_comes_before_the_turn_passes():
    """Rules 000: 大図書館 lets its builder pick a token, then the opponent plays."""
    d = Duel(wonders=deal(["great-library"])).set_coins(0, 86)
    d.wonder(0, "great-library", "altar")
    assert d.result()["pending"] == "library" and d.result()["turn"] == 0
    d.progress(0, "economy")
    assert d.result()["pending"] is None and d.result()["turn"] == 1


def test_theology_gives_an_extra_turn_to_a_plain_wonder():
    """Rules 000 progress: 神学は、以後建てる自分のワンダー全部に追加手番を付けます."""
    d = with_tokens(["theology"]).set_coins(0, 86)
    d.wonder(0, "pyramids", "walls")
    assert d.result()["turn"] == 0
    d.discard(0, "barracks")
    assert d.result()["turn"] == 1


def test_theology_does_not_double_a_replay_wonder():
    """Rules 000 progress: 既に追加手番があるワンダーを建てても…2回追加することはできません."""
    d = with_tokens(["theology"]).set_coins(0, 86)
    d.wonder(0, "temple-of-artemis", "walls")
    assert d.result()["turn"] == 0
    d.discard(0, "barracks")
    assert d.result()["turn"] == 1


def test_an_extra_turn_on_the_ages_last_card_is_lost():
    """Rules 000: その世代の最後のカードを取って場が空なら、追加手番は失われ、
    次の世代へ持ち越しません.
    Player 1 takes the 20th card with Piraeus (pawn neutral, so player 1 chooses the
    starter): after player 0 starts age II, the turn passes to player 1 normally."""
    d = Duel().fill_to(19)
    assert d.result()["turn"] == 1
    d.set_coins(1, 86)
    d.wonder(1, "piraeus")
    assert d.result()["pending"] == "starter" and d.result()["turn"] == 1
    d.starter(1, 0)
    assert d.result()["turn"] == 0 and d.result()["age"] == 2
    assert d.game.again is False
    d.discard(0, "sawmill")
    assert d.result()["turn"] == 1


def test_an_extra_turn_on_the_last_card_of_age_three_ends_the_game():
    """Rules 000: the last card of age III ends the game; a replay wonder changes nothing."""
    d = Duel(wonders=deal(["temple-of-artemis"], ["hanging-gardens"]))
    d.next_age().next_age().fill_to(19)
    p = d.game.turn
    d.set_coins(p, 86)
    w = "temple-of-artemis" if p == 0 else "hanging-gardens"
    d.wonder(p, w)
    res = d.result()
    assert res["over"] is True and res["victory"] == "civil" and res["turn"] is None


def pending_progress() -> Duel:
    """Player 0 has just completed a quill pair (Scriptorium, then Library in age II)."""
    d = Duel(keep={"scriptorium", "library"}).set_coins(0, 20)
    d.build(0, "scriptorium").next_age(0).build(0, "library")
    assert d.result()["pending"] == "progress" and d.result()["turn"] == 0
    return d


def test_a_pending_choice_blocks_every_other_verb():
    """Spec: `pending` is the choice that must be entered next; rules 000: the pair's token
    is taken as part of the turn (同じ科学記号が2つそろったら…1枚を選んで)."""
    d = pending_progress()
    reason = "player 0 must first resolve progress"
    assert d.refuse("build", 0, "sawmill") == reason
    assert d.refuse("discard", 0, "sawmill") == reason
    assert d.refuse("wonder", 0, "pyramids", "sawmill") == reason
    assert d.refuse("destroy", 0, "quarry") == reason
    assert d.refuse("starter", 0, 0) == reason
    assert d.refuse("build", 1, "sawmill") == "it is player 0's turn"
    assert d.refuse("progress", 1, "law") == "it is player 0's turn"
    d.progress(0, "law")
    assert d.result()["pending"] is None and d.result()["turn"] == 1


def test_a_coin_correction_does_not_disturb_a_pending_choice():
    """Spec: `coins` is a correction, not a turn: either player, any time."""
    d = pending_progress()
    d.play(["coins", 1, 3])
    assert d.result()["pending"] == "progress" and d.result()["turn"] == 0


@pytest.mark.parametrize(
    "event",
    [
        ["progress", 0, "law"],
        ["destroy", 0, "quarry"],
        ["mausoleum", 0, "altar"],
        ["starter", 0, 1],
    ],
    ids=lambda e: e[0],
)
def test_a_choice_verb_with_nothing_pending_is_refused(event):
    """Spec: progress, destroy, mausoleum and starter only answer a pending choice."""
    assert Duel().refuse(*event) == "nothing asks for %s now" % event[0]


def test_an_unknown_verb_is_refused():
    """Spec: the 7wd verbs are build, discard, wonder, progress, destroy, mausoleum,
    starter and coins."""
    assert Duel().refuse("trade", 0, "wood") == "unknown verb trade"
