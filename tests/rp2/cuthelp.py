"""Power cuts on real littlefs: the app's storage calls on the emulated board, cut inside
their flash operations, and the flash read back and resumed by the firmware's own
storage code under CPython.

A session (two finished games, the settings written on the way, both games acknowledged)
is one list of storage calls, each run on the board as the app runs it
(host/duelkeeper_dev/onboard/pcut.py, compiled, beside the program in /rom; the image's last byte
is left erased, as a power cut during its write leaves it, so the launcher starts no app
and the board boots to its REPL at once). ``reference()`` runs the session once,
powering the board on afresh before each call chosen for cuts, and keeps the flash
before that call and the list of its flash operations. A trial puts that flash back,
powers on, arms a cut inside the call's k-th flash operation with a fraction of it done
(an erase fills only part of the sector with 0xFF, a program ANDs in only the first
bytes), runs the call, and reads the state the next boot finds. The same flash and the
same command give the same flash operations, so the k-th one of the trial is the k-th
one of the reference (a trial asserts its cut happened).
"""

import json
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from duelcore import Match
from duelkeeper import romfs
from duelkeeper.mpycross import compile_file
from duelkeeper.repo import ROOT
from duelkeeper.rp2 import flashimage
from duelkeeper.rp2.board import EmulatedBoard
from duelkeeper.shims import install as install_shims
from duelkeeper_dev.tablegame import splendor_record, table_record

BOARD = "pico_inky_pack"
ONBOARD = ROOT / "host" / "duelkeeper_dev" / "onboard" / "pcut.py"
RAW_PROMPT = b"raw REPL; CTRL-B to exit\r\n>"
USB_UP_MS = 50  # after power-on, before the USB CDC takes bytes (measured: 20 is too few)


# -- the session: the app's storage calls -----------------------------------------------


class Call(NamedTuple):
    kind: str  # "settings", "start", "append", "finish", "ack"
    command: str  # what the raw REPL runs (pcut imported)
    cut: bool  # chosen for cuts


def _record(source: dict[str, Any]) -> dict[str, Any]:
    """The record the app starts (firmware/session.py new_game): no id, no events."""
    return {
        "format": 1,
        "game": source["game"],
        "players": source["players"],
        "setup": source["setup"],
        "events": [],
        "meta": {"firmware": "0.4.0", "board": BOARD},
    }


def _appends(source: dict[str, Any], every: int) -> Iterator[Call]:
    """An append per event, with the code the real core gives it (the app passes its
    Match's game); every ``every``-th one, and the last, chosen for cuts."""
    match = Match(dict(_record(source), id="-"))  # the id start() gives it is not known yet
    events = source["events"]
    for j, event in enumerate(events):
        match.play(event)
        game: Any = match.game  # every core's Game has encode() (duelcore.engine)
        code = game.encode(event)
        chosen = j % every == 0 or j == len(events) - 1
        yield Call("append", "pcut.append(%r, %d)" % (event, code), chosen)


def games() -> tuple[dict[str, Any], dict[str, Any]]:
    """The session's two finished games: 7 Wonders Duel, then Splendor Duel."""
    return table_record(5), splendor_record(1)


def session(every: int = 4) -> list[Call]:
    """The session's storage calls, in the order the app makes them."""
    first, second = games()
    settings: dict[str, Any] = {"board": BOARD}
    out: list[Call] = []

    def save(**changes: Any) -> None:
        settings.update(changes)
        out.append(Call("settings", "pcut.save_settings(%r)" % settings, True))

    for game in (first, second):
        save(game=game["game"])  # screens/games.py: the game picked
        save(players=game["players"], names=list(game["players"]))  # screens/players.py
        out.append(Call("start", "pcut.start(%r)" % _record(game), True))
        out.extend(_appends(game, every))
        out.append(Call("finish", "pcut.finish()", True))
    out.append(Call("ack", "pcut.ack_oldest()", True))  # sync acknowledges both
    out.append(Call("ack", "pcut.ack_oldest()", True))
    return out


# -- the board, with no app: its raw REPL ------------------------------------------------


class Console:
    """The raw REPL of an emulated board over the flash file ``image``, with no main.py."""

    restarts = 0  # runners started again, in all (see power_on)

    def __init__(self, image: Path) -> None:
        self.image = image
        self.board = EmulatedBoard(image, BOARD)

    def __enter__(self) -> "Console":
        return self

    def __exit__(self, *exc: object) -> None:
        self.board.close()

    def power_on(self) -> None:
        """Start the chip again over the flash file, and enter the raw REPL.

        Now and then (twice in some thousand boots, under load; not understood yet) the
        USB of the emulated board takes no more bytes, whatever the chip does: then the
        runner itself is started again, at most twice (``Console.restarts`` counts it).
        """
        out = b""
        for _ in range(3):
            self.board.cut()
            self.board.run(USB_UP_MS)
            self.board.read_serial()
            for _ in range(3):  # bytes sent before the USB is up are lost: ask again
                self.board.write_serial(b"\r\x03\x01")
                for _ in range(20):  # each request answered, or given up, before the next
                    self.board.run(5)
                    out += self.board.read_serial()
                    if out.endswith(RAW_PROMPT):
                        return
            self.board.close()
            self.board = EmulatedBoard(self.image, BOARD)
            Console.restarts += 1
        raise AssertionError(f"no raw REPL after power-on: {out[-200:]!r}")

    def run(self, command: str, limit_ms: int = 60_000) -> bool:
        """Run ``command``; True when the power was cut during it. A traceback fails."""
        self.board.write_serial(command.encode() + b"\x04")
        out = b""
        spent = 0
        while spent < limit_ms:
            report = self.board.run(5)
            spent += 5
            if report.cut:
                return True
            out += self.board.read_serial()
            if out.endswith(b"\x04>"):
                err = out[:-2].rsplit(b"\x04", 1)[-1]  # OK, stdout, 4, stderr, 4, >
                assert not err, f"{command[:60]}: {err.decode(errors='replace')}"
                return False
        raise AssertionError(f"{command[:60]}: no answer in {limit_ms} ms: {out[-200:]!r}")


def flash_with_pcut(path: Path) -> Path:
    """The program and pcut.mpy in /rom, the image's last byte (the newline ending
    /rom/board) erased: a board that boots to its REPL; littlefs formatted, so the boot
    writes nothing."""
    with tempfile.TemporaryDirectory() as empty:
        flashimage.from_folder(path, Path(empty))
    files = romfs.files()
    # compiled as the program is: each trial imports it, and the chip's compiler would
    # take a sixth of a trial's instructions
    with tempfile.TemporaryDirectory() as tmp:
        mpy = Path(tmp) / "pcut.mpy"
        compile_file(ONBOARD, mpy)
        files["pcut.mpy"] = mpy.read_bytes()
    rom = romfs.image(BOARD, files)
    assert rom.endswith(b"\n")
    return flashimage.drop(path, romfs.with_base(rom[:-1] + bytes([flashimage.ERASED])))


# -- what the next boot finds ------------------------------------------------------------


class State(NamedTuple):
    """The storage as a boot finds it (after Storage's repairs), as JSON texts."""

    journal: tuple[str, str] | None  # the game in progress: (id, events)
    notice: str | None
    unsynced: tuple[tuple[str, str], ...]  # (id, record) of each finished game
    synced: tuple[str, ...]
    settings: str

    def events(self) -> int:
        return -1 if self.journal is None else len(json.loads(self.journal[1]))


def state(image: Path) -> State:
    """Mount the flash with littlefs-python, copy the games and settings to a folder,
    and let firmware/storage/ (under CPython) repair and read them, as a boot would."""
    install_shims()
    from firmware.storage import Storage

    files = flashimage.read_back(image)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for rel, data in files.items():
            if rel.startswith(("games/", "settings.")):
                (root / rel).parent.mkdir(parents=True, exist_ok=True)
                (root / rel).write_bytes(data)
        s: Any = Storage(str(root))
        s.repair()
        record, notice = s.resume()
        journal = None
        if record is not None:
            journal = (str(record["id"]), json.dumps(record["events"]))
        unsynced = tuple((gid, json.dumps(s.read(gid), sort_keys=True)) for gid in s.unsynced())
        return State(journal, notice, unsynced, tuple(s.synced()), json.dumps(s.settings()))


# -- the reference run and the trials ----------------------------------------------------


class Before(NamedTuple):
    """A call chosen for cuts: the flash before it, its flash operations, the states
    before and after it."""

    position: int  # in the session
    call: Call
    flash: bytes
    ops: list[tuple[str, int, int]]
    before: State
    after: State


def reference(image: Path, calls: Sequence[Call]) -> list[Before]:
    """Run the session once without cuts; for each chosen call, what its trials need."""
    flash_with_pcut(image)
    out: list[Before] = []
    with Console(image) as con:
        pending: list[str] = []  # calls not chosen, run together
        booted = False
        for i, call in enumerate(calls):
            if not call.cut:
                pending.append(call.command)
                continue
            if pending:
                assert booted
                con.run("\n".join(pending))
                pending = []
            flash = image.read_bytes()
            con.power_on()
            con.run("import pcut")
            booted = True
            before = state(image)
            assert not con.run(call.command)
            out.append(Before(i, call, flash, con.board.flash_log(), before, state(image)))
        assert not pending
    return out


class Trial(NamedTuple):
    at: Before
    k: int  # the flash operation cut, counted in the call
    part: float  # how much of it was done
    found: State
    flash: bytes | None  # the flash the cut left, where kept

    @property
    def kind(self) -> str:
        """ "erase" or "program": the kind of flash operation cut."""
        return self.at.ops[self.k][0]


def trial(con: Console, at: Before, k: int, part: float) -> Trial:
    con.image.write_bytes(at.flash)
    con.power_on()
    con.run("import pcut")
    con.board.cut(flash_op=k, part=part)
    cut = con.run(at.call.command)
    assert cut, f"call {at.position} ({at.call.kind}) ended before flash operation {k}"
    return Trial(at, k, part, state(con.image), con.image.read_bytes())


Plan = list[tuple[Before, int, float]]


def on_two(work: Callable[[int], None]) -> None:
    """``work(0)`` and ``work(1)`` in two threads (each drives its own emulated board, a
    Node process: the machine's two cores share them); the first error is raised here."""
    errors: list[BaseException] = []

    def guarded(n: int) -> None:
        try:
            work(n)
        except BaseException as err:  # reported in the caller's thread
            errors.append(err)

    threads = [threading.Thread(target=guarded, args=(n,)) for n in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    if errors:
        raise errors[0]


def run_trials(folder: Path, plan: Plan, keep: Callable[[Trial], bool]) -> list[Trial]:
    """Every (call, k, part) of ``plan``, on two emulated boards at once. A trial keeps
    the flash it left only where ``keep`` says so."""
    results: list[Trial | None] = [None] * len(plan)
    lock = threading.Lock()

    def work(n: int) -> None:
        image = folder / f"trial{n}.img"
        flashimage.blank(image)
        with Console(image) as con:
            for j in range(n, len(plan), 2):
                t = trial(con, *plan[j])
                with lock:
                    results[j] = t if keep(t) else t._replace(flash=None)

    on_two(work)
    return [r for r in results if r is not None]


def each(calls: Sequence[Before], parts: Callable[[Before, int], Sequence[float]]) -> Plan:
    """A trial for every flash operation of every chosen call, at each of ``parts``."""
    return [(at, k, part) for at in calls for k in range(len(at.ops)) for part in parts(at, k)]
