"""Setup and the take action (rules: "12枚の売り場と、25枚のトークン", "必須行動").

Rule quotes are from ../shared/rules/001 (Splendor Duel, Japanese), given in English.
"""

import pytest
from sdhelp import board, game, player, record, refused, res, tokens, total_tokens

from duelcore import Match, RecordError
from duelcore.errors import IllegalEvent
from duelcore.splendor import Game


@pytest.mark.parametrize("first", [0, 1])
def test_start_all_25_tokens_on_the_board_and_second_player_has_a_privilege(first: int) -> None:
    """Rules: all 25 tokens (4 of each gem, 2 pearls, 3 gold) go on the board, the bag is
    left empty; the player who does not start takes one privilege."""
    g = game(first=first)
    r = res(g)
    assert r["board"] == dict(white=4, blue=4, green=4, red=4, black=4, pearl=2, gold=3)
    assert set(r["bag"].values()) == {0}
    assert r["turn"] == first and r["over"] is False and r["pending"] is None
    assert r["winner"] is None and r["victory"] is None
    assert r["players"][first]["privileges"] == 0
    assert r["players"][1 - first]["privileges"] == 1
    for p in (0, 1):
        pl = r["players"][p]
        assert set(pl["tokens"].values()) == {0}
        assert pl["points"] == pl["crowns"] == pl["reserved"] == 0
        assert pl["royals"] == [] and pl["cards"] == []
        assert set(pl["bonuses"]) == {"white", "blue", "green", "red", "black"}
        assert set(pl["color_points"]) == {"white", "blue", "green", "red", "black"}
    assert total_tokens(g) == 25


@pytest.mark.parametrize("setup", [{}, {"first": 2}, {"first": True}, {"first": "0"}, []])
def test_bad_setup_is_refused(setup: object) -> None:
    with pytest.raises(IllegalEvent):
        Game(setup)  # type: ignore[arg-type]
    rec = record()
    rec["setup"] = setup
    with pytest.raises(RecordError):
        Match(rec)


def test_take_one_to_three_tokens_then_the_turn_passes() -> None:
    """Rules: take 1 to 3 non-gold tokens; one token may be any gem or pearl."""
    g = game(["take", 0, ["green"]])
    assert tokens(g, 0) == {"green": 1}
    assert board(g)["green"] == 3
    assert res(g)["turn"] == 1
    g.apply(["take", 1, ["white", "blue", "pearl"]])
    assert tokens(g, 1) == {"white": 1, "blue": 1, "pearl": 1}
    assert res(g)["turn"] == 0


def test_first_turn_example_of_the_rules() -> None:
    """Rules' first-turn example: the first player takes one green (no privilege for the
    opponent); the second spends the starting privilege on a black, then reserves a
    level-1 card with a gold: black 1, gold 1, one reserved, no privilege left."""
    g = game(["take", 0, ["green"]], ["privilege", 1, ["black"]], ["reserve", 1, "1w1"])
    assert player(g, 0)["privileges"] == 0
    p1 = player(g, 1)
    assert tokens(g, 1) == {"black": 1, "gold": 1}
    assert p1["reserved"] == 1 and p1["privileges"] == 0
    assert p1["reserved_cards"] == ["1w1"]


def test_three_of_one_colour_give_the_opponent_a_privilege() -> None:
    """Rules: taking 3 tokens all of one colour gives the opponent a privilege."""
    g = game(["take", 0, ["red", "red", "red"]])
    assert player(g, 1)["privileges"] == 2


def test_two_of_one_colour_give_nothing() -> None:
    """Rules: two of the same colour alone give no privilege."""
    g = game(["take", 0, ["red", "red", "blue"]])
    assert player(g, 1)["privileges"] == 1
    g = game(["take", 0, ["red", "red"]])
    assert player(g, 1)["privileges"] == 1


@pytest.mark.parametrize("taken", [["pearl", "pearl"], ["pearl", "pearl", "white"]])
def test_both_pearls_give_the_opponent_a_privilege(taken: list) -> None:
    """Rules: taking the 2 pearls gives the opponent a privilege."""
    g = game(["take", 0, taken])
    assert player(g, 1)["privileges"] == 2


def test_one_pearl_gives_nothing() -> None:
    g = game(["take", 0, ["pearl", "white"]])
    assert player(g, 1)["privileges"] == 1


def test_take_ignores_positions() -> None:
    """The board is tracked as counts: any 1-3 tokens present are accepted (the straight
    line rule is the table's to keep; docs/splendor-duel.md)."""
    g = game(["take", 0, ["white", "black", "pearl"]])
    assert tokens(g, 0) == {"white": 1, "black": 1, "pearl": 1}


@pytest.mark.parametrize(
    "taken,why",
    [
        (["gold"], "gold"),
        (["white", "gold"], "gold"),
        ([], "1 to 3"),
        (["white", "blue", "green", "red"], "1 to 3"),
        (["ruby"], "unknown token"),
        ("white", "list"),
        ([1], "unknown token"),
    ],
)
def test_bad_takes_are_refused(taken: object, why: str) -> None:
    """Rules: gold is never taken by the take action; 1 to 3 tokens."""
    refused(game(), ["take", 0, taken], why)


def test_take_more_than_the_board_has_is_refused() -> None:
    g = game(["take", 0, ["pearl", "pearl"]])
    refused(g, ["take", 1, ["pearl"]], "the board has 0 pearl")
    g = game(["take", 0, ["red", "red", "red"]], ["take", 1, ["red"]])
    refused(g, ["take", 0, ["red", "red"]], "the board has 0 red")


def test_out_of_turn_and_malformed_events_are_refused() -> None:
    g = game()
    refused(g, ["take", 1, ["white"]], "player 0's turn")
    refused(g, ["take", 0], "number of arguments")
    refused(g, ["take", 0, ["white"], ["blue"]], "number of arguments")
    refused(g, ["dance", 0], "unknown verb")
    refused(g, ["replenish", 0, 1], "number of arguments")
