"""The device's words in Japanese and Russian: host/duelkeeper/lang/device.tsv.

Every string the firmware passes to ``lang.tr()`` has a row there (its English key, as
the code has it), every row's key is a string of the firmware or the cores that the
device shows, each translation keeps the key's placeholders in order, and every
component id the firmware names with ``lang.name()`` or ``lang.short()`` is one.
"""

import ast
import re
import sys
from pathlib import Path

import fwhelp  # noqa: F401  (the shims firmware.notices needs: framebuf, machine)
import pytest

from duelkeeper import names

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import make_lang  # noqa: E402

FIRMWARE = ROOT / "firmware"
TABLE = ROOT / "host" / "duelkeeper" / "lang" / "device.tsv"
CORES = ROOT / "shared" / "duelcore"
# A %-placeholder: flags, width, precision, conversion.
PLACEHOLDER = re.compile(r"%[-+ #0]*\d*(?:\.\d+)?[a-zA-Z%]")


def _counts(cells: list) -> list:
    """A row's texts (en, ja, ru) as counts: a row of several (``lang.counted``, its note
    says so) one per comma, any other whole."""
    if cells[3].startswith("a count (lang.counted)"):
        return list(zip(*(c.split(",") for c in cells[:3]), strict=True))
    return [tuple(cells[:3])]


def _rows() -> dict:
    lines = TABLE.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "en\tja\tru\tnote"
    rows = {}
    for n, line in enumerate(lines[1:], 2):
        cells = line.split("\t")
        assert len(cells) == 4, f"device.tsv:{n}: 4 cells, tab-separated"
        en = cells[0]
        assert en not in rows, f"device.tsv:{n}: {en!r} twice"
        rows[en] = cells
    return rows


def _trees() -> list:
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(FIRMWARE.rglob("*.py"))]


def _calls(fn: str) -> list:
    """(file, line, args) of every call of ``fn`` or ``<anything>.fn`` in firmware/; an
    argument that is a name of a module-level string constant (``_AD``) is replaced by
    that constant."""
    out = []
    for path, tree in _trees():
        consts = {}
        for node in tree.body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
                for t in node.targets:
                    if isinstance(t, ast.Name):
                        consts[t.id] = node.value
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            called = (
                f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            )
            if called == fn:
                args = [
                    consts[a.id] if isinstance(a, ast.Name) and a.id in consts else a
                    for a in node.args
                ]
                out.append((path.relative_to(ROOT), node.lineno, args))
    return out


def _firmware_strings() -> set:
    out = set()
    for _, tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.add(node.value)
    return out


def _pasts() -> set:
    """The verbs' past tenses kept in firmware/notices.py's ``_PAST`` (told through
    tr(), each a piece of that one string), without their ``.``/``=`` marks."""
    from firmware.notices import _PAST

    out = set()
    for item in _PAST.split("|"):
        past = item.partition(" ")[2]
        if past:
            out.add(past[:-1] if past[-1] in ".=" else past)
    return out


def _reasons() -> set:
    """Every refusal reason the cores can give the device: the text each
    ``IllegalEvent(...)`` is raised with, and the two record.py words whole."""
    out = set()
    for path in sorted(CORES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "IllegalEvent"
                and isinstance(node.args[0], ast.Constant)
            ):
                out.add(node.args[0].value)
    tree = ast.parse((CORES / "record.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "reason" for t in node.targets
        ):
            assert isinstance(node.value, ast.Constant)
            out.add(node.value.value)
    return out


def _core_words() -> set:
    """Words of the cores the device shows through tr(): Splendor's tokens, the victories
    the score sheet names, Antike's phases (7WD's resources are one word of the card
    picker's, games/sevenwonders/pick.py)."""
    from duelcore.antike.tables import PHASES
    from duelcore.splendor.cards import TOKENS
    from duelcore.splendor.rules import VICTORIES

    out = set(TOKENS) | set(VICTORIES) | set(PHASES.split())
    tree = ast.parse((CORES / "sevenwonders" / "rules.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):  # self.victory = "civil", and _win()'s "military"...
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant)
            and any(isinstance(t, ast.Attribute) and t.attr == "victory" for t in node.targets)
        ):
            out.add(node.value.value)
    out.update(("military", "science"))  # _win(p, "military"), _win(p, "science")
    return out


def test_every_tr_key_has_a_row() -> None:
    """... but the records tools/make_lang.py writes into a catalog itself."""
    rows = _rows()
    missing = []
    for path, line, args in _calls("tr") + _calls("word"):
        if args and isinstance(args[0], ast.Constant):
            if args[0].value not in rows and args[0].value not in make_lang.SCRIPT_KEYS:
                missing.append(f"{path}:{line}: {args[0].value!r}")
    assert not missing, "\n".join(missing)


def test_no_unused_rows() -> None:
    known = _firmware_strings() | _pasts() | _reasons() | _core_words()
    unused = [en for en in _rows() if en not in known]
    assert not unused, unused


def test_every_reason_has_a_row() -> None:
    """The App shows a refused event's reason (session.refused): each is looked up."""
    rows = _rows()
    assert not [r for r in _reasons() if r not in rows]


@pytest.mark.parametrize("lang", ["ja", "ru"])
def test_translations_keep_the_placeholders(lang: str) -> None:
    col = 1 if lang == "ja" else 2
    bad = []
    for en, cells in _rows().items():
        text = cells[col]
        if not text.strip():
            bad.append(f"{en!r}: empty")
        elif any(  # a count's forms: each has them
            PLACEHOLDER.findall(form) != PLACEHOLDER.findall(row[0].split("|")[0])
            for row in _counts(cells)
            for form in row[col].split("|")
        ):
            bad.append(f"{en!r}: {text!r}")
        elif text != text.strip():
            bad.append(f"{en!r}: {text!r} has spaces at an end")
    assert not bad, "\n".join(bad)


def test_translations_format() -> None:
    """Each translation takes the same arguments as its key (``%`` formatting)."""
    for cells in _rows().values():
        for row in _counts(cells):
            first = row[0].split("|")[0]
            n = len([p for p in PLACEHOLDER.findall(first) if p != "%%"])
            if not n:
                continue
            args = tuple(1 if p[-1] == "d" else "x" for p in PLACEHOLDER.findall(first))
            for text in row[1:3]:
                for form in text.split("|"):  # a count's forms (lang.count)
                    form % args  # noqa: B018  (raises on a mismatch)


def test_a_count_has_each_languages_forms() -> None:
    """A word counted (``lang.count``, forms between ``|``): English's one and other,
    Russian's one, few and many, Japanese's one (it does not inflect for a number)."""
    counted = [r for c in _rows().values() for r in _counts(c) if "|" in "".join(r)]
    assert ("%d coin|%d coins", "貨幣%d", "%d монета|%d монеты|%d монет") in counted
    assert ("%d clay", "粘土%d", "%d глина|%d глины|%d глин") in counted  # screens/pick7.py's
    for en, ja, ru in counted:
        assert en.count("|") in (0, 1), en
        assert "|" not in ja, en
        assert ru.count("|") == 2, en


def test_named_ids_are_components() -> None:
    bad = []
    checked = 0
    for fn in ("name", "short"):
        for path, line, args in _calls(fn):
            if len(args) != 2 or not isinstance(args[0], ast.Constant):
                # the 7WD picker's own short(word), duelcore's name(card), notices' name(game, k)
                continue
            checked += 1
            game = args[0].value
            assert game in ("7wd", "splendor-duel", "antike-duellum"), f"{path}:{line}"
            if isinstance(args[1], ast.Constant):
                if args[1].value not in names.components(game):
                    bad.append(f"{path}:{line}: {game}:{args[1].value}")
    assert checked > 10  # the calls were found
    assert not bad, bad


def test_japanese_ages_are_the_rule_texts_word() -> None:
    """7 Wonders Duel's Age is 世代 in the Japanese rule text (000), not the commoner 時代:
    the device says what the rules the players read say."""
    rules = ROOT.parent / "shared" / "rules"
    texts = sorted(rules.glob("000_*.txt"))
    if not texts:
        pytest.skip("%s is absent: the Japanese rule text is not here" % rules)
    text = texts[0].read_text(encoding="utf-8")
    word = max(("世代", "時代"), key=text.count)
    other = "時代" if word == "世代" else "世代"
    ages = [cells[1] for en, cells in _rows().items() if "age" in en.lower().split()]
    assert len(ages) >= 3
    assert all(word in ja and other not in ja for ja in ages), ages
