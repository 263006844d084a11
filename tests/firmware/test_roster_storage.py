"""The device's roster (firmware/storage/settings.py): the PC's names, names spelled here, its
bound, renames in the settings, and a power cut at every unit of a write."""

import sys
from pathlib import Path

import pytest
from powercut import Flash, PowerCut
from test_storage import installed

from duelkeeper.repo import ROOT

if str(ROOT) not in sys.path:  # the firmware package sits at the top of the checkout
    sys.path.insert(0, str(ROOT))

from firmware.storage import Storage  # noqa: E402


def test_names_from_the_pc_and_spelled_here(tmp_path: Path) -> None:
    s = Storage(str(tmp_path))
    assert s.roster() == [] and s.roster(True) == []
    assert s.set_roster(("Ann", "Bob"), {}) == 2
    s.add_name("Zed")
    s.add_name("Bob")  # known: nothing new
    s.add_name("Zed")
    assert (tmp_path / "roster.txt").read_text() == "=Ann\n=Bob\n+Zed\n"
    assert s.roster() == ["Ann", "Bob", "Zed"] and s.roster(True) == ["Zed"]
    (tmp_path / "roster.txt").write_text("=Ann\nnoise\n\n+\n+Zed")  # a hand-edited file
    assert s.roster() == ["Ann", "Zed"]


def test_names_spelled_here_push_the_least_played_out(tmp_path: Path) -> None:
    s = Storage(str(tmp_path))
    pcs = tuple("Player%02d" % i for i in range(40))  # 10 bytes a line: 400
    s.set_roster(pcs, {})
    for i in range(15):
        s.add_name("New%02d" % i)
    data = (tmp_path / "roster.txt").read_bytes()
    assert len(data) <= 512
    assert s.roster(True) == ["New%02d" % i for i in range(15)]  # all kept
    assert s.roster()[:3] == ["Player00", "Player01", "Player02"]  # the most played stay


def test_renames_apply_to_the_seats_and_recent_names(tmp_path: Path) -> None:
    s = Storage(str(tmp_path))
    s.save_settings({"players": ["Ann", "Cy"], "names": ["Cy", "Bob", "Ann"], "game": "7wd"})
    s.set_roster(("Anne", "Bob"), {"Ann": "Anne", "Cy": "Bob"})
    assert s.settings() == {"players": ["Anne", "Bob"], "names": ["Bob", "Anne"], "game": "7wd"}
    s.save_settings({"players": ["Bob", "Cy"]})
    s.set_roster(("Bob",), {"Cy": "Bob"})
    assert s.settings() == {"players": ["Bob", "Cy"]}  # not "Bob vs Bob"


@pytest.mark.parametrize(("kind", "rename_over"), [("torn", True), ("lfs", True), ("lfs", False)])
def test_a_power_cut_leaves_one_roster_or_the_other(
    tmp_path: Path, kind: str, rename_over: bool
) -> None:
    s = Storage(str(tmp_path))
    s.set_roster(("Ann", "Bob"), {})
    before = s.roster()
    cut = 0
    while True:
        try:
            with installed(Flash(kind, cut, rename_over)):
                s.add_name("Zed")
        except PowerCut:
            assert s.roster() in (before, before + ["Zed"]), cut
            s.set_roster(("Ann", "Bob"), {})
            cut += 1
            continue
        break
    assert s.roster() == before + ["Zed"] and cut > 2
