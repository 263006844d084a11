"""The rest of the app's promises: three-button boards, the 250x122 panel, names kept on
the device, corrections and undo from the C menu, dropping a game, and no allocation
per tick or per scroll press."""

import json
from pathlib import Path

import apphelp
import pytest
import textfit

from duelkeeper_dev.autoplay import Autoplayer
from duelkeeper_dev.tablegame import splendor_record, table_record


def _first(record: dict, n: int) -> dict:
    out = dict(record)
    out["events"] = record["events"][:n]
    return out


@pytest.mark.parametrize(
    ("options", "record"),
    [
        ({"buttons": "abc"}, _first(table_record(7), 12)),
        ({"buttons": "abc"}, _first(splendor_record(2), 12)),
        ({"size": (250, 122)}, _first(table_record(8), 12)),
        ({"size": (250, 122)}, _first(splendor_record(3), 12)),
    ],
    ids=["7wd-3-buttons", "splendor-3-buttons", "7wd-250x122", "splendor-250x122"],
)
def test_other_boards_same_frames_on_both_runtimes(
    tmp_path: Path, options: dict, record: dict
) -> None:
    played = apphelp.autoplay(record, tmp_path / "cpython", finish=False, **options)
    assert played.view["screen"].endswith(".track")
    if options.get("buttons") == "abc":  # only taps and holds of A, B and C
        assert {s.button for s in played.steps} <= {1, 2, 4}
    run, d = apphelp.replay(played.steps, tmp_path / "micropython", **options)
    with d:
        assert d.geometry == options.get("size", (296, 128))
        assert d.last.events == len(record["events"])
    assert [f.data for f in run.frames] == [f.data for f in played.frames]


def test_names_are_kept_in_the_settings(tmp_path: Path) -> None:
    record = _first(table_record(9), 0)
    record["players"] = ["Zoe", "Max-Li"]
    apphelp.autoplay(record, tmp_path, finish=False)
    settings = json.loads((tmp_path / "settings.json").read_text())
    assert settings["players"] == ["Zoe", "Max-Li"]
    assert settings["names"][:2] == ["Max-Li", "Zoe"]
    # The next game offers them as they are: no spelling again.
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        ap.press("c")  # More
        v = d.view()
        ap.pick(v, len(v["labels"]) - 1)  # Drop this game
        ap.pick(d.view(), 1)
        assert d.view()["screen"] == "games"
        ap.press("a")
        v = d.view()
        assert v["labels"][:3] == ["Start the game", "Player 1: Zoe", "Player 2: Max-Li"]


def test_corrections_undo_and_the_score_so_far(tmp_path: Path) -> None:
    record = _first(table_record(10), 3)
    apphelp.autoplay(record, tmp_path, finish=False)
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        ap.press("c")
        v = d.view()  # opens on player 1's coins, the score so far a row above
        assert v["labels"][:3] == ["Score so far", "Ann: coins 6", "Bob: coins 6"]
        assert v["i"] == 1 and v["fixes"] == 1
        ap.press("down")
        ap.press("a")  # Bob's coins: the amount, from 0
        v = d.view()
        assert (v["class"], v["title"], v["labels"][v["i"]]) == ("Fix", "Bob: coins 6", "+0")
        ap.press("a")  # nothing set: nothing played, back to the menu
        assert d.last.events == 3 and d.view()["class"] == "Screen"
        ap.press("a")
        ap.press("up")
        ap.press("up")
        assert d.view()["labels"][d.view()["i"]] == "+2"  # the running value, selected
        ap.press("a")
        assert d.last.events == 4
        v = d.view()  # the C menu again, on the same row, Bob's coins counted again
        assert (v["screen"], v["i"], v["notice"]) == ("more", 2, "Bob coins +2")
        assert v["labels"][2] == "Bob: coins 8"
        ap.press("a")
        ap.press("down")
        ap.press("a")
        assert d.last.events == 5 and d.view()["labels"][2] == "Bob: coins 7"
        ap.press("b")  # leaving it: the game
        assert d.view()["screen"] == "sevenwonders.track"
        ap.press("b")  # a slip of habit: asks, names the event, takes nothing back
        assert d.last.events == 5
        assert d.view()["notice"] == "B again: undo Bob coins -1"
        ap.press("a")  # any other key answers no, and does nothing else
        assert d.view()["screen"] == "sevenwonders.track" and d.last.events == 5
        ap.press("b")
        ap.press("b")  # a second B at once undoes
        assert d.last.events == 4
        assert d.view()["notice"] == "Undone: Bob coins -1"
        ap.press("c")
        v = d.view()
        assert v["labels"][:2] == ["Redo", "Score so far"] and v["told"] == "Bob coins -1"
        ap.pick(d.view(), 1)
        v = d.view()
        assert v["screen"] == "sheet"
        ap.press("b")  # back to the C menu, then to the game: nothing undone
        assert d.view()["screen"] == "more"
        ap.press("b")
        assert d.view()["screen"] == "sevenwonders.track"
        assert d.last.events == 4
        # A long B undoes from any screen of the game: here from the card picker.
        ap.press("a")
        assert d.view()["screen"] == "sevenwonders.pick"
        ap.press("long b")
        assert d.last.events == 3
        assert d.view()["screen"] == "sevenwonders.track"
    journal = apphelp.journal(tmp_path)
    assert journal is not None
    assert journal["events"] == record["events"][:3]


def test_a_correction_under_a_redo_keeps_the_menu_on_its_row(tmp_path: Path) -> None:
    """A correction clears the redo row, and the same correction stays selected; where
    the correction is the event undone last, it is redone and the next undone shows."""
    record = _first(table_record(10), 3)
    apphelp.autoplay(record, tmp_path, finish=False)
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        ap.press("long b")  # the 3rd event undone: a redo row, where the menu opens
        ap.press("c")
        v = d.view()
        assert (v["labels"][0], v["i"], v["groups"][1]) == ("Redo", 0, 2)
        ap.pick(v, v["fixes"])  # Ann's coins
        ap.press("down")
        ap.press("a")  # a new event: the redo row goes
        v = d.view()
        assert v["screen"] == "more" and d.last.events == 3
        assert v["labels"][0] == "Score so far" and v["labels"][v["i"]].startswith("Ann: coins")
        assert v["groups"][1] == 1
        ap.press("a")
        ap.press("down")
        ap.press("a")
        assert d.last.events == 4
        ap.press("b")
        ap.press("long b")
        ap.press("long b")  # both corrections undone: two to redo
        ap.press("c")
        v = d.view()
        assert v["told"] == "Ann coins -1"
        ap.pick(v, v["fixes"])
        ap.press("down")
        ap.press("a")  # the event undone last, entered again: redone, the next waits
        v = d.view()
        assert d.last.events == 3 and (v["labels"][0], v["told"]) == ("Redo", "Ann coins -1")
        assert v["labels"][v["i"]].startswith("Ann: coins")
        ap.press("a")
        ap.press("down")
        ap.press("a")  # the second: nothing left to redo, the row goes
        v = d.view()
        assert d.last.events == 4 and v["labels"][0] == "Score so far"
        assert v["labels"][v["i"]].startswith("Ann: coins")


def test_nothing_allocated_per_idle_tick_little_per_scroll(tmp_path: Path) -> None:
    apphelp.autoplay(_first(table_record(11), 6), tmp_path, finish=False)
    code = (
        "import gc\n"
        "T = [0]\n"
        "def press(bit):\n"
        "    a = gc.mem_alloc()\n"
        "    for i in range(20):\n"
        "        simdev.board.held = bit if i < 8 else 0\n"
        "        T[0] += 10\n"
        "        simdev.app.tick(T[0])\n"
        "    return gc.mem_alloc() - a\n"
    )
    with apphelp.device(tmp_path, runtime="micropython") as d:
        d.call(code)
        measured = {}
        for name, bit in (("idle", 0), ("open", 16), ("scroll", 16), ("scroll2", 8)):
            d.call("import gc\ngc.collect()")
            measured[name] = d.call("_value = str(press(%d))" % bit).value
        assert d.view()["screen"] == "sevenwonders.pick"
    assert measured["idle"] == 0
    assert measured["scroll"] < 256 and measured["scroll2"] < 256


def test_a_paged_list_keeps_its_row_past_a_shorter_last_page() -> None:
    """A long UP from row 2 of 22 (5 a page) goes round to the shorter last page's last
    row, 21, and the next one back to row 2 of its page, 17 (it was 16: the row lost)."""
    from firmware.buttons import BTN_UP, LONG
    from firmware.screens.menu import Menu

    with textfit.device(296, 128) as d:
        m = Menu(d.app, "cards", ["card %d" % k for k in range(22)], 2)
        m.page = 5
        d.app.push(m)
        seen = []
        for _ in range(3):
            m.key(BTN_UP | LONG << 5)
            seen.append(m.i)
        assert seen == [21, 17, 12]
