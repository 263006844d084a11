"""The `duelkeeper` command: a table of subcommands over the library.

Handlers stay thin. One handler at the top turns every failure the user can act on into
one line on stderr and exit status 2; no traceback reaches the user. The standard
streams are set up once, before any command runs (``streams``): text a terminal's
encoding cannot hold is printed as its escape, a closed stdout is refused, a closed
stdin is a one-line error when read (docs/play-log.md, "Output, streams and files").
"""

import argparse
import io
import json
import os
import sqlite3
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import NamedTuple, NoReturn

import platformdirs

from duelcore import IllegalEvent, RecordError, replay
from duelcore.record import loads
from duelkeeper import export, sheet, stats
from duelkeeper.entry import date_shown
from duelkeeper.errors import DuelkeeperError, cut, shown_quote
from duelkeeper.files import write_atomic
from duelkeeper.inputs import load_entries, read_text
from duelkeeper.kinds import KINDS, WINNER
from duelkeeper.log import ENV, Filter, Log
from duelkeeper.names import LANGS
from duelkeeper.textable import shown, table


def _replay(args: argparse.Namespace) -> int:
    print(json.dumps(replay(loads(read_text(args.file))), indent=2, sort_keys=True))
    return 0


def _replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a game record (JSON), or - for stdin")


def _open(args: argparse.Namespace, readonly: bool = False) -> Log:
    return Log.open(args.db, readonly)


def _read(args: argparse.Namespace) -> Log:
    """The log for a command that only reads it: opened read-only (docs/play-log.md)."""
    return _open(args, readonly=True)


def path(value: str) -> Path:
    """An argparse type: a file's path, not empty (``Path("")`` is the current folder)."""
    if not value:
        raise ValueError(value)
    if value == "-":
        raise argparse.ArgumentTypeError("'-' is standard input or output, not a play log file")
    return Path(value)


def folder(value: str) -> Path:
    """An argparse type: a folder for files of their own (PNG frames), not ``-``: standard
    output is text, and holds no folder of pictures."""
    if not value or value == "-":
        raise argparse.ArgumentTypeError(
            "%s: a folder for the PNG files (standard output holds no pictures)"
            % shown_quote(value)
        )
    return Path(value)


def text(value: str) -> str:
    """An argparse type: text a record holds (a name, an id). Python decodes the command
    line by the locale, keeping what does not decode as lone surrogates: a C locale turns
    the UTF-8 of ``Анна`` into eight of them. Those bytes are read as UTF-8 here; what is
    not UTF-8 at all (``$'\\xff'``) is refused, as no record holds it."""
    if not any("\ud800" <= c <= "\udfff" for c in value):
        return value
    try:
        return os.fsencode(value).decode("utf-8")
    except UnicodeError:
        raise argparse.ArgumentTypeError("%s is not UTF-8 text" % shown_quote(value)) from None


def _db(parser: argparse.ArgumentParser, default: object = None) -> None:
    parser.add_argument(
        "--db",
        type=path,
        default=default,
        metavar="PATH",
        help=f"the play log (default: ${ENV}, else log.sqlite3 in the user data directory)",
    )


def day(text: str) -> date:
    """An argparse type: YYYY-MM-DD (the function's name shows in argparse's message)."""
    return date.fromisoformat(text)


def _filters(parser: argparse.ArgumentParser) -> None:
    _db(parser)
    parser.add_argument("--game", choices=list(KINDS), help="only this game")
    parser.add_argument("--player", type=text, metavar="NAME", help="only games NAME played")
    parser.add_argument("--since", type=day, metavar="YYYY-MM-DD", help="from this day on")
    parser.add_argument("--until", type=day, metavar="YYYY-MM-DD", help="up to this day")


def _filter(args: argparse.Namespace) -> Filter:
    return Filter(args.game, args.player, args.since, args.until)


def _import(args: argparse.Namespace) -> int:
    from duelkeeper.progress import Progress

    # every record replays before anything is written
    notes: list[str] = []
    entries = load_entries(args.files, progress=Progress("import"), notes=notes)
    with _open(args) as log:
        added = log.store_many(entries)
    for note in notes:
        say(note, note=True)
    print(
        "%d new game%s, %d already in the log"
        % (added, "" if added == 1 else "s", len(entries) - added)
    )
    return 0


def _import_arguments(parser: argparse.ArgumentParser) -> None:
    _db(parser)
    parser.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="records: a JSON object, a JSON array or JSON lines; a game's archive file "
        "(<id>.dk, as in the quarantine folder); - for stdin",
    )


def _games(args: argparse.Namespace) -> int:
    with _read(args) as log:
        games = list(log.games(_filter(args)))
    if args.json:
        print(json.dumps([export.summary(g) for g in games], indent=2))
        return 0
    rows = [
        [date_shown(g.date), g.id, g.game, "%s - %s" % g.names]
        + ["-" if g.quick == WINNER else "%d - %d" % g.totals]
        + ["shared" if g.winner is None else g.names[g.winner], g.victory or ""]
        + ["score only" if g.score_only else "turns"]
        for g in games
    ]
    header = ["date", "id", "game", "players", "score", "winner", "victory", "entered"]
    print(table(header, rows))
    return 0


def _games_arguments(parser: argparse.ArgumentParser) -> None:
    _filters(parser)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")


def _show(args: argparse.Namespace) -> int:
    with _read(args) as log:
        game = log.get(args.id)
    if args.json:
        print(json.dumps(sheet.sheet(game), indent=2))
    else:
        print(sheet.render(sheet.sheet(game, told=args.lang), args.lang))
    return 0


def _lang(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "--lang",
        choices=LANGS,
        default="en",
        help="the language of %s (default en: the record's ids)" % what,
    )


def _show_arguments(parser: argparse.ArgumentParser) -> None:
    _db(parser)
    parser.add_argument(
        "id", type=text, metavar="ID", help="the game's id (see `duelkeeper games`)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    _lang(parser, "the components' names in the text (--json keeps the ids)")


def _stats(args: argparse.Namespace) -> int:
    with _read(args) as log:
        figures = stats.compute(log, args.game)
    print(json.dumps(stats.as_json(figures), indent=2) if args.json else stats.render(figures))
    return 0


def _stats_arguments(parser: argparse.ArgumentParser) -> None:
    _db(parser)
    parser.add_argument("--game", choices=list(KINDS), help="only this game")
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")


def _report(args: argparse.Namespace) -> int:
    from duelkeeper import report  # matplotlib loads only for the command that draws

    with _read(args) as log:
        html = report.build(log, args.game_id, args.lang, args.list)
    if write(args.out, html):
        print("wrote %s" % args.out)
    return 0


def _report_arguments(parser: argparse.ArgumentParser) -> None:
    _db(parser)
    parser.add_argument(
        "out", metavar="OUT.html", help="the HTML file to write; - for standard output"
    )
    parser.add_argument(
        "--game-id",
        type=text,
        metavar="ID",
        help="the game whose track is drawn (default: the latest 7wd)",
    )
    _lang(parser, "the components' names in the game's track and the timelines")
    parser.add_argument(
        "--list",
        type=count,
        metavar="N",
        help="list the N latest games, each with its timeline (default 10; a replay each)",
    )


def _export(args: argparse.Namespace) -> int:
    if args.excel and args.format != "csv":
        raise DuelkeeperError("--excel is for --format csv (a byte order mark for Excel)")
    if args.bgg_user is not None and args.format != "bgg":
        raise DuelkeeperError("--bgg-user is for --format bgg (the user the plays are for)")
    with _read(args) as log:
        games = list(log.games(_filter(args)))
        ids = {}
        if args.format == "bgstats":
            from duelkeeper.players import identities

            ids = identities(log)
    options = export.Options(ids, args.excel, args.bgg_user or export.SOURCE)
    write(args.output or "-", export.FORMATS[args.format](games, options))
    return 0


def write(path: str, text: str) -> bool:
    """``text`` into the file ``path``, whole or not at all (files.write_atomic); ``-`` is
    standard output, in UTF-8 whatever the locale, as the file would hold it (an export is
    data: a C locale's ASCII would lose every name in another script). True for a file."""
    if path == "-":
        binary = getattr(sys.stdout, "buffer", None)
        if binary is None:  # a stream of text only (a caller's io.StringIO)
            sys.stdout.write(text)
            return False
        sys.stdout.flush()
        binary.write(text.encode("utf-8"))
        binary.flush()
        return False
    write_atomic(path, text)
    return True


def _export_arguments(parser: argparse.ArgumentParser) -> None:
    _filters(parser)
    parser.add_argument(
        "--format", required=True, choices=list(export.FORMATS), help="what to write"
    )
    parser.add_argument(
        "-o", "--output", metavar="FILE", help="write here, not stdout (- is stdout)"
    )
    parser.add_argument(
        "--excel",
        action="store_true",
        help="csv: a UTF-8 byte order mark first, so that Excel reads the names right",
    )
    parser.add_argument(
        "--bgg-user",
        type=text,
        metavar="NAME",
        help="bgg: the BGG user the plays are for (default: duelkeeper)",
    )


def _players(args: argparse.Namespace) -> int:
    from duelkeeper import players

    with _open(args, readonly=args.action is None) as log:  # a list only reads
        if args.action is None:
            on_device = set(players.roster(log))
            rows = [
                [
                    p.name,
                    p.games,
                    p.last,
                    "yes" if p.name in on_device else "-",
                    ", ".join(p.aliases),
                ]
                for p in players.players(log)
            ]
            print(table(["player", "games", "last", "on device", "also written"], rows))
            return 0
        moved = getattr(players, args.action)(log, args.old, args.new)
    print(
        "%s %s %s %s: %d game%s; the device learns it at the next sync"
        % (
            "renamed" if args.action == "rename" else "merged",
            args.old,
            "to" if args.action == "rename" else "into",
            args.new,
            moved,
            "" if moved == 1 else "s",
        )
    )
    return 0


def _players_arguments(parser: argparse.ArgumentParser) -> None:
    _db(parser)
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    rename = actions.add_parser("rename", help="call a player by a new name (games kept)")
    rename.add_argument("old", type=text, metavar="OLD")
    rename.add_argument("new", type=text, metavar="NEW")
    merge = actions.add_parser("merge", help="OLD's games become INTO's: one player")
    merge.add_argument("old", type=text, metavar="OLD")
    merge.add_argument("new", type=text, metavar="INTO")
    for sub in (rename, merge):
        _db(sub, argparse.SUPPRESS)  # after the action too, without hiding one given before


def _sim(args: argparse.Namespace) -> int:
    from duelkeeper.sim import command as sim

    storage = args.storage
    if storage is None:
        folder = "sim-rp2" if args.target == "rp2" else "sim-flash"
        storage = Path(platformdirs.user_data_dir("duelkeeper", appauthor=False)) / folder
    if args.games and args.target == "rp2":
        raise DuelkeeperError("--games fills the simulator's flash folder; not with --target rp2")
    if args.games:
        from duelkeeper.sim import fill

        fill.fill(storage, args.games, args.seed)
        print("%d finished games archived in %s" % (args.games, storage), file=sys.stderr)
    if args.pty and args.target == "rp2":
        from duelkeeper.rp2 import serve

        return serve.serve(storage, sim.rp2_board(args.board))
    if args.pty:
        from duelkeeper.sim import pty

        return pty.serve(storage, source=args.source)
    options = sim.Options(
        storage=storage,
        runtime=args.runtime,
        board=args.board,
        size=args.size,
        buttons=args.buttons,
        script=args.script,
        screenshot=args.screenshot,
        scale=args.scale,
        source=args.source,
        target=args.target,
    )
    if args.lang is not None:
        sim.set_lang(storage, args.target, args.lang)
    return sim.run(options)


# The most `sim --games` archives: more than a Pico's flash holds (at most 5,865 finished
# games, of 7 Wonders Duel alone: docs/rp2.md), so that the command ends.
MAX_FILL = 10_000


def games(text: str) -> int:
    """An argparse type: how many games ``sim --games`` archives, 0 to MAX_FILL."""
    if not (text.isascii() and text.isdigit() and len(text) <= 9) or int(text) > MAX_FILL:
        raise argparse.ArgumentTypeError(
            "%s: a count of games from 0 to %d (a Pico's flash holds fewer)"
            % (shown_quote(text), MAX_FILL)
        )
    return int(text)


def count(text: str) -> int:
    """An argparse type: a count, 0 or more."""
    if not (text.isascii() and text.isdigit() and len(text) <= 9):
        raise argparse.ArgumentTypeError("%s: a count, 0 or more" % shown_quote(text))
    return int(text)


def size(text: str) -> tuple[int, int]:
    """An argparse type: WIDTHxHEIGHT, one of the panel sizes the firmware lays out for."""
    from duelkeeper.sim.command import SIZES

    w, _, h = text.partition("x")
    if not (w.isdigit() and h.isdigit()) or (int(w), int(h)) not in SIZES:
        raise ValueError(text)
    return int(w), int(h)


def _sim_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--target",
        choices=["sim", "rp2"],
        default="sim",
        help="sim: the firmware in this runtime (default); rp2: the shipped build on "
        "MicroPython's real rp2 firmware in an emulated RP2040 (screen from the panel model)",
    )
    parser.add_argument(
        "--runtime",
        choices=["micropython", "cpython"],
        default="micropython",
        help="the real MicroPython VM (default) or CPython with the MicroPython shims",
    )
    parser.add_argument(
        "--storage",
        type=Path,
        metavar="DIR",
        help="the folder that backs the flash (default: sim-flash in the user data directory)",
    )
    parser.add_argument(
        "--board",
        default="sim",
        metavar="NAME",
        help="a module of boards/ whose size and buttons to simulate (default: sim)",
    )
    parser.add_argument(
        "--size", type=size, metavar="WxH", help="the panel: 296x128 (default) or 250x122"
    )
    parser.add_argument(
        "--buttons",
        choices=["abcud", "abc"],
        help="five buttons (abcud) or three (abc); default: the board's",
    )
    parser.add_argument(
        "--script", type=Path, metavar="FILE", help="play this button script, no terminal needed"
    )
    parser.add_argument(
        "--screenshot", type=folder, metavar="DIR", help="write every frame as a PNG into DIR"
    )
    parser.add_argument(
        "--scale",
        type=int,
        default=1,
        choices=range(1, 9),
        metavar="N",
        help="PNG pixels per panel pixel (default 1)",
    )
    parser.add_argument(
        "--source",
        action="store_true",
        help="run the .py sources in the VM instead of the .mpy files mpy-cross makes",
    )
    parser.add_argument(
        "--pty",
        action="store_true",
        help="serve the device's REPL on a new pseudo-terminal (its path is the first line "
        "printed) for mpremote, deploy and sync; the app does not run",
    )
    parser.add_argument(
        "--games",
        type=games,
        default=0,
        metavar="N",
        help="first archive N finished random games (all three kinds) on the flash",
    )
    parser.add_argument(
        "--seed", type=int, default=0, metavar="S", help="seed of the --games (default 0)"
    )
    _device_lang(parser, "the device's language, set in the flash's settings first (default: keep)")


def _device_lang(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--lang", choices=LANGS, help=what)


def _port(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--port",
        metavar="P",
        help="the device's serial port (default: the one Raspberry Pi Pico plugged in); "
        "`duelkeeper sim --pty` prints one",
    )


def _deploy(args: argparse.Namespace) -> int:
    from duelkeeper import deploy

    report = deploy.run(args.port, args.board, args.db, args.lang)
    print(report.summary())
    print(report.roster)
    return 0


def _uf2(args: argparse.Namespace) -> int:
    from duelkeeper import romfs

    summary = romfs.write(args.board, args.output)
    print(summary, file=sys.stderr if args.output == romfs.STDOUT else sys.stdout)
    return 0


def _uf2_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--board", metavar="NAME", required=True, help="the module of boards/ the app opens"
    )
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        required=True,
        metavar="FILE",
        help="the UF2 file to write (-: standard output)",
    )


def _deploy_arguments(parser: argparse.ArgumentParser) -> None:
    _port(parser)
    _db(parser)
    parser.add_argument(
        "--board",
        metavar="NAME",
        help="the module of boards/ the app opens, written into the program's image "
        "(default: the board the device's program names)",
    )
    _device_lang(
        parser,
        "the device's language, merged into /settings.json (default: keep the "
        "device's setting; a new device speaks English)",
    )


def _sync_once(port: str | None, db: Path | None) -> None:
    from duelkeeper import sync
    from duelkeeper.progress import Progress

    outcome = sync.run(port, db, progress=Progress("sync"))
    for problem in outcome.problems:
        say(str(problem))
    for noise in outcome.noise:
        say(noise, note=True)
    print(outcome.summary())
    print(shown(outcome.roster), flush=True)
    if not outcome.ok:
        raise DuelkeeperError(outcome.failure())


def _sync(args: argparse.Namespace) -> int:
    if not args.watch:
        _sync_once(args.port, args.db)
        return 0
    from duelkeeper import watch

    if args.port is not None:
        raise DuelkeeperError("--watch finds the boards by their USB vendor id: no --port")
    try:
        watch.watch(lambda port: _sync_once(port, args.db))
    except KeyboardInterrupt:
        watch.say("stopped watching")
    return 0


def _sync_arguments(parser: argparse.ArgumentParser) -> None:
    _port(parser)
    _db(parser)
    parser.add_argument(
        "--watch",
        action="store_true",
        help="wait for a board to be plugged in (Raspberry Pi's USB vendor id), sync it, "
        "and wait for the next, until Ctrl-C",
    )


class Command(NamedTuple):
    name: str
    help: str
    run: Callable[[argparse.Namespace], int]
    arguments: Callable[[argparse.ArgumentParser], None]


COMMANDS = (
    Command(
        "replay",
        "replay a game record, print the result as JSON (exit 2 on an illegal event)",
        _replay,
        _replay_arguments,
    ),
    Command(
        "import",
        "replay game records and add them to the play log (all or nothing)",
        _import,
        _import_arguments,
    ),
    Command("games", "list the games in the play log", _games, _games_arguments),
    Command(
        "show",
        "one game's score sheet and its timeline, event by event",
        _show,
        _show_arguments,
    ),
    Command(
        "stats",
        "per player and head to head: wins, victories, scores, streaks, Elo rating",
        _stats,
        _stats_arguments,
    ),
    Command(
        "report",
        "write an HTML report with charts of the play log",
        _report,
        _report_arguments,
    ),
    Command(
        "export",
        "export the play log as CSV, JSON lines, BG Stats links (a page) or BGG play XML",
        _export,
        _export_arguments,
    ),
    Command(
        "players",
        "list the players of the play log (most games first); rename or merge one",
        _players,
        _players_arguments,
    ),
    Command(
        "sim",
        "run the device's firmware on this PC: in the terminal, or play a button script",
        _sim,
        _sim_arguments,
    ),
    Command(
        "uf2",
        "write the one file to install on a Pico (hold BOOTSEL, plug it in, drop the file "
        "on RPI-RP2): the firmware and the program for a board",
        _uf2,
        _uf2_arguments,
    ),
    Command(
        "deploy",
        "write the program onto the board over USB (its ROMFS image), keeping every game",
        _deploy,
        _deploy_arguments,
    ),
    Command(
        "sync",
        "copy the device's finished games into the play log, then mark them synced there",
        _sync,
        _sync_arguments,
    ),
)


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose refusal is one line, as every other error (its usage is
    in ``--help``)."""

    def error(self, message: str) -> NoReturn:
        say("%s: error: %s (%s --help)" % (self.prog, message, self.prog), prefix="")
        sys.exit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="duelkeeper", description="Tools for the duelkeeper board-game companion.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        sub = commands.add_parser(command.name, help=command.help, description=command.help)
        command.arguments(sub)
        sub.set_defaults(run=command.run)
    return parser


def _fail(message: str) -> int:
    say(message)
    return 2


def say(message: str, note: bool = False, prefix: str = "duelkeeper: ") -> None:
    """One line on stderr: ``message`` with what a terminal acts on shown as escapes, cut
    to LINE_MAX characters."""
    line = (prefix + "note: " if note else prefix) + shown(" ".join(message.splitlines()))
    print(cut(line), file=sys.stderr)


class _ClosedInput(io.RawIOBase):
    """Standard input when the shell closed it (``<&-``): reading it is a one-line error."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: object) -> int:
        raise DuelkeeperError("<stdin>: closed (nothing to read from standard input)")


STDOUT_CLOSED = "standard output is closed: the command prints there; nothing was done"


def streams() -> str | None:
    """The standard streams as every command needs them; the reason to refuse, if any.

    - stdout is text for a terminal: what its encoding cannot hold (a C locale's ASCII,
      and Анна) is written as its Python escape (``\\u0410``), as Python does on stderr,
      rather than a UnicodeEncodeError; data written to stdout (``export``) is UTF-8;
    - a closed stdout (``>&-``; Python then has None) is refused before anything runs:
      a result printed nowhere is no result;
    - a closed stdin (``<&-``) reads as a one-line error (``-`` as a file);
    - a closed stderr leaves errors unsaid, and the exit status says them."""
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (the process's own, for ever)
    if sys.stdin is None:
        sys.stdin = io.TextIOWrapper(io.BufferedReader(_ClosedInput()))
    if sys.stdout is None:
        return STDOUT_CLOSED
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="backslashreplace")
    return None


def main(argv: list[str] | None = None) -> int:
    refused = streams()
    if refused is not None:
        return _fail(refused)
    args = build_parser().parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except (DuelkeeperError, RecordError, IllegalEvent) as e:
        return _fail(str(e))
    except KeyboardInterrupt:  # Ctrl-C: a transaction under way is rolled back
        say("interrupted")
        return 130
    except BrokenPipeError:  # `duelkeeper export ... | head`: the reader had enough
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as e:
        return _fail(f"{e.filename}: {e.strerror}" if e.filename else str(e))
    except sqlite3.Error as e:
        return _fail(f"play log: {e}")
