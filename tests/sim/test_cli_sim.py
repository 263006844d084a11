"""`duelkeeper sim`: a script without a terminal, PNG frames, the flash folder, errors."""

import json
from pathlib import Path

import pytest
from PIL import Image

from duelkeeper.cli import main

SCRIPT = """\
# 7 Wonders Duel, first-game preset, five tokens, one card built
a
a
a           # Player 1 starts, first-game preset
a           # the tokens: A marks one and moves on to the next
a
a
down
a
a           # the fifth token starts the game
shot tracking
down        # the picker opens on the second card
a           # built
wait 200
"""


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_script_screenshots_and_flash(
    tmp_path: Path, runtime: str, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "game.txt").write_text(SCRIPT)
    shots = tmp_path / "shots"
    flash = tmp_path / "flash"
    args = ["sim", "--runtime", runtime, "--storage", str(flash), "--script"]
    status = main(args + [str(tmp_path / "game.txt"), "--screenshot", str(shots), "--scale", "2"])
    assert status == 0
    out = capsys.readouterr().out
    assert "11 presses, 12 frames" in out and "1 events in the game" in out
    frames = sorted(shots.glob("0*.png"))
    assert len(frames) == 12  # the boot frame, then one a press
    assert Image.open(frames[0]).size == (592, 256)
    assert (shots / "tracking.png").is_file()
    assert (flash / "games" / "journal.dj").is_file()
    assert (flash / "settings.json").is_file()


def test_other_board_and_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "s.txt").write_text("a\n")
    args = ["sim", "--runtime", "cpython", "--storage", str(tmp_path / "f")]
    shots = tmp_path / "shots"
    assert main(args + ["--board", "pico_inky_pack", "--script", str(tmp_path / "s.txt")]) == 0
    more = ["--size", "250x122", "--script", str(tmp_path / "s.txt"), "--screenshot", str(shots)]
    assert main(args + more) == 0
    assert Image.open(shots / "0001.png").size == (250, 122)
    capsys.readouterr()


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--script", "missing.txt"], "missing.txt"),
        (["--board", "toaster", "--script", "s.txt"], "no board 'toaster'"),
        (["--screenshot", "shots"], "--screenshot needs --script"),
        (["--script", "bad.txt"], "bad.txt:2: unknown button 'z'"),
        (
            ["--board", "pico_inky_pack", "--script", "down.txt"],
            "down.txt:2: pico_inky_pack has no DOWN button, only A, B, C (a tap of A",
        ),
        (["--buttons", "abc", "--script", "down.txt"], "down.txt:2: sim has no DOWN button"),
        (
            ["--target", "rp2", "--board", "pico_inky_pack", "--script", "down.txt"],
            "down.txt:2: pico_inky_pack has no DOWN button, only A, B, C (a tap of A",
        ),
    ],
)
def test_errors_are_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    extra: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.txt").write_text("a\n")
    (tmp_path / "bad.txt").write_text("a\nz\n")
    (tmp_path / "down.txt").write_text("a\ndown\n")
    assert main(["sim", "--runtime", "cpython", "--storage", "flash", *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("duelkeeper: ") and message in err
    assert err.count("\n") == 1


def test_bad_size_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["sim", "--size", "100x100"])
    assert "invalid size value" in capsys.readouterr().err


def test_lang_sets_the_flash_and_the_device_speaks_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--lang writes the setting the device's language menu writes; the first frame is
    then drawn from the catalog's glyphs, and another run without --lang keeps it."""
    (tmp_path / "s.txt").write_text("shot first\n")
    flash = tmp_path / "flash"
    frames = {}
    for lang in ("en", "ru", None):
        shots = tmp_path / str(lang)
        args = ["sim", "--runtime", "cpython", "--storage", str(flash), "--script"]
        args += [str(tmp_path / "s.txt"), "--screenshot", str(shots)]
        assert main(args + (["--lang", lang] if lang else [])) == 0
        frames[lang] = Image.open(shots / "first.png").tobytes()
        assert json.loads((flash / "settings.json").read_text())["lang"] == (lang or "ru")
    assert frames["ru"] != frames["en"] and frames[None] == frames["ru"]
    capsys.readouterr()
    assert main(["sim", "--target", "rp2", "--storage", str(flash), "--lang", "ja"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("duelkeeper: --lang sets the simulator's flash folder; on --target rp2")
    assert len(err.splitlines()) == 1


def test_a_missing_button_is_not_pressed(tmp_path: Path) -> None:
    """Driven directly, the simulated three-button board ignores DOWN as the emulated
    board does (it has no pin for it): nothing is pressed, nothing is drawn."""
    from duelkeeper.sim.device import Device

    with Device(tmp_path, runtime="cpython", buttons="abc") as device:
        for _ in range(50):
            device.step(0)
        before = device.frame
        for held in [16] * 8 + [0] * 50:
            device.step(held)
        assert device.last.presses == 0 and device.frame == before
        for held in [1] * 8 + [0] * 50:  # a tap of A is DOWN there
            device.step(held)
        assert device.last.presses == 1 and device.frame != before


def test_the_emulated_boards_buttons_are_the_boards_own() -> None:
    """Scripts are checked against the wiring on --target rp2 and against boards/ in the
    simulator: both must name the same buttons."""
    from duelkeeper.rp2.wiring import BOARDS, letters
    from duelkeeper.sim.command import board_profile

    for name, wiring in BOARDS.items():
        assert letters(wiring) == board_profile(name)[2], name


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_a_game_in_the_simulator_is_dated_by_its_clock(tmp_path: Path, runtime: str) -> None:
    """The simulator's board has a clock set to the PC's local time, as a sync sets a
    board's RTC: a game played there is stamped as a board's is (docs/record-dates.md)."""
    from datetime import datetime, timedelta

    from duelkeeper.repo import ROOT
    from duelkeeper.shims import install

    flash = tmp_path / "flash"
    before = datetime.now().replace(microsecond=0)
    script = tmp_path / "quick.txt"  # a quick score; A on its sheet files it
    script.write_text((ROOT / "docs" / "screenshots" / "quick.txt").read_text() + "a\nwait 200\n")
    assert (
        main(["sim", "--runtime", runtime, "--storage", str(flash), "--script", str(script)]) == 0
    )
    after = datetime.now()
    install()
    from firmware.storage import Storage

    stored = Storage(str(flash))
    (game_id,) = stored.unsynced()
    meta = stored.read(game_id)["meta"]  # type: ignore[index]
    for key in ("started", "ended"):
        when = datetime.fromisoformat(meta[key])
        assert before - timedelta(seconds=2) <= when <= after + timedelta(seconds=2), meta
