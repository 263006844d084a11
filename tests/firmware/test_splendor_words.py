"""Splendor Duel on the device says what the table shows: cards by colour, level, points,
crowns and ability (never an id), gold as gold, the bonuses per colour, the level and
cost of every card the reserve picker offers, and "plays again" when it happens."""

import textfit

from duelkeeper_dev.tablegame import splendor_record
from firmware.games.splendor import cardpick, words
from firmware.games.splendor.words import card, tokens


def _game(d: textfit.Device, events: list) -> None:
    d.app.new_game("splendor-duel", textfit.NAMES, {"first": 0})
    for ev in events:
        d.play(ev)


def _texts(d: textfit.Device) -> list[str]:
    d.draw("now")
    return [b[4] for b in d.watch.boxes]


def test_cards_named_as_printed() -> None:
    assert card("1w1") == "White I"
    assert card("2w3") == "White II 2* privilege"  # a star for points
    assert card("3w1") == "White III 3* 2^"  # a crown for crowns
    assert card("1g2") == "Green I again"
    assert card("2j1") == "Joker II 2^"
    assert card("3x1") == "Plain III 6*"
    assert card("deck2") == "Deck II (blind)"
    assert card("royal-again") == "Royal 2* again"


def test_gold_is_gold_and_tokens_counted() -> None:
    assert tokens(["red", "gold", "red"]) == "2 red 1 gold"
    assert tokens({"white": 2, "pearl": 1, "gold": 1}, True) == "2W 1P 1 gold"
    assert tokens({}) == "nothing"


def test_notice_names_the_card_not_its_id() -> None:
    with textfit.device(296, 128) as d:
        _game(d, [["reserve", 0, "2w3"]])
        assert d.app.notice == "Player 1 reserved White II 2* privilege"
        _game(d, [["take", 0, ["red", "red", "blue"]]])
        assert d.app.notice == "Player 1 took 1 blue 2 red"
        d.app.undo()
        assert d.app.notice == "Undone: Player 1 took 1 blue 2 red"


def test_tracking_shows_gold_and_bonuses_per_colour() -> None:
    with textfit.device(250, 122) as d:
        # Player 1 buys a white card with blue tokens: bonus white 1.
        _game(d, [["take", 0, ["blue", "blue", "blue"]], ["reserve", 1, "1u1"],
                  ["buy", 0, "1w4"]])  # fmt: skip
        d.draw("tracking")
        boxes = d.watch.boxes
        texts = [b[4] for b in boxes]
        assert "Gold" in texts and "A" not in texts
        for label in ("hand", "bonus"):
            y = next(b[1] for b in boxes if b[4] == label and b[0] < 125)
            row = [b[4] for b in sorted(boxes) if b[1] == y and 0 < b[0] < 125]
            if label == "bonus":  # white blue green red black
                assert row == ["bonus", "1", "0", "0", "0", "0"], row
            else:
                assert row[0] == "hand" and len(row) == 8, row
        assert d.app.stack[0].bonuses[0][0] == 1
        assert not d.seen, d.report()


def test_reserve_picker_shows_level_colour_points_crowns_and_cost() -> None:
    with textfit.device(296, 128) as d:
        _game(d, [["take", 0, ["red"]]])
        s = cardpick.Screen(d.app, "reserve")
        cards = [e[2] for e in s.events]
        assert len(cards) == 67 + 3  # every card still in play, then the three decks
        k = cards.index("3w1")
        assert (s.tags[k], s.labels[k]) == ("III", "White 3* 2^")
        assert s.detail(k) == "Costs 3 blue 5 red 3 black 1 pearl"
        assert s.tags[cards.index("deck1")] == "I"
        d.app.push(s)
        d.draw_list("reserve")
        assert not d.seen, d.report()


def test_plays_again_is_said() -> None:
    record = next(
        r for r in (splendor_record(seed) for seed in range(40))
        if any(e[0] == "buy" and card(e[2]).endswith(" again") for e in r["events"])
    )  # fmt: skip
    events = record["events"]
    k = next(k for k, e in enumerate(events) if e[0] == "buy" and card(e[2]).endswith(" again"))
    with textfit.device(296, 128) as d:
        d.app.new_game("splendor-duel", textfit.NAMES, record["setup"])
        for ev in events[:k]:
            d.play(ev)
        assert not d.app.stack[0].again
        d.play(events[k])
        who = textfit.NAMES[events[k][1]]
        assert d.app.notice.endswith(", plays again"), d.app.notice
        assert d.app.stack[0].status() == who + " plays again"
        assert words.again(d.app.match.game, events[k])


def test_the_columns_name_their_colours_without_a_legend() -> None:
    """The tracking screen's columns (and the short costs) are headed by a colour's own
    short form in each language, never a letter only a legend explains ("U" for blue,
    "K" for black): distinct, each led by a letter of the colour's name (its first in
    English and Russian, a kanji of it in Japanese)."""
    from duelcore.splendor.cards import TOKENS
    from firmware import lang, speak

    try:
        for code in ("en", "ja", "ru"):
            speak.use(code)
            shorts = [textfit.plain(s) for s in lang.tr(words.LETTERS).split()]
            names = [textfit.plain(lang.name("splendor-duel", t)) for t in TOKENS[:6]]
            assert len(set(shorts)) == 6, (code, shorts)
            for short, full in zip(shorts, names, strict=True):
                assert short[0] in (full if code == "ja" else full[0]), (code, short, full)
        speak.use("en")
        assert lang.tr(words.LETTERS).split() == ["W", "B", "G", "R", "Bk", "P"]
        assert tokens({"blue": 2, "black": 1}, True) == "2B 1Bk"
    finally:
        speak.use("en")


def test_the_token_picker_lists_only_colours_on_the_board() -> None:
    """Lists hold only what can be chosen: a colour none of which lies on the board has
    no row in the token picker (the record tells the device what the board holds)."""
    import json
    from pathlib import Path

    from duelcore.splendor.cards import TOKENS
    from firmware.games.splendor import tokenpick

    vectors = Path(__file__).resolve().parents[1] / "vectors" / "splendor-duel"
    record = json.loads((vectors / "complete-game.json").read_text())
    with textfit.device(296, 128) as d:
        d.app.new_game("splendor-duel", textfit.NAMES, record["setup"])
        checked = 0
        for k, ev in enumerate(record["events"]):
            if d.app.match.played > k:
                continue  # played by the device: the only choice there was
            g = d.app.match.game
            board = g.result()["board"]
            if ev[0] == "take" and any(not board.get(t) for t in TOKENS[:6]):
                picker = tokenpick.Screen(d.app, "take")
                assert [TOKENS[k] for k in picker.rows] == [t for t in TOKENS[:6] if board.get(t)]
                assert not any("(0 " in label for label in picker.labels), picker.labels
                checked += 1
            d.app.back_to(1)
            d.play(ev)
        assert checked  # the game has such takes
