"""Japanese and Russian as a reader of the language writes them (issue 36): faults a test
can see, each over every catalog string it concerns (docs/languages.md, "Agreement,
counts and order")."""

import re

import pytest
import textfit

from firmware.screens import players, setup


@pytest.mark.parametrize(
    "code, seats", [("ru", ["Игрок 2", "Игрок 1"]), ("ja", ["プレイヤー2", "プレイヤー1"])]
)
def test_seats_nobody_named_are_in_the_language_in_either_seat(code: str, seats: list) -> None:
    """After a swap, ``Player 2`` sits in seat 1: the players screen, the setup's lists
    and the draft still name both seats in the language, and the record keeps English."""
    with textfit.device(296, 128, code) as d:
        d.app.settings["players"] = ["Player 2", "Player 1"]
        s = players.Screen(d.app, 0)
        s.enter()
        shown = [textfit.plain(label) for label in s.labels]
        assert shown[1].endswith(": " + seats[0]) and shown[2].endswith(": " + seats[1])
        start = setup.Screen(d.app, 0, ["Player 2", "Player 1"])
        labels = [textfit.plain(label) for label in start.labels]
        assert all(label.startswith(seats[i & 1]) for i, label in enumerate(labels)), labels
        setup.draft(d.app, ["Player 2", "Player 1"], {}, 0)
        assert textfit.plain(d.app.stack[-1].title).startswith(seats[0])
        d.app.new_game("splendor-duel", ["Player 2", "Player 1"], {"first": 0})
        assert [textfit.plain(n) for n in d.app.players()] == seats
        assert d.app.match.record["players"] == ["Player 2", "Player 1"]
        every = " ".join([*shown, *labels]).upper()
        assert "PLAYER" not in every


def _morph():  # type: ignore[no-untyped-def]
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


def _ru_texts() -> list:
    """Every Russian text of the catalog: the device's words (a row of counts, each count
    on its own) and the components' names."""
    from test_device_words import _counts, _rows

    return [ru for cells in _rows().values() for _, _, ru in _counts(cells)]


def test_russian_counts_agree_with_their_numbers() -> None:
    """A counted word's forms (``lang.count``: one, few, many) are the forms Russian
    takes after 1, 2 and 5 (21, 22, 25 alike: lang.plural), as the morphological
    dictionary gives them: ``1 глина, 2 глины, 5 глин``."""
    from firmware.lang import plural

    morph = _morph()
    checked = 0
    speak = lang_of("ru")
    for text in _ru_texts():
        if "|" not in text:
            continue
        forms = text.split("|")
        words = [f.replace("%d", "").replace("%+d", "").strip() for f in forms]
        assert len(forms) == 3 and all(" " not in w for w in words), text
        nominative = [p for p in morph.parse(words[0]) if {"nomn", "sing"} <= p.tag.grammemes]
        assert nominative, text
        # a mass noun's few and many alike, its genitive (``5 золота``), as games count it
        mass = words[1] == words[2]
        for n in (1, 2, 5, 11, 21, 22, 25, 112):
            with speak:
                k = plural(n)
            want = words[k]
            said = set()
            for p in nominative:
                agreed = p.make_agree_with_number(n)
                if p.tag.POS == "ADJF":  # a token's colour: 1 белый, 2 белых, 5 белых
                    agreed = p.inflect({"plur", "gent"}) if k else p
                elif mass and k:
                    agreed = p.inflect({"sing", "gent"})
                said.add(agreed.word if agreed else "")
            assert want in said, (text, n, said)
        checked += 1
    assert checked >= 15  # tokens, resources, coins, steps, units, the price line's


class lang_of:
    """Speak ``code`` inside a ``with`` (for lang.plural), English after."""

    def __init__(self, code: str) -> None:
        self.code = code

    def __enter__(self) -> None:
        from firmware import lang

        lang._lang = self.code

    def __exit__(self, *_: object) -> None:
        from firmware import lang

        lang._lang = "en"


_NUMBER = re.compile(r"(?:(\S+) +)?(%\+?d)\.? +([^\s%(),:;]+)")


def test_no_russian_noun_after_a_number_it_cannot_agree_with() -> None:
    """A number written into a fixed text cannot make the noun after it agree (``2
    ресурсов``): the noun comes first (``ресурсов: 2``), or the text is a count. A number
    that follows its label (``Игрок %d``, ``Города %d  Храмы %d``) counts no word after
    it."""
    morph = _morph()
    bad = []
    for text in _ru_texts():
        if "|" in text:
            continue
        for before, _, after in _NUMBER.findall(text):
            label = before and any(p.tag.POS == "NOUN" for p in morph.parse(before.lower()))
            if label or not re.match("[а-яё]", after.lower()):
                continue
            if morph.parse(after.lower())[0].tag.POS in ("NOUN", "ADJF"):  # likeliest
                bad.append(text)
    assert not bad, bad


def test_no_japanese_number_before_its_noun() -> None:
    """Japanese says a count after its word (``鉄2``, ``粘土1``), never ``1 木``: no bare
    number slot is followed by a word (a counter or a particle, ``2個``, ``3で``, is fine)."""
    from test_device_words import _counts, _rows

    texts = [ja for cells in _rows().values() for _, ja, _ in _counts(cells)]
    bad = [
        t
        for t in texts
        for m in re.finditer(r"(^|[^\u3040-\u9fff])%\+?d( %s| [\u30a0-\u9fff]|[\u30a0-\u30ff])", t)
    ]
    assert not bad, bad
    assert "木%d" in texts and "黄金%d" in texts


# The card picker's price line counts the resources bought: each language's forms for
# 1, 2 and 5 of each (written out, not read from the catalog).
UNITS = {
    "ru": [
        ("1 древесина", "2 древесины", "5 древесин"), ("1 глина", "2 глины", "5 глин"),
        ("1 камень", "2 камня", "5 камней"), ("1 стекло", "2 стекла", "5 стёкол"),
        ("1 папирус", "2 папируса", "5 папирусов"),
    ],
    "ja": [
        ("木1", "木2", "木5"), ("粘土1", "粘土2", "粘土5"), ("石1", "石2", "石5"),
        ("ガラス1", "ガラス2", "ガラス5"), ("パピルス1", "パピルス2", "パピルス5"),
    ],
    "en": [
        ("1 wood", "2 wood", "5 wood"), ("1 clay", "2 clay", "5 clay"),
        ("1 stone", "2 stone", "5 stone"), ("1 glass", "2 glass", "5 glass"),
        ("1 papyrus", "2 papyrus", "5 papyrus"),
    ],
}  # fmt: skip


@pytest.mark.parametrize("code", ["ru", "ja", "en"])
def test_the_price_line_counts_resources_in_the_language(code: str) -> None:
    """``Цена 6 (2 глины)``, ``費用2: 粘土1``: the resources a card's price buys, each
    counted as the language counts it (the measured fault: ``за 2 глина``, ``1 木``)."""
    from duelkeeper_dev.tablegame import table_record
    from firmware.games.sevenwonders import pick as pick7

    record = table_record(1)
    with textfit.device(296, 128, code) as d:
        d.app.new_game("7wd", textfit.NAMES, record["setup"])
        s = pick7.Screen(d.app)
        for u, forms in enumerate(UNITS[code]):
            for n, want in zip((1, 2, 5), forms, strict=True):
                s.costs[3 : 3 + 5] = bytes(5)
                s.costs[3 + u] = n
                assert textfit.plain(s._units(3)) == want
        s.costs[3:8] = bytes((0, 2, 1, 0, 0))
        s.costs[0:3] = bytes((4, 1, 0))  # 4 coins: 1 printed, 3 for the units
        s.shown = (-1, None)
        line = textfit.plain(s.line(0))
        assert line.startswith(
            {
                "ru": "Цена 4: 1 + 3 (2 глины 1 камень)",
                "ja": "費用4: 1 + 3で粘土2 石1",
                "en": "Costs 4: 1 + 3 for 2 clay 1 stone",
            }[code]
        ), line


def test_russian_rows_of_one_list_are_nouns() -> None:
    """A list reads as one part of speech: the score sheets' rows and Splendor's turn
    menu are nouns in Russian (``Армия`` beside ``Наука``, not ``Военные``, which
    the victory line read as "the soldiers"; ``Покупка`` beside ``Жетоны``)."""
    from test_device_words import _rows

    from firmware.games.sevenwonders import track as track7
    from firmware.games.splendor import turn as turnsd

    rows = _rows()
    morph = _morph()
    lists = [
        list(track7._SHEET),
        list(turnsd._LABELS),
        ["Points", "Crowns", "Best colour", "Royal cards", "Cities", "Temples", "Total"],
    ]
    for keys in lists:
        for key in keys:
            label = rows[key][2]
            parses = morph.parse(label.split()[-1].lower())  # the head word, last
            nominative = any(p.tag.POS == "NOUN" and "nomn" in p.tag for p in parses)
            assert parses[0].tag.POS == "NOUN" and nominative, (key, label)


def test_a_cards_short_form_keeps_each_word_of_its_name() -> None:
    """The card picker's short forms cut each word of a name, and drop none: ``Каменная
    копь`` is ``Кам.копь``, not ``Копь``, whose stone told the card apart (a guild's
    ``Гильдия`` aside: the picker's tag says it). Japanese's card names need no short."""
    from duelcore.sevenwonders.cards import CARD_COUNT, name
    from duelkeeper import names

    checked = 0
    for c in range(CARD_COUNT):
        for code in ("ru", "ja"):
            row = names.entry("7wd:" + name(c), code)
            if not row.short:
                continue
            assert code == "ru", row
            words = [w for w in row.name.lower().split() if w != "гильдия"]
            cuts = row.short.lower().replace(".", ". ").split()
            if len(words) > 1:
                assert len(cuts) == len(words), row
                for word, cut in zip(words, cuts, strict=True):
                    assert word.startswith(cut.rstrip(".")), row
                checked += 1
    assert checked >= 8


# Components the device counts, each with the row of the device's words that counts it
SAME = [
    ("antike-duellum:marble", "%d marble"),
    ("antike-duellum:iron", "%d iron"),
    ("antike-duellum:gold", "%d gold|%d gold"),
    ("antike-duellum:coins", "%d coin|%d coins"),
    ("splendor-duel:pearl", "%d pearl"),
    ("splendor-duel:gold", "%d gold"),
    ("splendor-duel:green", "%d green"),
    *((f"7wd:{r}", "%d wood,%d clay,%d stone,%d glass,%d papyrus") for r in ("wood", "clay")),
    *((f"7wd:{r}", "%d wood,%d clay,%d stone,%d glass,%d papyrus") for r in ("stone", "glass")),
]


@pytest.mark.parametrize("code", ["ja", "ru"])
@pytest.mark.parametrize(("key", "row"), SAME)
def test_a_component_counted_has_its_name(code: str, key: str, row: str) -> None:
    """The word a count says is the component's name in the names table, as the rule
    text prints it (Japanese's Antike gold is 黄金 and its coins 貨幣, as 004 says, not
    Splendor's 金 or 7WD's コイン; Russian's 7WD wood is Древесина, not дерево)."""
    from test_device_words import _counts, _rows

    from duelkeeper import names

    name = names.name(key, code).lower()
    said = [r[1 if code == "ja" else 2] for r in _counts(_rows()[row])]
    words = [t.split("|")[0].replace("%d", "").strip().lower() for t in said]
    if code == "ru":  # the same word in any form: its dictionary form (Монеты, 1 монета)
        morph = _morph()
        name = morph.parse(name)[0].normal_form
        words = [morph.parse(w)[0].normal_form for w in words]
    assert name in words, (key, name, words)


# The tags a screen draws for components where words do not fit, one a word, with the
# components they stand for (the tracking screens' letters: Antike's resources,
# Splendor's token columns)
TAGS = [
    ("M I G C", "antike-duellum", ("marble", "iron", "gold", "coins")),
    ("W B G R Bk P", "splendor-duel", ("white", "blue", "green", "red", "black", "pearl")),
]


@pytest.mark.parametrize("code", ["ja", "ru"])
@pytest.mark.parametrize(("row", "game", "keys"), TAGS)
def test_a_tag_is_its_component_s_name_and_apart(
    code: str, row: str, game: str, keys: tuple
) -> None:
    """A tag is the component's name as the rest of the catalog says it, cut: Russian's
    its start (Мон, монеты: not Д, деньги), Japanese's a glyph of it (珠 of 真珠, 金 of
    黄金: no other name); and no tag on the screen is another's start (М for монеты
    beside М for мрамор was)."""
    from test_device_words import _rows

    from duelkeeper import names

    tags = _rows()[row][1 if code == "ja" else 2].split()
    assert len(tags) == len(keys)
    for tag, key in zip(tags, keys, strict=True):
        name = names.name(f"{game}:{key}", code).lower()
        assert name.startswith(tag.lower()) if code == "ru" else tag in name, (tag, name)
    for a in tags:
        assert not [b for b in tags if b != a and b.lower().startswith(a.lower())], tags


def test_a_threat_says_what_it_needs_as_every_game_s() -> None:
    """Splendor's flag says what the other games' flags say (``4* TO WIN``, ``4* ДО
    ПОБЕДЫ``: not ``ЕЩЁ 4*``, more of what), with the star, crown or colour beside the
    number."""
    from test_device_words import _rows

    rows = _rows()
    for k in range(3):
        assert rows["%d%s TO WIN"][k].replace("%s", "") == rows["%d TO WIN"][k]
