"""Seconds per test file and per folder, summed from pytest's own per-test times.

    .venv/bin/python -m pytest -q --junitxml=build/times.xml tests/rp2
    .venv/bin/python tools/test_times.py build/times.xml [more.xml ...]

Each test's time in the JUnit XML is its setup, call and teardown together, so a
fixture shared by a module counts once, with the first test that used it. The figures
of docs/tests.md come from here.
"""

import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_file(classname: str) -> str:
    """``tests.rp2.test_games`` (or a class inside it) -> ``tests/rp2/test_games.py``."""
    parts = classname.split(".")
    for n in range(len(parts), 0, -1):
        path = "/".join(parts[:n]) + ".py"
        if (ROOT / path).is_file():
            return path
    return "/".join(parts) + ".py"


def sums(paths: list[Path]) -> dict[str, tuple[int, float]]:
    """Test file -> (tests, seconds)."""
    out: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    for path in paths:
        for case in ET.parse(path).iter("testcase"):
            entry = out[test_file(case.get("classname", ""))]
            entry[0] += 1
            entry[1] += float(case.get("time", "0"))
    return {name: (int(n), s) for name, (n, s) in out.items()}


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: test_times.py REPORT.xml [REPORT.xml ...]", file=sys.stderr)
        return 2
    per_file = sums([Path(a) for a in argv])
    folders: dict[str, float] = defaultdict(float)
    for name, (_n, s) in per_file.items():
        folders[name.rsplit("/", 1)[0]] += s
    for name, (n, s) in sorted(per_file.items(), key=lambda kv: -kv[1][1]):
        print(f"{s:8.1f} s  {n:5d}  {name}")
    print()
    for folder, s in sorted(folders.items(), key=lambda kv: -kv[1]):
        print(f"{s:8.1f} s         {folder}/")
    print(f"{sum(folders.values()):8.1f} s         in all")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
