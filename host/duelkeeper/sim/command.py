"""``duelkeeper sim`` (``make sim``): the options, the device they ask for (the simulated
one, or the emulated RP2040), and the run: in the terminal, or a button script."""

import ast
import shlex
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from duelkeeper.errors import DuelkeeperError
from duelkeeper.repo import ROOT
from duelkeeper.rp2.device import Rp2Device
from duelkeeper.rp2.wiring import BOARDS as WIRED
from duelkeeper.rp2.wiring import letters
from duelkeeper.sim import runner, script, terminal
from duelkeeper.sim.device import Device

BOARDS = ROOT / "boards"
SIZES = ((296, 128), (250, 122))


@dataclass(frozen=True)
class Options:
    storage: Path
    runtime: str = "micropython"
    board: str = "sim"
    size: tuple[int, int] | None = None  # None: the board's own
    buttons: str | None = None  # "abcud" or "abc"; None: the board's own
    script: Path | None = None
    screenshot: Path | None = None
    scale: int = 1
    source: bool = False
    target: str = "sim"  # "sim": this runtime; "rp2": the real firmware, emulated RP2040


RP2_DEFAULT_BOARD = "badger2040"


def board_profile(name: str) -> tuple[int, int, str]:
    """(width, height, buttons) of boards/<name>.py, read from its source (the module
    itself needs its hardware): constants, or names imported from a sibling board."""
    path = BOARDS / (name + ".py")
    if not name.isidentifier() or not path.is_file():
        known = ", ".join(sorted(p.stem for p in BOARDS.glob("*.py") if p.stem != "__init__"))
        raise DuelkeeperError(f"no board {name!r} in boards/ (known: {known})")
    found: dict[str, object] = {}
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and isinstance(node.value, ast.Constant):
                found[target.id] = node.value.value
        elif isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            names = {a.name for a in node.names}
            if names & {"WIDTH", "HEIGHT", "BUTTONS"}:
                w, h, b = board_profile(node.module)
                found.update({"WIDTH": w, "HEIGHT": h, "BUTTONS": b})
    try:
        width, height, buttons = found["WIDTH"], found["HEIGHT"], found["BUTTONS"]
    except KeyError:
        raise DuelkeeperError(f"boards/{name}.py does not say WIDTH, HEIGHT and BUTTONS") from None
    assert isinstance(width, int) and isinstance(height, int) and isinstance(buttons, str)
    return width, height, buttons


def run(options: Options) -> int:
    """`duelkeeper sim`: play a script, or run interactively in the terminal."""
    steps = None
    if options.script is not None:
        board, buttons = _board_buttons(options)
        steps = script.load(options.script, buttons, board)
    with _device(options) as device:
        recorder = runner.Recorder(options.screenshot, options.scale, keep=False)
        if steps is None:
            if options.screenshot is not None:
                raise DuelkeeperError("--screenshot needs --script (frames are shown live here)")
            terminal.Terminal(device).run()
            return 0
        done = runner.play(device, steps, recorder)
        if sys.stdout.isatty():
            cols, lines = shutil.get_terminal_size()
            print(terminal.frame_text(device, cols, lines - 1))  # and the summary line
        events = device.last.events
        if options.target == "rp2":
            state = "the game is on the flash (read it with `duelkeeper sync`)"
        elif events < 0:
            state = "no game in progress"
        else:
            state = "%d events in the game" % events
        print(
            "%s: %d presses, %d frames (%d full, %d partial), %s"
            % (options.script, done.total_presses, recorder.count, done.full, done.partial, state)
        )
    return 0


def _board_buttons(options: Options) -> tuple[str, str]:
    """The board a script plays on and its buttons (as a board's BUTTONS: "abcud", "abc")."""
    if options.target == "rp2":
        name = rp2_board(options.board)
        return name, letters(WIRED[name])
    buttons = options.buttons if options.buttons is not None else board_profile(options.board)[2]
    return options.board, buttons


def _device(options: Options) -> Device | Rp2Device:
    """The device the options ask for: the simulated one, or the emulated RP2040."""
    if options.target == "rp2":
        if options.size is not None or options.buttons is not None:
            raise DuelkeeperError("--size and --buttons are the board's own on --target rp2")
        device = Rp2Device(options.storage, rp2_board(options.board))
        device.boot()  # the first frame, as a script's first `shot` expects
        return device
    width, height, buttons = board_profile(options.board)
    if options.size is not None:
        width, height = options.size
    if options.buttons is not None:
        buttons = options.buttons
    return Device(
        options.storage,
        runtime=options.runtime,
        size=(width, height),
        buttons=buttons,
        source=options.source,
        clock=True,  # its games dated, as a board's by its RTC
    )


def set_lang(storage: Path, target: str, lang: str) -> None:
    """Set the device's language in the simulator's flash folder, as the device's own
    language menu would (firmware/storage/settings.py writes it)."""
    if target == "rp2":
        raise DuelkeeperError(
            "--lang sets the simulator's flash folder; on --target rp2, `duelkeeper deploy "
            "--lang %s` sets it through the emulated board's USB" % shlex.quote(lang)
        )
    from duelkeeper.shims import install

    install()
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from firmware.storage import Storage

    storage.mkdir(parents=True, exist_ok=True)
    flash = Storage(str(storage))
    settings = flash.settings()
    if settings.get("lang") != lang:
        settings["lang"] = lang
        flash.save_settings(settings)


def rp2_board(name: str) -> str:
    """The board to emulate: ``name``, or the default for the simulator's own "sim"."""
    name = RP2_DEFAULT_BOARD if name == "sim" else name
    if name not in WIRED:
        raise DuelkeeperError(
            f"board {name!r} cannot be emulated: one of {', '.join(sorted(WIRED))}"
        )
    return name
