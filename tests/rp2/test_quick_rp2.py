"""A quick score's pad on the emulated board: every frame of the docs' quick score
(docs/screenshots/quick.txt: a 7WD pad from its typical counts, long C and the
commercial step included, to the score sheet) is the simulator's."""

from pathlib import Path

from rp2help import board_frames, needs_rp2, sim_frames

from duelkeeper.repo import ROOT
from duelkeeper.rp2.device import Rp2Device
from duelkeeper.sim.script import load

pytestmark = needs_rp2


def test_the_quick_score_pad_on_the_panel_is_the_simulators(tmp_path: Path) -> None:
    steps = [s for s in load(ROOT / "docs" / "screenshots" / "quick.txt") if s.kind != "shot"]
    assert any(s.long for s in steps)
    sim = sim_frames(steps, "abcud", tmp_path / "sim")
    with Rp2Device(tmp_path / "rp2", "badger2040") as device:
        frames = board_frames(device, steps)
        panel = device.board.panel()
    assert len(frames) == len(sim) == len(steps) + 1
    differ = [i for i, (a, b) in enumerate(zip(sim, frames, strict=True)) if a != b]
    assert differ == [], f"{len(differ)} of {len(sim)} frames differ, first: {differ[0]}"
    assert panel["errors"] == []
