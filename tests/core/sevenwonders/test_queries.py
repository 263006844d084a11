"""What the device asks the core: prices and their make-up, selling value, what is still
needed for an instant win, the legal events, undo, and coin corrections."""

import pytest
from swdhelp import CLAY, GLASS, PAPYRUS, STONE, WOOD, Duel, record

from duelcore import IllegalEvent, Match, replay


@pytest.mark.parametrize(
    "card, price",
    [
        ("lumber-yard", (0, False, 0, [], [])),  # no cost
        ("palisade", (2, False, 2, [], [])),  # coins only
        ("stone-reserve", (3, False, 3, [], [])),
        ("baths", (2, False, 0, [STONE], [])),  # one stone bought at 2
    ],
)
def test_price_breakdown_at_the_start(card, price):
    """Rules 000 trading: 費用が何もないカードは無料です。コインならその額を銀行へ払い…
    不足した資源は銀行から何個でも買えます. price() = (total, chained, printed, bought, waived)."""
    assert Duel().price(0, card) == price


def test_own_production_is_not_bought():
    """Rules 000 trading: 自分の生産が増えれば不足分が減り — Quarry covers Baths' stone."""
    d = Duel().build(0, "quarry").build(1, "lumber-yard")
    assert d.price(0, "baths") == (0, False, 0, [], [])
    assert d.price(1, "baths") == (3, False, 0, [STONE], [])


def test_wonder_price_breakdown():
    """Rules 000: a wonder costs its printed resources (Pyramids: 3 stone, papyrus; Statue
    of Zeus: wood, clay, stone, 2 papyrus); bought units are listed dearest first (player
    0's Quarry makes stone 3 for player 1's Circus Maximus)."""
    d = Duel().build(0, "quarry")
    assert d.wonder_price(1, "circus-maximus") == (10, False, 0, [STONE, STONE, WOOD, GLASS], [])
    assert d.wonder_price(0, "pyramids") == (6, False, 0, [STONE, STONE, PAPYRUS], [])
    assert d.wonder_price(0, "statue-of-zeus") == (8, False, 0, [WOOD, CLAY, PAPYRUS, PAPYRUS], [])


def test_needs_counts_shields_and_symbols_to_an_instant_win():
    """Rules 000: 相手の首都マスへ到達…異なる6種類 — needs(p) = (shields to the opponent's
    capital, distinct symbols still missing)."""
    d = Duel()
    assert d.game.needs(0) == (9, 6) and d.game.needs(1) == (9, 6)
    d.build(0, "guard-tower").build(1, "scriptorium")
    assert d.game.needs(0) == (8, 6)
    assert d.game.needs(1) == (10, 5)


def builds(d: Duel) -> set:
    return {e[2] for e in d.legal() if e[0] == "build"}


CHEAP = {"lumber-yard", "clay-pool", "quarry", "guard-tower", "theater", "altar", "tavern"}
ONE_COIN = {"logging-camp", "clay-pit", "stone-pit", "glassworks", "press"}


@pytest.mark.parametrize("coins, offered", [(0, CHEAP), (1, CHEAP | ONE_COIN)])
def test_legal_offers_only_affordable_builds(coins, offered):
    """Rules 000 trading: 所持金が足りなければ、その建設は選べません; selling is always possible."""
    d = Duel().set_coins(0, coins)
    assert builds(d) == offered
    legal = d.legal()
    assert len([e for e in legal if e[0] == "discard"]) == 23
    assert len(legal) == 23 + len(offered)
    assert all(e[1] == 0 for e in legal)


def test_legal_at_the_start_offers_every_age_one_card_and_no_wonder():
    """Rules 000: age I cards cost at most 3 coins or 1 resource; every wonder of the preset
    costs 8 or more with nothing produced, so 7 coins buy none."""
    d = Duel()
    assert len(builds(d)) == 23
    assert not [e for e in d.legal() if e[0] == "wonder"]


def test_legal_offers_the_affordable_wonders_with_every_card():
    """Rules 000: a wonder is built with any card taken (カード自体の費用と効果は使わず): 8 coins
    buy Pyramids, Great Lighthouse and Temple of Artemis, not the Statue of Zeus (10)."""
    d = Duel().set_coins(0, 8)
    wonders = [e for e in d.legal() if e[0] == "wonder"]
    assert {e[2] for e in wonders} == {"pyramids", "great-lighthouse", "temple-of-artemis"}
    assert len(wonders) == 3 * 23


def test_legal_events_are_accepted():
    """Engine protocol: legal() lists events that apply() accepts (menus offer only these)."""
    rec = record(events=[["build", 0, "scriptorium"], ["coins", 1, 1]])
    for event in Match(rec).legal():
        Match(record(events=rec["events"] + [event]))


def test_legal_for_the_starter_choice():
    """Spec: `starter` — the chooser makes either player start."""
    d = Duel().fill_to(20)
    assert d.legal() == [["starter", 1, 1], ["starter", 1, 0]]


def test_undo_restores_the_state_exactly():
    """Design: undo replays all but the last event; state() after undo equals the state
    before that event, through a destroy choice, an extra turn and a correction."""
    d = Duel(keep=["quarry", "stone-pit"]).set_coins(0, 30)
    states = [d.game.state()]
    for event in [
        ["build", 0, "glassworks"],
        ["build", 1, "quarry"],
        ["wonder", 0, "statue-of-zeus", "altar"],
        ["destroy", 0, "quarry"],
        ["coins", 1, 5],
        ["wonder", 1, "appian-way", "theater"],
        ["build", 1, "stone-pit"],
    ]:
        d.play(event)
        states.append(d.game.state())
    results = d.result()
    for i in range(len(states) - 1, 0, -1):
        assert d.game.state() == states[i]
        last = d.match.events[-1]
        assert d.match.undo() == last
    assert d.game.state() == states[0]
    assert d.match.undo() == ["coins", 0, 23]
    assert d.match.undo() is None
    d.play(
        ["coins", 0, 23], ["build", 0, "glassworks"], ["build", 1, "quarry"],
        ["wonder", 0, "statue-of-zeus", "altar"], ["destroy", 0, "quarry"], ["coins", 1, 5],
        ["wonder", 1, "appian-way", "theater"], ["build", 1, "stone-pit"],
    )  # fmt: skip
    assert d.result() == results


def test_a_coin_correction_stops_at_zero():
    """Spec: ["coins", p, n] — p's coins change by n; a change below zero stops at 0 and is
    not refused."""
    d = Duel().play(["coins", 0, -10])
    assert d.coins(0) == 0
    d.play(["coins", 1, 5])
    assert d.coins(1) == 12
    assert d.result()["turn"] == 0


def test_a_coin_correction_takes_a_whole_number():
    """Spec: n is an integer."""
    d = Duel()
    why = "a coin correction is a whole number from -86 to 86"
    assert d.refuse("coins", 0, "3") == why
    assert d.refuse("coins", 0, 1.5) == why
    assert d.refuse("coins", 0, True) == why
    assert d.refuse("coins", 0) == "coins takes 1 argument"


@pytest.mark.parametrize("n", [87, -87, 10**9, 10**15, 10**400, -(10**400)])
def test_a_coin_correction_moves_at_most_the_box(n: int) -> None:
    """The box holds 31 coins worth 86 (docs/7wd.md, Bounds): issue 10's 10**15 and
    10**400 corrections are refused, not stored."""
    assert Duel().refuse("coins", 1, n) == "a coin correction is a whole number from -86 to 86"


def test_no_correction_leaves_more_coins_than_the_box() -> None:
    d = Duel().play(["coins", 0, 79])  # 7 + 79: the whole box
    assert d.coins(0) == 86
    assert d.refuse("coins", 0, 1) == "player 0 would hold 87 coins; the box has 86"
    d.play(["coins", 0, -86]).play(["coins", 1, -86])  # the spec's stop at 0, at the bound
    assert d.coins(0) == d.coins(1) == 0


@pytest.mark.parametrize(
    "event, reason",
    [
        (["build"], "an event is [verb, player, args...]"),
        (["build", 2, "altar"], "the player must be 0 or 1"),
        (["build", 1], "build takes 1 argument"),
        (["wonder", 1, "colossus"], "wonder takes 2 arguments"),
    ],
)
def test_a_malformed_event_is_refused_at_its_index(event, reason):
    """Spec: events are [verb, player, args...]; an illegal event is refused naming its
    index (replay: `event N [...]: why`)."""
    rec = record(events=[["discard", 0, "altar"], event])
    with pytest.raises(IllegalEvent) as info:
        replay(rec)
    assert info.value.index == 1 and info.value.reason == reason


def test_legal_offers_a_chain_without_coins():
    """Rules 000 trading: a chained building is free, so it is offered with 0 coins."""
    d = Duel(keep=["stable"]).set_coins(0, 2).build(0, "stable").next_age(0).set_coins(0, 0)
    assert "horse-breeders" in builds(d)
    assert "walls" not in builds(d)
