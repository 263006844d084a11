"""Power cuts on real littlefs (issue 9): the app's storage calls on MicroPython's rp2 port
in the emulated RP2040, cut inside their flash erases and programs (tests/rp2/cuthelp.py
says how). After every cut the flash must mount, and the next boot must find the game at
the last complete event, each finished game archived exactly once and the settings
whole; on a sample the real app boots on the cut flash and shows what the simulator
shows, and ``duelkeeper sync`` then logs exactly the finished games. docs/rp2.md,
"Power cuts", has the counts and the time. A cut while deploy writes the program's ROMFS
image leaves a board that boots to its REPL with every game, and the next deploy mends it.
"""

import json
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import cuthelp
import pytest
from cuthelp import Before, Trial
from rp2help import board_frames, buttons_of, needs_rp2, sim_frames

from duelkeeper import romfs
from duelkeeper.log import Log
from duelkeeper.rp2 import flashimage
from duelkeeper.rp2.board import EmulatedBoard
from duelkeeper.rp2.device import Rp2Device

pytestmark = needs_rp2

COMMAND = str(Path(sys.executable).with_name("duelkeeper"))
SMALL = ("settings", "start", "finish", "ack")  # calls of few flash operations


def parts(at: Before, k: int) -> tuple[float, ...]:
    """Half of each operation done; the calls with few operations are also cut just
    before an operation starts and with nine tenths of a program done."""
    if at.call.kind not in SMALL:
        return (0.5,)
    return (0.0, 0.5, 0.9) if at.ops[k][0] == "program" else (0.0, 0.5)


def _key(t: Trial) -> tuple[str, bool, str]:
    return (t.at.call.kind, t.found == t.at.after, t.kind)


# The trials whose flash the real app boots on: each kind of call, both outcomes.
SAMPLE = (
    ("append", False, "erase"),
    ("append", True, "program"),
    ("finish", False, "program"),
    ("finish", True, "program"),
    ("settings", False, "erase"),
    ("start", True, "program"),
    ("ack", False, "program"),
)


def keeper() -> Callable[[Trial], bool]:
    """Keep the flash of the first trial of each SAMPLE key (appends: once the journal
    has left its directory for blocks of its own)."""
    kept: set[tuple[str, bool, str]] = set()

    def keep(t: Trial) -> bool:
        key = _key(t)
        if key not in SAMPLE or key in kept or 0 <= t.at.before.events() < 30:
            return False
        kept.add(key)
        return True

    return keep


class Cuts:
    def __init__(self, reference: list[Before], trials: list[Trial], seconds: float) -> None:
        self.reference = reference
        self.trials = trials
        self.seconds = seconds


@pytest.fixture(scope="module")
def cuts(tmp_path_factory: pytest.TempPathFactory) -> Cuts:
    import time

    folder = tmp_path_factory.mktemp("cuts")
    start = time.monotonic()
    reference = cuthelp.reference(folder / "reference.img", cuthelp.session())
    trials = cuthelp.run_trials(folder, cuthelp.each(reference, parts), keeper())
    return Cuts(reference, trials, time.monotonic() - start)


def test_reference_session_is_the_app_s(cuts: Cuts) -> None:
    """Uncut, the calls leave what the app means: every event journalled and resumed,
    both games archived with all their events, both acknowledged at the end."""
    first, second = cuthelp.games()
    for at in cuts.reference:
        if at.call.kind == "append":
            assert at.after.events() == at.before.events() + 1
    by_index = {at.position: at for at in cuts.reference}
    finishes = [at for at in cuts.reference if at.call.kind == "finish"]
    done = finishes[-1].after
    assert [json.loads(r)["events"] for _, r in done.unsynced] == [
        first["events"],
        second["events"],
    ]
    assert [json.loads(r)["game"] for _, r in done.unsynced] == ["7wd", "splendor-duel"]
    last = by_index[max(by_index)].after
    assert last.unsynced == () and last.synced == tuple(gid for gid, _ in done.unsynced)
    assert json.loads(last.settings)["game"] == "splendor-duel"


def test_each_cut_resumes_at_the_last_complete_call(cuts: Cuts) -> None:
    kinds: Counter[str] = Counter()
    inside: Counter[str] = Counter()
    done: dict[int, Trial] = {}  # per call, the first trial that found it complete
    for t in cuts.trials:
        at = t.at
        where = f"call {at.position} ({at.call.kind}), flash op {t.k} ({t.kind}) {t.part:.0%} done"
        assert t.found in (at.before, at.after), f"{where}: found {t.found}"
        assert t.found.notice is None, f"{where}: {t.found.notice}"  # littlefs: files whole
        ids = {gid for gid, _ in t.found.unsynced} | set(t.found.synced)
        assert t.found.journal is None or t.found.journal[0] not in ids, f"{where}: twice"
        if t.found == at.after:
            done.setdefault(at.position, t)
        else:  # once complete, a call never comes undone by a later cut point
            assert at.position not in done, f"{where}: lost again after {done[at.position]}"
        kinds[at.call.kind] += 1
        if 0 < t.part < 1:
            inside[t.kind] += 1
    print(
        f"\n{len(cuts.trials)} cuts, {cuts.seconds:.0f} s: {dict(kinds)}, inside {dict(inside)}"
        f", runners restarted {cuthelp.Console.restarts}"
    )
    assert len(cuts.trials) >= 200
    # a finish is one append to a bundle and the journal's removal: fewer operations
    assert kinds["append"] >= 60 and kinds["finish"] >= 12 and kinds["settings"] >= 30
    assert inside["erase"] >= 20 and inside["program"] >= 100


# -- the real app on a sample of the cut flashes ----------------------------------------


def _storage_files(image: Path, folder: Path) -> None:
    """The games and settings on ``image``, as the simulator's flash folder."""
    for rel, data in flashimage.read_back(image).items():
        if rel.startswith(("games/", "settings.")):
            (folder / rel).parent.mkdir(parents=True, exist_ok=True)
            (folder / rel).write_bytes(data)


def _synced(device: Rp2Device, db: Path) -> None:
    device.board.free_run(True)
    done = subprocess.run(
        [COMMAND, "sync", "--port", device.board.path, "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    device.board.free_run(False)
    assert done.returncode == 0, done.stderr


def _resume(folder: Path, t: Trial) -> tuple[bytes | None, bytes | None, dict[str, str]]:
    """Boot the app on ``t``'s flash; its first frame, the simulator's on the same files,
    and what a sync then logs (id -> record JSON)."""
    (folder / "rp2").mkdir()
    assert t.flash is not None
    (folder / "rp2" / "flash.img").write_bytes(t.flash)
    with Rp2Device(folder / "rp2", cuthelp.BOARD) as device:  # installs main.py
        _storage_files(device.image, folder / "sim")  # what the app's boot will find
        rp2 = board_frames(device, [])[0]
        db = folder / "log.sqlite3"
        _synced(device, db)
    with Log.open(db) as log:
        logged = {g.id: json.dumps(g.record, sort_keys=True) for g in log.games()}
    return rp2, sim_frames([], buttons_of(cuthelp.BOARD), folder / "sim")[0], logged


def test_app_resumes_as_the_simulator_and_sync_logs_each_game_once(
    cuts: Cuts, tmp_path: Path
) -> None:
    chosen = [n for n, t in enumerate(cuts.trials) if t.flash is not None]
    assert len(chosen) >= 5, [_key(cuts.trials[n]) for n in chosen]
    results: dict[int, tuple[bytes | None, bytes | None, dict[str, str]]] = {}

    def work(half: int) -> None:
        for n in chosen[half::2]:
            (tmp_path / f"t{n}").mkdir()
            results[n] = _resume(tmp_path / f"t{n}", cuts.trials[n])

    cuthelp.on_two(work)
    for n in chosen:
        rp2, sim, logged = results[n]
        t = cuts.trials[n]
        where = f"call {t.at.position} ({t.at.call.kind}), flash op {t.k} ({t.kind})"
        assert rp2 is not None and rp2 == sim, f"{where}: the app's first frame differs"
        # every finished game not yet acknowledged, once, as archived; nothing else
        expected = {gid: json.dumps(json.loads(r), sort_keys=True) for gid, r in t.found.unsynced}
        assert logged == expected, where


# -- a power cut while deploy writes the ROMFS image -------------------------------------


def _cut_deploy(board: EmulatedBoard, flash_op: int) -> None:
    """``duelkeeper deploy`` with the power cut inside the ``flash_op``-th flash operation
    from now, half done; the deploy, left talking to a board that restarted, is stopped."""
    board.cut(flash_op=flash_op, part=0.5)
    board.free_run(True)
    proc = subprocess.Popen(
        [COMMAND, "deploy", "--port", board.path, "--board", cuthelp.BOARD],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while not board.run(0).cut:
            assert proc.poll() is None, "the deploy ended before its cut"
            time.sleep(0.05)
    finally:
        proc.kill()
        proc.wait()
        board.free_run(False)


@pytest.mark.parametrize("during", ["erase", "program"])
def test_a_cut_romfs_write_boots_to_the_repl_keeping_the_games_and_deploy_mends_it(
    tmp_path: Path, during: str
) -> None:
    src = tmp_path / "src"
    (src / "games").mkdir(parents=True)
    (src / "games" / "0001.json").write_text('{"format": 1, "game": "7wd"}\n')
    (src / "settings.json").write_text('{"names": ["Ann"]}')
    (tmp_path / "rp2").mkdir()
    image = flashimage.from_folder(tmp_path / "rp2" / "flash.img", src)
    flashimage.install(image, romfs.files(), "badger2040")  # another board's image: rewritten
    kept = flashimage.read_back(image)
    blocks = -(-len(romfs.image(cuthelp.BOARD)) // 4096)  # erased one by one, then written
    with EmulatedBoard(image, cuthelp.BOARD) as board:
        board.run(300)
        _cut_deploy(board, blocks // 2 if during == "erase" else blocks + blocks // 2)
        board.run(300)
        board.write_serial(b"\r\n")
        board.run(100)
        said = board.read_serial().decode("utf-8", "replace")
        assert "duelkeeper: no whole program in /rom; run duelkeeper deploy" in said, said
        assert said.rstrip().endswith(">>>")
        assert flashimage.read_back(image) == kept  # every game, the settings
        board.free_run(True)
        done = subprocess.run(
            [COMMAND, "deploy", "--port", board.path, "--board", cuthelp.BOARD],
            capture_output=True,
            text=True,
            timeout=600,
        )
        board.free_run(False)
        assert done.returncode == 0, done.stderr
        assert "ROMFS image written" in done.stdout
    after = flashimage.read_back(image)  # and the roster deploy exchanged
    assert {rel: after.get(rel) for rel in kept} == kept
    with Rp2Device(tmp_path / "rp2", cuthelp.BOARD, install=False) as device:
        device.boot()  # the app again
