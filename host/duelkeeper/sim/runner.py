"""Playing a button script on the simulated device, with frames kept or saved.

``play(device, steps)`` feeds each step's button masks to the device one 10 ms tick at a
time (script.masks), lets the device settle after the last one, and records every frame
shown and the presses that led to each event (for the presses-per-turn figure).
"""

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NamedTuple

from duelkeeper.sim import png
from duelkeeper.sim.device import Driven
from duelkeeper.sim.script import TICK_MS, Step, masks


class Frame(NamedTuple):
    number: int  # 1, 2, ... in the order shown
    full: bool
    data: bytes


class Run(NamedTuple):
    """What a script did: frames shown, and per event the presses since the last one."""

    frames: list[Frame]
    presses: list[int]  # presses[k]: gestures between event k-1 and event k
    full: int  # full refreshes
    partial: int
    total_presses: int


class Recorder:
    """Collects frames (optionally saving each as PNG) and presses per event."""

    def __init__(self, shots: Path | None = None, scale: int = 1, keep: bool = True) -> None:
        self.shots = shots
        self.scale = scale
        self.keep = keep
        self.frames: list[Frame] = []
        self.count = 0
        self.presses: list[int] = []
        self._events = -1
        self._at = 0  # presses when the last event was seen

    def see(self, device: Driven, step_result: object = None) -> None:
        s = device.last
        if s.shown and s.frame is not None:
            self.count += 1
            if self.keep:
                self.frames.append(Frame(self.count, s.shown == 2, s.frame))
            if self.shots is not None:
                w, h = device.geometry
                png.save(self.shots / ("%04d.png" % self.count), s.frame, w, h, self.scale)
        if s.events != self._events:
            if self._events >= 0 and s.events > self._events:
                for _ in range(s.events - self._events):
                    self.presses.append(s.presses - self._at)
                    self._at = s.presses
            else:  # a new game, an undo, a restart: count from here
                if s.events >= 0 and self._events >= 0:
                    del self.presses[s.events :]
                self._at = s.presses
            self._events = s.events


def play(
    device: Driven,
    steps: Iterable[Step],
    recorder: Recorder | None = None,
    on_step: Callable[[Step], None] | None = None,
    settle_ms: int | None = None,
) -> Run:
    rec = recorder if recorder is not None else Recorder()
    if device.last.shown == 0 and device.frame is None:
        device.step(0)  # the first frame after boot
        rec.see(device, None)
    for step in steps:
        if on_step is not None:
            on_step(step)
        if step.kind == "restart":
            device.restart()
            rec._events = -1
            device.step(0)
            rec.see(device, None)
            continue
        if step.kind == "shot":
            if rec.shots is not None and device.frame is not None:
                w, h = device.geometry
                png.save(rec.shots / (step.name + ".png"), device.frame, w, h, rec.scale)
            continue
        device.steps(list(masks(step)), TICK_MS, each=rec.see)
    settle = (device.settle_ms if settle_ms is None else settle_ms) // TICK_MS
    device.steps([0] * settle, TICK_MS, each=rec.see)
    last = device.last
    return Run(rec.frames, rec.presses, last.full, last.partial, last.presses)
