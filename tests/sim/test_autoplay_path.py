"""The autoplayer's shortest way through a list agrees with the firmware's moves."""

import sys

import pytest

from duelkeeper.repo import ROOT
from duelkeeper.shims import install
from duelkeeper_dev.autoplay import jump, path


@pytest.fixture(scope="module")
def firmware_jump():  # type: ignore[no-untyped-def]
    install()
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from firmware.screens.menu import jump as fj

    return fj


@pytest.mark.parametrize("groups", [[0], [0, 3], [0, 2, 5, 9], [0, 1, 2, 3]])
def test_jump_is_the_firmwares(firmware_jump, groups: list[int]) -> None:  # type: ignore[no-untyped-def]
    for i in range(12):
        for down in (True, False):
            assert jump(groups, i, down) == firmware_jump(groups, i, down)


def test_paths() -> None:
    assert path(10, 0, 0, None) == []
    assert path(10, 0, 3, None) == ["down"] * 3
    assert path(10, 0, 8, None) == ["up", "up"]
    # Groups: the jump to 6 beats six presses down.
    assert path(20, 0, 6, [0, 6, 12]) == ["long down"]
    assert path(20, 0, 13, [0, 6, 12]) == ["long up", "down"]  # round to the last group
    assert len(path(20, 0, 17, [0, 6, 12])) == 3
