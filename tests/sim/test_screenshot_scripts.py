"""docs/screenshots/*.txt are what tools/screenshot_scripts.py writes on today's menus.

A menu that changes shifts every press after it, and a stale script then plays into the
wrong screens (the PNGs show the quick-score pad instead of a game), as does a list in
the language's order (7WD's setup: ja/7wd.txt, ru/7wd.txt): regenerating each script on
the CPython device and comparing catches that in seconds. And every screenshot
the README shows is a shot some script takes."""

import importlib.util
import re

import pytest

from duelkeeper.repo import ROOT

_spec = importlib.util.spec_from_file_location(
    "screenshot_scripts", ROOT / "tools" / "screenshot_scripts.py"
)
assert _spec and _spec.loader
screenshot_scripts = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(screenshot_scripts)
SHOTS = ROOT / "docs" / "screenshots"


CASES = [
    (name, lang)
    for name in screenshot_scripts.SCRIPTS
    for lang in ("en", *screenshot_scripts.LANGS.get(name, ()))
]


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_script_matches_the_menus(name: str, lang: str) -> None:
    path = SHOTS / f"{name}.txt" if lang == "en" else SHOTS / lang / f"{name}.txt"
    assert screenshot_scripts.script(name, lang) == path.read_text(), (
        f"{path.relative_to(ROOT)} is stale: run tools/screenshot_scripts.py"
    )


def test_readme_shots_are_taken() -> None:
    linked = set(
        re.findall(r"docs/screenshots/(?:ja/|ru/)?([\w-]+)\.png", (ROOT / "README.md").read_text())
    )
    taken = set()
    for script in SHOTS.glob("*.txt"):
        taken |= set(re.findall(r"^shot ([\w-]+)", script.read_text(), re.M))
    assert linked and linked <= taken, sorted(linked - taken)
