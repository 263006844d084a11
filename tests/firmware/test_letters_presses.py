"""The letter picker in few presses (firmware/screens/letters.py): C keeps the letter
in the box once it is chosen, never doubling one A took; rows a long UP/DOWN (five
buttons) or a held B (three) jumps; the box opening on a known name's next letter."""

import json
from pathlib import Path
from typing import Any

import apphelp
import pytest

from duelkeeper_dev.autoplay import Autoplayer


def picker(
    tmp: Path, buttons: str = "abcud", roster: str = "", runtime: str = "cpython"
) -> tuple[Any, Autoplayer]:
    """A new device (with ``roster.txt`` when given) on Player 1's letter picker."""
    tmp.mkdir(parents=True, exist_ok=True)
    if roster:
        (tmp / "roster.txt").write_text(roster)
    d = apphelp.device(tmp, runtime, buttons=buttons)
    ap = Autoplayer(d)
    ap.pick(ap.view(), 0)  # 7 Wonders Duel
    ap.pick(ap.view(), 1)  # Player 1
    if ap.view()["screen"] == "names":
        ap.pick(ap.view(), 0)  # New name...
    assert ap.view()["screen"] == "letters"
    return d, ap


def kept(d: Any) -> str:
    name: str = d.call("import json\n_value = json.dumps(simdev.app.settings['players'][0])").value
    return name


def letter(ap: Autoplayer) -> str:
    v = ap.view()
    return str(v["alphabet"][v["cur"]])


def test_c_keeps_the_letter_moved_to(tmp_path: Path) -> None:
    """VKD-P0: the 0 moved to and C pressed is kept (it was dropped: "VKD-P")."""
    d, ap = picker(tmp_path)
    with d:
        ap.spell("VKD-P0")
        assert kept(d) == "Vkd-P0"


def test_c_after_a_doubles_nothing_and_b_gives_the_letter_back(tmp_path: Path) -> None:
    d, ap = picker(tmp_path)
    with d:
        assert letter(ap) == "H"  # the box opens on the second row's first letter
        for gesture in ["down", "a", "a"]:  # I, then H: the box opens on H again
            ap.press(gesture)
        assert ap.view()["n"] == 2 and letter(ap) == "H"
        ap.press("b")  # the H back in the box, filled: C keeps it
        assert ap.view()["n"] == 1 and letter(ap) == "H"
        ap.press("down")
        ap.press("down")
        ap.press("a")  # IJ, the box on H, outlined
        ap.press("c")
        assert kept(d) == "Ij"


def test_rows_are_jumped_on_five_buttons_and_three(tmp_path: Path) -> None:
    d, ap = picker(tmp_path / "five")
    with d:
        seen = []
        for gesture in ["long down"] * 5 + ["long up"]:  # from H, where the box opens
            ap.press(gesture)
            seen.append(letter(ap))
        assert seen == ["O", "V", "0", "A", "H", "A"]  # round: the digits, then A
    d, ap = picker(tmp_path / "three", "abc")
    with d:
        seen = []
        for gesture in ["long b", "long b", "down", "up", "up"]:  # held B; tap A, tap C
            ap.press(gesture)
            seen.append(letter(ap))
        assert seen == ["O", "V", "W", "V", "U"]
        ap.press("a")  # held A takes U; held C keeps the name
        ap.press("c")
        assert kept(d) == "U"


def test_a_six_letter_name_on_three_buttons_takes_holds_and_taps(tmp_path: Path) -> None:
    d, ap = picker(tmp_path, "abc")
    with d:
        before = len(ap.steps)
        ap.spell("Louise")
        assert kept(d) == "Louise"
        assert len(ap.steps) - before == 23  # the picker alone: the seat and the list 3 more


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_a_known_name_is_offered_letter_by_letter(tmp_path: Path, runtime: str) -> None:
    """The roster (from the PC) knows Mark and Marianne: after M the box opens on A, and
    each A takes the next letter of the first known name with the letters so far; a
    letter moved to leaves Mark for Marianne; past a known name, the box opens on H."""
    d, ap = picker(tmp_path / "a", roster="=Mark\n=Marianne\n", runtime=runtime)
    with d:
        for gesture in ["down"] * 5:  # from H: I J K L M
            ap.press(gesture)
        assert letter(ap) == "M"
        ap.press("a")
        offered = []
        for _ in range(3):
            offered.append(letter(ap))
            ap.press("a")
        assert offered == ["A", "R", "K"]  # Mark, the roster's first
        assert letter(ap) == "H" and ap.view()["n"] == 4  # nothing known goes on: H
    d, ap = picker(tmp_path / "b", roster="=Mark\n=Marianne\n", runtime=runtime)
    with d:
        for gesture in ["down"] * 5 + ["a", "a", "a"]:  # M, A, R offered
            ap.press(gesture)
        assert letter(ap) == "K"  # Mark's
        for gesture in ["up", "up", "a"]:  # Mari: Marianne's letters from here
            ap.press(gesture)
        offered = []
        for _ in range(4):
            offered.append(letter(ap))
            ap.press("a")
        ap.press("c")  # the box outlined (offered, not chosen): C keeps what A took
        assert offered == list("ANNE") and kept(d) == "Marianne"
        assert json.loads((tmp_path / "b" / "settings.json").read_text())["names"] == ["Marianne"]
