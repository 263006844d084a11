"""Issue 33's hostile command lines, locales and closed streams, each the input itself:
the command prints what it can, or says in one line why not, with exit status 2; never a
traceback, never a silent success."""

import contextlib
import io
import json
import os
import resource
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from loghelp import played
from sighelp import sigint_default
from test_cli_replay import assert_refused

from duelkeeper.cli import main
from duelkeeper.log import ENV, Log

COMMAND = str(Path(sys.executable).with_name("duelkeeper"))
# A terminal whose encoding is ASCII: the C locale, with Python's UTF-8 modes off.
ASCII = {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}


def run(
    *args: str, env: dict[str, str] | None = None, shell: str = ""
) -> subprocess.CompletedProcess[bytes]:
    """The command, as bytes (what an ASCII terminal gets is the question); ``shell``:
    redirections for a shell to apply first (``<&-``, ``>&-``)."""
    environ = {k: v for k, v in os.environ.items() if k != ENV} | (env or {})
    argv = [COMMAND, *args]
    if shell:
        argv = ["sh", "-c", 'exec "$@" ' + shell, "sh", *argv]
    return subprocess.run(argv, capture_output=True, env=environ, timeout=120)


def refused(proc: subprocess.CompletedProcess[bytes], *words: str) -> None:
    assert_refused(
        subprocess.CompletedProcess(
            proc.args, proc.returncode, proc.stdout.decode(), proc.stderr.decode()
        ),
        *words,
    )
    assert len(proc.stderr.decode().rstrip("\n")) <= 300


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("log") / "log.sqlite3"
    with Log.open(path) as log:
        log.add(played("7wd", 1, id="g-ru", players=["Анна", "Bob"], meta={"date": "2026-05-01"}))
    return path


ANNA = "\\u0410\\u043d\\u043d\\u0430"  # Анна as an ASCII terminal shows it


@pytest.mark.parametrize(
    "args",
    [["games"], ["stats"], ["show", "g-ru"], ["players"], ["show", "g-ru", "--lang", "ja"]],
    ids=["games", "stats", "show", "players", "show-ja"],
)
def test_text_an_ascii_terminal_cannot_hold_is_shown_as_escapes(db: Path, args: list[str]) -> None:
    proc = run(*args, "--db", str(db), env=ASCII)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    text = proc.stdout.decode("ascii")  # nothing but ASCII reached the terminal
    assert ANNA in text
    if "ja" in args:  # the components' names, in Japanese: 建設 (build)
        assert "\\u5efa\\u8a2d" in text


@pytest.mark.parametrize("fmt", ["csv", "bgstats", "jsonl", "bgg"])
def test_an_export_to_stdout_is_utf8_whatever_the_locale(db: Path, fmt: str) -> None:
    proc = run("export", "--format", fmt, "--db", str(db), env=ASCII)
    assert proc.returncode == 0, proc.stderr
    same = run("export", "--format", fmt, "--db", str(db), env={"LC_ALL": "C.UTF-8"})
    assert proc.stdout == same.stdout  # the locale changes nothing in data
    text = proc.stdout.decode("utf-8")
    assert "Анна" in text or "\\u0410" in text  # jsonl escapes as JSON does


def test_a_closed_stdin_read_as_a_file_is_one_line() -> None:
    refused(run("replay", "-", shell="<&-"), "<stdin>: closed")


@pytest.mark.parametrize(
    "args",
    [["games"], ["stats"], ["export", "--format", "csv"], ["show", "g-ru"], ["players"]],
    ids=["games", "stats", "export", "show", "players"],
)
def test_a_closed_stdout_is_refused_in_one_line(db: Path, args: list[str]) -> None:
    proc = run(*args, "--db", str(db), shell=">&-")
    assert proc.returncode == 2
    line = proc.stderr.decode()
    assert line.count("\n") == 1 and "Traceback" not in line
    assert "standard output is closed" in line


def test_a_closed_stdout_writes_nothing_to_the_log(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played("7wd", 1)))
    db = tmp_path / "log.sqlite3"
    proc = run("import", "--db", str(db), str(path), shell=">&-")
    assert proc.returncode == 2 and b"standard output is closed" in proc.stderr
    assert not db.exists()


@pytest.mark.parametrize("where", ["", "."], ids=["empty", "folder"])
def test_a_log_path_that_names_no_file_is_one_line(tmp_path: Path, where: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played("7wd", 1)))
    proc = run("import", "--db", where, str(path))
    refused(proc, "--db" if where == "" else "a folder, not a play log")


def test_an_argument_refused_by_argparse_is_one_line() -> None:
    refused(run("sim", "--games", "many"), "argument --games", "sim --help")


# -- files written whole or not at all ------------------------------------------------------


def _limited(limit: int) -> Callable[[], None]:
    """A process whose files may not grow past ``limit`` bytes: a disk that fills."""

    def setup() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG, not death
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return setup


@pytest.mark.parametrize("command", ["export", "report"])
def test_a_write_that_fails_leaves_the_file_before_it_whole(
    db: Path, tmp_path: Path, command: str
) -> None:
    out = tmp_path / "out.txt"
    out.write_text("the export of last week\n")
    args = ["export", "--format", "csv", "-o"] if command == "export" else ["report"]
    environ = {k: v for k, v in os.environ.items() if k != ENV}
    proc = subprocess.run(
        [COMMAND, *args, str(out), "--db", str(db)],
        capture_output=True,
        text=True,
        env=environ,
        timeout=120,
        preexec_fn=_limited(200),
    )
    assert_refused(proc, str(out), "cannot write (File too large)", "as it was")
    assert out.read_text() == "the export of last week\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]  # no temporary left


def test_an_export_replaces_a_file_whole_keeping_its_mode(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "plays.csv"
    out.write_text("old\n")
    out.chmod(0o640)
    proc = run("export", "--format", "csv", "-o", str(out), "--db", str(db))
    assert proc.returncode == 0 and proc.stdout == b"", proc.stderr
    assert out.read_text(encoding="utf-8").startswith("id,date,game")
    assert "Анна" in out.read_text(encoding="utf-8")
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plays.csv"]


@pytest.mark.parametrize(
    "args,starts",
    [
        (["export", "--format", "bgg", "-o", "-"], b"<?xml"),
        (["export", "--format", "jsonl", "--output", "-"], b'{"events"'),
        (["report", "-"], b"<!DOCTYPE html>"),
    ],
    ids=["export-o", "export-output", "report"],
)
def test_the_output_dash_is_stdout(
    db: Path, tmp_path: Path, args: list[str], starts: bytes
) -> None:
    proc = subprocess.run(
        [COMMAND, *args, "--db", str(db)], capture_output=True, cwd=tmp_path, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(starts), proc.stdout[:80]
    assert list(tmp_path.iterdir()) == []  # no file named -


def test_an_output_that_is_a_folder_is_one_line(db: Path, tmp_path: Path) -> None:
    refused(
        run("export", "--format", "csv", "-o", str(tmp_path), "--db", str(db)),
        "a folder, not a file to write",
    )


# -- the simulator's counts: every command ends -----------------------------------------------


@pytest.mark.parametrize("count", ["-5", "999999999999", "10001", "1e3", "9" * 5000])
def test_sim_games_beyond_what_a_flash_holds_are_refused(tmp_path: Path, count: str) -> None:
    proc = run("sim", "--games", count, "--storage", str(tmp_path / "flash"))
    refused(proc, "argument --games", "from 0 to 10000")
    assert not (tmp_path / "flash").exists()  # nothing archived, not even -5 games


@pytest.mark.parametrize(
    "line,why",
    [
        ("wait 99999999999999", "at most 60000 ms a line"),
        ("wait 60001", "at most 60000 ms a line"),
        ("hold up " + "9" * 5000, "at most 60000 ms a line"),
        ("up x999999999", "at most x1000 presses a line"),
        ("long b x1001", "at most x1000 presses a line"),
        ("a x" + "9" * 5000, "at most x1000 presses a line"),
        ("wait ²", "expected milliseconds"),
    ],
)
def test_a_script_line_beyond_its_bound_is_refused_before_playing(
    tmp_path: Path, line: str, why: str
) -> None:
    script = tmp_path / "s.txt"
    script.write_text("a\n" + line + "\n", encoding="utf-8")
    proc = run("sim", "--script", str(script), "--storage", str(tmp_path / "flash"))
    refused(proc, f"{script}:2: {why}")


# -- seats nobody named ---------------------------------------------------------------------


@pytest.fixture
def unnamed(tmp_path: Path) -> Path:
    """A log of a game between two unnamed seats (import allows it), and Ann's game
    against an unnamed seat."""
    path = tmp_path / "log.sqlite3"
    with Log.open(path) as log:
        log.add(played("7wd", 1, id="g-none", players=["", ""]))
        log.add(played("7wd", 2, id="g-ann", players=["Ann", ""]))
    return path


def seated_twice(db: Path) -> int:
    with Log.open(db, readonly=True) as log:
        row = log.conn.execute("SELECT COUNT(*) FROM games WHERE player0 = player1").fetchone()
        return (
            int(row[0])
            - log.conn.execute(
                "SELECT COUNT(*) FROM games WHERE player0 = '' AND player1 = ''"
            ).fetchone()[0]
        )


@pytest.mark.parametrize(
    "action", [["rename", "", "Carl"], ["merge", "", "Ann"], ["merge", "Ann", ""]]
)
def test_the_unnamed_seat_is_no_player_to_rename_or_merge(unnamed: Path, action: list[str]) -> None:
    refused(run("players", *action, "--db", str(unnamed)), "a seat nobody named, no player")
    assert seated_twice(unnamed) == 0
    with Log.open(unnamed, readonly=True) as log:
        assert log.get("g-none").players == ("", "")
        assert log.get("g-ann").players == ("Ann", "")


def test_renaming_a_player_to_the_same_name_is_nothing_to_do(unnamed: Path) -> None:
    proc = run("players", "rename", "Ann", "Ann", "--db", str(unnamed))
    refused(proc, "'Ann' is that player's name already: nothing to rename")
    assert b"merge" not in proc.stderr


def test_unnamed_seats_are_shown_as_their_seats(unnamed: Path) -> None:
    show = run("show", "g-none", "--db", str(unnamed))
    assert show.returncode == 0, show.stderr
    head = show.stdout.decode().splitlines()[1]
    assert head.startswith("Player 1 vs Player 2: Player ") and " wins (" in head
    assert "coins Player 1" in show.stdout.decode()
    games = run("games", "--db", str(unnamed)).stdout.decode()
    assert "Player 1 - Player 2" in games and "Ann - Player 2" in games
    assert " - :" not in games and "  -  " not in games


def test_stats_count_a_game_of_unnamed_seats_once_and_for_nobody(unnamed: Path) -> None:
    proc = run("stats", "--json", "--db", str(unnamed))
    assert proc.returncode == 0, proc.stderr
    (kind,) = json.loads(proc.stdout)
    assert kind["games"] == 2
    assert [p["player"] for p in kind["players"]] == ["Ann"]
    ann = kind["players"][0]
    assert ann["games"] == 1 and ann["wins"] + ann["losses"] + ann["draws"] == 1
    assert ann["rating"] == 1500  # no one to rate against
    assert kind["head_to_head"] == []
    listed = run("players", "--db", str(unnamed)).stdout.decode().splitlines()
    assert [line.split()[0] for line in listed[1:]] == ["Ann"]


def waiting_for_input(pid: int) -> None:
    """Until process ``pid`` reads its stdin pipe (its imports done): Linux says where a
    process sleeps in /proc; elsewhere, a few seconds."""
    wchan = Path("/proc/%d/wchan" % pid)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            where = wchan.read_text()
        except OSError:
            break
        if "pipe" in where:
            return
        time.sleep(0.05)
    time.sleep(3)


def test_ctrl_c_is_one_line_not_a_traceback() -> None:
    proc = subprocess.Popen(
        [COMMAND, "replay", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, preexec_fn=sigint_default,
    )  # fmt: skip
    waiting_for_input(proc.pid)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert out == b"" and err == b"duelkeeper: interrupted\n"


@pytest.mark.parametrize("gid", ["", " g-ru"])
def test_an_id_that_names_no_game_is_quoted(db: Path, gid: str) -> None:
    refused(run("show", gid, "--db", str(db)), "no game %r in the play log" % gid)


def test_a_script_that_is_no_file_is_refused_at_once(tmp_path: Path) -> None:
    proc = run("sim", "--script", "/dev/zero", "--storage", str(tmp_path / "flash"))
    refused(proc, "/dev/zero: a device, pipe or socket, not a script")


# -- command lines in bytes the locale does not decode ---------------------------------------


def test_a_name_typed_in_a_c_locale_is_read_as_utf8(db: Path) -> None:
    proc = run("games", "--player", "Анна", "--db", str(db), env=ASCII)
    assert proc.returncode == 0, proc.stderr
    assert b"g-ru" in proc.stdout and ANNA.encode() in proc.stdout


@pytest.mark.parametrize(
    "args",
    [["games", "--player"], ["show"], ["players", "rename", "Bob"], ["export", "--player"]],
    ids=["games", "show", "rename", "export"],
)
def test_text_that_is_not_utf8_is_refused_in_one_line(db: Path, args: list[str]) -> None:
    not_utf8 = os.fsdecode(b"\xff")  # what Python makes of the byte 0xff in argv
    extra = ["--format", "csv"] if args[0] == "export" else []
    refused(run(*args, not_utf8, *extra, "--db", str(db)), "is not UTF-8 text")


def test_an_export_to_a_text_stream_in_this_process(db: Path) -> None:
    """A caller that gives the command a stream of text only (io.StringIO, as the fuzz
    harness of records does) gets the export as text."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["export", "--format", "csv", "--db", str(db)]) == 0
    assert "Анна" in out.getvalue()


def test_the_report_names_unnamed_seats_as_seats(unnamed: Path) -> None:
    proc = run("report", "-", "--game-id", "g-none", "--db", str(unnamed))
    assert proc.returncode == 0, proc.stderr
    html = proc.stdout.decode()
    assert "One game: 7 Wonders Duel g-none, Player 1 vs Player 2," in html
    assert "<td></td>" not in html  # no player row without a name


@pytest.mark.parametrize(
    "args,why",
    [
        (
            ["sim", "--script", "s.txt", "--storage", "flash", "--screenshot", "-"],
            "standard output holds no pictures",
        ),
        (["games", "--db", "-"], "'-' is standard input or output, not a play log file"),
    ],
    ids=["screenshot", "db"],
)
def test_a_dash_where_no_text_goes_is_refused(tmp_path: Path, args: list[str], why: str) -> None:
    (tmp_path / "s.txt").write_text("a\n")
    proc = subprocess.run([COMMAND, *args], capture_output=True, cwd=tmp_path, timeout=120)
    refused(proc, why)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.txt"]  # no file or folder "-"


def test_a_game_of_a_player_against_their_old_name_is_not_stored(tmp_path: Path) -> None:
    """After `players rename Ann Anne`, a record of Ann against Anne (from a device not
    synced since, or a file) would be Anne against Anne: two people the log has as one."""
    db = tmp_path / "log.sqlite3"
    with Log.open(db) as log:
        log.add(played("7wd", 1, id="a1", players=["Ann", "Bob"]))
    assert run("players", "rename", "Ann", "Anne", "--db", str(db)).returncode == 0
    path = tmp_path / "a2.json"
    path.write_text(json.dumps(played("7wd", 2, id="a2", players=["Ann", "Anne"])))
    refused(
        run("import", "--db", str(db), str(path)),
        "game a2: 'Ann' and 'Anne' play each other in it, but the log has them as one player",
    )
    assert seated_twice(db) == 0
    with Log.open(db, readonly=True) as log:
        assert log.count() == 1
