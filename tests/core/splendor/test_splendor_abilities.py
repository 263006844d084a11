"""Card abilities and royal cards (rules: "5つの能力と、王冠3・6個の王族").

Rule quotes are from ../shared/rules/001 (Splendor Duel, Japanese), given in English.
"""

import pytest
from sdhelp import board, game, give, own, player, refused, res, tokens

# -- jewel card abilities -----------------------------------------------------------


def test_again_gives_a_whole_extra_turn() -> None:
    """Rules: the round arrow: after this turn, take another whole turn."""
    g = game()
    give(g, 0, white=2, black=2, pearl=1)
    g.apply(["buy", 0, "1r2"])  # again
    assert res(g)["turn"] == 0 and res(g)["pending"] is None
    g.apply(["take", 0, ["green"]])  # a second mandatory action in a row
    assert res(g)["turn"] == 1


def test_an_extra_turn_is_a_whole_turn_with_optional_actions() -> None:
    g = game(["take", 0, ["red", "red", "red"]], ["take", 1, ["white"]])
    give(g, 0, blue=2, green=2, pearl=1)
    g.apply(["buy", 0, "1w2"])  # again; the payment fills the bag
    g.apply(["replenish", 0])
    assert player(g, 1)["privileges"] == 3
    g.apply(["take", 0, ["white"]])
    assert res(g)["turn"] == 1


def test_token_ability_takes_a_token_of_the_cards_colour() -> None:
    """Rules: the gem outline: take one token of the card's colour from the board."""
    g = game()
    give(g, 0, blue=2, green=2)
    g.apply(["buy", 0, "1r3"])  # token, red
    assert tokens(g, 0) == {"red": 1}
    assert board(g)["red"] == 3
    assert res(g)["turn"] == 1


def test_token_ability_with_none_of_that_colour_does_nothing() -> None:
    """Rules: if the board has no token of that colour, only that take does not happen."""
    g = game(["take", 0, ["red", "red", "red"]], ["take", 1, ["red"]])
    give(g, 0, blue=2, green=2)
    g.apply(["buy", 0, "1r3"])
    assert tokens(g, 0) == {"red": 3}
    assert res(g)["turn"] == 1


def test_privilege_ability_gains_a_privilege() -> None:
    """Rules: the scroll: one privilege (from the opponent if the supply is empty)."""
    g = game()
    give(g, 0, white=4, black=2, pearl=1)
    g.apply(["buy", 0, "2w3"])
    assert player(g, 0)["privileges"] == 1
    g = game(["take", 0, ["red", "red", "red"]], ["take", 1, ["blue", "blue", "blue"]])
    assert [player(g, p)["privileges"] for p in (0, 1)] == [1, 2]
    give(g, 0, white=4, black=2, pearl=1)
    g.apply(["buy", 0, "2w3"])
    assert [player(g, p)["privileges"] for p in (0, 1)] == [2, 1]


def test_steal_takes_a_gem_or_pearl_from_the_opponent() -> None:
    """Rules: the hand: take one gem or pearl of the opponent's; gold cannot be stolen."""
    g = game(["take", 0, ["white"]], ["take", 1, ["pearl", "blue"]])
    g.apply(["reserve", 0, "1w1"])
    give(g, 1, gold=1)
    give(g, 0, blue=4, red=3)
    g.apply(["take", 1, ["green"]])
    g.apply(["buy", 0, "2w1"])  # steal
    assert res(g)["pending"] == "steal" and res(g)["turn"] == 0
    assert g.legal() == [["steal", 0, "blue"], ["steal", 0, "green"], ["steal", 0, "pearl"]]
    refused(g, ["steal", 0, "gold"], "gold cannot be stolen")
    refused(g, ["steal", 0, "red"], "player 1 has no red")
    refused(g, ["steal", 1, "blue"], "player 0 makes this choice")
    refused(g, ["take", 0, ["white"]], "pending steal")
    g.apply(["steal", 0, "pearl"])
    assert tokens(g, 1) == {"blue": 1, "green": 1, "gold": 1}
    assert tokens(g, 0)["pearl"] == 1
    assert res(g)["turn"] == 1 and res(g)["pending"] is None


def test_steal_with_only_gold_opposite_does_nothing() -> None:
    """Rules: if the opponent holds only gold, nothing is taken."""
    g = game(["take", 0, ["white"]], ["reserve", 1, "1w1"])
    give(g, 0, blue=4, red=3)
    g.apply(["buy", 0, "2w1"])
    assert res(g)["pending"] is None and res(g)["turn"] == 1


# -- crowns and royal cards -----------------------------------------------------------


def crowned(p_crowns: int) -> object:
    """A game where player 0 has ``p_crowns`` crowns (white-box) and it is p0's turn."""
    g = game()
    for cid in ("1w4", "1u4", "1g4", "1r4", "1k4")[:p_crowns]:
        own(g, 0, cid)
    return g


def test_third_crown_gives_a_royal_card() -> None:
    """Rules: reaching 3 crowns for the first time, choose one of the royal cards."""
    g = crowned(2)
    give(g, 0, white=3)
    g.apply(["buy", 0, "1k4"])  # 1 crown: 3
    assert res(g)["pending"] == "royal" and res(g)["turn"] == 0
    assert [e[2] for e in g.legal()] == [
        "royal-points",
        "royal-again",
        "royal-privilege",
        "royal-steal",
    ]
    refused(g, ["royal", 0, "royal-crown"], "unknown royal")
    g.apply(["royal", 0, "royal-points"])
    p = player(g, 0)
    assert p["royals"] == ["royal-points"] and p["points"] == 3
    assert set(p["color_points"].values()) == {0}  # royal points have no colour
    assert res(g)["turn"] == 1


def test_two_to_four_crowns_still_gives_the_royal() -> None:
    """Rules: going from 2 to 4 crowns passes 3: a royal card."""
    g = crowned(2)
    give(g, 0, green=6, pearl=1)
    g.apply(["buy", 0, "2j1", {"color": "white"}])  # 2 crowns: 4
    assert res(g)["pending"] == "royal"


def test_sixth_crown_gives_a_second_royal_and_no_more() -> None:
    """Rules: a second royal at 6 crowns for the first time; only at 3 and 6."""
    g = crowned(5)
    g._royal[0] = 1  # white-box: the royal of the third crown is taken
    give(g, 0, white=2, red=2, black=2, pearl=1)
    g.apply(["buy", 0, "2u4"])  # 1 crown: 6
    assert res(g)["pending"] == "royal"
    refused(g, ["royal", 0, "royal-points"], "taken by player 0")
    g.apply(["royal", 0, "royal-privilege"])
    g.apply(["take", 1, ["white"]])
    give(g, 0, white=2, blue=2, black=2, pearl=1)
    g.apply(["buy", 0, "2g4"])  # 7 crowns
    g.apply(["take", 1, ["white"]])
    give(g, 0, black=8)
    g.apply(["buy", 0, "3j1", {"color": "white"}])  # 3 crowns: 10, and no royal at 9
    assert res(g)["over"] is True and res(g)["victory"] == "crowns"


def test_royal_again_gives_an_extra_turn() -> None:
    g = crowned(2)
    give(g, 0, white=3)
    g.apply(["buy", 0, "1k4"])
    g.apply(["royal", 0, "royal-again"])
    assert res(g)["turn"] == 0 and player(g, 0)["points"] == 2


def test_royal_privilege_gives_a_privilege() -> None:
    g = crowned(2)
    give(g, 0, white=3)
    g.apply(["buy", 0, "1k4"])
    g.apply(["royal", 0, "royal-privilege"])
    assert player(g, 0)["privileges"] == 1 and res(g)["turn"] == 1


def test_royal_steal_steals_after_the_choice() -> None:
    """Rules: the royal's steal is carried out as a card's (not gold)."""
    g = crowned(2)
    give(g, 1, red=1, gold=2)
    give(g, 0, white=3)
    g.apply(["buy", 0, "1k4"])
    g.apply(["royal", 0, "royal-steal"])
    assert res(g)["pending"] == "steal"
    g.apply(["steal", 0, "red"])
    assert tokens(g, 1) == {"gold": 2} and player(g, 0)["points"] == 2


def test_joker_colour_comes_before_the_royal_choice() -> None:
    """No jewel card has both an ability and crowns, so a card's ability and a royal
    never meet; a crowned joker does meet one: its colour is chosen first, then the
    royal card (docs/splendor-duel.md)."""
    g = crowned(2)
    give(g, 0, green=6, pearl=1)
    g.apply(["buy", 0, "2j1"])
    assert res(g)["pending"] == "color"
    refused(g, ["royal", 0, "royal-points"], "no royal choice is pending")
    g.apply(["color", 0, "blue"])
    assert res(g)["pending"] == "royal"
    g.apply(["royal", 0, "royal-points"])
    assert res(g)["turn"] == 1


@pytest.mark.parametrize("royal", ["royal-points", "royal-again"])
def test_royal_not_pending_is_refused(royal: str) -> None:
    refused(game(), ["royal", 0, royal], "no royal choice is pending")
