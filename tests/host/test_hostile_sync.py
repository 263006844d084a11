"""Issue 25's hostile cases for sync: a device file holding another game, a garbage line
on the wire, flipped bytes; each ends with the truth in one line, and nothing is lost."""

import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from ptyhelp import device, duelkeeper, synced, unsynced

from duelkeeper import sync
from duelkeeper.device import Device, DeviceError, _Line
from duelkeeper.errors import DuelkeeperError
from duelkeeper.log import Log
from duelkeeper.sim.fill import fill, one_file_each


@pytest.fixture(scope="module")
def four(tmp_path_factory: pytest.TempPathFactory) -> Path:
    flash = tmp_path_factory.mktemp("four") / "flash"
    fill(flash, 4, seed=11)
    return flash


@pytest.fixture
def flash(tmp_path: Path, four: Path) -> Path:
    shutil.copytree(four, tmp_path / "flash")
    return tmp_path / "flash"


def logged(db: Path) -> set[str]:
    with Log.open(db) as log:
        return {g.id for g in log.games()}


def test_a_file_holding_another_game_is_set_aside_once(tmp_path: Path, flash: Path) -> None:
    """Game 2's bytes under game 1's name: a raw copy kept, reported once, importable."""
    one_file_each(flash)  # a game a file, as the firmware before bundles kept them
    first, second = unsynced(flash)[:2]
    games = flash / "games"
    shutil.copyfile(games / (second + ".dk"), games / (first + ".dk"))
    db = tmp_path / "log.sqlite3"
    with device(flash) as d:
        done = duelkeeper("sync", "--port", d.path, "--db", str(db))
    assert done.returncode == 2, done.stderr
    err = [line for line in done.stderr.splitlines() if not line.startswith("sync: ")]
    copy = tmp_path / "quarantine" / (first + ".dk")
    assert err[0] == (
        "duelkeeper: game %s: wrong on the device's flash (its file holds game %s, not game %s):"
        " set aside on the device (a raw copy: %s)" % (first, second, first, copy)
    )
    assert err[-1] == "duelkeeper: 1 of 4 games not synced, set aside on the device: %s" % first
    assert copy.read_bytes() == (games / (first + ".bad")).read_bytes()
    assert logged(db) == set(synced(flash)) and len(logged(db)) == 3
    with device(flash) as d:  # the next sync has nothing to say about it
        again = duelkeeper("sync", "--port", d.path, "--db", str(db))
    assert again.returncode == 0 and first not in again.stderr + again.stdout
    imported = duelkeeper("import", "--db", str(db), str(copy))  # game 2, in the log already
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout == "0 new games, 1 already in the log\n"


@pytest.mark.parametrize("proto", [1, 2])
def test_a_garbage_line_with_every_game_synced_is_no_failure(
    tmp_path: Path, flash: Path, monkeypatch: pytest.MonkeyPatch, proto: int
) -> None:
    ids = unsynced(flash)
    stream = Device.stream

    def noisy(self: Device, code: str) -> Iterator[bytes]:
        if code.startswith("sync.info()") and proto == 1:
            for line in stream(self, code):
                yield line.replace(b"DK 2 ", b"DK 1 ")
            return
        if code.startswith(("sync.pull(", "sync.list(")):
            yield b"\x00\xffgarbage ]]"
        yield from stream(self, code)

    monkeypatch.setattr(Device, "stream", noisy)
    db = tmp_path / "log.sqlite3"
    with device(flash) as d:
        outcome = sync.run(d.path, db)
    assert (outcome.new, outcome.problems, outcome.ok) == (4, [], True)
    assert outcome.noise[0].startswith("a garbled line in the device's ")
    assert unsynced(flash) == [] and logged(db) == set(ids)


def test_an_early_end_mark_is_a_garbled_answer_not_a_failure_there(
    tmp_path: Path, flash: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A flipped byte that makes the output's end mark (Ctrl-D) early: the rest of the
    answer reads as the error output, which is no traceback."""
    read = _Line.read
    mark = b"\nEND "

    def early(self: _Line, size: int = 1) -> bytes:
        # The mark may arrive split over reads (a loaded machine): read on while what
        # came ends with a part of it, then give back what was not asked for.
        data = read(self, size)
        while data and any(data.endswith(mark[:n]) for n in range(1, len(mark))):
            more = read(self, 1)
            if not more:
                break
            data += more
        data = data.replace(mark, b"\x04END ")
        self.ahead = data[size:] + self.ahead
        return data[:size]

    with device(flash) as d:
        monkeypatch.setattr(_Line, "read", early)
        with pytest.raises(DeviceError) as caught:
            sync.run(d.path, tmp_path / "log.sqlite3")
    message = str(caught.value)
    assert "garbled on the line" in message and "failed: END" not in message, message
    assert len(unsynced(flash)) == 4


@pytest.mark.parametrize("seed", range(4))
def test_flipped_bytes_say_one_line_and_lose_nothing(
    tmp_path: Path, flash: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    ids = unsynced(flash)
    read = _Line.read
    rng = random.Random(seed)
    entered = Device.enter
    flipping = []

    def flipped(self: _Line, size: int = 1) -> bytes:
        data = bytearray(read(self, size))
        for i in range(len(data) if flipping else 0):
            if rng.random() < 0.01:
                data[i] ^= 1 << rng.randrange(8)
        return bytes(data)

    def enter(self: Device) -> None:
        entered(self)
        flipping.append(True)  # the raw REPL reached: the answers get flipped bytes

    monkeypatch.setattr(_Line, "read", flipped)
    monkeypatch.setattr(Device, "enter", enter)
    db = tmp_path / "log.sqlite3"
    with device(flash) as d:
        try:
            outcome = sync.run(d.path, db)
        except DuelkeeperError as e:
            message = str(e)
            assert "failed: END" not in message and len(message) < 300, message
            assert "\n" not in message
        else:
            assert outcome.ok or outcome.failure()
    assert set(ids) <= set(unsynced(flash)) | logged(db)  # every game there or here
