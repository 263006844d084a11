"""Games by GPIO presses on the emulated boards, frame by frame against the simulator.

Each game's button script comes from the autoplayer (rp2help.filed_script). It is played
on the simulator (MicroPython VM, the .mpy build) and on the emulated board (the same
build on MicroPython's real rp2 port); after every gesture both settle and the frame on
screen must be the same, pixel for pixel: on the board it is the panel model's image,
decoded from what the driver sent on SPI, not the framebuffer. A synced game is then
read from the board over its emulated USB with `duelkeeper sync`, and the log's entry
must be the game entered, scored as `duelkeeper replay` scores it. A game stopped before
its end travels the same way, but the log keeps finished games only: sync sets it aside
in the quarantine folder, and that copy must be the game entered.

Played here (docs/tests.md says why these and no more): a complete 7 Wonders Duel game
and a Splendor Duel game's first 39 events (every kind of event), then ended from the C
menu as a table stops one, on the Badger 2040 (UC8151, five buttons active high); an
Antike Duellum game (24 events, then ended the same way) on the Pico-ePaper-2.9
(SSD1680, five buttons active low); and on the Pico Inky Pack (UC8151, three buttons
active low) the setup and first two events of a 7WD game, then ended from the C menu:
its three buttons tapped and held on the real port. The stopped games open the C menu
and go back with B first. The games run once per session, two at a time when this file
runs alone (two cores) and one at a time in one of `make test`'s workers, whose other
worker has the other core; the tests read their outcomes.
"""

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from rp2help import PLAYERS, board_frames, buttons_of, filed_script, needs_rp2, sim_frames

from duelkeeper.log import Log
from duelkeeper.rp2.device import Rp2Device
from duelkeeper_dev.tablegame import antike_record, splendor_record, table_record

pytestmark = needs_rp2
COMMAND = str(Path(sys.executable).with_name("duelkeeper"))


class Job(NamedTuple):
    kind: str
    board: str
    events: int | None  # None: the whole game; else that many, then ended from the C menu
    sync: bool  # then synced from the board over its USB


# The longest first (gestures: 239, 215, 83, 54), so that the two at a time end together.
JOBS = [
    Job("7wd", "badger2040", None, True),
    Job("splendor-duel", "badger2040", 39, True),
    Job("antike-duellum", "pico_epaper_2in9", 24, True),
    Job("7wd", "pico_inky_pack", 2, False),
]
IDS = ["%s-%s" % job[:2] for job in JOBS]
SYNCED = [job for job in JOBS if job.sync]


def canonical(setup: dict[str, Any]) -> dict[str, Any]:
    """A setup with its lists in order (each player's wonders, the tokens)."""
    out = dict(setup)
    for key in ("progress", "box_progress"):
        if key in out:
            out[key] = sorted(out[key])
    if isinstance(out.get("wonders"), list):
        out["wonders"] = [sorted(w) for w in out["wonders"]]
    return out


class Played(NamedTuple):
    record: dict[str, Any]
    gestures: int
    sim: list[bytes | None]
    board: list[bytes | None]
    panel: dict[str, Any]
    sync: subprocess.CompletedProcess[str] | None  # None: not synced
    logged: list[Any]
    quarantined: list[dict[str, Any]]  # the records sync set aside (a game not over)


def _record(job: Job) -> dict[str, Any]:
    """The record to enter: the whole game, or its first ``job.events`` events."""
    if job.kind == "7wd":
        record = table_record(3)
    elif job.kind == "splendor-duel":
        record = splendor_record(2)  # its first 39 hold every kind (a return too), no choice open
    else:
        record = antike_record(1, events=job.events or 30)
    if job.events is not None:
        record["events"] = record["events"][: job.events]
    record["players"] = list(PLAYERS)  # no spelling on a fresh flash
    return record


def _play(job: Job, root: Path) -> Played:
    record = _record(job)
    buttons = buttons_of(job.board)
    steps = filed_script(record, buttons, root / "auto", job.events is not None)
    sim = sim_frames(steps, buttons, root / "sim")
    with Rp2Device(root / "rp2", job.board) as device:
        frames = board_frames(device, steps)
        panel = device.board.panel()
        sync, logged = None, []
        if job.sync:
            device.board.free_run(True)
            db = root / "log.sqlite3"
            sync = subprocess.run(
                [COMMAND, "sync", "--port", device.board.path, "--db", str(db)],
                capture_output=True,
                text=True,
                timeout=300,
            )
    if sync is not None:
        with Log.open(db) as log:
            logged = list(log.games())
    aside = [json.loads(p.read_text()) for p in sorted((root / "quarantine").glob("*.json"))]
    return Played(record, len(steps), sim, frames, panel, sync, logged, aside)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[Job, Played]:
    root = tmp_path_factory.mktemp("games")
    # pytest-xdist names its workers: there the other core is the other worker's.
    with ThreadPoolExecutor(max_workers=1 if "PYTEST_XDIST_WORKER" in os.environ else 2) as pool:
        futures = {
            job: pool.submit(_play, job, root / name) for job, name in zip(JOBS, IDS, strict=True)
        }
        return {job: f.result() for job, f in futures.items()}


@pytest.mark.parametrize("job", JOBS, ids=IDS)
def test_every_frame_on_the_panel_is_the_simulators(played: dict[Job, Played], job: Job) -> None:
    run = played[job]
    assert len(run.board) == len(run.sim) == run.gestures + 1
    differ = [i for i, (a, b) in enumerate(zip(run.sim, run.board, strict=True)) if a != b]
    assert differ == [], f"{len(differ)} of {len(run.sim)} frames differ, first: {differ[0]}"
    assert run.panel["errors"] == []  # nothing sent while busy, no stray data
    assert run.panel["full"] >= 1 and run.panel["partial"] >= 1


@pytest.mark.parametrize("job", SYNCED, ids=["%s-%s" % job[:2] for job in SYNCED])
def test_the_game_synced_from_the_board_is_the_game_entered(
    played: dict[Job, Played], job: Job, tmp_path: Path
) -> None:
    run = played[job]
    entered = run.record
    assert run.sync is not None
    if job.events is not None:  # stopped before its end: set aside whole, not logged
        assert run.sync.returncode == 2
        assert "is not over; the log keeps finished games" in run.sync.stderr
        assert run.logged == []
        [aside] = run.quarantined
        assert aside["game"] == entered["game"] and aside["players"] == entered["players"]
        assert aside["setup"] == entered["setup"] and aside["events"] == entered["events"]
        return
    assert run.sync.returncode == 0, run.sync.stderr
    assert "synced (1 new, 0 already in the log)" in run.sync.stdout
    assert run.quarantined == []
    [game] = run.logged
    assert game.game == entered["game"]
    assert game.record["players"] == entered["players"]
    # the device keeps the wonders and tokens in the order marked in a list (docs/7wd.md)
    assert canonical(game.record["setup"]) == canonical(entered["setup"])
    assert game.record["events"] == entered["events"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(game.record))
    replayed = subprocess.run(
        [COMMAND, "replay", str(path)], capture_output=True, text=True, timeout=60
    )
    assert replayed.returncode == 0, replayed.stderr
    assert game.result == json.loads(replayed.stdout)
