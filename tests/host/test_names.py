"""The components' names per language (duelkeeper.names, docs/languages.md), and
`show` / `report` with --lang."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from loghelp import played
from matplotlib.figure import Figure

from duelcore.games import GAMES
from duelkeeper import names, report, told
from duelkeeper.log import ENV, Log
from duelkeeper.names import LANGS
from duelkeeper.randomgame import random_record
from duelkeeper.repo import ROOT
from duelkeeper.textable import table, width
from firmware.words import title as device_title

PACKAGE = ROOT / "host" / "duelkeeper"  # a game's table is PACKAGE / names.table_file(game, lang)
RULES = ROOT.parent / "shared" / "rules"
# Which rule text names which game's components, in which language (RULES/README.md).
TEXTS = {
    "000": ("7wd", "ja"),
    "003": ("7wd", "ru"),
    "001": ("splendor-duel", "ja"),
    "004": ("antike-duellum", "ja"),
}
SOURCE = re.compile(r"(?:(000|001|003|004):L([1-9][0-9]*)|edition|own)$")
COMMAND = str(Path(sys.executable).with_name("duelkeeper"))


def tables(lang: str) -> list[str]:
    """The games' tables of ``lang`` as written (English's only where a game has one)."""
    paths = [PACKAGE / names.table_file(game, lang) for game in GAMES]
    return [path.read_text(encoding="utf-8") for path in paths if path.is_file()]


def rows(lang: str) -> list[list[str]]:
    """The tables' data rows as written (the headers and comments left out), their first
    four columns (Russian's fifth, the accusative, is read by ``accusatives``)."""
    out = []
    for text in tables(lang):
        lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
        assert lines[0] == "id\tname\tshort\tsource" + {"ru": "\tacc", "ja": "\treading"}.get(
            lang, ""
        )
        out += [line.split("\t")[:4] for line in lines[1:]]
    return out


def test_every_game_names_its_components_in_its_own_tables() -> None:
    for game in GAMES:
        for lang in ("ja", "ru"):  # English's where a title is not the name
            assert (PACKAGE / names.table_file(game, lang)).is_file(), (game, lang)
    assert names.table_file("splendor-duel", "en") == "games/splendor/en.tsv"


def test_a_table_naming_another_game_s_component_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    own = tmp_path / "duelkeeper" / "games" / "splendor"
    own.mkdir(parents=True)
    (own / "en.tsv").write_text("id\tname\tshort\tsource\n7wd:arena\tArena\t\town\n")
    monkeypatch.setattr(names.resources, "files", lambda package: tmp_path / package)
    names.table.cache_clear()
    try:
        with pytest.raises(
            ValueError, match="games/splendor/en.tsv: 7wd:arena is not splendor-duel's"
        ):
            names.table("en")
    finally:
        names.table.cache_clear()


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_has_four_columns_and_each_id_once(lang: str) -> None:
    ids = []
    width = 4 if lang == "en" else 5
    for text in tables(lang):
        for line in text.splitlines():
            if line.strip() and not line.startswith("#"):
                assert len(line.split("\t")) == width, line
    for row in rows(lang):
        assert all(cell == cell.strip() for cell in row), row
        ids.append(row[0])
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    assert len(names.table(lang)) == len(ids)


@pytest.mark.parametrize("lang", ["ja", "ru"])
@pytest.mark.parametrize("game", GAMES)
def test_every_component_has_a_name(game: str, lang: str) -> None:
    ids = names.components(game)
    missing = [i for i in ids if "%s:%s" % (game, i) not in names.table(lang)]
    assert missing == []
    for i in ids:
        assert names.name("%s:%s" % (game, i), lang)


def test_russian_accusatives_differ_from_the_name_and_keep_its_words() -> None:
    """The accusative (``Арену``) is given only where it differs from the name, and
    changes only endings: the same number of words, each starting as the name's does."""
    table = names.table("ru")
    given = {k: r for k, r in table.items() if r.acc}
    assert len(given) > 50
    assert table["7wd:arena"].acc == "Арену" and table["7wd:temple"].acc == ""
    assert table["antike-duellum:king"].acc == "Царя"  # a person: accusative as genitive
    for key, row in given.items():
        assert row.acc != row.name, key
        words, acc = row.name.split(), row.acc.split()
        assert len(words) == len(acc), key
        assert all(a[:2] == w[:2] for w, a in zip(words, acc, strict=True)), key
    with pytest.raises(ValueError, match="5 tab-separated columns expected"):
        names._parse("id\tname\tshort\tsource\tacc\n7wd:arena\tАрена\t\town\n", "ru.tsv")


def test_components_come_from_the_cores() -> None:
    seven = names.components("7wd")
    assert len(seven) == 73 + 12 + 10 + 5 + 7  # cards, wonders, tokens, resources, verbs
    assert {"lumber-yard", "tacticians-guild", "statue-of-zeus", "urbanism"} <= set(seven)
    splendor = names.components("splendor-duel")
    assert "1w1" not in splendor and "level" not in splendor  # no names: ids and keys
    assert {"pearl", "royal-steal", "joker", "replenish", "crowns"} <= set(splendor)
    antike = names.components("antike-duellum")
    assert "fleets_lost" not in antike and "give" not in antike  # argument keys
    assert {"navigator", "monetary-economy", "stone-pit", "maneuver"} <= set(antike)


@pytest.mark.parametrize("lang", LANGS)
def test_no_row_names_what_is_not_a_component(lang: str) -> None:
    known = {"%s:%s" % (g, i) for g in GAMES for i in names.components(g)}
    assert set(names.table(lang)) - known == set()


def test_english_is_the_title_unless_its_table_says() -> None:
    assert names.name("7wd:statue-of-zeus", "en") == "Statue of Zeus"
    assert names.name("7wd:chamber-of-commerce", "en") == "Chamber of Commerce"
    assert names.name("splendor-duel:royal-points", "en") == "Royal Card: 3 Points"
    assert names.short("splendor-duel:royal-points", "en") == "Royal 3 VP"
    # the host's titles are the device's (firmware/words.py)
    for game in GAMES:
        for i in names.components(game):
            assert names.title(i) == device_title(i), i


def test_a_missing_name_is_an_error_not_english() -> None:
    with pytest.raises(KeyError, match="no ja name for 7wd:nope"):
        names.name("7wd:nope", "ja")
    with pytest.raises(KeyError):
        names.table("de")
    assert names.name("7wd:lumber-yard", "ja") == "伐採場"


@pytest.mark.parametrize("lang", LANGS)
def test_a_short_is_for_a_long_name_and_is_shorter(lang: str) -> None:
    for key, name, short, _ in rows(lang):
        if len(name) > names.SHORT_OVER:
            assert short and len(short) <= names.SHORT_OVER, key
            assert len(short) < len(name), key
        else:
            assert short == "", "%s: %s is short enough" % (key, name)
        assert short != name, key


def _on_line(text: str, line: str, lang: str) -> bool:
    """``text`` written on ``line``. Russian inflects: 003 names the first game's wonders
    in the accusative (Пирамиду Хеопса for Пирамида Хеопса), so a Russian word of more
    than three letters matches without its last letter (case ignored)."""
    if text in line:
        return True
    if lang != "ru":
        return False
    low = line.lower()
    return all((w[:-1] if len(w) > 3 else w) in low for w in text.lower().split())


@pytest.mark.parametrize("lang", LANGS)
def test_a_source_line_of_a_rule_text_has_the_name(lang: str) -> None:
    if not RULES.is_dir():
        pytest.skip("%s is absent: the rule texts the sources cite are not here" % RULES)
    texts = {p.name[:3]: p.read_text(encoding="utf-8").split("\n") for p in RULES.glob("*.txt")}
    for key, name, short, source in rows(lang):
        found = SOURCE.match(source)
        assert found, "%s: source %r" % (key, source)
        if found.group(1) is None:
            continue
        text, line = found.group(1), int(found.group(2))
        assert TEXTS[text] == (key.partition(":")[0], lang), "%s: %s" % (key, source)
        assert line <= len(texts[text]), "%s: %s" % (key, source)
        written = texts[text][line - 1]
        assert _on_line(name, written, lang) or (short and _on_line(short, written, lang)), (
            "%s: %s is not on %s: %s" % (key, name, source, written)
        )


CARD_ID = re.compile(r"\b[123][wugrkjx][0-9]+\b")  # Splendor's card ids: 1w1, 3j2


def test_events_are_told_as_the_device_tells_them() -> None:
    """Issue 37: `show` printed Splendor's card ids (2r3) and Antike's moves as
    ``rondel Dev 6 {}``; the device's own words (its tracking screens' describe())."""
    players = ("Ann", "Bob")
    splendor = random_record("splendor-duel", 1)
    said = told.tell(splendor, players)
    assert len(said) == len(splendor["events"])
    assert not [s for s in said if CARD_ID.search(s)], said  # never a card's id
    reserved = next(
        (e, s) for e, s in zip(splendor["events"], said, strict=True) if e[0] == "reserve"
    )
    colour = {"w": "White", "u": "Blue", "g": "Green", "r": "Red", "k": "Black", "j": "Joker"}
    card = reserved[0][2]
    assert reserved[1].startswith("%s reserved " % players[reserved[0][1]])
    if not card.startswith("deck"):
        assert colour[card[1]] + " " + "I" * int(card[0]) in reserved[1]
    antike = random_record("antike-duellum", 1, max_events=80)
    moves = [
        s
        for e, s in zip(antike["events"], told.tell(antike, players), strict=True)
        if e[0] == "rondel"
    ]
    assert moves and all(re.fullmatch(r"(Ann|Bob) moved \d+ steps?(: .*)?", m) for m in moves)
    seven = random_record("7wd", 1)
    first = seven["events"][0]
    line = {lang: told.tell(seven, players, lang)[0] for lang in ("en", "ja", "ru")}
    assert names.name("7wd:" + first[2], "ja") in line["ja"]
    assert line["en"].startswith(players[first[1]] + " ") and first[2] not in line["en"]
    from firmware import lang as device

    assert device.lang() == "en"  # the device's language as it was


def test_a_wide_character_takes_two_columns() -> None:
    assert width("伐採場 Ann") == 10
    text = table(["event", "n"], [["建設 Ann 伐採場", 1], ["build Ann lumber-yard", 22]])
    first, second, third = text.splitlines()
    assert width(first) == width(second) == width(third)


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != ENV}
    return subprocess.run([COMMAND, *args], capture_output=True, text=True, env=environ)


def _ok(*args: str) -> str:
    proc = _run(*args)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    return proc.stdout


@pytest.fixture(scope="module")
def log_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("names") / "log.sqlite3"
    with Log.open(path) as log:
        log.add(played("7wd", 1))
        log.add(played("splendor-duel", 1))
    return path


def test_show_in_japanese_and_russian(log_path: Path) -> None:
    record = played("7wd", 1)
    english = _ok("show", "--db", str(log_path), "random-7wd-1")
    assert _ok("show", "--db", str(log_path), "random-7wd-1", "--lang", "en") == english
    japanese = _ok("show", "--db", str(log_path), "random-7wd-1", "--lang", "ja")
    _, who, card = record["events"][0][:3]
    player = record["players"][who]
    row = {text: next(line for line in text.splitlines() if line.startswith("0 "))
           for text in (english, japanese)}  # fmt: skip
    # as the device tells it: who, what was done, the card by its name
    # Japanese puts the verb last, no space after the name ("Annが見張り塔を売却")
    told = row[japanese].split(maxsplit=1)[1]
    assert told.startswith(player + "が") and names.name("7wd:" + card, "ja") in told
    assert row[english].split()[1] == player and device_title(card) in row[english]
    assert "コイン Ann" in japanese and card not in japanese.split()
    assert english.count("\n") == japanese.count("\n")
    russian = _ok("show", "--db", str(log_path), "random-splendor-duel-1", "--lang", "ru")
    assert "Короны Ann" in russian and " берёт " in russian  # took tokens, in the device's words
    # --json is data: the record's ids, whatever the language
    data = _ok("show", "--db", str(log_path), "random-7wd-1", "--json")
    assert _ok("show", "--db", str(log_path), "random-7wd-1", "--json", "--lang", "ja") == data


def test_report_in_russian(log_path: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    _ok("report", "--db", str(log_path), str(out), "--lang", "ru")
    assert out.read_text(encoding="utf-8").startswith('<!DOCTYPE html>\n<html lang="ru">')
    with Log.open(log_path, readonly=True) as log:
        for game, expect in [("random-7wd-1", "Монеты Ann"), ("random-splendor-duel-1", "Короны")]:
            figure = Figure()
            report._track(log.get(game), "ru")(figure)
            legends = [
                t.get_text() for ax in figure.axes if ax.get_legend() for t in ax.get_legend().texts
            ]
            assert any(expect in t for t in legends), legends


@pytest.mark.parametrize("command", ["show", "report"])
def test_a_bad_language_is_one_argparse_line(command: str, log_path: Path) -> None:
    target = "random-7wd-1" if command == "show" else "out.html"
    proc = _run(command, "--db", str(log_path), target, "--lang", "de")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    errors = proc.stderr.splitlines()  # the usage is in --help (issue 33: one line)
    assert errors == [
        "duelkeeper %s: error: argument --lang: invalid choice: 'de' (choose from en, ja, ru)"
        " (duelkeeper %s --help)" % (command, command)
    ] or errors == [
        "duelkeeper %s: error: argument --lang: invalid choice: 'de' "
        "(choose from 'en', 'ja', 'ru') (duelkeeper %s --help)" % (command, command)
    ], proc.stderr


def test_the_docs_list_every_own_name_and_the_counts() -> None:
    doc = (ROOT / "docs" / "languages.md").read_text(encoding="utf-8")
    for lang in LANGS:
        sources = [row[3].partition(":")[0] for row in rows(lang)]
        counts = [sources.count(s) for s in ("000", "001", "003", "004", "edition", "own")]
        assert "| %s | %d | %s |" % (lang, len(sources), " | ".join(map(str, counts))) in doc
        for key, name, _, source in rows(lang):
            if source == "own":
                assert "`%s` %s" % (key.partition(":")[2], name) in doc, key
