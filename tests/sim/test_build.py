"""The device build (duelkeeper.sim.device.build): the modules and the data files beside
them, and a cache key that changes with either."""

import shutil
from pathlib import Path

import pytest

from duelkeeper.repo import ROOT
from duelkeeper.sim import device


@pytest.mark.parametrize("mpy", [True, False], ids=["mpy", "source"])
def test_build_ships_the_catalogs(mpy: bool, tmp_path: Path) -> None:
    device.build(tmp_path, mpy)
    files = device.shipped(tmp_path)
    for code in ("en", "ja", "ru"):
        catalog = ROOT / "firmware" / "gfx" / ("lang-%s.bin" % code)
        assert files["/lib/firmware/gfx/lang-%s.bin" % code].read_bytes() == catalog.read_bytes()
    assert "/lib/firmware/gfx/glyphs.bin" not in files  # what they are built from
    suffix = ".mpy" if mpy else ".py"
    assert "/lib/firmware/gfx/canvas" + suffix in files
    assert {Path(p).suffix for p in files} == {suffix, ".bin"}


def test_cache_key_follows_the_data_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    firmware = tmp_path / "firmware"
    shutil.copytree(ROOT / "firmware", firmware, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setitem(device.PACKAGES, "firmware", firmware)
    key = device._fingerprint(True)
    assert device._fingerprint(True) == key
    glyphs = firmware / "gfx" / "lang-en.bin"
    data = glyphs.read_bytes()
    glyphs.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    assert device._fingerprint(True) != key
