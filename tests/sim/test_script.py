"""The button script format: one gesture a line, comments, repeats, errors by line."""

from pathlib import Path

import pytest

from duelkeeper.sim import script
from duelkeeper.sim.script import GAP_MS, LONG_MS, PRESS_MS, TICK_MS, ScriptError, Step


def test_every_form() -> None:
    text = """
    # a comment line
    a               # a short press
    long b
    up x3
    long down x2
    hold up 900
    wait 1000
    shot start-1
    restart
    C               # case does not matter
    """
    steps = script.parse(text)
    kinds = [(s.kind, s.button, s.long) for s in steps]
    assert kinds == [
        ("press", 1, False),
        ("press", 2, True),
        ("press", 8, False),
        ("press", 8, False),
        ("press", 8, False),
        ("press", 16, True),
        ("press", 16, True),
        ("hold", 8, False),
        ("wait", 0, False),
        ("shot", 0, False),
        ("restart", 0, False),
        ("press", 4, False),
    ]
    assert steps[0].ms == PRESS_MS and steps[1].ms == LONG_MS
    assert steps[7].ms == 900 and steps[8].ms == 1000 and steps[9].name == "start-1"
    assert steps[0].line == 3


def test_masks_hold_then_release() -> None:
    press = list(script.masks(Step("press", 1, PRESS_MS)))
    assert press == [1] * (PRESS_MS // TICK_MS) + [0] * (GAP_MS // TICK_MS)
    assert list(script.masks(Step("wait", ms=50))) == [0] * 5
    assert list(script.masks(Step("shot", name="x"))) == []
    # A long press outlasts the firmware's 600 ms and ends before its first repeat.
    assert 600 < LONG_MS < 750


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("x", "unknown button 'x'"),
        ("a x0", "repeat count"),
        ("a 3", "repeat count"),
        ("a x2 x3", "unexpected"),
        ("long", "long takes a button"),
        ("wait", "wait takes milliseconds"),
        ("wait soon", "expected milliseconds"),
        ("hold up", "hold takes a button and milliseconds"),
        ("shot", "shot takes one name"),
        ("shot a/b", "shot takes one name"),
        ("restart now", "restart takes nothing"),
    ],
)
def test_mistakes_name_their_line(line: str, message: str) -> None:
    with pytest.raises(ScriptError) as caught:
        script.parse("a\n# fine\n" + line, "game.txt")
    assert str(caught.value).startswith("game.txt:3: ")
    assert message in str(caught.value)


def test_round_trip_through_gesture_lines(tmp_path: Path) -> None:
    steps = script.parse("a\nlong b\nup\nhold down 300\n")
    text = "\n".join(script.gesture_line(s) for s in steps)
    (tmp_path / "s.txt").write_text(text)
    again = script.load(tmp_path / "s.txt")
    assert [(s.kind, s.button, s.ms, s.long) for s in again] == [
        (s.kind, s.button, s.ms, s.long) for s in steps
    ]


def test_not_utf8(tmp_path: Path) -> None:
    (tmp_path / "s.txt").write_bytes(b"a\n\xff\n")
    with pytest.raises(ScriptError, match="not UTF-8"):
        script.load(tmp_path / "s.txt")


@pytest.mark.parametrize("line", ["down", "long up x2", "hold down 300"])
def test_a_button_the_board_lacks_is_refused_by_line(line: str) -> None:
    with pytest.raises(ScriptError) as caught:
        script.parse("a\n" + line, "inky.txt", "abc", "pico_inky_pack")
    message = str(caught.value)
    assert message.startswith("inky.txt:2: pico_inky_pack has no ")
    assert "only A, B, C (a tap of A moves down" in message
    assert len(message) < 300 and "\n" not in message
    # the same line on a five-button board is a gesture
    assert script.parse("a\n" + line, "five.txt", "abcud", "badger2040")[1].line == 2


def test_mask_is_the_boards_pins() -> None:
    assert script.mask("abcud") == 31 and script.mask("abc") == 7


def test_bounds_are_inclusive_and_leading_zeros_are_no_digits_too_many() -> None:
    steps = script.parse(
        "wait %d\nhold up %d\nup x%d\nwait %s1\nb x%s2"
        % (script.MAX_MS, script.MAX_MS, script.MAX_REPEAT, "0" * 5000, "0" * 5000)
    )
    assert [s.ms for s in steps[:2]] == [script.MAX_MS] * 2
    assert len(steps) == 2 + script.MAX_REPEAT + 1 + 2
    assert steps[2 + script.MAX_REPEAT].ms == 1


def test_a_whole_script_is_bounded_in_time_and_gestures() -> None:
    minute = "wait %d\n" % script.MAX_MS
    hour = minute * (script.MAX_TOTAL_MS // script.MAX_MS)
    assert len(script.parse(hour)) == 60
    with pytest.raises(ScriptError, match=r"^s.txt:61: the script passes 3600000 ms"):
        script.parse(hour + "a\n", "s.txt")
    shots = "shot x\n" * script.MAX_STEPS
    assert len(script.parse(shots)) == script.MAX_STEPS
    with pytest.raises(ScriptError, match=r"^s.txt:20001: the script passes 20000 gestures"):
        script.parse(shots + "restart\n", "s.txt")


def test_a_script_file_is_a_regular_file_of_at_most_a_mib(tmp_path: Path) -> None:
    with pytest.raises(ScriptError, match="a device, pipe or socket, not a script"):
        script.load(Path("/dev/zero"))
    with pytest.raises(ScriptError, match="a folder, not a script"):
        script.load(tmp_path)
    big = tmp_path / "big.txt"
    big.write_text("# " + "x" * script.MAX_BYTES)
    with pytest.raises(ScriptError, match="larger than 1 MiB"):
        script.load(big)
