"""Names in the language's letters (firmware/screens/letters.py, duelkeeper/letters.py):
the letter picker offers Russian's Cyrillic and Japanese's katakana before the Latin
letters; a name spelled with them is kept as those letters (settings, the roster) and
drawn with the catalog's glyphs, never as '?'; the same frames on both runtimes; the
picker fits both panels in every language."""

import json
from pathlib import Path

import apphelp
import pytest
import textfit

from duelkeeper import players
from duelkeeper.letters import KATAKANA, LETTERS, ROWS, drawable
from duelkeeper.sim import runner
from duelkeeper.sim.command import set_lang
from duelkeeper_dev.autoplay import Autoplayer
from firmware.gfx.canvas import LARGE, SMALL


@pytest.mark.parametrize(
    ("lang", "name", "presses"),
    [("ru", "Анна-Мария", 31), ("ja", "タナカ", 9), ("en", "Ann-Marie", 29)],
)
def test_a_name_in_the_languages_letters_on_both_runtimes(
    tmp_path: Path, lang: str, name: str, presses: int
) -> None:
    """Each alphabet's rows are a long UP/DOWN apart, the box opening on the second row's
    first letter (Japanese's gojūon rows: タ, ナ, カ in 9 presses from the picker to the
    name kept; seven letters a row in Cyrillic and Latin: Анна-Мария 137 presses and
    Ann-Marie 92 before the rows)."""
    rec = runner.Recorder(None)
    set_lang(tmp_path / "cpython", "sim", lang)
    with apphelp.device(tmp_path / "cpython") as d:
        rec.see(d)
        ap = Autoplayer(d, rec.see)
        ap.press("a")  # 7 Wonders Duel
        ap.pick(ap.view(), 1)  # Player 1 ...
        ap.pick(ap.view(), 0)  # New name...
        v = ap.view()
        own = LETTERS.get(lang, ("", ""))[0]
        assert v["screen"] == "letters" and v["alphabet"].startswith(own + "ABC")
        before = len(ap.steps)
        ap.spell(name)
        settings = d.call("import json\n_value = json.dumps(simdev.app.settings)").value
        assert settings["players"][0] == name and settings["names"] == [name]
        assert len(ap.steps) - before == presses, len(ap.steps) - before
    set_lang(tmp_path / "vm", "sim", lang)
    run, vm = apphelp.replay(ap.steps, tmp_path / "vm")
    with vm:
        assert json.loads((tmp_path / "vm" / "settings.json").read_text())["players"][0] == name
    assert [f.data for f in run.frames] == [f.data for f in rec.frames]


@pytest.mark.parametrize("lang", ["ru", "ja"])
def test_every_letter_is_drawn_with_its_glyph(lang: str) -> None:
    from firmware.gfx import canvas

    caps, smalls = LETTERS[lang]
    with textfit.device(296, 128, lang) as d:
        c = d.app.canvas

        def ink() -> tuple[int, ...]:
            return tuple(c.fb.pixel(x, y) for x in range(16) for y in range(16))

        for font in (SMALL, LARGE):
            c.clear()
            c.text("?", 0, 0, font)
            question = ink()
            for ch in caps + smalls:
                c.clear()
                c.text(ch, 0, 0, font)
                assert ink() != question and any(ink()), ch
            assert c.text_width(caps[:3], font, 2) == 2 * c.text_width(caps[:3], font)
    with textfit.device(296, 128, "en"):
        assert canvas._script == ()  # English draws them as '?'


def test_japanese_rows_start_where_the_gojuon_rows_do() -> None:
    assert [KATAKANA.index(ch) for ch in ROWS["ja"]][:10] == [0, 5, 10, 15, 20, 25, 30, 35, 38, 43]
    assert LETTERS["ru"][0][5:8] == "ЕЁЖ" and len(LETTERS["ru"][0]) == 33


@pytest.mark.parametrize("size", textfit.SIZES, ids=["%dx%d" % s for s in textfit.SIZES])
@pytest.mark.parametrize("lang", ["en", "ja", "ru"])
def test_the_picker_fits(lang: str, size: tuple[int, int]) -> None:
    """The widest name the picker takes (ten of its widest letters) with each letter
    under the cursor, on both panels."""
    from firmware.screens import letters

    with textfit.device(*size, lang) as d:
        s = letters.Screen(d.app, 0, "", [])
        widest = max(s.alphabet, key=lambda ch: d.app.canvas.text_width(ch, LARGE, 2))
        d.app.push(s)
        for name in ("", widest * letters.MAX):
            s.n = 0
            for ch in name:
                s.text[s.n] = s.alphabet.index(ch)
                s.n += 1
            for k in range(len(s.alphabet)):
                s.cur = k
                d.draw("%r at %d" % (name, k))
        assert not d.seen, d.report()


def test_the_host_takes_the_names_the_device_draws() -> None:
    assert drawable("Анна-Мария") and drawable("タナカ") and drawable("Ann 2")
    assert not drawable("한국") and not drawable("Ann\u200b") and not drawable("たなか")
    assert players.fits("Ёжик") and not players.fits("Player 1")
