"""The lists the device sorts by name are in each language's order (docs/languages.md,
"Agreement, counts and order"): the 7WD card picker's colours and a progress token's
choice, checked against lists written out here (Russian by the alphabet, Japanese by the
kana reading in gojūon order), not against the code's own collation. Setup's lists and
Antike's event cards: test_lang.py."""

import json

import pytest
import textfit

from duelcore.sevenwonders.cards import colour, name
from duelkeeper.repo import ROOT
from duelkeeper_dev.tablegame import table_record
from firmware import lang
from firmware.games.sevenwonders import pick as pick7

# Every brown card of the three ages, and every yellow one of age III, in the order the
# language sorts their names; a picker lists those still in play in this order.
BROWN = {
    "ru": [
        "Глинище", "Глиняный пруд", "Каменная копь", "Карьер", "Кирпичный завод",
        "Лесопилка", "Лесоповал", "Лесосклад", "Уступный карьер",
    ],
    # いしきりば, さいせきじょう, せいざいじょ, ねんどいけ, ねんどさいくつ, ばっさいきゃんぷ,
    # ばっさいじょう, れんが, ろてん
    "ja": [
        "石切り場", "採石場", "製材所", "粘土池", "粘土採掘場", "伐採キャンプ", "伐採場",
        "煉瓦工場", "露天採石場",
    ],
    "en": [
        "Brickyard", "Clay Pit", "Clay Pool", "Logging Camp", "Lumber Yard", "Quarry",
        "Sawmill", "Shelf Quarry", "Stone Pit",
    ],
}  # fmt: skip
YELLOW_III = {
    "ru": ["Арена", "Маяк", "Оружейная", "Порт", "Торговая палата"],
    # しょうこう, とうぎじょう (き before た), とうだい, ぶきこ, みなと
    "ja": ["商工会議所", "闘技場", "灯台", "武器庫", "港"],
    "en": ["Arena", "Armory", "Chamber of Commerce", "Lighthouse", "Port"],
}


def _groups(seed: int, code: str):  # type: ignore[no-untyped-def]
    """(age, colour, the names listed) of each colour group of the card picker before
    each turn of a table game."""
    record = table_record(seed)
    with textfit.device(296, 128, code) as d:
        d.app.new_game("7wd", textfit.NAMES, record["setup"])
        for ev in record["events"]:
            if type(d.app.stack[-1]).__module__.endswith("sevenwonders.track"):
                s = pick7.Screen(d.app)
                ends = [*s.groups[1:], len(s.cards)]
                for start, end in zip(s.groups, ends, strict=True):
                    cards = s.cards[start:end]
                    shown = [textfit.plain(lang.name("7wd", name(c))) for c in cards]
                    yield d.app.match.game.age, colour(cards[0]), shown
            d.play(ev)


@pytest.mark.parametrize("code", ["ru", "ja", "en"])
def test_the_card_pickers_colours_are_in_the_languages_order(code: str) -> None:
    seen = {"b": 0, "y": 0}
    for seed in (1, 2):
        for age, k, shown in _groups(seed, code):
            if k == "b":
                assert shown == [n for n in BROWN[code] if n in shown], (age, shown)
                seen["b"] = max(seen["b"], len(shown))
            elif k == "y" and age == 3:
                assert shown == [n for n in YELLOW_III[code] if n in shown], shown
                seen["y"] = max(seen["y"], len(shown))
    assert seen["b"] >= 4 and seen["y"] >= 3, seen  # lists long enough to be in an order


# The Great Library: the tokens of the box
LIBRARY = {
    "ru": ["Архитектура", "Земледелие", "Математика", "Стратегия", "Теология"],
    "ja": ["建築", "神学", "数学", "戦略", "農業"],  # けん, しん, すう, せん, のう
    "en": ["Agriculture", "Architecture", "Mathematics", "Strategy", "Theology"],
}


@pytest.mark.parametrize("code", ["ru", "ja", "en"])
def test_the_great_librarys_tokens_are_in_the_languages_order(code: str) -> None:
    """The choice the Great Library opens lists its tokens as the language sorts their
    names, and A takes the one shown."""
    path = ROOT / "tests" / "vectors" / "7wd" / "great-library-box.json"
    record = json.loads(path.read_text())
    with textfit.device(296, 128, code) as d:
        d.app.new_game("7wd", textfit.NAMES, record["setup"])
        for ev in record["events"][:-1]:
            d.play(ev)
        menu = d.app.stack[-1]
        assert d.app.match.game.pending == "library"
        assert [textfit.plain(label) for label in menu.labels] == LIBRARY[code]
        menu.pick(0)
        taken = d.app.match.event(-1)
        assert textfit.plain(lang.name("7wd", taken[2])) == LIBRARY[code][0]
