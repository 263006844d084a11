"""The traps a new user met (issue 11), each as the keys that set it off.

Naming Player 2 after Player 1, C on a list, the Antike claim flag and its first menu,
and what the record says about the board it was entered on.
"""

from pathlib import Path
from typing import Any

import apphelp

from duelkeeper.sim.autoplay import Autoplayer


def keys(ap: Autoplayer, *gestures: str) -> None:
    for g in gestures:
        ap.press(g)


def value(d: Any, expr: str) -> Any:
    return d.call("import json\n_value = json.dumps(%s)" % expr).value


def test_naming_player_2_does_not_swap_the_seats(tmp_path: Path) -> None:
    """The issue's keys on a fresh flash: Player 1 is spelt "A", then Player 2's list
    opens on "New name...", not on the name Player 1 just took."""
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        keys(ap, "a", "down", "a", "a", "a", "c", "down", "a")
        v = d.view()
        assert v["screen"] == "names" and v["i"] == 0
        assert v["labels"] == ["New name...", "Edit Player 2", "A (swap seats)"]
        ap.press("a")
        assert d.view()["screen"] == "letters"
        keys(ap, "down", "a", "c")  # "B"
        v = d.view()
        assert v["labels"][:3] == ["Play: A vs B", "Player 1: A", "Player 2: B"]


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
        assert d.view()["labels"][0] == "Play: Bob vs Ann"


def test_c_on_a_list_never_picks(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        ap.press("c")
        v = d.view()
        assert v["screen"] == "games"
        assert v["notice"] == "No other choices here: A picks"
        keys(ap, "a", "c")
        assert d.view()["screen"] == "players"


def _antike(d: Any) -> Autoplayer:
    ap = Autoplayer(d)
    keys(ap, "down", "down", "a", "a", "a")  # Antike Duellum, Play, first player starts
    assert d.view()["screen"] == "trackad"
    return ap


def test_antike_first_menu_of_one_kind_costs_no_press(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        ap = _antike(d)
        ap.press("a")
        v = d.view()
        assert v["screen"] == "choice"  # the rondel moves at once
        assert v["notice"] == "Only choice: Rondel"
        assert all(e[0] == "rondel" for e in v["events"])
        ap.press("c")  # one meaning per button: C does not move the marker
        assert d.last.events == 0
        ap.press("a")
        assert d.last.events == 1


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
