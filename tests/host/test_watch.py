"""`duelkeeper sync --watch`: boards found by USB vendor id through an injected port
lister, the simulated device on a pty as the board, each plug-in synced once, a board
that cannot be reached left after a few tries, and Ctrl-C a clean end."""

import signal
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from ptyhelp import COMMAND, device, synced, unsynced
from sighelp import sigint_default

from duelkeeper import cli, sync, watch
from duelkeeper.device import PICO_VID, DeviceError
from duelkeeper.errors import DuelkeeperError
from duelkeeper.log import Log
from duelkeeper.sim.fill import fill


def port(path: str, vid: int = PICO_VID) -> SimpleNamespace:
    return SimpleNamespace(device=path, vid=vid)


def scripted(
    rounds: list[list[SimpleNamespace]], between: Callable[[int], None] = lambda k: None
) -> tuple[Callable[[], Iterable[Any]], Callable[[float], None]]:
    """A lister that answers ``rounds`` in turn, and a pause that calls ``between(k)``
    after round k and presses Ctrl-C after the last."""
    at = [0]

    def lister() -> list[SimpleNamespace]:
        return rounds[at[0]]

    def pause(seconds: float) -> None:
        assert seconds == watch.POLL
        between(at[0])
        at[0] += 1
        if at[0] == len(rounds):
            raise KeyboardInterrupt

    return lister, pause


def test_each_plug_in_is_synced_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    flash = tmp_path / "flash"
    db = tmp_path / "log.sqlite3"
    fill(flash, 2, seed=4)
    with device(flash) as d:
        other = port("/dev/ttyUSB7", vid=0x1A86)  # a serial adapter, not a Pico: left alone
        pico = port(d.path)
        first = unsynced(flash)

        def between(k: int) -> None:
            if k == 3:  # unplugged: two more games are played meanwhile
                fill(flash, 2, seed=6)

        lister, pause = scripted([[other], [other, pico], [pico], [], [pico], [pico]], between)
        monkeypatch.setattr(watch, "comports", lister)
        monkeypatch.setattr(watch, "sleep", pause)
        assert cli.main(["sync", "--watch", "--db", str(db)]) == 0
    out, err = capsys.readouterr()
    assert out.count(" games synced ") == 2
    assert ": 2 games synced (2 new, 0 already in the log)\nroster: " in out
    assert err.splitlines() == [
        "duelkeeper: waiting for a board on USB (Ctrl-C to stop)",
        "duelkeeper: waiting for the next board (Ctrl-C to stop)",
        "duelkeeper: waiting for the next board (Ctrl-C to stop)",
        "duelkeeper: stopped watching",
    ]
    assert unsynced(flash) == [] and len(synced(flash)) == 4 and set(first) < set(synced(flash))
    with Log.open(db) as log:
        assert log.count() == 4


def test_a_board_out_of_reach_is_tried_then_left(capsys: pytest.CaptureFixture[str]) -> None:
    tries: list[str] = []

    def failing(path: str) -> None:
        tries.append(path)
        raise DeviceError("%s: cannot open the port" % path)

    gone = port("/dev/ttyACM9")
    lister, pause = scripted([[gone]] * 6 + [[], [gone]])
    with pytest.raises(KeyboardInterrupt):
        watch.watch(failing, lister, pause)
    assert tries == ["/dev/ttyACM9"] * (watch.TRIES + 1)  # three, then once more replugged
    err = capsys.readouterr().err.splitlines()
    assert err[1] == (
        "duelkeeper: /dev/ttyACM9: cannot open the port; left until it is plugged in again"
    )


def test_a_failed_sync_is_one_line_and_the_watch_goes_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    seen: list[str] = []

    def refusing(path: str) -> None:
        seen.append(path)
        raise DuelkeeperError("1 of 3 games not synced, left on the device: x")

    lister, pause = scripted([[port("/dev/ttyACM0")], [port("/dev/ttyACM0"), port("/dev/ttyACM1")]])
    with pytest.raises(KeyboardInterrupt):
        watch.watch(refusing, lister, pause)
    assert seen == ["/dev/ttyACM0", "/dev/ttyACM1"]
    assert capsys.readouterr().err.count("1 of 3 games not synced") == 2


def test_ctrl_c_in_a_sync_loses_nothing(tmp_path: Path) -> None:
    flash = tmp_path / "flash"
    db = tmp_path / "log.sqlite3"
    fill(flash, 3, seed=8)
    ids = unsynced(flash)
    with device(flash) as d:

        def interrupted(path: str) -> None:
            def after(step: str, game: str | None) -> None:
                if step == "commit":
                    raise KeyboardInterrupt  # Ctrl-C with the games in the log, not acked

            sync.run(path, db, after=after)

        lister, pause = scripted([[port(d.path)]])
        with pytest.raises(KeyboardInterrupt):
            watch.watch(interrupted, lister, pause)
        outcome = sync.run(d.path, db)
    assert synced(flash) == ids  # acknowledged by the second sync, which finds them logged
    assert (outcome.new, outcome.known, outcome.problems) == (0, 3, [])
    with Log.open(db) as log:
        assert sorted(g.id for g in log.games()) == ids


def test_ctrl_c_ends_the_command_cleanly(tmp_path: Path) -> None:
    """The installed command, waiting with no board plugged in, and SIGINT."""
    proc = subprocess.Popen(
        [COMMAND, "sync", "--watch", "--db", str(tmp_path / "log.sqlite3")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=sigint_default,
    )
    assert proc.stderr is not None
    assert proc.stderr.readline() == "duelkeeper: waiting for a board on USB (Ctrl-C to stop)\n"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0
    assert (out, err) == ("", "duelkeeper: stopped watching\n")


def test_watch_takes_no_port(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["sync", "--watch", "--port", "/dev/ttyACM0"]) == 2
    assert capsys.readouterr().err == (
        "duelkeeper: --watch finds the boards by their USB vendor id: no --port\n"
    )
