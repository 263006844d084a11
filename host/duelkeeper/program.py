"""The program: the device code a board runs, as it ships.

Three packages go on a board (``PACKAGES``): the firmware, the boards' modules and the
rules core, compiled to .mpy by mpy-cross, with their data files beside them (``DATA``).
The ROMFS image (romfs.py), deploy, the simulator and the benches all take this one
build, most often the cached one (``cached_build``), so what they run is what ships.
"""

import hashlib
import shutil
import tempfile
from pathlib import Path

import platformdirs

from duelkeeper.mpycross import compile_tree, signature
from duelkeeper.repo import CORE, ROOT

# Device code, as it goes on the flash: /lib/<package> (/rom/<package> on a Pico).
PACKAGES = {"firmware": ROOT / "firmware", "boards": ROOT / "boards", "duelcore": CORE}
# Data files that ship as they are, beside the modules that read them: glyphs.bin, the
# Latin fonts' and the icons' glyphs, the languages' catalogs, each a language's words
# and its own script's glyphs, and the licences of the fonts those are drawn from
# (docs/firmware.md, "Drawing"; docs/languages.md).
DATA = ("*.bin", "fonts-licences.txt")
# Builds kept in the cache. Several checkouts (worktrees) share it, and a build one of them
# is still serving must outlive the others' new builds.
KEPT_BUILDS = 12


def _inputs(src: Path) -> list[Path]:
    """A package's files that go into a build: its modules, then its data files."""
    return sorted(src.rglob("*.py")) + _data(src)


def _data(src: Path) -> list[Path]:
    """A package's data files (``DATA``)."""
    return [path for pattern in DATA for path in sorted(src.rglob(pattern))]


def _fingerprint(mpy: bool) -> str:
    digest = hashlib.sha256(b"mpy" if mpy else b"py")
    if mpy:  # a build depends on how it was compiled, not only on what
        digest.update(signature().encode())
    for name, src in sorted(PACKAGES.items()):
        for path in _inputs(src):
            digest.update(f"{name}/{path.relative_to(src).as_posix()}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cached_build(mpy: bool = True) -> Path:
    """``build()`` kept in the user cache, keyed by the sources' contents: a second start
    of the simulator over unchanged code skips mpy-cross."""
    root = Path(platformdirs.user_cache_dir("duelkeeper", appauthor=False)) / "device-build"
    dest = root / _fingerprint(mpy)
    if not (dest / ".done").is_file():
        if root.is_dir():  # keep the latest builds: the code changes, the cache not
            old = sorted(root.iterdir(), key=lambda p: p.stat().st_mtime)
            for stale in old[:-KEPT_BUILDS]:
                shutil.rmtree(stale, ignore_errors=True)
        root.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix="build-", dir=root))
        build(tmp, mpy)
        (tmp / ".done").touch()
        try:
            tmp.rename(dest)
        except OSError:  # another process made the same build meanwhile
            shutil.rmtree(tmp, ignore_errors=True)
    return dest


def build(dest: Path, mpy: bool = True) -> Path:
    """The device code under ``dest``/<package>: .mpy files (mpy-cross) or the sources,
    and the data files (``DATA``) as they are."""
    for name, src in PACKAGES.items():
        out = dest / name
        if out.exists():
            shutil.rmtree(out)
        if mpy:
            compile_tree(src, out)
        for path in _data(src) if mpy else _inputs(src):
            target = out / path.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    return dest


def files(code: Path) -> dict[str, Path]:
    """<package>/<path> ("firmware/app.mpy") -> file, for everything ``build()`` put in
    ``code``."""
    out = {}
    for name in sorted(PACKAGES):
        for path in sorted((code / name).rglob("*")):
            if path.is_file():
                out["%s/%s" % (name, path.relative_to(code / name).as_posix())] = path
    return out


def shipped(code: Path) -> dict[str, Path]:
    """Device path (/lib/<package>/...) -> file, as the simulator's VM loads ``code``."""
    return {"/lib/" + name: path for name, path in files(code).items()}
