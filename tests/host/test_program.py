"""The program's build (duelkeeper.program.build): the modules and the data files beside
them, and a cache key that changes with either."""

import shutil
from pathlib import Path

import pytest

from duelkeeper import program
from duelkeeper.repo import ROOT


@pytest.mark.parametrize("mpy", [True, False], ids=["mpy", "source"])
def test_build_ships_the_catalogs(mpy: bool, tmp_path: Path) -> None:
    program.build(tmp_path, mpy)
    files = program.shipped(tmp_path)
    for name in ("glyphs.bin", "lang-en.bin", "lang-ja.bin", "lang-ru.bin", "fonts-licences.txt"):
        data = (ROOT / "firmware" / "gfx" / name).read_bytes()
        assert files["/lib/firmware/gfx/" + name].read_bytes() == data
    suffix = ".mpy" if mpy else ".py"
    assert "/lib/firmware/gfx/canvas" + suffix in files
    assert {Path(p).suffix for p in files} == {suffix, ".bin", ".txt"}


@pytest.mark.parametrize("name", ["glyphs.bin", "lang-en.bin"])
def test_cache_key_follows_the_data_files(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    firmware = tmp_path / "firmware"
    shutil.copytree(ROOT / "firmware", firmware, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setitem(program.PACKAGES, "firmware", firmware)
    key = program._fingerprint(True)
    assert program._fingerprint(True) == key
    path = firmware / "gfx" / name
    data = path.read_bytes()
    path.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    assert program._fingerprint(True) != key
