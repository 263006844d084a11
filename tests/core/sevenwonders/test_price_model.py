"""Game.price and Game.wonder_price against a brute-force model of the trading rules.

Rules 000 trading, written down independently of price.py: a missing unit costs 2 plus
the opponent's brown/grey production of it, or 1 with a reserve / the Customs House;
each choice producer (Forum, Caravansery, Great Lighthouse, Piraeus) gives one of its
resources; Masonry (blue cards) and Architecture (wonders) waive two units; a chain
makes a building free. The model tries every use of every choice producer and every
pair of waived units, and keeps the cheapest.

The cities are random sets of cards put straight into the state (a position that would
take dozens of events to reach); only the price queries are asked of it.
"""

from itertools import combinations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from duelcore.sevenwonders import Game
from duelcore.sevenwonders import cards as T

LETTERS = "WCSGP"
SETUP = {
    "first": 0,
    "wonders": "first-game",
    "progress": ["agriculture", "law", "masonry", "philosophy", "urbanism"],
}
GL, PIRAEUS = T.wonder("great-lighthouse"), T.wonder("piraeus")


def cost_of(c: int) -> str:
    o = T.spec(c)
    return T.CARDS[o + T.COST : o + T.COST + 5].replace(".", "")


def wonder_cost(w: int) -> str:
    o = T.wspec(w)
    return T.WONDERS[o + 3 : o + 8].replace(".", "")


def unit_prices(mine: list, theirs: list) -> dict:
    """One bought unit of each resource: 1 with a reserve or the Customs House, else 2 plus
    the opponent's brown/grey production of it."""
    cheap = set()
    for c in mine:
        if T.effect(c).startswith("t"):
            cheap |= set(T.effect(c)[1:])
    unit = {}
    for r in LETTERS:
        made = sum(T.effect(c)[1:].count(r) for c in theirs if T.effect(c).startswith("="))
        unit[r] = 1 if r in cheap else 2 + made
    return unit


def model(
    cost: str, printed: int, mine: list, mine_wonders: list, theirs: list, waive: bool
) -> int:
    fixed = dict.fromkeys(LETTERS, 0)
    options = []
    for c in mine:
        e = T.effect(c)
        if e.startswith("="):
            for r in e[1:]:
                fixed[r] += 1
        elif e.startswith("/"):
            options.append(e[1:])
    if GL in mine_wonders:
        options.append("WCS")
    if PIRAEUS in mine_wonders:
        options.append("GP")
    unit = unit_prices(mine, theirs)
    best = None
    for picks in product(*[list(o) + [None] for o in options]):
        need = {r: max(0, cost.count(r) - fixed[r]) for r in LETTERS}
        for r in picks:
            if r is not None and need[r]:
                need[r] -= 1
        prices = [unit[r] for r in LETTERS for _ in range(need[r])]
        total = sum(prices)
        if waive:
            for pair in combinations(range(len(prices)), min(2, len(prices))):
                total = min(total, sum(prices) - sum(prices[i] for i in pair))
        best = total if best is None else min(best, total)
    return printed + best


cards = st.lists(st.integers(0, T.CARD_COUNT - 1), unique=True, max_size=14)


@settings(max_examples=80, deadline=None)
@given(
    split=st.tuples(cards, cards),
    wonders=st.sets(st.sampled_from([GL, PIRAEUS])),
    masonry=st.booleans(),
    architecture=st.booleans(),
)
def test_prices_match_the_model(split, wonders, masonry, architecture):
    mine = list(split[0])
    theirs = [c for c in split[1] if c not in mine]
    g = Game(SETUP)
    g.cards = [mine, theirs]
    g.built = [sorted(wonders), []]
    g.tokens = [[t for t, on in ((T.MASONRY, masonry), (T.ARCHITECTURE, architecture)) if on], []]
    for c in range(T.CARD_COUNT):
        total, chained, printed, bought, waived = g.price(0, c)
        giver = T.chain_from(c)
        if giver >= 0 and giver in mine:
            assert (total, chained, printed, bought, waived) == (0, True, 0, [], [])
            continue
        digit = T.digit(T.CARDS, T.spec(c) + T.COINS)
        want = model(cost_of(c), digit, mine, wonders, theirs, masonry and T.colour(c) == "u")
        assert total == want, T.name(c)
        assert printed == digit and chained is False
        assert len(waived) <= 2 and (waived == [] or (masonry and T.colour(c) == "u"))
    for w in range(T.WONDER_COUNT):
        total = g.wonder_price(0, w)[0]
        assert total == model(wonder_cost(w), 0, mine, wonders, theirs, architecture), (
            T.wonder_name(w)
        )


@settings(max_examples=60, deadline=None)
@given(split=st.tuples(cards, cards), masonry=st.booleans())
def test_the_breakdown_adds_up(split, masonry):
    """price() = (total, chained, printed, bought, waived): total is printed plus the bought
    units at their unit prices; no waived unit is cheaper than a bought one."""
    mine = list(split[0])
    theirs = [c for c in split[1] if c not in mine]
    g = Game(SETUP)
    g.cards = [mine, theirs]
    g.tokens = [[T.MASONRY] if masonry else [], []]
    unit = unit_prices(mine, theirs)
    for c in range(T.CARD_COUNT):
        total, chained, printed, bought, waived = g.price(0, c)
        if chained:
            continue
        paid = [unit[LETTERS[r]] for r in bought]
        assert total == printed + sum(paid), T.name(c)
        if waived and paid:
            assert min(unit[LETTERS[r]] for r in waived) >= max(paid), T.name(c)
