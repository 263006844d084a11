"""The build's numbering of the device's words (duelkeeper.wordindex), before mpy-cross."""

from pathlib import Path

import pytest

from duelkeeper import mpycross, wordindex

TABLE = {"Score so far": 0, "%s built %s": 1, "A ok  B back": 2}


def test_the_words_of_tr_and_word_become_their_numbers() -> None:
    src = (
        "from ..lang import tr, word\n"
        "hints = word('A ok  B back')\n"
        'x = tr("Score so far")  # ×\n'  # a letter outside ASCII before the call, on its line
        "y = tr(\n    '%s built '\n    '%s'\n) % (a, b)\n"  # one text in two pieces
    )
    assert wordindex.number(src, "m.py", TABLE) == (
        "from ..lang import tr, word\nhints = 2\nx = tr(0)  # ×\ny = tr(\n    1\n) % (a, b)\n"
    )


def test_the_module_and_aliases_are_followed() -> None:
    src = (
        "from .. import lang\nfrom ..lang import tr as t\n"
        "a = lang.tr('Score so far') + t('A ok  B back')\n"
    )
    assert wordindex.number(src, "m.py", TABLE).endswith("a = lang.tr(0) + t(2)\n")


def test_other_calls_stay() -> None:
    src = (
        "from ..lang import tr\n"
        "a = tr(reason)\n"  # a text only known when shown: found by its key
        "b = word('Score so far')\n"  # another module's word(): the cores have one
        "c = other.tr('Score so far')\n"
    )
    assert wordindex.number(src, "m.py", TABLE) == src


def test_a_word_the_catalogs_lack_stops_the_build(tmp_path: Path) -> None:
    with pytest.raises(wordindex.WordError, match=r"^m.py:2: 'Scor so far' is not one of"):
        wordindex.number("from ..lang import tr\nx = tr('Scor so far')\n", "m.py", TABLE)
    with pytest.raises(wordindex.WordError, match=r"^m.py:2: word\(\) takes one text as it is$"):
        wordindex.number("from ..lang import word\nx = word(y)\n", "m.py", TABLE)
    src = tmp_path / "screen.py"
    src.write_text("from ..lang import tr\nx = tr('no such words on the device')\n")
    with pytest.raises(mpycross.CompileError, match="screen.py:2: 'no such words on the device'"):
        mpycross.compile_file(src, tmp_path / "screen.mpy")


def test_the_shipped_modules_hold_no_english_words(tmp_path: Path) -> None:
    """What the numbering is for: a screen's words are on the flash, not in its bytecode."""
    track7 = wordindex.GFX.parents[0] / "screens" / "track7.py"
    mpycross.compile_file(track7, tmp_path / "track7.mpy")
    code = (tmp_path / "track7.mpy").read_bytes()
    assert b"Age %s  %d/20  %s to play" in track7.read_bytes()
    for text in (b"Age %s  %d/20  %s to play", b"token from the box", b"A play B undo"):
        assert text not in code, text
    numbers = wordindex.numbers()
    assert numbers["Age %s  %d/20  %s to play"] < len(numbers)
