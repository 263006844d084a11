"""A command the tool suggests in a message works when pasted into a shell: its words
quoted, no placeholder left to fill (issue 36: ``players rename`` suggested ``duelkeeper
players merge Player 1 Ann``, and ``deploy`` a ``--board BOARD``)."""

import ast
import re
import shlex
from pathlib import Path

import pytest
from loghelp import played
from test_cli_log import assert_refused, ok, run

from duelkeeper import deploy
from duelkeeper.cli import build_parser
from duelkeeper.log import Log
from duelkeeper.players import players
from duelkeeper.repo import ROOT
from duelkeeper.romfs import check_board

_SUGGESTED = re.compile(r"`(duelkeeper [^`]*)`")


def test_the_merge_a_rename_suggests_works_when_pasted(tmp_path: Path) -> None:
    db = tmp_path / "log.sqlite3"
    with Log.open(db) as log:
        log.add(played("7wd", 1, id="g-1", players=["Ann Lee", "Carl"]))
        log.add(played("7wd", 2, id="g-2", players=["Bob O'Ray", "Dee"]))
    proc = run("players", "rename", "Ann Lee", "Bob O'Ray", "--db", str(db))
    assert_refused(proc, "is a player already")
    (command,) = _SUGGESTED.findall(proc.stderr)
    argv = shlex.split(command)
    assert argv == ["duelkeeper", "players", "merge", "Ann Lee", "Bob O'Ray"]
    ok(*argv[1:], "--db", str(db))
    with Log.open(db, readonly=True) as log:
        assert [p.name for p in players(log)] == ["Bob O'Ray", "Carl", "Dee"]


def _messages() -> list[str]:
    """Every command a message of the host's code suggests whole (no ``%`` left in it:
    those are checked above, formatted), and deploy's installer commands."""
    out = [deploy._uf2(None), deploy._uf2("pico_inky_pack")]
    for path in sorted((ROOT / "host" / "duelkeeper").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            said = isinstance(node, ast.Raise) or (  # an error, a print, a --help line
                isinstance(node, ast.Call)
                and (
                    getattr(node.func, "id", "") == "print"
                    or any(k.arg == "help" for k in node.keywords)
                )
            )
            for part in ast.walk(node) if said else ():
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    out += [m for m in _SUGGESTED.findall(part.value) if "%" not in m]
    return sorted(set(out))


@pytest.mark.parametrize("said", _messages())
def test_a_suggested_command_parses_as_it_reads(said: str) -> None:
    """Each ``duelkeeper ...`` of a message: the command line's own parser takes it, with
    no word left for the reader to fill (``BOARD``, ``NAME``) and a real board."""
    for command in _SUGGESTED.findall(said) or [said.strip("`")]:
        argv = shlex.split(command)[1:]
        assert not [w for w in argv if re.fullmatch(r"[A-Z][A-Z_]+", w)], command
        args = build_parser().parse_args(argv)
        if getattr(args, "board", None) and args.command in ("uf2", "deploy"):
            check_board(args.board)


def _documented() -> list[str]:
    """The ``duelkeeper`` commands of the docs' and README's examples: a ``sh`` block's
    lines, a ``console`` block's ``$`` lines, each up to a shell operator or comment."""
    out = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        block = None
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("```"):
                block = None if block is not None else line[3:].strip()
                continue
            if block == "console" and line.startswith("$ "):
                line = line[2:]
            elif block != "sh":
                continue
            line = re.split(r"\s(?:#|\||;|&&|\d?>)", line)[0].strip()
            if re.match(r"(\.venv/bin/)?duelkeeper ", line):
                out.append(line)
    return out


def test_the_documented_commands_parse() -> None:
    """Every example command of the docs runs as written, as far as the command line's
    parser can tell (the board, files and devices it names aside)."""
    commands = _documented()
    assert len(commands) >= 20
    for command in commands:
        argv = shlex.split(command)[1:]
        try:
            build_parser().parse_args(argv)
        except SystemExit:
            raise AssertionError(command) from None
