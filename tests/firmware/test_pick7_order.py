"""7 Wonders Duel's card menu keeps one order a player can learn: by colour (brown, grey,
yellow, red, green, blue, guilds), each colour by name in the device language's order,
a card free by chain among its colour; so a card never moves from turn to turn but up
by the cards taken before it. Its other uses list Sell first."""

import pytest
import textfit

from duelcore.sevenwonders.cards import colour, name
from duelkeeper_dev.tablegame import table_record
from firmware import lang
from firmware.games.sevenwonders import pick

_COLOURS = "bgyrnup"


def _menus(seed: int, code: str):  # type: ignore[no-untyped-def]
    """The card menu before each turn of a table game, with the age it is in."""
    record = table_record(seed)
    with textfit.device(296, 128, code) as d:
        d.app.new_game("7wd", textfit.NAMES, record["setup"])
        for ev in record["events"]:
            if type(d.app.stack[-1]).__module__.endswith("sevenwonders.track"):
                yield d.app.match.game.age, pick.Screen(d.app)
            d.play(ev)


@pytest.mark.parametrize(("seed", "code"), [(1, "en"), (2, "ru"), (3, "ja")])
def test_cards_keep_their_order_from_turn_to_turn(seed: int, code: str) -> None:
    before: tuple[int, list[int]] = (0, [])
    chained_inside = 0
    for age, s in _menus(seed, code):
        cards = list(s.cards)
        colours = [_COLOURS.index(colour(c)) for c in cards]
        assert colours == sorted(colours)
        assert s.groups == [k for k in range(len(cards)) if k == 0 or colours[k] != colours[k - 1]]
        for k in s.groups:  # each colour by name in the language's order
            end = min([g for g in s.groups if g > k] + [len(cards)])
            names = [name(c) for c in cards[k:end]]
            assert names == lang.collate("7wd", sorted(names))
        if before[0] == age:  # the cards left keep the order they had
            assert [c for c in before[1] if c in cards] == cards
        before = (age, cards)
        g = s.app.match.game
        chained_inside += sum(1 for i, c in enumerate(cards) if i and g.price(s.p, c)[1])
    assert chained_inside  # free-by-chain cards came up, and kept their colour's place


def test_sell_is_the_first_other_use() -> None:
    for _, s in _menus(4, "en"):
        if s.wonders:  # a wonder could go on the card too
            s.more(0)
            menu = s.app.stack[-1]
            assert menu.labels[0] == "Sell" and menu.events[0][0] == "discard"
            assert [e[0] for e in menu.events[1:]][:1] == ["wonder"]
            return
    raise AssertionError("no turn with a wonder to build")
