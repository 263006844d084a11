"""duelkeeper.files.write_atomic: a file written whole or not at all, and nothing else
changed on the way (issue 33). test_hostile_cli.py writes through it from the command
(a full disk, a folder, ``-o -``); these are the helper's own cases."""

import os
import stat
from pathlib import Path

import pytest

from duelkeeper.errors import DuelkeeperError
from duelkeeper.files import write_atomic


def test_a_new_file_gets_the_mode_open_would_give_it(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.txt", "Анна\n")
    finally:
        os.umask(old)
    assert (tmp_path / "new.txt").read_bytes() == "Анна\n".encode()
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640
    assert os.listdir(tmp_path) == ["new.txt"]


def test_a_long_name_is_no_longer_with_its_temporary(tmp_path: Path) -> None:
    name = "x" * 250 + ".csv"  # near the 255 bytes a name may have
    write_atomic(tmp_path / name, b"data")
    assert (tmp_path / name).read_bytes() == b"data"


def test_a_link_stays_a_link_and_its_file_is_written(tmp_path: Path) -> None:
    (tmp_path / "real.csv").write_text("old")
    (tmp_path / "link.csv").symlink_to("real.csv")
    write_atomic(tmp_path / "link.csv", "new")
    assert (tmp_path / "link.csv").is_symlink()
    assert (tmp_path / "real.csv").read_text() == "new"


def test_a_device_is_written_not_replaced() -> None:
    """``-o /dev/null`` (or /dev/stdout): written as it is; renaming over it, as root,
    would have replaced the device with a file."""
    write_atomic("/dev/null", b"nothing")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a file to another owner")
def test_the_owner_of_the_file_before_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "theirs.csv"
    path.write_text("old")
    os.chown(path, 65534, 65534)
    write_atomic(path, "new")
    assert (path.stat().st_uid, path.stat().st_gid) == (65534, 65534)
    assert path.read_text() == "new"


def test_a_missing_folder_is_one_line_and_leaves_nothing(tmp_path: Path) -> None:
    with pytest.raises(DuelkeeperError) as caught:
        write_atomic(tmp_path / "no" / "x.csv", "x")
    assert str(caught.value) == "%s: cannot write (No such file or directory)" % (
        tmp_path / "no" / "x.csv"
    )
    assert os.listdir(tmp_path) == []
