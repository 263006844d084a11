"""Issue 26's smaller promises: a game ended early shows its score sheet before it is
filed; "Keep playing" goes back to the game; the answer "no" to "B again: undo" does
nothing else; an extra turn is told; a destroy names whose card; on the 250x122 panel
Splendor's hand digits stand apart and a big number keeps its size as it grows."""

from pathlib import Path

import apphelp
import pytest
import textfit

from duelkeeper_dev.autoplay import Autoplayer
from duelkeeper_dev.tablegame import splendor_record, table_record


def _seven(n: int) -> dict:
    record = table_record(0)
    record["events"] = record["events"][:n]
    return record


def test_end_now_shows_the_sheet_and_keep_playing_goes_back(tmp_path: Path) -> None:
    apphelp.autoplay(_seven(3), tmp_path, finish=False)
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        for drop in (False, True):  # "End game now" and "Drop this game"
            ap.press("c")
            v = d.view()
            ap.pick(v, len(v["labels"]) - (1 if drop else 2))
            assert d.view()["labels"][0] == "Keep playing"
            ap.pick(d.view(), 0)
            assert d.view()["screen"] == "sevenwonders.track" and d.view()["depth"] == 1
        ap.press("c")
        v = d.view()
        ap.pick(v, v["labels"].index("End game now and save it"))
        ap.pick(d.view(), 1)  # "End and save": the sheet first, as it stands
        v = d.view()
        assert v["screen"] == "sheet" and d.last.events == 3
        ap.press("b")  # not yet: back to the game
        assert d.view()["screen"] == "sevenwonders.track" and d.view()["depth"] == 1
        ap.press("c")
        v = d.view()
        ap.pick(v, v["labels"].index("End game now and save it"))
        ap.pick(d.view(), 1)
        ap.press("a")  # filed
        assert d.view()["screen"] == "games" and d.view()["notice"] == "Game saved"
    (filed,) = apphelp.archived(tmp_path)
    assert filed["events"] == _seven(3)["events"]


def test_no_to_undo_does_nothing_else(tmp_path: Path) -> None:
    apphelp.autoplay(_seven(3), tmp_path, finish=False)
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        for other in ("a", "down", "c"):
            ap.press("b")
            assert d.view()["notice"].startswith("B again: undo ")
            ap.press(other)  # answers no: the notice goes, no screen opens
            v = d.view()
            assert (v["screen"], v["depth"], v["notice"], d.last.events) == (
                "sevenwonders.track",
                1,
                None,
                3,
            )
        ap.press("a")  # asked nothing: A opens the card list again
        assert d.view()["screen"] == "sevenwonders.pick"


def test_an_extra_turn_is_told_and_a_destroy_names_whose_card() -> None:
    events = table_record(0)["events"]
    with textfit.device(296, 128) as d:
        d.app.new_game("7wd", textfit.NAMES, table_record(0)["setup"])
        for ev in events[:5]:
            d.play(ev)
        assert events[4][:3] == ["wonder", 1, "temple-of-artemis"]
        assert d.app.notice == "Player 2 built Temple of Artemis, plays again"
        d.play(events[5])  # the Mausoleum, with nothing discarded: no extra turn
        assert d.app.notice == "Player 2 built Mausoleum"
    events = table_record(1)["events"]
    with textfit.device(296, 128) as d:  # a destroy with a choice: its menu opens
        d.app.new_game("7wd", textfit.NAMES, table_record(1)["setup"])
        for ev in events[:35]:
            d.play(ev)
        assert events[34][:3] == ["wonder", 0, "circus-maximus"]
        assert d.app.stack[-1].title == "Player 1: destroy one of Player 2's cards"


@pytest.mark.parametrize("lang", ["en", "ja", "ru"])
def test_splendor_hand_digits_stand_apart_on_the_small_panel(lang: str) -> None:
    record = splendor_record(2)
    with textfit.device(250, 122, lang) as d:
        d.app.new_game("splendor-duel", textfit.NAMES, record["setup"])
        d.draw("start")
        hand = sorted(b for b in d.watch.boxes if b[1] == 83 and b[4].isdigit())
    assert len(hand) == 14  # seven counts a player
    for left in (hand[:7], hand[7:]):
        gaps = [b[0] - a[2] for a, b in zip(left, left[1:], strict=False)]
        assert min(gaps) >= 5, gaps


def test_big_numbers_keep_their_size_as_they_grow(monkeypatch: pytest.MonkeyPatch) -> None:
    """7WD's coins beside a two-digit score on the 250 px panel: 16 px digits at 9 coins
    as at 10, not 32 px that shrink; Splendor's crowns (to 10) keep 32 px."""
    from firmware import ui

    scales: list[tuple[int, int]] = []
    monkeypatch.setattr(ui, "big", lambda c, n, x, y, icon, target, s: scales.append((n, s)))
    with textfit.device(250, 122) as d:
        for coins in (0, 9, 10, 23):
            ui.pair(d.app.canvas, 2, 121, 47, coins, 0, 0, 35, 4, 0)
        for crowns in (0, 9):
            ui.pair(d.app.canvas, 2, 121, 20, 12, 4, 20, crowns, 3, 10)
    coins_at = {s for n, s in scales[:8:2]}
    assert coins_at == {1}, scales
    assert {s for n, s in scales[9::2]} == {2}, scales  # the crowns
