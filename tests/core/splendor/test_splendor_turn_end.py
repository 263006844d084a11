"""The end of a turn: the 10-token limit, the three victory conditions, corrections
(rules: "10枚へ減らしてから、3つの勝利条件を確認"; spec: the ``tokens`` verb).

Rule quotes are from ../shared/rules/001 (Splendor Duel, Japanese), given in English.
"""

import pytest
from sdhelp import game, give, own, player, refused, res, tokens

from duelcore.splendor import cards as C
from duelcore.splendor.names import describe

# -- the 10-token limit ---------------------------------------------------------------


def test_above_ten_at_the_end_of_the_turn_return_to_ten() -> None:
    """Rules: at most 10 tokens (gems, pearls and gold together) at the end of a turn;
    the excess, chosen freely, goes back to the bag."""
    g = game()
    give(g, 0, white=4, blue=4, gold=1)
    g.apply(["take", 0, ["red", "red", "pearl"]])
    assert res(g)["pending"] == "return" and res(g)["turn"] == 0
    assert g.legal()[0] == ["return", 0, ["white", "white"]]
    refused(g, ["return", 0, ["white"]], "exactly 2")
    refused(g, ["return", 0, ["white", "white", "blue"]], "exactly 2")
    refused(g, ["return", 0, ["green", "white"]], "has 0 green")
    refused(g, ["take", 0, ["white"]], "pending return")
    refused(g, ["return", 1, ["white", "white"]], "player 0 makes this choice")
    g.apply(["return", 0, ["gold", "pearl"]])
    assert sum(tokens(g, 0).values()) == 10
    assert res(g)["bag"]["gold"] == 1 and res(g)["bag"]["pearl"] == 1
    assert res(g)["turn"] == 1 and res(g)["pending"] is None


def test_above_ten_during_the_turn_is_fine() -> None:
    """Rules: more than 10 during the turn is allowed; only the end of the turn counts."""
    g = game(["take", 0, ["red", "red", "red"]])
    give(g, 1, white=10)
    g.apply(["privilege", 1, ["blue", "blue"]])
    assert sum(tokens(g, 1).values()) == 12
    g.apply(["reserve", 1, "1r1"])
    assert res(g)["pending"] == "return"
    g.apply(["return", 1, ["white", "white", "white"]])
    assert res(g)["turn"] == 0


def test_exactly_ten_needs_no_return() -> None:
    g = game()
    give(g, 0, white=9)
    g.apply(["take", 0, ["blue"]])
    assert res(g)["turn"] == 1 and res(g)["pending"] is None


# -- victory ----------------------------------------------------------------------------


def test_twenty_points_win() -> None:
    """Rules: 20 points or more from jewel and royal cards wins at the end of the turn."""
    g = game()
    for cid in ("3x1", "2x1", "3w2", "3u2"):  # white-box: 6 + 5 + 4 + 4 = 19 points
        own(g, 0, cid)
    give(g, 0, red=2, black=3)
    g.apply(["buy", 0, "1u5"])  # 1 point: 20
    r = res(g)
    assert (r["over"], r["winner"], r["victory"], r["turn"]) == (True, 0, "points", None)
    assert r["pending"] is None
    refused(g, ["take", 1, ["white"]], "the game is over")
    assert g.legal() == []


def test_royal_points_count_toward_twenty() -> None:
    """Rules: reaching 20 through a royal card's points also wins."""
    g = game()
    for cid in ("3x1", "2x1", "3w2", "1w4", "1u4"):  # 15 points, 2 crowns
        own(g, 0, cid)
    give(g, 0, blue=2, green=2, red=2, pearl=1)
    g.apply(["buy", 0, "2k4"])  # 2 points, 1 crown: 17, 3 crowns
    assert res(g)["over"] is False and res(g)["pending"] == "royal"
    g.apply(["royal", 0, "royal-points"])
    assert res(g)["over"] is True and res(g)["victory"] == "points"


def test_ten_crowns_win() -> None:
    g = game()
    for cid in ("3w1", "3u1", "3g1"):  # 6 crowns (white-box; royals not taken)
        own(g, 0, cid)
    g._royal[0] = g._royal[1] = 1
    give(g, 0, black=8)
    g.apply(["buy", 0, "3j1", {"color": "white"}])  # 3 crowns: 9
    assert res(g)["over"] is False
    g.apply(["take", 1, ["white"]])
    own(g, 0, "1w4")  # 10 crowns, checked at the end of p0's next turn
    g.apply(["take", 0, ["white"]])
    assert res(g)["over"] is True and res(g)["victory"] == "crowns" and res(g)["winner"] == 0


def test_ten_points_in_one_colour_win() -> None:
    """Rules: 10 points from the jewel cards of one colour wins; the joker counts for the
    colour it joined. The rules' example: red cards of 2, 1, 2 and 4 points (9) plus a
    1-point joker on red make 10."""
    g = game()
    for cid in ("2r3", "2r1", "2r4", "3r2"):  # 2 + 1 + 2 + 4 = 9 red points
        own(g, 0, cid)
    assert player(g, 0)["color_points"]["red"] == 9
    give(g, 0, blue=2, red=2, black=1, pearl=1)
    g.apply(["buy", 0, "1j3", {"color": "red"}])
    r = res(g)
    assert r["players"][0]["points"] == 10
    assert (r["over"], r["winner"], r["victory"]) == (True, 0, "color")


def test_points_without_colour_do_not_count_for_a_colour() -> None:
    """Rules: royal points and cards without a bonus count only toward the total."""
    g = game()
    for cid in ("3x1", "2x1"):
        own(g, 0, cid)
    assert set(player(g, 0)["color_points"].values()) == {0}
    assert player(g, 0)["points"] == 11


def test_victory_waits_for_the_return_to_ten() -> None:
    """Rules: first reduce to 10 tokens, then check victory."""
    g = game()
    for cid in ("3x1", "2x1", "3w2", "3u2"):
        own(g, 0, cid)
    give(g, 0, red=2, black=3, white=11)
    g.apply(["buy", 0, "1u5"])
    assert res(g)["over"] is False and res(g)["pending"] == "return"
    assert tokens(g, 0) == {"white": 11}
    g.apply(["return", 0, ["white"]])
    assert res(g)["over"] is True


def test_no_extra_turn_after_a_win() -> None:
    """Rules: the winner's opponent gets no last turn, and an extra turn is not taken."""
    g = game()
    for cid in ("3x1", "2x1", "3w2", "3u2"):
        own(g, 0, cid)
    give(g, 0, red=8)
    g.apply(["buy", 0, "3j2", {"color": "white"}])  # again, 3 points: 22
    r = res(g)
    assert r["over"] is True and r["turn"] is None
    refused(g, ["take", 0, ["white"]], "the game is over")


def test_points_come_before_colour_when_both_are_reached() -> None:
    """Where several conditions hold at once, victory names the first of points, crowns,
    colour (docs/splendor-duel.md)."""
    g = game()
    for cid in ("3x1", "2x1", "2r3", "2r1", "2r4", "3r2"):  # 11 + 9 red = 20
        own(g, 0, cid)
    g.apply(["take", 0, ["white"]])
    assert res(g)["victory"] == "points"


def test_only_the_acting_player_is_checked() -> None:
    """Rules: the player ending the turn checks victory; the other waits for theirs."""
    g = game()
    for cid in ("3x1", "2x1", "3w2", "3u2", "1u5"):
        own(g, 1, cid)
    g.apply(["take", 0, ["white"]])
    assert res(g)["over"] is False
    g.apply(["take", 1, ["white"]])
    assert res(g)["winner"] == 1


# -- the tokens correction ------------------------------------------------------------


def test_tokens_correction_changes_a_hand_only() -> None:
    """Spec: p's count of each token changes by n, stopping at 0 (not refused); board
    and bag are left alone."""
    g = game(["take", 0, ["white", "blue"]])
    before = res(g)
    g.apply(["tokens", 0, {"white": -5, "red": 2, "gold": 1}])
    assert tokens(g, 0) == {"blue": 1, "red": 2, "gold": 1}
    after = res(g)
    assert after["board"] == before["board"] and after["bag"] == before["bag"]
    assert after["turn"] == 1


def test_tokens_correction_any_player_any_time() -> None:
    g = game()
    give(g, 1, pearl=1)  # not player 1's turn
    give(g, 0, white=9)
    g.apply(["take", 0, ["blue", "blue"]])
    assert res(g)["pending"] == "return"
    g.apply(["tokens", 0, {"white": -1}])  # the correction settles the return
    assert res(g)["pending"] is None and res(g)["turn"] == 1


def test_no_correction_leaves_a_hand_above_25_of_a_token() -> None:
    """The game has 25 tokens (docs/splendor-duel.md, Bounds): a correction beyond them is
    refused, not clamped, and the hand is left as it was."""
    g = game()
    give(g, 0, white=25)
    assert tokens(g, 0) == {"white": 25}
    refused(g, ["tokens", 0, {"red": 1, "white": 1}], "player 0 would hold 26 white")
    assert tokens(g, 0) == {"white": 25}
    give(g, 0, white=-25, red=-25)  # stops at 0, as the spec says
    assert tokens(g, 0) == {}


@pytest.mark.parametrize(
    "arg,why",
    [
        (["white"], "object"),
        ({"ruby": 1}, "unknown token"),
        ({"white": "1"}, "whole tokens"),
        ({"white": 1.5}, "whole tokens"),
        ({"white": True}, "whole tokens"),
        ({"white": 26}, "whole tokens from -25 to 25"),
        ({"white": -26}, "whole tokens from -25 to 25"),
        ({"white": 10**15}, "whole tokens from -25 to 25"),
        ({"white": 10**400}, "whole tokens from -25 to 25"),
        ({"white": -1, "ruby": -1}, "unknown token"),
    ],
)
def test_bad_corrections_are_refused(arg: object, why: str) -> None:
    refused(game(), ["tokens", 0, arg], why)


def test_a_correction_can_remove_the_steal_target() -> None:
    g = game(["take", 0, ["white"]], ["take", 1, ["red"]])
    give(g, 0, blue=4, red=3)
    g.apply(["buy", 0, "2w1"])
    assert res(g)["pending"] == "steal"
    g.apply(["tokens", 1, {"red": -1}])
    assert res(g)["pending"] is None and res(g)["turn"] == 1


def test_no_card_has_both_an_ability_and_crowns() -> None:
    """Why the order of a card's ability and a royal choice never shows in play."""
    for i in range(C.COUNT):
        assert not (describe(i)["ability"] and describe(i)["crowns"])
