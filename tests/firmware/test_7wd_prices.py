"""7 Wonders Duel's card menu prices each card as the core does: the line under the list
is worded from the numbers the menu keeps per card (firmware/games/sevenwonders/pick.py), so every
line of every card is checked against the core's price() through whole table games, and
some by hand against the cards (shared data: 000's prices and trading)."""

import sys
from pathlib import Path

import pytest
import textfit

from duelcore.sevenwonders.cards import RESOURCES
from duelkeeper_dev.tablegame import table_record
from firmware.games.sevenwonders import pick

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import make_lang  # noqa: E402


def _units(units: list) -> str:
    return " ".join("%d %s" % (units.count(u), r) for u, r in enumerate(RESOURCES) if u in units)


def _said(price: tuple, sell: int) -> str:
    """The line the picker says for a price (total, chained, printed, bought,
    waived), written out from the core's numbers."""
    total, chain, printed, bought, waived = price
    if chain:
        return "Free by chain; sells for %d" % sell
    if not total:
        text = "Free"
    elif bought and printed:
        text = "Costs %d: %d + %d for %s" % (total, printed, total - printed, _units(bought))
    elif bought:
        text = "Costs %d for %s" % (total, _units(bought))
    else:
        text = "Costs %d" % total
    if waived:
        text += ", saves %s" % _units(waived)
    return "%s; sells for %d" % (text, sell)


def _menus(seed: int, lang: str = "en"):  # type: ignore[no-untyped-def]
    """(event number, the card menu) before each event of a table game, on the tracking
    screen."""
    record = table_record(seed)
    with textfit.device(296, 128, lang) as d:
        d.app.new_game("7wd", textfit.NAMES, record["setup"])
        for k, ev in enumerate(record["events"]):
            if type(d.app.stack[-1]).__module__.endswith("sevenwonders.track"):
                yield k, pick.Screen(d.app)
            d.play(ev)


@pytest.mark.parametrize("seed", [1, 5])
def test_every_cards_line_is_the_cores_price(seed: int) -> None:
    kinds = set()
    for _, s in _menus(seed):
        g = s.app.match.game
        for i in range(len(s.cards)):
            price = g.price(s.p, s.cards[i])
            assert s.detail(i) == _said(price, g.discard_value(s.p)), s.labels[i]
            kinds.add((price[1], bool(price[2]), bool(price[3]), bool(price[4])))
    # the kinds of line these games reach: chained, coins only, bought, saved
    assert (True, False, False, False) in kinds
    assert any(not k[0] and k[1] and not k[2] for k in kinds)
    assert any(not k[0] and k[2] for k in kinds)
    if seed == 5:
        assert any(k[3] for k in kinds)


def _lines(seed: int, at: int, lang: str = "en") -> dict[str, str]:
    for k, s in _menus(seed, lang):
        if k == at:
            return {_text(s.labels[i]): s.detail(i) for i in range(len(s.cards))}
    raise AssertionError("no card menu before event %d" % at)


def _text(label: str | int) -> str:
    """A row's text: in another language than English its place in the catalog."""
    from firmware.gfx.canvas import text_at

    return text_at(label) if isinstance(label, int) else label


def test_lines_checked_by_hand() -> None:
    lines = _lines(5, 8)
    assert lines["Lumber Yard"] == "Free; sells for 3"  # no cost
    assert lines["Stone Pit"] == "Costs 1; sells for 3"  # one coin printed
    assert lines["Stable"] == "Costs 2 for 1 wood; sells for 3"  # a wood bought at 2
    # Baths cost a stone; Masonry waives it on a blue card.
    assert lines["Baths"] == "Free, saves 1 stone; sells for 3"


def test_a_selected_line_is_worded_once_and_kept() -> None:
    s = next(s for k, s in _menus(1) if k == 4)
    first = s.detail(0)
    assert s.detail(0) is first  # each frame draws the same string
    s.detail(1)
    assert s.detail(0) == first and s.detail(0) is not first  # worded again


def test_lines_in_russian() -> None:
    lines = {
        make_lang.plain("ru", k): make_lang.plain("ru", v) for k, v in _lines(5, 8, "ru").items()
    }
    assert lines["Конюшня"] == "Цена 2 (1 древесина); продажа 3"  # Stable
    assert lines["Термы"] == "Даром, экономия: 1 камень; продажа 3"  # Baths
