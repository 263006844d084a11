"""Shared by the tests on the emulated RP2040: the skip when the firmware is absent,
scripted games and how their frames are collected on each target.

A game's button script is made by the autoplayer on the simulator (CPython runtime, the
same firmware sources), then played gesture by gesture on both the simulator
(MicroPython VM, the .mpy build) and the emulated board; after each gesture the device
is left to settle (its refresh done) and the frame on screen is kept. On the board the
frame is the panel model's image, decoded from the bytes the firmware sent on SPI.
"""

import json
from pathlib import Path
from typing import Any

import pytest

from duelkeeper.rp2.board import firmware_missing
from duelkeeper.rp2.device import Rp2Device
from duelkeeper.sim.device import Device
from duelkeeper.sim.script import TICK_MS, Step, masks
from duelkeeper_dev.autoplay import Autoplayer

MISSING = firmware_missing()
needs_rp2 = pytest.mark.skipif(
    MISSING is not None,
    reason=f"../shared/rp2 is absent ({MISSING}): emulated RP2040 tests not run",
)
# The firmware's default names: a record with them needs no spelling on a fresh flash.
PLAYERS = ["Player 1", "Player 2"]
SIM_SETTLE_TICKS = 5  # the simulator's panel is never busy: a refresh starts a tick after


def buttons_of(board: str) -> str:
    from duelkeeper.sim.command import board_profile

    return board_profile(board)[2]


def sim_frames(steps: list[Step], buttons: str, flash: Path) -> list[bytes | None]:
    """The simulator's frame after each gesture (index 0: the first frame after boot)."""
    with Device(flash, buttons=buttons) as device:
        device.steps([0] * SIM_SETTLE_TICKS, TICK_MS)
        frames = [device.frame]
        for step in steps:
            device.steps(list(masks(step)) + [0] * SIM_SETTLE_TICKS, TICK_MS)
            frames.append(device.frame)
        return frames


def board_frames(device: Rp2Device, steps: list[Step]) -> list[bytes | None]:
    """The same on the emulated board: each gesture by GPIO, then ``settle()``."""
    device.settle()
    frames = [device.frame]
    for step in steps:
        device.board.play([(held, TICK_MS) for held in masks(step)])
        device.settle()
        frames.append(device.frame)
    return frames


def filed_script(record: dict[str, Any], buttons: str, flash: Path, end: bool) -> list[Step]:
    """``script`` and then the gestures that file the game: with ``end``, the C menu
    opened and left with B (every button used), then its "End game now and save it" (a
    game stopped before its end); then A on the score sheet (it files the game, ready
    for sync)."""
    with Device(flash, runtime="cpython", buttons=buttons) as device:
        device.step(0)
        player = Autoplayer(device)
        player.play(json.loads(json.dumps(record)))
        if end:
            player.press("c")
            player.press("b")
            player.press("c")
            v = player.view()
            player.pick(v, v["labels"].index("End game now and save it"))
            player.pick(player.view(), 1)  # "End and save"
        for _ in range(3):
            if player.view()["screen"].endswith("sheet"):
                player.press("a")
        if player.view()["screen"].endswith("sheet"):
            raise AssertionError("the score sheet did not file the game")
        return player.steps
