"""Issue 25: a device's roster that is not text, and names spelled (or written) there
that no record may hold. The device answers all the same, the PC learns only players'
names, says in one line what it left out, and the roster it sends mends the file."""

import json
from pathlib import Path

import pytest
from loghelp import store_made, trio
from ptyhelp import device, duelkeeper

from duelkeeper import players
from duelkeeper.log import Log

HOSTILE = [
    "Evil\x1b[2J\x1b]0;pwn\x07",
    "N" * 3000,
    "\u202eRLO",
    "Z\u200bW",
    " Spaced ",
]
ACTED_ON = {"\x1b", "\x07", "\u202e", "\u200b"}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "log.sqlite3"
    store_made(path, trio())
    return path


def hostile_flash(flash: Path) -> None:
    flash.mkdir(parents=True)
    lines = [b"=Ann", b"+Zed", b"+Z\xffed\xc3", b"=\xe2\x82"]
    lines += [("+" + n).encode() for n in HOSTILE]
    (flash / "roster.txt").write_bytes(b"\n".join(lines) + b"\n")
    (flash / "settings.json").write_text(json.dumps({"names": ["Ann", "Bad\x1b[31m"]}))


def known(db: Path) -> set[str]:
    with Log.open(db) as log:
        return {p.name for p in players.players(log)}


def test_a_hostile_roster_is_left_out_and_mended(tmp_path: Path, db: Path) -> None:
    """Through sync; deploy's roster step is the same call (roster.exchange), and deploy
    itself needs a board with a ROMFS: tests/rp2/test_deploy_rp2.py runs it there."""
    flash = tmp_path / "flash"
    hostile_flash(flash)
    with device(flash) as d:
        done = duelkeeper("sync", "--port", d.path, "--db", str(db))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "UnicodeError" not in done.stderr
    assert not set(done.stdout + done.stderr) & ACTED_ON
    last = done.stdout.splitlines()[-1]
    assert last == (
        "roster: 4 names on the device; new from it: Zed; "
        "left out: 8 of its names, unreadable or no player's name"
    )
    assert known(db) == {"Ann", "Bob", "Cy", "Zed"}
    assert (flash / "roster.txt").read_text() == "=Ann\n=Bob\n=Cy\n=Zed\n"  # mended
    with device(flash) as d:  # and the next sync has nothing to leave out
        again = duelkeeper("sync", "--port", d.path, "--db", str(db))
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[-1] == (
        "roster: 4 names on the device; left out: 1 of its names, unreadable or no player's name"
    )  # the settings' recent name, which the PC does not write
