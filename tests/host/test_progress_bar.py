"""The progress of a sync or an import: tqdm's bar on a terminal (games done, games a
second, time left), plain lines when stderr is a file or a pipe, nothing for a handful."""

import fcntl
import io
import json
import os
import select
import shutil
import struct
import subprocess
import termios
from pathlib import Path

import pytest
from ptyhelp import COMMAND, device, duelkeeper

from duelkeeper.progress import Progress
from duelkeeper.randomgame import random_record
from duelkeeper.sim.fill import fill


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_plain_lines_each_tenth_with_rate_and_time_left() -> None:
    out = io.StringIO()
    clock = Clock()
    p = Progress("sync", out, clock)
    p.start(20)
    for done in range(1, 21):
        clock.now += 0.5  # two games a second
        p.update(done)
    p.end()
    lines = out.getvalue().splitlines()
    assert len(lines) == 10
    assert lines[0] == "sync: 2/20 games, 2.0 games/s, 9 s left"
    assert lines[4] == "sync: 10/20 games, 2.0 games/s, 5 s left"
    assert lines[-1] == "sync: 20/20 games, 2.0 games/s, 0 s left"
    assert "\r" not in out.getvalue()


def test_bar_on_a_terminal() -> None:
    out = Tty()
    p = Progress("import", out)
    p.start(8)
    for done in range(1, 9):
        p.update(done)
    p.end()
    text = out.getvalue()
    assert "\r" in text and text.endswith("\n")
    last = text.rstrip("\n").split("\r")[-1]
    assert last.startswith("import: 100%|") and " 8/8 games, " in last
    assert " games/s, " in last and last.endswith(" left")


@pytest.mark.parametrize("stream", [Tty(), io.StringIO()], ids=["terminal", "file"])
def test_nothing_for_a_handful(stream: io.StringIO) -> None:
    p = Progress("sync", stream)
    p.start(5)
    for done in range(1, 6):
        p.update(done)
    p.end()
    assert stream.getvalue() == ""


def _with_stderr_on_a_terminal(args: list[str]) -> tuple[int, str]:
    """Run the command with its stderr on a new pseudo-terminal; (status, what it drew)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))  # 100 columns
    proc = subprocess.Popen([COMMAND, *args], stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    drawn = b""
    while True:
        ready, _, _ = select.select([master], [], [], 60)
        try:
            chunk = os.read(master, 4096) if ready else b""
        except OSError:  # the pty's other side is closed: the command ended
            chunk = b""
        if not chunk:
            break
        drawn += chunk
    os.close(master)
    return proc.wait(timeout=60), drawn.decode()


@pytest.fixture(scope="module")
def seven(tmp_path_factory: pytest.TempPathFactory) -> Path:
    flash = tmp_path_factory.mktemp("seven") / "flash"
    fill(flash, 7, seed=3)
    return flash


def test_sync_draws_a_bar_on_a_terminal(tmp_path: Path, seven: Path) -> None:
    flash = tmp_path / "flash"
    shutil.copytree(seven, flash)
    with device(flash) as d:
        status, drawn = _with_stderr_on_a_terminal(
            ["sync", "--port", d.path, "--db", str(tmp_path / "log.sqlite3")]
        )
    assert status == 0, drawn
    assert "\r" in drawn and "7/7 games, " in drawn and " games/s, " in drawn


def test_sync_writes_plain_lines_into_a_pipe(tmp_path: Path, seven: Path) -> None:
    flash = tmp_path / "flash"
    shutil.copytree(seven, flash)
    with device(flash) as d:
        done = duelkeeper("sync", "--port", d.path, "--db", str(tmp_path / "log.sqlite3"))
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 7 and "\r" not in done.stderr  # a line a tenth: each of 7 games
    assert lines[0].startswith("sync: 1/7 games, ") and lines[-1].startswith("sync: 7/7 games, ")
    assert all(" games/s, " in line and line.endswith(" left") for line in lines)


def test_import_shows_progress_both_ways(tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    records = [random_record("7wd", seed) for seed in range(12)]
    games.write_text("".join(json.dumps(r) + "\n" for r in records))
    piped = duelkeeper("import", str(games), "--db", str(tmp_path / "a.sqlite3"))
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout == "12 new games, 0 already in the log\n"
    assert [line.split(",")[0] for line in piped.stderr.splitlines()] == [
        "import: %d/12 games" % n for n in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
    ]
    status, drawn = _with_stderr_on_a_terminal(
        ["import", str(games), "--db", str(tmp_path / "b.sqlite3")]
    )
    assert status == 0 and "\r" in drawn and "12/12 games, " in drawn
