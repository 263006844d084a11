"""The traps a new user met (issue 11), each as the keys that set it off.

Naming Player 2 after Player 1, C on a list, the Antike claim flag and its first menu,
and what the record says about the board it was entered on.
"""

from pathlib import Path
from typing import Any

import apphelp

from duelkeeper_dev.autoplay import Autoplayer


def keys(ap: Autoplayer, *gestures: str) -> None:
    for g in gestures:
        ap.press(g)


def value(d: Any, expr: str) -> Any:
    return d.call("import json\n_value = json.dumps(%s)" % expr).value


def test_naming_player_2_does_not_swap_the_seats(tmp_path: Path) -> None:
    """The issue's keys on a fresh flash: Player 1 is spelt "A" (the box opens on H, a
    long UP from A), then Player 2's list opens on "New name...", not on the name Player
    1 just took."""
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        keys(ap, "a", "down", "a", "a", "long up", "a", "c", "down", "a")
        v = d.view()
        assert v["screen"] == "names" and v["i"] == 0
        assert v["labels"] == ["New name...", "Edit Player 2", "A (swap seats)"]
        ap.press("a")
        assert d.view()["screen"] == "letters"
        keys(ap, "down", "a", "c")  # "I"
        v = d.view()
        assert v["labels"][:3] == ["Start the game", "Player 1: A", "Player 2: I"]


def test_names_list_opens_on_a_free_recent_name(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        d.call("simdev.app.settings['names'] = ['Ann', 'Bob', 'Cy']")
        d.call("simdev.app.settings['players'] = ['Ann', 'Bob']")
        ap = Autoplayer(d)
        keys(ap, "a", "down", "down", "a")  # Player 2's name
        v = d.view()
        assert v["labels"] == ["New name...", "Edit Bob", "Ann (swap seats)", "Bob", "Cy"]
        assert v["labels"][v["i"]] == "Cy"
        keys(ap, "up", "up", "a")  # the marked name swaps, as it says
        assert d.view()["labels"][1:3] == ["Player 1: Bob", "Player 2: Ann"]


def test_c_on_a_list_never_picks(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        ap.press("c")  # the first screen's other use: the language menu, no game chosen
        assert d.view()["screen"] == "language"
        keys(ap, "b", "a")
        assert d.view()["screen"] == "players"
        ap.press("c")
        v = d.view()
        assert v["screen"] == "players"
        assert v["notice"] == "No other choices here: A picks"
        keys(ap, "a")
        assert d.view()["screen"] != "players"


def _antike(d: Any) -> Autoplayer:
    ap = Autoplayer(d)
    keys(ap, "down", "down", "a", "a", "a")  # Antike Duellum, Play, first player starts
    assert d.view()["screen"] == "antike.track"
    return ap


def test_antike_first_menu_lists_the_rondel_moves_on_2_steps(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        ap = _antike(d)
        ap.press("a")
        v = d.view()
        assert v["screen"] == "antike.turn"  # a row per rondel move: A moves at once
        assert all(len(row) == 1 and row[0][0] == "rondel" for row in v["events"])
        assert v["events"][v["i"]][0][2] == 2  # the middle of the three free moves
        ap.press("c")  # one meaning per button: C (other ways to pay) never moves the marker
        assert d.last.events == 0 and d.view()["notice"] == "One way to pay: A moves"
        ap.press("a")
        assert d.last.events == 1 and d.view()["screen"] == "antike.turn"  # the menu again


def test_antike_claim_flag_only_when_a_claim_is_real(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        _antike(d)
        assert value(d, "simdev.app.stack[0].claim") == [0, 0]  # not the navigator's seas
        d.call("simdev.app.play(['rondel', 0, 1, {}])")
        d.call("simdev.app.play(['resources', 0, {'marble': 9, 'iron': 9, 'gold': 9}])")
        d.call("simdev.app.play(['city', 0, 0])\nsimdev.app.stack[0].enter()")
        assert value(d, "simdev.app.stack[0].claim") == [0, 0]
        d.call("simdev.app.play(['city', 0, 0])\nsimdev.app.stack[0].enter()")  # a fifth: a king
        assert value(d, "simdev.app.stack[0].claim") == [1, 0]


def test_record_names_the_board(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        _antike(d)
    journal = apphelp.journal(tmp_path)
    assert journal is not None
    assert journal["meta"]["board"] == "sim"


def test_7wd_setup_in_one_menu_and_the_tokens_in_the_order_marked(tmp_path: Path) -> None:
    """Known players: game, play, who starts with the preset, five tokens (marked out of
    the list's order: the record keeps the order marked; the box is the other five)."""
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        keys(ap, "a", "a")
        v = d.view()
        assert v["labels"] == [
            "Player 1, preset",
            "Player 2, preset",
            "Player 1, draft",
            "Player 2, draft",
        ]
        keys(ap, "down", "a")  # Player 2 starts, first-game preset
        keys(ap, "down", "down", "a")  # economy; the cursor moves on to law
        assert d.view()["i"] == 3
        keys(ap, "up", "up", "a")  # architecture; on to law (economy is marked)
        assert d.view()["i"] == 3
        keys(ap, "down", "a", "up", "a")  # masonry, then a slip: masonry unmarked again
        keys(ap, "down", "a")  # mathematics
        keys(ap, "down", "a", "a")  # strategy, theology: the fifth starts the game
        assert d.view()["screen"] == "sevenwonders.track"
        assert d.last.presses == 19
    setup = apphelp.journal(tmp_path)["setup"]  # type: ignore[index]
    assert setup == {
        "first": 1,
        "wonders": "first-game",
        "progress": ["economy", "architecture", "mathematics", "strategy", "theology"],
        "box_progress": ["agriculture", "law", "masonry", "philosophy", "urbanism"],
    }


def test_7wd_draft_entered_as_each_players_four_wonders(tmp_path: Path) -> None:
    """After the draft at the table: player 1's four, then player 2's among the eight
    left; no pick of the draft (forced or not) is entered one by one."""
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        keys(ap, "a", "a", "down", "down", "a")  # Player 1, draft
        v = d.view()
        assert v["labels"][:2] == ["Appian Way", "Circus Maximus"] and len(v["labels"]) == 12
        keys(ap, "a", "a", "a", "a")  # the first four in the list
        v = d.view()
        assert len(v["labels"]) == 8 and v["labels"][0] not in ("Appian Way", "Colossus")
        keys(ap, "a", "a", "a", "a")
        assert d.view()["labels"][0] == "Agriculture"  # the tokens
        assert d.last.presses == 13
        keys(ap, "a", "a", "a", "a", "a")
    wonders = apphelp.journal(tmp_path)["setup"]["wonders"]  # type: ignore[index]
    assert [len(w) for w in wonders] == [4, 4] and not set(wonders[0]) & set(wonders[1])


def test_7wd_back_to_a_full_set_of_wonders_marks_no_fifth(tmp_path: Path) -> None:
    """B from player 2's wonders back to player 1's four: A on a wonder not marked is
    refused with a notice (it used to mark a fifth, and with all twelve marked the
    device hung looking for the next unmarked one: found by `make soak` on the rp2
    port); A on a marked one still takes it back."""
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        keys(ap, "a", "a", "down", "down", "a")  # Player 1, draft
        keys(ap, "a", "a", "a", "a")  # the first four
        assert len(d.view()["labels"]) == 8
        ap.press("b")  # back to player 1's list, four marked
        v = d.view()
        assert len(v["labels"]) == 12 and v["i"] == 4
        ap.press("a")
        v = d.view()
        assert v["notice"] == "4 marked: A on one takes it back"
        assert len(v["labels"]) == 12  # still player 1's list, nothing marked
        keys(ap, "up", "a")  # the fourth mark taken back
        keys(ap, "down", "down", "a")  # another fourth: on to player 2
        assert len(d.view()["labels"]) == 8
        keys(ap, "a", "a", "a", "a")
        keys(ap, "a", "a", "a", "a", "a")  # the tokens
    wonders = apphelp.journal(tmp_path)["setup"]["wonders"]  # type: ignore[index]
    assert [len(w) for w in wonders] == [4, 4] and not set(wonders[0]) & set(wonders[1])


def test_splendor_turn_menu_keeps_its_places(tmp_path: Path) -> None:
    """Buy is always the entry below Tokens, whether or not a card can be bought now; the
    optional actions come above, Privileges nearest, and the menu opens on Tokens."""
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        keys(ap, "down", "a", "a", "a", "a")  # Splendor Duel, Play, first player, turn
        v = d.view()
        assert v["screen"] == "splendor.turn" and v["i"] == 2
        assert v["labels"] == [
            "Replenish",
            "Privileges",
            "Tokens",
            "Buy a card",
            "Reserve",
        ]
        keys(ap, "down", "a")  # nothing can be bought at the start
        assert d.view()["screen"] == "splendor.turn"
        assert d.view()["notice"] == "Buy a card: not now"
        assert d.last.events == 0


def test_7wd_choice_of_one_option_is_taken_and_said(tmp_path: Path) -> None:
    """Statue of Zeus with one brown card to destroy: no press, and a notice says so."""
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        keys(ap, "a", "a", "a", "a", "a", "a", "a", "a")  # preset, the first five tokens
        assert d.view()["screen"] == "sevenwonders.track"
        for ev in (["build", 0, "theater"], ["build", 1, "lumber-yard"], ["coins", 0, 20]):
            assert value(d, "simdev.app.play(%r)" % ev) is True
        assert value(d, "simdev.app.play(['wonder', 0, 'statue-of-zeus', 'baths'])") is True
        assert value(d, "simdev.app.match.played") == 5
        assert value(d, "simdev.app.match.event(-1)") == ["destroy", 0, "lumber-yard"]
        v = d.view()
        assert v["screen"] == "sevenwonders.track"
        assert v["notice"] == "Only choice: Player 1 destroyed Lumber Yard"


def test_7wd_cards_left_in_the_age_stay_in_view(tmp_path: Path) -> None:
    """After the first card the status line tells the move; the age count is still drawn."""
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        keys(ap, "a", "a", "a", "a", "a", "a", "a", "a")  # preset, the first five tokens
        keys(ap, "a", "a")  # the first card in the picker (brown, by name), built
        assert d.view()["notice"] == "Player 1 built Clay Pit"
        drawn = d.call(
            "import json\n"
            "_c = simdev.app.canvas\n"
            "_seen = []\n"
            "_text = _c.text\n"
            "_c.text = lambda s, *a, **k: _seen.append(s) or _text(s, *a, **k)\n"
            "simdev.app.stack[0].draw(_c)\n"
            "del _c.text\n"
            "_value = json.dumps(_seen)\n"
            "del _c, _seen, _text"
        ).value
        assert "AGE I  1/20" in drawn
        assert "Player 1 built Clay Pit" in drawn


def test_7wd_progress_tokens_show_the_order_marked(tmp_path: Path) -> None:
    """Setup lays the progress tokens in the order marked: each marked box shows its place
    (1 up), the places close up when a mark is taken back, and the record keeps that
    order. Two marked rows' boxes differ on the panel by their digits."""
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        keys(ap, "a", "a", "a")  # 7WD, Play, player 1 with the preset: the tokens
        assert d.view()["labels"][:3] == ["Agriculture", "Architecture", "Economy"]
        keys(ap, "down", "down", "a")  # Economy first
        keys(ap, "up", "up", "up", "a", "a")  # then Agriculture, Architecture
        v = d.view()
        assert v["marks"][:4] == [2, 3, 1, 0] and v["i"] == 3
        rows = d.pixels()
        boxes = [[r[3:14] for r in rows[y + 3 : y + 14]] for y in (11, 29, 47)]
        assert boxes[0] != boxes[1] != boxes[2] != boxes[0]
        assert all(any(0 in r[1:-1] for r in b[1:-1]) for b in boxes)  # a digit in each
        keys(ap, "up", "up", "a")  # Architecture's mark taken back
        assert d.view()["marks"][:4] == [2, 0, 1, 0]
        keys(ap, "a", "a", "a")  # Architecture again, Law, Masonry: the game starts
    progress = apphelp.journal(tmp_path)["setup"]["progress"]  # type: ignore[index]
    assert progress == ["economy", "agriculture", "architecture", "law", "masonry"]
