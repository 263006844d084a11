"""Redo: after an undo, the C menu's first item plays the undone events back, one a
press (the menu stays on it), the latest undone first, across a power cut, until another
event is played; a choice's answer undone reopens the choice, whose C offers the redo."""

from pathlib import Path

import apphelp
import pytest

from duelkeeper_dev.autoplay import Autoplayer
from duelkeeper_dev.tablegame import table_record


def _menu(ap: Autoplayer) -> list[str]:
    """The C menu's rows, the redo row as ``Redo: <the event>`` (its line under the list)."""
    ap.press("c")
    v = ap.view()
    labels: list[str] = v["labels"]
    if labels[0] == "Redo":
        return ["Redo: " + v["told"]] + labels[1:]
    return labels


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_undone_events_come_back_one_a_press_until_a_new_one(tmp_path: Path, runtime: str) -> None:
    record = table_record(10)
    record["events"] = record["events"][:5]
    apphelp.autoplay(record, tmp_path, finish=False)
    told = []
    with apphelp.device(tmp_path, runtime) as d:
        ap = Autoplayer(d)
        assert _menu(ap)[0] == "Score so far"  # nothing undone: no redo
        ap.press("b")
        for k in (5, 4):
            ap.press("long b")
            assert d.last.events == k - 1
            told.append(d.view()["notice"][len("Undone: ") :])
        first = _menu(ap)
        assert first[:2] == ["Redo: " + told[1], "Score so far"]
        ap.pick(d.view(), 0)
        v = d.view()  # the menu again, on the next to redo: one press an event
        assert d.last.events == 4 and (v["screen"], v["i"]) == ("more", 0)
        assert v["notice"] == told[1] and v["told"] == told[0]
        ap.press("b")
    with apphelp.device(tmp_path, runtime) as d:  # a power cut: the journal tells the redo again
        ap = Autoplayer(d)
        assert _menu(ap)[0] == "Redo: " + told[0]
        ap.pick(d.view(), 0)
        assert d.last.events == 5
        assert d.view()["screen"] == "sevenwonders.track"  # nothing left to redo: the game
        assert _menu(ap)[0] == "Score so far"  # all redone
        ap.press("b")
        ap.press("long b")
        assert _menu(ap)[0] == "Redo: " + told[0]
        ap.press("b")
        ap.press("long b")  # the 4th event undone too: redo offers it first
        ap.event(record["events"][3])  # entered again by hand: the 5th still waits
        assert _menu(ap)[0] == "Redo: " + told[0]
        ap.press("b")
        ap.correct(["coins", 1, 1])  # another event: the redo is gone
        assert d.last.events == 5
        assert d.view()["labels"][0] == "Score so far"  # the menu open again
        ap.press("b")
        assert _menu(ap)[0] == "Score so far"
    journal = apphelp.journal(tmp_path)
    assert journal is not None and journal["events"][:4] == record["events"][:4]
    assert journal["events"][4] != record["events"][4]
    with apphelp.device(tmp_path) as d:  # nor does it come back at the next boot
        assert _menu(Autoplayer(d))[0] == "Score so far"
