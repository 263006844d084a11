"""Screens players use at the table, on the emulated board: every frame is the
simulator's. The docs' quick score (docs/screenshots/quick.txt: a 7WD pad from its
typical counts, long C and the commercial step included, to the score sheet), and
corrections in a row from the C menu, which stays open on its row."""

import json
from pathlib import Path

from rp2help import PLAYERS, board_frames, needs_rp2, sim_frames

from duelkeeper.repo import ROOT
from duelkeeper.rp2.device import Rp2Device
from duelkeeper.sim.device import Device
from duelkeeper.sim.script import Step, load
from duelkeeper_dev.autoplay import Autoplayer
from duelkeeper_dev.tablegame import table_record

pytestmark = needs_rp2


def _same_frames(steps: list[Step], tmp_path: Path) -> None:
    sim = sim_frames(steps, "abcud", tmp_path / "sim")
    with Rp2Device(tmp_path / "rp2", "badger2040") as device:
        frames = board_frames(device, steps)
        panel = device.board.panel()
    assert len(frames) == len(sim) == len(steps) + 1
    differ = [i for i, (a, b) in enumerate(zip(sim, frames, strict=True)) if a != b]
    assert differ == [], f"{len(differ)} of {len(sim)} frames differ, first: {differ[0]}"
    assert panel["errors"] == []


def test_the_quick_score_pad_on_the_panel_is_the_simulators(tmp_path: Path) -> None:
    steps = [s for s in load(ROOT / "docs" / "screenshots" / "quick.txt") if s.kind != "shot"]
    assert any(s.long for s in steps)
    _same_frames(steps, tmp_path)


def test_corrections_in_a_row_on_the_panel_are_the_simulators(tmp_path: Path) -> None:
    record = dict(table_record(1), players=list(PLAYERS))
    record["events"] = record["events"][:2]
    with Device(tmp_path / "auto", runtime="cpython") as d:
        d.step(0)
        ap = Autoplayer(d)
        ap.play(json.loads(json.dumps(record)))
        ap.correct(["coins", 1, 2])  # Player 2: two coins more (C, the row, A, +2, A)
        assert ap.view()["screen"] == "more"  # the menu again, on the same row
        ap.press("a")
        for gesture in ap.amount_path(ap.view(), -1):
            ap.press(gesture)
        ap.press("a")  # and one back
        assert d.last.events == 4 and ap.view()["screen"] == "more"
        ap.press("b")
        assert ap.view()["screen"] == "sevenwonders.track"
    _same_frames(ap.steps, tmp_path)


def test_names_in_cyrillic_and_katakana_on_the_panel_are_the_simulators(tmp_path: Path) -> None:
    """The language chosen with C, then a name spelled in its letters for each seat
    (Russian, then Japanese: the picker's own letters, drawn from the catalog's glyphs at
    double size and in the players' list)."""
    with Device(tmp_path / "auto", runtime="cpython") as d:
        d.step(0)
        ap = Autoplayer(d)
        for lang, name in ((2, "Зоя"), (1, "タナカ")):
            ap.press("c")  # the language menu
            ap.pick(ap.view(), lang)
            ap.press("a")  # 7 Wonders Duel
            ap.pick(ap.view(), 1)  # Player 1 ...
            ap.pick(ap.view(), 0)  # New name...
            ap.spell(name)
            assert ap.view()["labels"][1].endswith(": " + name)
            ap.press("b")  # back to the games
    _same_frames(ap.steps, tmp_path)
