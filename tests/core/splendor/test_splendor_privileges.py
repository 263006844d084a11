"""Privileges and replenishing (rules: "任意の2行動は、特権、補充の順").

Rule quotes are from ../shared/rules/001 (Splendor Duel, Japanese), given in English.
"""

from sdhelp import board, game, player, refused, res, setup_board, tokens, total_tokens


def privileges(g: object) -> list[int]:
    return [p["privileges"] for p in res(g)["players"]]  # type: ignore[arg-type]


def test_spending_a_privilege_takes_any_gem_or_pearl_before_the_mandatory_action() -> None:
    """Rules: return a privilege to the supply; take one gem or pearl from anywhere."""
    g = game(["take", 0, ["white"]], ["privilege", 1, ["pearl"]])
    assert tokens(g, 1) == {"pearl": 1}
    assert privileges(g) == [0, 0]
    assert res(g)["turn"] == 1  # the mandatory action is still to come
    g.apply(["take", 1, ["red"]])
    assert res(g)["turn"] == 0


def test_several_privileges_in_one_event_or_several_events() -> None:
    """Rules: one or more privileges, one token each, not necessarily adjacent."""
    # Player 1 gains privileges from player 0's takes of three of a colour.
    g = game(["take", 0, ["red", "red", "red"]], ["take", 1, ["white"]])
    g.apply(["take", 0, ["blue", "blue", "blue"]])
    assert privileges(g) == [0, 3]
    g.apply(["privilege", 1, ["black", "green"]])
    g.apply(["privilege", 1, ["pearl"]])
    assert privileges(g) == [0, 0]
    assert tokens(g, 1) == {"white": 1, "black": 1, "green": 1, "pearl": 1}


def test_privileges_are_limited_to_those_held() -> None:
    g = game(["take", 0, ["white"]])
    refused(g, ["privilege", 1, ["black", "green"]], "has 1 privileges")
    refused(game(), ["privilege", 0, ["black"]], "has 0 privileges")


def test_privileges_take_no_gold_and_only_what_the_board_has() -> None:
    """Rules: gold cannot be taken with a privilege."""
    g = game(["take", 0, ["pearl", "pearl"]])
    refused(g, ["privilege", 1, ["gold"]], "gold")
    refused(g, ["privilege", 1, ["pearl"]], "the board has 0 pearl")
    refused(g, ["privilege", 1, []], "at least one")


def test_privileges_come_before_replenishing() -> None:
    """Rules: when both optional actions are used, privileges first, then replenish."""
    g = game(["take", 0, ["white"]])
    setup_board(g, {"white": 3, "blue": 4, "gold": 3}, {"red": 2})  # white-box: a bag
    g.apply(["replenish", 1])
    refused(g, ["privilege", 1, ["black"]], "before replenishing")
    refused(g, ["replenish", 1], "once")


def test_replenish_puts_the_bag_on_the_board_and_gives_the_opponent_a_privilege() -> None:
    """Rules: the bag's tokens go on the board; the opponent receives a privilege."""
    g = game()
    setup_board(g, {"white": 2, "gold": 3}, {"white": 2, "blue": 4})
    g.apply(["replenish", 0])
    assert board(g) == dict(white=4, blue=4, green=0, red=0, black=0, pearl=0, gold=3)
    assert set(res(g)["bag"].values()) == {0}
    assert privileges(g) == [0, 2]
    assert res(g)["turn"] == 0


def test_replenish_needs_a_non_empty_bag() -> None:
    """Rules: with the bag empty there is no replenishing."""
    refused(game(), ["replenish", 0], "bag is empty")


def test_replenish_once_and_before_the_mandatory_action() -> None:
    """Rules: one replenish a turn, at this stage only; a pending choice blocks it."""
    g = game()
    setup_board(g, {"white": 4, "gold": 3}, {"blue": 1})
    g.apply(["replenish", 0])
    refused(g, ["replenish", 0], "once")


def test_gaining_with_the_supply_empty_takes_from_the_opponent() -> None:
    """Rules: with no privilege left in the supply, take one from the opponent."""
    g = game(["take", 0, ["red", "red", "red"]])  # p1: 2
    g.apply(["take", 1, ["blue", "blue", "blue"]])  # p0: 1, supply 0
    assert privileges(g) == [1, 2]
    g.apply(["take", 0, ["green", "green", "green"]])  # p1 takes p0's privilege
    assert privileges(g) == [0, 3]


def test_holding_all_three_nothing_more_happens() -> None:
    """Rules: a player who already holds all 3 privileges gains nothing."""
    g = game(["take", 0, ["red", "red", "red"]], ["take", 1, ["white"]])
    g.apply(["take", 0, ["blue", "blue", "blue"]])
    assert privileges(g) == [0, 3]
    g.apply(["take", 1, ["white"]])
    g.apply(["take", 0, ["green", "green", "green"]])
    assert privileges(g) == [0, 3]


def test_privileges_are_always_three_in_all() -> None:
    g = game(["take", 0, ["red", "red", "red"]], ["privilege", 1, ["white", "white"]])
    assert sum(privileges(g)) == 0
    assert total_tokens(g) == 25


def test_privileges_that_would_leave_no_mandatory_action_are_refused() -> None:
    """The rules allow no pass: spending privileges on the last gems and pearls, with an
    empty bag, no gold to reserve with and nothing affordable, is refused."""
    g = game(["take", 0, ["white"]])
    setup_board(g, {"pearl": 1})  # white-box: one pearl and nothing else on the board
    refused(g, ["privilege", 1, ["pearl"]], "no mandatory action")
    g._board[6] = 1  # with a gold to reserve with, the privilege is fine
    g.apply(["privilege", 1, ["pearl"]])
    assert tokens(g, 1) == {"pearl": 1}


def test_forced_replenish_when_no_mandatory_action_is_possible() -> None:
    """Rules: if no mandatory action can be done, the board must first be replenished
    (the game has no pass): legal() offers only replenish, take/reserve are refused."""
    g = game()
    setup_board(g, {}, {"white": 3, "gold": 1})  # white-box: nothing on the board
    assert g.legal() == [["replenish", 0]]
    refused(g, ["take", 0, ["white"]], "the board has 0 white")
    refused(g, ["reserve", 0, "1w1"], "no gold")
    g.apply(["replenish", 0])
    assert player(g, 1)["privileges"] == 2  # the opponent still gains a privilege
    g.apply(["take", 0, ["white"]])
    assert res(g)["turn"] == 1
