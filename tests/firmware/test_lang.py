"""The device's languages: the catalogs tools/make_lang.py builds from Debian's fonts, and
firmware/lang.py reading them on CPython and on the MicroPython VM alike."""

import json
import re
import sys
import zlib
from pathlib import Path

import apphelp
import fwhelp
import pytest

from duelkeeper.program import cached_build, shipped
from duelkeeper.repo import ROOT
from duelkeeper_dev.autoplay import Autoplayer

sys.path.insert(0, str(ROOT / "tools"))
import make_lang  # noqa: E402

from firmware import lang, lookup, speak  # noqa: E402
from firmware.gfx import canvas, glyphfile  # noqa: E402
from firmware.gfx.canvas import LARGE, SMALL, Canvas  # noqa: E402
from firmware.screens import language  # noqa: E402

LANGS = make_lang.LANGS


@pytest.fixture(autouse=True)
def english_after() -> object:
    yield
    speak.use("en")


@pytest.mark.parametrize("code", LANGS)
def test_the_shipped_catalog_is_what_the_tables_and_fonts_make(code: str) -> None:
    assert make_lang.catalog_path(code).read_bytes() == make_lang.build(code), (
        "run tools/make_lang.py"
    )


@pytest.mark.parametrize("code", LANGS)
def test_every_string_of_the_catalog_is_found(code: str) -> None:
    table = make_lang.strings(code)
    speak.use(code)
    assert lang.lang() == code
    for key, value in table.items():
        game, _, id = key.partition(":")
        if game in make_lang.GAMES and " " not in key:
            full, _, cut = value.partition("\0")
            assert make_lang.plain(code, lang.name(game, id)) == full, key
            assert make_lang.plain(code, _row(game, id)) == (cut or full), key
        else:  # by its key, the English the sources pass
            want = value or key  # English's words are their keys
            assert make_lang.plain(code, lang.tr(key)) == want, key
    assert lang.tr("no such words") == "no such words"  # English where the catalog is silent
    assert lang.name("7wd", "no-such-card") == "No Such Card"


def _records(path: Path) -> list[bytes]:
    """A catalog's records, each read as the device reads it (firmware/lookup.py)."""
    with path.open("rb") as f:
        f.seek(4)  # N, the records (tools/make_lang.py lays the file out)
        return [lookup._record(f, i) for i in range(int.from_bytes(f.read(2), "little"))]


def test_every_catalog_keeps_the_words_at_the_same_places() -> None:
    # English's catalog alone holds the device's words' keys; another's record at the
    # same place holds the word in its language, and no key (firmware/lookup.py)
    english = [r.split(b"\0", 1)[0].decode() for r in _records(make_lang.catalog_path("en"))]
    assert len(english) == len(make_lang.device_words()) > 300
    for code in ("ja", "ru"):
        table = make_lang.strings(code)
        records = _records(make_lang.catalog_path(code))
        assert len(records) > len(english)  # the names follow
        for i, key in enumerate(english):
            assert records[i][:1] == b"\0", (code, key)
            assert make_lang.plain(code, records[i][1:].decode()) == table[key], (code, key)


def test_english_texts_are_their_own_words_and_names_are_titles() -> None:
    speak.use("ja")
    speak.use("en")
    assert lang.lang() == "en" and canvas._glyphs == 0
    assert lang.tr("Score so far") == "Score so far"
    assert lang.name("7wd", "statue-of-zeus") == "Statue of Zeus"
    assert lang.row("7wd", "statue-of-zeus") == "Statue of Zeus"  # a string: no place


def test_a_short_form_where_the_table_has_one() -> None:
    speak.use("ru")
    assert make_lang.plain("ru", lang.name("7wd", "pyramids")) == "Пирамида Хеопса"
    assert make_lang.plain("ru", _row("7wd", "pyramids")) == "Пирамида"
    assert make_lang.plain("ru", _row("7wd", "palace")) == "Дворец"  # none: the name
    assert lang.row("7wd", "no-such-card") == "No Such Card"


def _row(game: str, id: str) -> str:
    """lang.row's text: in another language than English a place in the catalog."""
    got = lang.row(game, id)
    assert type(got) is (str if lang.lang() == "en" else int)
    return canvas.text_at(got) if type(got) is int else got


@pytest.mark.parametrize("code", ("ja", "ru"))
def test_a_row_drawn_from_its_place_looks_as_its_text(code: str) -> None:
    speak.use(code)
    for id in ("pyramids", "chamber-of-commerce", "palace", "lumber-yard"):
        place = lang.row("7wd", id)
        assert isinstance(place, int)
        text = canvas.text_at(place)
        for font in (SMALL, LARGE):
            assert _ink(place, font) == _ink(text, font), (id, font)  # type: ignore[arg-type]


def test_a_place_too_wide_is_read_and_cut() -> None:
    from firmware import ui

    speak.use("ru")
    place = lang.row("7wd", "chamber-of-commerce")
    c = Canvas(_Panel)
    wide = c.text_width(place, LARGE)
    assert ui.fit(c, place, wide, LARGE) == place  # fits: the place as it is
    cut = ui.fit(c, place, wide - 1, LARGE)
    assert isinstance(cut, str) and cut.endswith(".")
    assert canvas.text_at(place).startswith(cut[:-1])


class _Panel:
    width, height = 160, 16
    buf = bytearray(160 * 16 // 8)
    fb = fwhelp.framebuf.FrameBuffer(buf, 160, 16, fwhelp.framebuf.MONO_HLSB)


def _ink(text: str | int, font: object) -> list[str]:
    _Panel.fb.fill(0)
    c = Canvas(_Panel)
    end = c.text(text, 0, 0, font)  # type: ignore[arg-type]
    assert end == c.text_width(text, font)  # type: ignore[arg-type]
    return ["".join("#" if _Panel.fb.pixel(x, y) else "." for x in range(end)) for y in range(16)]


def test_glyphs_are_drawn_from_the_catalog_and_measured_alike() -> None:
    speak.use("ja")
    zeus = lang.name("7wd", "statue-of-zeus")  # ゼウス像
    small = _ink(zeus, SMALL)
    # four full-width glyphs of Misaki's 8 px cell (less the Latin font's trailing space)
    assert len(small[0]) == 4 * 8 - SMALL[3]
    assert all("#" in row for row in small[:7]) and "#" not in "".join(small[8:])
    large = _ink(zeus, LARGE)
    assert len(large[0]) == 4 * 16 - LARGE[3]  # Shinonome's 16 px cell
    assert sum(row.count("#") for row in large) > sum(row.count("#") for row in small)
    mixed = _ink("A" + zeus, SMALL)  # ASCII from the Latin font, then the catalog's
    assert mixed[0][6:] == small[0]
    speak.use("en")
    assert _ink(zeus, SMALL) == _ink("????", SMALL)  # no catalog: never another's glyphs


def test_cyrillic_is_trimmed_to_its_ink() -> None:
    speak.use("ru")
    wall = lang.name("antike-duellum", "wall")  # Стена
    assert 5 * 4 <= Canvas.text_width(None, wall) < 5 * 8  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "damage,why",
    [
        (lambda b: b[: len(b) // 2], "damaged"),  # cut short by a power cut
        (lambda b: b[:5000] + bytes([b[5000] ^ 1]) + b[5001:], "damaged"),  # a flipped bit
        (lambda b: b[:10], "10 bytes"),  # not even its header
        (lambda b: b[:2] + b"\0\0" + b[4:], "for another glyphs.bin"),  # other Latin glyphs
        (None, "missing"),
    ],
)
def test_a_bad_catalog_is_one_line_and_english_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: object, why: str
) -> None:
    good = make_lang.catalog_path("ja").read_bytes()
    if damage is not None:
        (tmp_path / "lang-ja.bin").write_bytes(damage(good))  # type: ignore[operator]
    here = glyphfile.open_glyphs.__globals__
    shipped = here["__file__"]
    monkeypatch.setitem(here, "__file__", str(tmp_path / "glyphfile.py"))
    with pytest.raises(OSError) as e:
        speak.use("ja")
    assert str(e.value) == "language file %s/lang-ja.bin is %s: deploy again" % (tmp_path, why)
    assert lang.lang() == "en" and canvas._glyphs == 0
    assert lang.tr("Language") == "Language"
    here["__file__"] = shipped
    speak.use("ru")  # from the shipped folder
    monkeypatch.setitem(here, "__file__", str(tmp_path / "glyphfile.py"))
    with pytest.raises(OSError):
        speak.use("ja")
    assert lang.lang() == "ru" and canvas._glyphs > 0  # the one spoken stays
    with pytest.raises(OSError, match="^no language 'xx': one of en, ja, ru$"):
        speak.use("xx")


def test_a_catalog_of_other_glyph_records_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # canvas.py draws a language's glyphs through the Latin fonts' FrameBuffers: a
    # catalog whose records are not the Latin strides is refused, never drawn skewed
    monkeypatch.setattr(make_lang, "COLUMNS", (9, 20))
    (tmp_path / "lang-ru.bin").write_bytes(make_lang.build("ru"))
    here = glyphfile.open_glyphs.__globals__
    monkeypatch.setitem(here, "__file__", str(tmp_path / "glyphfile.py"))
    with pytest.raises(OSError) as e:
        speak.use("ru")
    assert str(e.value) == (
        "language file %s/lang-ru.bin has glyphs of another build: deploy again" % tmp_path
    )
    assert lang.lang() == "en" and canvas._glyphs == 0


def test_a_catalog_built_with_another_latin_file_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the catalog is made whole (its own CRC right) against a glyphs.bin of other
    # records: the device, whose font.py is this build's, will not speak it
    latin = bytearray(make_lang.GLYPHS_BIN.read_bytes())
    latin[100] ^= 1
    other = tmp_path / "glyphs.bin"
    other.write_bytes((zlib.crc32(latin[2:]) & 0xFFFF).to_bytes(2, "little") + latin[2:])
    monkeypatch.setattr(make_lang, "GLYPHS_BIN", other)
    (tmp_path / "lang-ru.bin").write_bytes(make_lang.build("ru"))
    monkeypatch.setitem(glyphfile.open_glyphs.__globals__, "__file__", str(other))
    with pytest.raises(OSError) as e:
        speak.use("ru")
    assert str(e.value) == (
        "language file %s/lang-ru.bin is for another glyphs.bin: deploy again" % tmp_path
    )
    assert lang.lang() == "en" and canvas._glyphs == 0


def test_a_glyph_wider_than_the_records_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(make_lang, "COLUMNS", (7, 20))  # Misaki's cell is 8
    with pytest.raises(make_lang.BuildError, match="^'.' is wider than 7 columns at 8 px$"):
        make_lang.build("ja")


@pytest.mark.parametrize("code", ["ja", "ru"])
def test_the_most_used_letters_are_one_byte(code: str) -> None:
    table = make_lang.strings(code)
    chars = make_lang.letters(table)
    count = {ch: sum(v.count(ch) for v in table.values()) for ch in chars}
    ones = [i for i in range(make_lang.ONE) if i not in make_lang.SPACES]
    assert len(ones) == 17
    used = [chars[i] for i in ones] + chars[make_lang.ONE :]
    assert [count[ch] for ch in used] == sorted(count[ch] for ch in used)[::-1]
    assert {chars[i] for i in make_lang.SPACES} == {"\uff1f"}  # a question mark
    for i in ones:  # one byte, never a space to Python: nothing splits or strips there
        c = make_lang.char(i)
        assert len(c.encode()) == 1 and not c.isspace() and ("a%sb" % c).split() == ["a%sb" % c]
    assert all(len(make_lang.char(i).encode()) == 2 for i in range(make_lang.ONE, len(chars)))
    assert [make_lang.glyph(make_lang.char(i)) for i in ones] == ones
    others = range(make_lang.ONE, len(chars))
    assert [make_lang.glyph(make_lang.char(i)) for i in others] == list(others)
    speak.use(code)
    stable = lang.name("7wd", "stable")  # Конюшня, 厩舎
    assert make_lang.plain(code, stable) == table["7wd:stable"]
    ones_in = sum(chars.index(ch) < make_lang.ONE for ch in table["7wd:stable"])
    assert len(stable.encode()) == 2 * len(table["7wd:stable"]) - ones_in
    if code == "ru":  # 7 letters in 11 bytes, not 14: К, ю, ш and я are the two-byte ones
        assert ones_in == 3


def test_a_letter_no_font_has_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    real = make_lang.strings

    def with_emoji(code: str) -> dict[str, str]:
        return {**real(code), "Sync": "同期\U0001f600"}

    monkeypatch.setattr(make_lang, "strings", with_emoji)
    with pytest.raises(make_lang.BuildError) as e:
        make_lang.build("ja")
    assert str(e.value) == (
        "no glyph for '\U0001f600' (U+1F600) in misaki_gothic.ttf (in ja's 'Sync')"
    )


def test_a_missing_translation_stops_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tsv = tmp_path / "device.tsv"
    tsv.write_text("en\tja\tru\tnote\nSync\t同期\t\t\n", encoding="utf-8")
    monkeypatch.setattr(make_lang, "DEVICE_TSV", tsv)
    with pytest.raises(make_lang.BuildError, match="^device.tsv: 'Sync' has no ru text$"):
        make_lang.build("ru")
    assert make_lang.strings("ja")["Sync"] == "同期"


def test_without_the_fonts_the_build_says_how_to_get_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(make_lang, "SMALL_TTF", ROOT / "build" / "no-such.ttf")
    why = r"^build/no-such.ttf is missing: run `make fonts`$"
    with pytest.raises(make_lang.BuildError, match=why):
        make_lang.build("ja")


def test_the_fonts_licences_travel_beside_the_catalogs() -> None:
    data = make_lang.LICENCES_TXT.read_bytes()
    assert b"Public Domain" in data and b"Num Kadoma" in data
    assert "/lib/firmware/gfx/fonts-licences.txt" in shipped(cached_build())


HINTS = "A build  C more  B back"
VM_LOOKUP = """
from firmware import lang
from firmware.gfx.canvas import Canvas, SMALL, LARGE, text_at
from firmware import speak
speak.use(%r)
print([ord(c) for c in lang.tr(%r)])
print([ord(c) for c in lang.name('7wd', 'statue-of-zeus')])
r = lang.row('7wd', 'pyramids')
print([ord(c) for c in (text_at(r) if type(r) is int else r)], Canvas.text_width(None, r, LARGE))
print(Canvas.text_width(None, lang.name('7wd', 'statue-of-zeus'), LARGE))
s = lang.tr(%r)
print(len(s.split()), len(s.strip()), len(s))
print(lang.collate('7wd', %r))
print([[ord(c) for c in lang.counted(n, lang.tr(%r))] for n in (1, 2, 5, 11, 21, 22)])
"""
# Sorted by rank (the byte heading a sorted name's record), the language's plural forms
WONDERS = ["appian-way", "colossus", "great-library", "pyramids", "sphinx", "statue-of-zeus"]
FORMS = "%d coin|%d coins"


@pytest.mark.parametrize("code", LANGS)
def test_the_micropython_vm_finds_the_same(tmp_path: Path, code: str) -> None:
    key = sorted(k for k in make_lang.strings(code) if ":" not in k)[:1] or ["Language"]
    speak.use(code)
    want = [
        str([ord(c) for c in lang.tr(key[0])]),
        str([ord(c) for c in lang.name("7wd", "statue-of-zeus")]),
        "%s %d"
        % (
            [ord(c) for c in _row("7wd", "pyramids")],
            Canvas.text_width(None, lang.row("7wd", "pyramids"), LARGE),  # type: ignore[arg-type]
        ),
        str(Canvas.text_width(None, lang.name("7wd", "statue-of-zeus"), LARGE)),  # type: ignore[arg-type]
    ]
    # a text with spaces and one-byte letters: split and strip as on CPython
    words = lang.tr(HINTS)
    want.append("%d %d %d" % (len(words.split()), len(words.strip()), len(words)))
    want.append(str(lang.collate("7wd", WONDERS)))
    counted = [[ord(c) for c in lang.counted(n, lang.tr(FORMS))] for n in (1, 2, 5, 11, 21, 22)]
    want.append(str(counted))
    got = fwhelp.run_vm(
        VM_LOOKUP % (code, key[0], HINTS, WONDERS, FORMS),
        {"/lib/duelcore": ROOT / "shared" / "duelcore"},
    )
    assert got.splitlines()[-7:] == want
    if code != "en":  # the language's order, not English's
        assert lang.collate("7wd", WONDERS) != WONDERS


VM_DRAWN = """
import boards.sim as sim
from firmware import lang
from firmware.gfx.canvas import LARGE, Canvas
from firmware import speak
speak.use(%r)
c = Canvas(sim.open().display)
names = [lang.name("7wd", n) for n in %r]
def draw():
    for s in names:
        c.text(s, 0, 0)
        c.text(s, 0, 20, LARGE)
        c.text_width(s)
import micropython
micropython.qstr_info()
draw()
micropython.qstr_info()
"""
_CARDS = ("statue-of-zeus", "pyramids", "great-library", "colossus", "lumber-yard", "baths")


@pytest.mark.parametrize("code", ["ja", "ru"])
def test_drawing_a_language_makes_no_qstr(code: str) -> None:
    # MicroPython's str iterator interns each character it yields, for good: canvas.py
    # reads a text's bytes instead, so drawing new letters makes no qstr (heap kept)
    pools = [
        line for line in fwhelp.run_vm(VM_DRAWN % (code, _CARDS)).splitlines() if "n_qstr=" in line
    ]
    assert len(pools) == 2 and pools[0] == pools[1]  # no qstr made for a letter drawn


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_the_language_menu_sets_the_language_and_a_restart_keeps_it(
    tmp_path: Path, runtime: str
) -> None:
    with apphelp.device(tmp_path, runtime) as d:
        ap = Autoplayer(d)
        ap.press("c")  # the first screen's C: the language menu
        v = d.view()
        assert (v["screen"], v["labels"], v["i"]) == ("language", list(language.NAMES), 0)
        for g in ("down", "a"):
            ap.press(g)
        v = d.view()
        assert v["screen"] == "games" and v["depth"] == 1  # the first screen, built anew
        games = make_lang.strings("ja")
        assert [make_lang.plain("ja", s) for s in v["labels"]] == [
            games[n] for n in ("7 Wonders Duel", "Splendor Duel", "Antike Duellum")
        ]
        assert json.loads((tmp_path / "settings.json").read_text())["lang"] == "ja"
    with apphelp.device(tmp_path, runtime) as d:  # power cycled: still Japanese
        ap = Autoplayer(d)
        ap.press("c")
        v = d.view()
        assert v["i"] == 1
        assert make_lang.plain("ja", v["labels"][2]) == "ロシア語 (Русский)"
        for g in ("up", "a"):  # back to English
            ap.press(g)
        assert d.view()["labels"][0] == "7 Wonders Duel"
    assert json.loads((tmp_path / "settings.json").read_text())["lang"] == "en"


def test_a_damaged_catalog_at_boot_is_a_notice_and_english(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"lang": "xx"}))
    with apphelp.device(tmp_path) as d:
        v = d.view()
        assert v["screen"] == "games" and v["labels"][0] == "7 Wonders Duel"
        assert v["notice"] == "no language 'xx': one of en, ja, ru"


class _NoLookup:
    """Stands for firmware/lookup.py where no word may be looked up."""

    def __getattr__(self, name: str) -> object:
        pytest.fail("a word looked up in a frame")


@pytest.mark.parametrize("game", ["7wd", "splendor-duel", "antike-duellum"])
def test_a_tracking_screen_is_drawn_without_looking_a_word_up(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its words are looked up when it is built: a lookup per frame would be flash reads
    and new strings for every frame."""
    import textfit

    from duelkeeper_dev.tablegame import antike_record, splendor_record, table_record

    record = {"7wd": table_record, "splendor-duel": splendor_record}.get(game, antike_record)(1)
    with textfit.device(296, 128, "ja") as d:
        d.app.new_game(game, textfit.NAMES, record["setup"])
        for ev in record["events"][:12]:
            d.play(ev)
            while len(d.app.stack) > 1:  # a choice the rules ask for, or the turn's menu
                d.app.pop()
            d.app.stack[0].enter()  # once an event: its words may be looked up
            with monkeypatch.context() as m:
                m.setattr(lang, "lookup", _NoLookup())
                d.app.stack[0].draw(d.app.canvas)


def test_russian_notices_agree_in_case_and_number() -> None:
    """A verb's object in the accusative (``строит Арену``, a person's like a
    genitive), counts in Russian's three forms; Japanese counts without a space."""
    from types import SimpleNamespace

    from firmware import notices, ui
    from firmware.games.sevenwonders import track
    from firmware.games.splendor import words

    screen = SimpleNamespace(app=SimpleNamespace(players=lambda: ["А", "В"]))
    speak.use("ru")

    def ru(text: str) -> str:
        return make_lang.plain("ru", text)

    assert ru(track.Screen.describe(screen, ["build", 0, "arena"])) == "А строит Арену"
    assert ru(track.Screen.describe(screen, ["wonder", 1, "pyramids"])) == (
        "В строит Пирамиду Хеопса"
    )
    assert ru(track.Screen.describe(screen, ["build", 0, "temple"])) == "А строит Храм"
    assert ru(notices.describe(["personality", 1, "king"], ["А", "В"])) == "В получает Царя"
    assert ru(words.tokens({"green": 3, "white": 1, "pearl": 5})) == (
        "1 белый 3 зелёных 5 жемчугов"
    )
    coins = [ru(lang.count(n, "%d coin|%d coins")) for n in (1, 2, 4, 5, 11, 12, 21, 22, 25, 111)]
    assert coins == [
        "1 монета", "2 монеты", "4 монеты", "5 монет", "11 монет", "12 монет", "21 монета",
        "22 монеты", "25 монет", "111 монет",
    ]  # fmt: skip
    assert ru(notices.describe(["rondel", 0, 3, {"coins": 2}], ["А", "В"])) == (
        "А: 3 шага: 2 монеты"
    )
    labels: list = []
    held = bytearray((2, 5))
    forms = (notices.PAID[3], notices.PAID[0])
    ui.corrections("А", 0, ("coins", "marble"), forms, held, "x", labels, [])
    assert [ru(t) for t in labels] == ["А: 2 монеты", "А: 5 мрамора"]
    # a correction's notice carries its sign, the noun agreeing with the number
    fixed = notices.describe(["resources", 0, {"marble": 8}], ["А", "В"])
    assert ru(fixed) == "А +8 мрамора"
    assert ru(notices.describe(["resources", 1, {"coins": -5}], ["А", "В"])) == "В -5 монет"
    assert ru(words.tokens({"green": -2}, sign=True)) == "-2 зелёных"
    speak.use("ja")
    assert make_lang.plain("ja", words.tokens({"green": 3})) == "緑3"
    assert make_lang.plain("ja", words.tokens({"green": -3}, sign=True)) == "緑-3"
    fixed = notices.describe(["resources", 0, {"marble": 8}], ["A", "B"])
    assert make_lang.plain("ja", fixed) == "A 大理石+8"
    speak.use("en")
    assert words.tokens({"green": 3, "pearl": 1}) == "3 green 1 pearl"
    assert words.tokens({"green": 2}, sign=True) == "+2 green"
    assert notices.describe(["resources", 0, {"marble": 8}], ["A", "B"]) == "A +8 marble"
    assert [lang.count(n, "%d coin|%d coins") for n in (1, 2)] == ["1 coin", "2 coins"]
    assert track.Screen.describe(screen, ["build", 0, "arena"]) == "А built Arena"


def test_one_name_per_component_in_every_list() -> None:
    """A short form is the name cut, never another name (the Great Lighthouse was
    ``Фарос`` in one list and ``Александрийский маяк`` in another), and no short form
    is a name of another component (``Маяк`` is the Lighthouse)."""
    from duelkeeper import names

    for code in ("ja", "ru"):
        table = names.table(code)
        full = {r.name for r in table.values()}
        for key, r in table.items():
            if r.short:
                # another's name only where it is the name's own words (Royal: Steal)
                assert r.short not in full or r.short.lower() in r.name.lower(), (key, r.short)
                words = r.name.lower().replace(":", " ").split()
                for cut in r.short.lower().replace(":", " ").replace(".", ". ").split():
                    stem = cut.rstrip(".").split("-")[0][:4]  # хоз-во: хозяйство
                    assert any(w.startswith(stem) for w in words), (key, r.name, r.short)
    ru = names.table("ru")
    assert ru["7wd:great-lighthouse"].short == "Алекс.маяк"
    assert ru["7wd:brickyard"].short == "Кирп.завод"  # not "Кирпичный", a cut word


def test_a_seat_nobody_named_is_shown_in_the_language() -> None:
    """``Player 1`` (the settings' and the records' default, kept in English) is shown
    as the language says it, worded once a game: no frame looks it up."""
    import textfit

    from duelkeeper_dev.tablegame import table_record

    record = table_record(1)
    with textfit.device(296, 128, "ru") as d:
        d.app.new_game("7wd", ["Player 1", "Player 2"], record["setup"])
        shown = [make_lang.plain("ru", n) for n in d.app.players()]
        assert shown == ["Игрок 1", "Игрок 2"]
        assert d.app.match.record["players"] == ["Player 1", "Player 2"]
        d.play(record["events"][0])
        assert make_lang.plain("ru", d.app.notice).startswith("Игрок ")
        for code in ("ja", "ru"):  # no Latin "Player %d" left in a catalog
            values = make_lang.strings(code).values()
            assert not [v for v in values if re.search(r"PLAYER (%D|\d)", v.upper())], code
    with textfit.device(296, 128, "en") as d:
        d.app.new_game("7wd", ["Player 1", "Ann"], record["setup"])
        assert d.app.players() == ["Player 1", "Ann"]


RU_WONDERS = [
    "Александрийский маяк", "Аппиева дорога", "Большой цирк", "Великая библиотека",
    "Висячие сады", "Колосс Родосский", "Мавзолей", "Пирамида Хеопса", "Пирей",
    "Статуя Зевса в Олимпии", "Сфинкс", "Храм Артемиды в Эфесе",
]  # fmt: skip
RU_TOKENS = [
    "Архитектура", "Градостроительство", "Закон", "Земледелие", "Каменное дело",
    "Математика", "Стратегия", "Теология", "Философия", "Экономика",
]  # fmt: skip
# By reading: あっぴあ, あるてみす, きょぞう, くうちゅう, すふぃ, ぜうす, だいきょう, だいとう...
JA_WONDERS = [
    "アッピア街道", "アルテミス神殿", "巨像", "空中庭園", "スフィンクス", "ゼウス像", "大競技場",
    "大灯台", "大図書館", "ピラミッド", "ピレウス", "霊廟",
]  # fmt: skip
# けいざい, けんちく, しんがく, すうがく, せっこう, せんりゃく, てつがく, とし, のう, ほう
JA_TOKENS = ["経済", "建築", "神学", "数学", "石工術", "戦略", "哲学", "都市計画", "農業", "法律"]


RU_CARDS = [
    "Академия", "Артель", "Архитектор", "Верфь", "Гонорар", "Грабёж", "Дипломатия",
    "Землетрясение", "Золотой рудник", "Каменоломня", "Коррупция", "Крепость", "Кузница",
    "Купец", "Милостыня", "Мятеж", "Оракул", "Покупка", "Поселенец", "Привилегия", "Призыв",
    "Процветание", "Рудокопы", "Саботаж", "Чума",
]  # fmt: skip
# By reading: いしきりば, がいこう, かいたくしゃ, がくいん, かじ, きんこう, けんちくか...
JA_CARDS = [
    "石切場", "外交", "開拓者", "学院", "鍛冶", "金鉱", "建築家", "好況", "強盗", "購入", "採鉱",
    "地震", "謝礼", "召集", "商人", "神託", "造船所", "怠業", "大工", "堕落", "伝染病", "特権",
    "反乱", "施し", "要塞",
]  # fmt: skip


@pytest.mark.parametrize("code, cards", [("ru", RU_CARDS), ("ja", JA_CARDS), ("en", None)])
def test_antike_cards_are_in_the_languages_order(code: str, cards: list | None) -> None:
    """The event card owed is asked from a list in the language's order of the names
    (English's: the core's, alphabetical), and A takes the card shown."""
    import textfit

    path = ROOT / "tests" / "vectors" / "antike-duellum" / "complete-game-second-player.json"
    record = json.loads(path.read_text())
    events = record["events"]
    k = next(k for k, ev in enumerate(events) if ev[0] == "card")
    with textfit.device(296, 128, code) as d:
        d.app.new_game("antike-duellum", textfit.NAMES, record["setup"])
        for ev in events[:k]:
            d.play(ev)
        menu = d.app.stack[-1]
        shown = [make_lang.plain(code, label) for label in menu.labels]
        if cards is None:
            assert shown == sorted(shown) and shown[0] == "Academy"
            return
        assert shown == cards
        menu.pick(0)  # the card shown first is the one taken
        taken = d.app.match.event(-1)
        assert taken[0] == "card" and taken[2] == menu.events[0][2]
        assert make_lang.plain(code, lang.name("antike-duellum", taken[2])) == cards[0]


@pytest.mark.parametrize(
    "code, wonders, tokens", [("ru", RU_WONDERS, RU_TOKENS), ("ja", JA_WONDERS, JA_TOKENS)]
)
def test_setup_lists_are_in_the_languages_order(code: str, wonders: list, tokens: list) -> None:
    """The wonders and the progress tokens are listed as the language sorts their names
    (Russian: the Cyrillic alphabet; Japanese: the kana reading, gojūon), and a mark
    takes the component shown, not the one in English's place."""
    import textfit

    from firmware.screens import setup

    with textfit.device(296, 128, code) as d:
        setup.draft(d.app, ["Ann", "Bob"], {}, 0)
        assert [make_lang.plain(code, n) for n in d.app.stack[-1].labels] == wonders
        marks = setup.tokens(d.app, ["Ann", "Bob"], {"wonders": [[], []]})
        assert [make_lang.plain(code, n) for n in marks.labels] == tokens
        played: list = []
        d.app.new_game = lambda game, players, step: played.append(step)
        for i in range(5):
            marks.pick(i)
        board = played[0]["progress"]
        assert [make_lang.plain(code, lang.name("7wd", t)) for t in board] == tokens[:5]
    with textfit.device(296, 128, "en") as d:
        marks = setup.tokens(d.app, ["Ann", "Bob"], {"wonders": [[], []]})
        assert marks.labels[:3] == ["Agriculture", "Architecture", "Economy"]
