"""Reserving and buying (rules: "必須行動は、直線取得・予約・購入の3択").

Rule quotes are from ../shared/rules/001 (Splendor Duel, Japanese), given in English.
Tokens for purchases come from ``tokens`` corrections (``give``), so these tests do not
keep the 25 tokens; test_splendor_properties.py checks conservation in real games.
"""

from sdhelp import board, game, give, idx, own, play, player, refused, res, tokens

from duelcore.splendor import cards as C
from duelcore.splendor.names import describe

# -- reserve ------------------------------------------------------------------------


def test_reserve_takes_a_gold_and_a_card() -> None:
    """Rules: take one gold from the board, then reserve one card (max 3 held)."""
    g = game(["reserve", 0, "2g3"])
    assert tokens(g, 0) == {"gold": 1}
    assert board(g)["gold"] == 2
    assert player(g, 0)["reserved"] == 1
    assert player(g, 0)["reserved_cards"] == ["2g3"]
    assert res(g)["turn"] == 1


def test_reserve_by_descriptor() -> None:
    desc = {"level": 1, "color": "red", "points": 0, "crowns": 1, "bonus": 1, "ability": None}
    g = game(["reserve", 0, dict(desc, cost={"black": 3})])
    assert player(g, 0)["reserved_cards"] == ["1r4"]


def test_reserve_needs_a_gold_on_the_board() -> None:
    """Rules: with no gold on the board there is no reserving (nor a gold without a card)."""
    g = game(["reserve", 0, "1w1"], ["reserve", 1, "1w2"], ["reserve", 0, "1w3"])
    assert board(g)["gold"] == 0
    refused(g, ["reserve", 1, "1w4"], "no gold")


def test_at_most_three_reserved_cards() -> None:
    """Rules: at most 3 reserved cards."""
    g = game(
        ["reserve", 0, "1w1"],
        ["take", 1, ["white"]],
        ["reserve", 0, "deck1"],
        ["take", 1, ["white"]],
        ["reserve", 0, "3x1"],
        ["take", 1, ["white"]],
    )
    assert player(g, 0)["reserved"] == 3
    g._board[6] = 1  # white-box: a gold back on the board, so only the limit refuses
    refused(g, ["reserve", 0, "1w4"], "already holds 3")


def test_a_reserved_card_is_out_of_the_display() -> None:
    g = game(["reserve", 0, "1w1"])
    refused(g, ["reserve", 1, "1w1"], "reserved by player 0")
    give(g, 1, white=5, blue=5, green=5, red=5, black=5)
    refused(g, ["buy", 1, "1w1"], "reserved by player 0")


def test_reserve_from_a_deck_and_name_the_card_when_buying_it() -> None:
    """Rules: a deck's top card may be reserved unseen. The record learns which card it
    was when its owner buys it from the reserve (docs/splendor-duel.md)."""
    g = game(["reserve", 0, "deck2"], ["take", 1, ["white"]])
    assert player(g, 0)["reserved_cards"] == ["deck2"]
    give(g, 0, white=3, red=4)  # 2g1 costs white 3, red 4
    refused(g, ["buy", 0, "1g1", {"reserved": True}], "not in player 0's reserve")
    g.apply(["buy", 0, "2g1", {"reserved": True}])
    assert player(g, 0)["cards"] == ["2g1"]
    assert player(g, 0)["reserved"] == 0


def test_the_deck_runs_out() -> None:
    """Rules: a level's deck holds the cards not on the display (5, 4, 3 face up);
    an empty deck cannot be reserved from. White-box: 9 of 13 level-3 cards bought."""
    g = game()
    for i in range(C.FIRST[2], C.FIRST[2] + 9):
        g._owner[i] = 4
    g.apply(["reserve", 0, "deck3"])  # 4 left: 3 on display, 1 in the deck
    g.apply(["take", 1, ["white"]])
    refused(g, ["reserve", 0, "deck3"], "deck is empty")
    # The display still holds 3 cards; once only the blind card is left, none.
    for cid in ("3k2", "3j1"):
        g._owner[idx(cid)] = 4
    g.apply(["reserve", 0, "3j2"])
    g.apply(["take", 1, ["white"]])
    assert g._pool(3) == 0
    give(g, 0, white=8)
    refused(g, ["buy", 0, "3x1"], "no level-3 card is left")
    g.apply(["buy", 0, "3x1", {"reserved": True}])  # the blind card was 3x1
    assert player(g, 0)["reserved_cards"] == ["3j2"]


def test_a_bought_card_cannot_be_reserved_or_be_the_blind_card() -> None:
    g = game(["reserve", 0, "deck1"])
    give(g, 1, black=3)
    g.apply(["buy", 1, "1r4"])
    refused(g, ["reserve", 0, "1r4"], "bought by player 1")
    give(g, 0, black=3)
    refused(g, ["buy", 0, "1r4", {"reserved": True}], "not in player 0's reserve")


def test_unknown_deck_or_card_is_refused() -> None:
    refused(game(), ["reserve", 0, "deck4"], "unknown card")
    refused(game(), ["reserve", 0, "9z9"], "unknown card")


def test_reserving_above_ten_tokens_asks_for_a_return() -> None:
    """Rules: the gold counts toward the 10-token limit at the end of the turn."""
    g = game()
    give(g, 0, white=4, blue=4, green=2)
    g.apply(["reserve", 0, "1w1"])
    assert res(g)["pending"] == "return"
    assert res(g)["turn"] == 0


# -- buy --------------------------------------------------------------------------------


def test_payment_example_of_the_rules() -> None:
    """Rules' example: bonuses red 3, blue 2, green 1; a card costing blue 3, red 5,
    black 3, pearl 1 is paid with blue 1, red 2, black 3, pearl 1: 7 tokens; a black
    short is paid with a gold."""
    g = game()
    for cid in ("1r1", "2r2", "2u2", "1g1"):  # white-box: red 1+2, blue 2, green 1
        own(g, 0, cid)
    assert describe(idx("3w1"))["cost"] == {"blue": 3, "red": 5, "black": 3, "pearl": 1}
    give(g, 0, blue=1, red=2, black=3, pearl=1)
    q = g.price(0, "3w1")
    assert q["pay"] == {"blue": 1, "red": 2, "black": 3, "pearl": 1}
    assert q["tokens"] == 7 and q["affordable"] is True and q["short"] == 0
    g.apply(["buy", 0, "3w1"])
    assert tokens(g, 0) == {}
    assert {k: v for k, v in res(g)["bag"].items() if v} == q["pay"]
    g2 = game()
    for cid in ("1r1", "2r2", "2u2", "1g1"):
        own(g2, 0, cid)
    give(g2, 0, blue=1, red=2, black=2, pearl=1, gold=1)
    g2.apply(["buy", 0, "3w1"])
    assert tokens(g2, 0) == {}
    assert res(g2)["bag"]["gold"] == 1 and res(g2)["bag"]["black"] == 2


def test_gold_only_covers_the_shortfall() -> None:
    """Spec: bonuses first, then own gems and pearls, gold for the shortfall."""
    g = game()
    give(g, 0, black=3, gold=2)
    g.apply(["buy", 0, "1r4"])
    assert tokens(g, 0) == {"gold": 2}


def test_pearls_are_never_discounted() -> None:
    """Rules: there is no pearl bonus, so a pearl cost is always paid (gold may stand in)."""
    g = game()
    for cid in ("1u1", "1u2", "1g1", "1g2"):
        own(g, 0, cid)  # blue 2, green 2: card 1w2 costs blue 2, green 2, pearl 1
    q = g.price(0, "1w2")
    assert q["discount"] == {"blue": 2, "green": 2}
    assert q["pay"] == {} and q["short"] == 1 and q["affordable"] is False
    refused(g, ["buy", 0, "1w2"], "1 tokens short")
    give(g, 0, gold=1)
    assert g.price(0, "1w2")["pay"] == {"gold": 1}
    g.apply(["buy", 0, "1w2"])
    assert tokens(g, 0) == {}


def test_a_surplus_bonus_gives_nothing_back() -> None:
    """Rules: bonuses can make a card free, but the surplus is not paid out as tokens."""
    g = game()
    for cid in ("1k1", "1k2", "1k3", "1k4", "1k5"):
        own(g, 0, cid)
    g.apply(["buy", 0, "1r4"])  # costs black 3, black bonus 5
    assert tokens(g, 0) == {}
    assert player(g, 0)["bonuses"]["red"] == 1


def test_the_new_cards_bonus_does_not_pay_for_itself() -> None:
    """Rules: a bonus gained by this purchase cannot be used in its own payment."""
    g = game()
    give(g, 0, white=3, black=2, pearl=1)
    refused(g, ["buy", 0, "2w3"], "1 tokens short")  # white 4, black 2, pearl 1
    give(g, 0, white=1)
    g.apply(["buy", 0, "2w3"])
    assert player(g, 0)["bonuses"]["white"] == 1


def test_bonuses_points_and_crowns_of_a_bought_card() -> None:
    """Rules: the bought card's points, crowns and bonus count from now on."""
    g = game()
    give(g, 0, green=2, red=2, black=2, pearl=1)
    g.apply(["buy", 0, "2w4"])  # 2 points, 1 crown, white bonus
    p = player(g, 0)
    assert (p["points"], p["crowns"], p["bonuses"]["white"], p["color_points"]["white"]) == (
        2,
        1,
        1,
        2,
    )
    assert p["cards"] == ["2w4"]


def test_double_bonus_cards() -> None:
    """Rules: a card with two bonus symbols reduces its colour by 2."""
    g = game()
    give(g, 0, blue=5, green=2)
    g.apply(["buy", 0, "2w2"])
    assert player(g, 0)["bonuses"]["white"] == 2
    assert g.price(0, "2w3")["discount"] == {"white": 2}


def test_buy_by_descriptor_as_the_spec_shows() -> None:
    g = game()
    give(g, 0, black=3)
    desc = {"level": 1, "color": "red", "points": 0, "crowns": 1, "bonus": 1, "ability": None}
    g.apply(["buy", 0, dict(desc, cost={"black": 3})])
    assert player(g, 0)["cards"] == ["1r4"]


def test_cannot_afford_is_refused() -> None:
    g = game()
    give(g, 0, black=2)
    refused(g, ["buy", 0, "1r4"], "player 0 is 1 tokens short for card 1r4")


def test_buy_from_the_reserve() -> None:
    """Rules: buy a display card or one of your reserved cards."""
    g = game(["reserve", 0, "1w4"], ["take", 1, ["white"]])  # 1w4 costs blue 3
    give(g, 0, blue=3)
    refused(g, ["buy", 0, "1w4"], "in the reserve")
    g.apply(["buy", 0, "1w4", {"reserved": True}])
    assert player(g, 0)["reserved"] == 0
    assert player(g, 0)["cards"] == ["1w4"]
    give(g, 1, blue=3)
    refused(g, ["buy", 1, "1w4"], "bought by player 0")


def test_reserved_only_cards_give_nothing() -> None:
    """Rules: a reserved card gives no points, bonus or ability until bought."""
    g = game(["reserve", 0, "2w4"])
    p = player(g, 0)
    assert p["points"] == 0 and p["crowns"] == 0 and set(p["bonuses"].values()) == {0}


def test_buy_options_are_checked() -> None:
    g = game()
    give(g, 0, black=3)
    refused(g, ["buy", 0, "1r4", {"reserved": 1}], "true or false")
    refused(g, ["buy", 0, "1r4", {"discount": True}], "unknown buy option")
    refused(g, ["buy", 0, "1r4", "reserved"], "options are an object")
    refused(g, ["buy", 0, "1r4", {"color": "red"}], "only a joker")
    refused(g, ["buy", 0, "1r4", {"reserved": True}], "not in player 0's reserve")
    g.apply(["buy", 0, "1r4", {"reserved": False}])


# -- jokers -----------------------------------------------------------------------------


def test_a_joker_needs_a_bonus_card_to_join() -> None:
    """Rules: a joker joins a card with a gem bonus the buyer owns; without one it cannot
    be bought (it may still be reserved)."""
    g = game()
    give(g, 0, white=4, pearl=1)
    refused(g, ["buy", 0, "1j1"], "has none")
    assert g.price(0, "1j1")["affordable"] is False
    g.apply(["reserve", 0, "1j1"])


def test_a_joker_takes_the_colour_given_with_the_buy() -> None:
    """Rules: the joker counts as a bonus of the chosen colour, and its points count for
    that colour."""
    g = game()
    own(g, 0, "1g1")
    give(g, 0, black=4, pearl=1)
    refused(g, ["buy", 0, "1j2", {"color": "red"}], "no red bonus")
    refused(g, ["buy", 0, "1j2", {"color": "gold"}], "gem colour")
    g.apply(["buy", 0, "1j2", {"color": "green"}])
    p = player(g, 0)
    assert p["bonuses"]["green"] == 2 and p["color_points"]["green"] == 1
    assert p["points"] == 1


def test_a_joker_colour_chosen_after_the_buy() -> None:
    """Spec: `color` resolves a joker's colour when the buy did not give it."""
    g = game()
    own(g, 0, "1r1")
    own(g, 0, "1u1")
    give(g, 0, black=4, pearl=1)
    g.apply(["buy", 0, "1j2"])
    assert res(g)["pending"] == "color" and res(g)["turn"] == 0
    assert g.legal() == [["color", 0, "blue"], ["color", 0, "red"]]
    refused(g, ["take", 0, ["white"]], "pending color")
    refused(g, ["color", 0, "green"], "no green bonus")
    refused(g, ["color", 0, "pearl"], "no pearl bonus")
    refused(g, ["color", 1, "red"], "player 0 makes this choice")
    g.apply(["color", 0, "red"])
    p = player(g, 0)
    assert p["bonuses"]["red"] == 2 and p["color_points"]["red"] == 1
    assert res(g)["pending"] is None and res(g)["turn"] == 1
    refused(g, ["color", 1, "red"], "no color choice is pending")


def test_a_reserved_joker_bought_later() -> None:
    g = game(["reserve", 0, "1j3"])  # blue 2, red 2, black 1, pearl 1
    play(g, ["take", 1, ["white"]])
    own(g, 0, "1k1")
    give(g, 0, blue=2, red=2, black=1, pearl=1)
    g.apply(["buy", 0, "1j3", {"reserved": True, "color": "black"}])
    assert player(g, 0)["bonuses"]["black"] == 2
    assert player(g, 0)["color_points"]["black"] == 1
