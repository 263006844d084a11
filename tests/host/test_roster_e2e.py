"""The roster end to end: the log's players to the simulated device at sync (at deploy on
the emulated board: tests/rp2/test_deploy_rp2.py), chosen there in a few presses, a name spelled
there back into the log at the next sync, and renames and merges reaching the device's
settings."""

import json
import shutil
from pathlib import Path

import pytest
from loghelp import store_made, trio
from ptyhelp import device, duelkeeper

from duelkeeper import players, roster
from duelkeeper.errors import DuelkeeperError
from duelkeeper.log import Log
from duelkeeper.program import cached_build
from duelkeeper.repo import ROOT
from duelkeeper.sim.device import Device as SimDevice
from duelkeeper_dev.autoplay import Autoplayer


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """Ann 3 games, Bob 2, Cy 1 (Cy never met Bob)."""
    path = tmp_path / "log.sqlite3"
    store_made(path, trio())
    return path


def roster_file(flash: Path) -> list[str]:
    return (flash / "roster.txt").read_text().splitlines()


def settings(flash: Path) -> dict[str, object]:
    value: dict[str, object] = json.loads((flash / "settings.json").read_text())
    return value


def synced_now(flash: Path, db: Path) -> str:
    with device(flash) as d:
        done = duelkeeper("sync", "--port", d.path, "--db", str(db))
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()[-1]


def test_round_trip_log_device_new_name_log(tmp_path: Path, db: Path) -> None:
    flash = tmp_path / "flash"
    assert synced_now(flash, db) == "roster: 3 names on the device"
    assert roster_file(flash) == ["=Ann", "=Bob", "=Cy"]  # most played first

    # On the device (the real MicroPython VM): both seats from the roster, in few presses.
    with SimDevice(flash) as sim:
        sim.step(0)
        ap = Autoplayer(sim)
        ap.pick(sim.view(), 0)  # 7 Wonders Duel
        ap.pick(sim.view(), 1)  # Player 1 ...
        assert sim.view()["labels"] == ["New name...", "Edit Player 1", "Ann", "Bob", "Cy"]
        before = len(ap.steps)
        ap.pick(sim.view(), 2)  # ... Ann
        ap.pick(sim.view(), 2)  # Player 2 ...
        ap.pick(sim.view(), 3)  # ... Bob
        assert sim.view()["labels"][1:3] == ["Player 1: Ann", "Player 2: Bob"]
        assert len(ap.steps) - before == 4  # a; down, a; a: each list opens on a free name
        # A new player, spelled letter by letter, for seat 2.
        ap.pick(sim.view(), 2)
        ap.pick(sim.view(), 0)  # New name...
        for letter in "ZED":
            alphabet = sim.view()["alphabet"]
            for _ in range((alphabet.index(letter) - sim.view()["cur"]) % len(alphabet)):
                ap.press("down")
            ap.press("a")
        ap.press("c")
        assert sim.view()["labels"][1:3] == ["Player 1: Ann", "Player 2: Zed"]
    assert roster_file(flash) == ["=Ann", "=Bob", "=Cy", "+Zed"]

    assert synced_now(flash, db) == "roster: 4 names on the device; new from it: Zed"
    with Log.open(db) as log:
        assert [(p.name, p.games) for p in players.players(log)][-1] == ("Zed", 0)
    assert roster_file(flash) == ["=Ann", "=Bob", "=Cy", "=Zed"]
    assert synced_now(flash, db) == "roster: 4 names on the device"  # learned once


def test_rename_and_merge_reach_the_device(tmp_path: Path, db: Path) -> None:
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "settings.json").write_text(
        json.dumps({"players": ["Ann", "Cy"], "names": ["Cy", "Ann", "Bob"], "board": "sim"})
    )
    with Log.open(db) as log:
        players.rename(log, "Ann", "Anne")
        players.merge(log, "Cy", "Bob")
    line = synced_now(flash, db)
    assert line == "roster: 2 names on the device; renamed there: Ann to Anne, Cy to Bob"
    assert roster_file(flash) == ["=Anne", "=Bob"]
    assert settings(flash) == {"players": ["Anne", "Bob"], "names": ["Bob", "Anne"], "board": "sim"}


def test_seats_merged_into_one_player_stay_as_they_were(tmp_path: Path, db: Path) -> None:
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "settings.json").write_text(json.dumps({"players": ["Bob", "Cy"]}))
    with Log.open(db) as log:
        players.merge(log, "Cy", "Bob")
    synced_now(flash, db)
    assert settings(flash) == {"players": ["Bob", "Cy"]}  # never "Bob vs Bob"


def test_a_device_without_the_roster_still_syncs(tmp_path: Path, db: Path) -> None:
    """Firmware from before the roster (its sync.py without names() and roster(), in the
    flash's /lib, which comes first): the games sync, the roster is said not sent."""
    flash = tmp_path / "flash"
    lib = flash / "lib" / "firmware"
    shutil.copytree(cached_build() / "firmware", lib)
    (lib / "sync.mpy").unlink()
    source = (ROOT / "firmware" / "sync.py").read_text()
    (lib / "sync.py").write_text(source[: source.index("\n\ndef names(")] + "\n")
    with device(flash, games=2) as d:
        done = duelkeeper("sync", "--port", d.path, "--db", str(db))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-2:] == [
        "device %s: 2 games synced (2 new, 0 already in the log)" % done.stdout.split()[1][:-1],
        "roster not sent: the device's firmware predates it (`duelkeeper deploy` updates it)",
    ]
    assert not (flash / "roster.txt").exists()


@pytest.mark.parametrize(
    ("lines", "why"),
    [
        ([], "the device's names are garbled: \\[\\]"),
        ([b"NAME +Zed", b"END 2"], "garbled: \\[b'END 2'\\]"),
        ([b"NAME Zed", b"END 1"], "garbled: b'NAME Zed'"),
        ([b"NAME +", b"END 1"], "garbled: b'NAME \\+'"),
    ],
)
def test_garbled_names_are_one_line(lines: list[bytes], why: str) -> None:
    with pytest.raises(DuelkeeperError, match=why):
        roster.read_names(lines)
    assert roster.read_names([b"NAME +Zed", b"NAME =Ann B", b"END 2"]) == (["Zed"], ["Ann B"], 0)


@pytest.mark.parametrize(("lang", "name"), [("ru", "Зоя"), ("ja", "タナカ")])
def test_a_name_in_the_languages_letters_reaches_the_log_and_comes_back(
    tmp_path: Path, db: Path, lang: str, name: str
) -> None:
    """Spelled with the picker's Cyrillic or katakana (the real MicroPython VM): the log
    learns it as written, and the roster sends it back (the device draws it)."""
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "settings.json").write_text(json.dumps({"lang": lang}))
    with SimDevice(flash) as sim:
        sim.step(0)
        ap = Autoplayer(sim)
        ap.pick(sim.view(), 0)  # 7 Wonders Duel
        ap.pick(sim.view(), 1)  # Player 1 ...
        ap.pick(sim.view(), 0)  # New name...
        ap.spell(name)
    assert roster_file(flash) == ["+" + name]
    assert synced_now(flash, db) == "roster: 4 names on the device; new from it: %s" % name
    with Log.open(db) as log:
        assert ("%s" % name, 0) in [(p.name, p.games) for p in players.players(log)]
    assert "=" + name in roster_file(flash)
    assert settings(flash)["players"] == [name, "Player 2"]
