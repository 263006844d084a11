"""Device.steps: a call to the runtime per frame shown leaves the device as the ticks one
at a time do, on both runtimes: the same frames seen, in order, and the same counts."""

from pathlib import Path

import pytest

from duelkeeper.sim.device import Device, Step
from duelkeeper.sim.runner import Recorder
from duelkeeper.sim.script import BUTTONS, LONG_MS, PRESS_MS, TICK_MS, masks
from duelkeeper.sim.script import Step as Gesture

# Into a game and back: the games list, a player screen, a long press, an idle wait
GESTURES = [
    Gesture("press", BUTTONS["down"], PRESS_MS),
    Gesture("press", BUTTONS["a"], PRESS_MS),
    Gesture("press", BUTTONS["down"], LONG_MS, long=True),
    Gesture("press", BUTTONS["b"], PRESS_MS),
    Gesture("wait", 0, 300),
]


def _play(device: Device, batched: bool) -> tuple[list[bytes], list[Step]]:
    rec = Recorder()
    lasts = []
    device.step(0)
    for g in GESTURES:
        if batched:
            device.steps(list(masks(g)), TICK_MS, each=rec.see)
        else:
            for held in masks(g):
                device.step(held, TICK_MS)
                rec.see(device)
        lasts.append(device.last)
    return [f.data for f in rec.frames], lasts


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_steps_see_every_frame_the_ticks_do(tmp_path: Path, runtime: str) -> None:
    with Device(tmp_path / "one", runtime=runtime) as one:
        frames, lasts = _play(one, batched=False)
    with Device(tmp_path / "many", runtime=runtime) as many:
        batched_frames, batched_lasts = _play(many, batched=True)
    assert len(frames) >= 4  # each gesture drew: the test compares something
    assert batched_frames == frames
    assert batched_lasts == lasts
