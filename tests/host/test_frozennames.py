"""The names the base firmware freezes (duelkeeper_dev.frozennames): read from the program's
.mpy files as mpy-cross writes them, and a frozen module that keeps each one a name."""

from pathlib import Path

import pytest

from duelkeeper import mpycross, uf2
from duelkeeper_dev import frozennames

LONG = "a text of more than ten characters"


def _mpy(tmp_path: Path, source: str) -> bytes:
    src = tmp_path / "m.py"
    src.write_text(source, encoding="utf-8")
    mpycross.compile_file(src, tmp_path / "m.mpy")
    return (tmp_path / "m.mpy").read_bytes()


def test_an_mpy_gives_its_names_and_its_string_constants(tmp_path: Path) -> None:
    data = _mpy(
        tmp_path,
        "def relative_score(player_one):\n"
        "    return (player_one.points, %r, 'short', b'bytes here, long', (%r,))\n"
        % (LONG, "in a tuple, long"),
    )
    names, texts = frozennames.of_mpy(data)
    assert {"relative_score", "player_one", "points", "short"} <= set(names)
    assert LONG in texts and "in a tuple, long" in texts
    assert not any("bytes here" in t for t in texts)  # bytes are not strings


def test_the_list_has_names_long_texts_and_paths_but_not_what_cannot_be_a_name(
    tmp_path: Path,
) -> None:
    too_long = "x" * (frozennames.LONGEST + 1)
    data = _mpy(tmp_path, "def f(a_name):\n    return (%r, %r, 'ab')\n" % (LONG, too_long))
    listed = frozennames.names({"firmware/m.mpy": data, "firmware/lang-en.bin": b"M\x06"})
    assert "a_name" in listed and LONG in listed and "ab" in listed
    assert "/rom/firmware/m.mpy" in listed  # the module's __file__ on the board
    assert "firmware.m" in listed  # and its name
    assert too_long not in listed  # a name's length is one byte on the port
    assert listed == sorted(set(listed))


def test_a_module_a_board_never_runs_gives_no_name(tmp_path: Path) -> None:
    data = _mpy(tmp_path, "def only_for_mypy(checked_name):\n    return %r\n" % LONG)
    assert frozennames.names({"duelcore/antike/contracts.mpy": data}) == []
    assert frozennames.names({"firmware/hostclock.mpy": data}) == []
    assert "checked_name" in frozennames.names({"duelcore/antike/legal.mpy": data})


def test_the_frozen_module_lists_each_text_as_written() -> None:
    texts = ["a", LONG, "quote ' and \" and \\", "new\nline", "日本語の名前"]
    space: dict[str, object] = {}
    exec(frozennames.module(texts), space)
    assert space["NAMES"] == texts


def test_a_package_is_named_by_its_folder() -> None:
    assert frozennames.module_name("firmware/screens/__init__.mpy") == "firmware.screens"
    assert frozennames.module_name("duelcore/antike/rules.mpy") == "duelcore.antike.rules"


def test_what_is_not_an_mpy_file_is_refused() -> None:
    with pytest.raises(ValueError, match="not a version 6 .mpy file"):
        frozennames.of_mpy(b"\x00\x01garbage")


def test_the_firmware_holds_the_program_s_names() -> None:
    """A program that has drifted far from the names frozen into the committed firmware
    costs the heap again what the names saved: rebuild it (tools/build_firmware.sh)."""
    from duelkeeper import romfs

    firmware = b"".join(data for _, data in uf2.base_blocks())
    listed = frozennames.names(romfs.files())
    missing = [t for t in listed if t.encode() + b"\0" not in firmware]  # linkers share tails
    assert len(missing) <= len(listed) // 20, "not in the firmware: %s" % missing[:20]
