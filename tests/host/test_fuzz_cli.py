"""Issue 33: random command lines for the play log's commands (games, show, stats,
players, export), printed to an ASCII terminal (a C locale's), end with their output or
one clean line: no traceback, no hang, no silent failure. Derandomized and bounded, so it
runs in seconds and the same way each time; test_hostile_cli.py keeps the cases found."""

import io
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import fuzzhelp
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from loghelp import played

from duelkeeper.log import Log

EXAMPLES = 150
HANG_SECONDS = 20


@pytest.fixture(scope="module")
def log_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("fuzz-log") / "log.sqlite3"
    with Log.open(path) as log:
        log.add(played("7wd", 1, id="g-ru", players=["Анна", "Bob"]))
        log.add(played("7wd", 2, id="g-none", players=["", ""]))
        log.add(played("splendor-duel", 3, id="g-sd", players=["さくら", "Bob"]))
    return path


# Values a user or a script might give: the log's own names and ids, what is not one,
# what no terminal sends as text (a lone surrogate: a byte that is not UTF-8).
WORDS = ["Анна", "Bob", "さくら", "", " ", "-", "--", "g-ru", "g-none", "g-sd", "x" * 400]
WORDS += ["\udcff", "\udcd0\udc90", "\x1b[2J", "2026-01-01", "9999-99-99", "-5", "0"]
WORDS += ["999999999999", "ja", "csv", "7wd", "Player 1", "''"]
values = st.sampled_from(WORDS) | st.text(max_size=12)


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A command of the log and its arguments, each option maybe given, maybe twice,
    maybe with a value it does not take; never --db (the test gives it) nor a file path
    but the test's own."""
    command = draw(st.sampled_from(["games", "show", "stats", "players", "export"]))
    argv = [command]
    options: dict[str, Any] = {
        "games": ["--game", "--player", "--since", "--until", "--json"],
        "show": ["--json", "--lang"],
        "stats": ["--game", "--json"],
        "players": [],
        "export": ["--format", "--game", "--player", "--since", "--until", "-o"],
    }[command]
    if command == "show":
        argv.append(draw(values))
    if command == "players" and draw(st.booleans()):
        argv += [draw(st.sampled_from(["rename", "merge"])), draw(values), draw(values)]
    for option in draw(st.lists(st.sampled_from(options), max_size=4)) if options else []:
        argv.append(option)
        if option == "--json":
            continue
        if option == "-o":
            argv.append(draw(st.sampled_from(["-", "OUT/plays.txt", "OUT", "OUT/no/x.csv"])))
        elif option == "--format":
            argv.append(draw(st.sampled_from(["csv", "jsonl", "bgstats", "bgg"]) | values))
        elif option == "--lang":
            argv.append(draw(st.sampled_from(["en", "ja", "ru"]) | values))
        else:
            argv.append(draw(values))
    if command == "export" and "--format" not in argv and draw(st.booleans()):
        argv += ["--format", "csv"]
    return argv


def run(argv: list[str], folder: Path) -> tuple[str, str]:
    """(outcome, stderr) of ``argv`` in this process, its stdout an ASCII terminal's
    (fuzzhelp.run), a refusal of more than one line of 300 characters untidy."""
    argv = [a.replace("OUT", str(folder)) if a.startswith("OUT") else a for a in argv]
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    outcome, text = fuzzhelp.run([*argv, "--db", str(folder / "log.sqlite3")], out, HANG_SECONDS)
    if outcome == "refused" and len(text) > 301:
        outcome = "untidy"
    return outcome, text


def test_random_command_lines_end_clean(log_file: Path) -> None:
    seen: dict[str, int] = {}

    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(command_lines())
    def check(argv: list[str]) -> None:
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            shutil.copy(log_file, folder / "log.sqlite3")  # rename and merge write it
            outcome, text = run(argv, folder)
            assert outcome in ("accepted", "refused"), (outcome, text, argv)
            assert not (set(os.listdir(folder)) - {"log.sqlite3", "plays.txt"}) - {
                "log.sqlite3-wal",
                "log.sqlite3-shm",
            }, os.listdir(folder)  # no temporary file left behind
        seen[outcome] = seen.get(outcome, 0) + 1

    check()
    assert seen.get("accepted", 0) and seen.get("refused", 0), seen  # both kinds were tried
