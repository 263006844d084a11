"""The emulated board's flash file: the littlefs2 region of an RPI_PICO build.

The rp2 port of MicroPython mounts littlefs2 at flash offset 0xA0000, 352 blocks of
4096 bytes, with a program size of 256 and read and lookahead sizes of 32
(../shared/rp2/README.md). The flash file is exactly that region, so the same bytes are
what the emulated chip reads and what ``littlefs-python`` builds and reads here.
"""

import json
from pathlib import Path

from littlefs import LittleFS, LittleFSError

from duelkeeper.errors import DuelkeeperError

BLOCK_SIZE = 4096
BLOCK_COUNT = 352
SIZE = BLOCK_SIZE * BLOCK_COUNT
ERASED = 0xFF


def _fs(data: bytearray | None = None, mount: bool = True) -> LittleFS:
    fs = LittleFS(
        block_size=BLOCK_SIZE,
        block_count=BLOCK_COUNT,
        prog_size=256,
        read_size=32,
        lookahead_size=32,
        # MicroPython's extmod/vfs_lfsx.c: a file of up to a cache's size is inlined in its
        # directory; with a smaller cache here such a file (257 to 512 bytes) the device
        # wrote reads as LFS_ERR_CORRUPT.
        cache_size=4 * 256,
        block_cycles=100,
        mount=False,
    )
    if data is not None:
        fs.context.buffer = data
    if mount:
        fs.mount()
    return fs


def blank(path: Path) -> Path:
    """A flash never written (all bytes erased): the firmware formats it at first boot."""
    path.write_bytes(bytes([ERASED]) * SIZE)
    return path


def from_folder(path: Path, folder: Path) -> Path:
    """A formatted flash holding ``folder``'s files at the same paths."""
    fs = _fs(bytearray([ERASED]) * SIZE, mount=False)
    fs.format()
    fs.mount()
    for src in sorted(folder.rglob("*")):
        rel = src.relative_to(folder).as_posix()
        if src.is_dir():
            fs.makedirs(rel, exist_ok=True)
        else:
            with fs.open(rel, "wb") as out:
                out.write(src.read_bytes())
    path.write_bytes(bytes(fs.context.buffer))
    return path


def read_back(path: Path) -> dict[str, bytes]:
    """Every file on the flash: path without the leading slash -> bytes."""
    data = bytearray(path.read_bytes())
    if len(data) != SIZE:
        raise DuelkeeperError(f"flash image {path}: {len(data)} bytes, not {SIZE}")
    try:
        fs = _fs(data)
    except LittleFSError as err:
        raise DuelkeeperError(f"flash image {path}: no littlefs on it ({err})") from None
    files = {}
    for top, _dirs, names in fs.walk("/"):
        for name in names:
            rel = f"{top.rstrip('/')}/{name}".lstrip("/")
            with fs.open(rel, "rb") as f:
                files[rel] = f.read()
    return files


def to_folder(path: Path, folder: Path) -> dict[str, bytes]:
    """``read_back`` written out under ``folder`` (made if needed)."""
    files = read_back(path)
    for rel, data in files.items():
        out = folder / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(data)
    return files


def install(path: Path, files: dict[str, bytes], board: str) -> Path:
    """Put ``files`` (device path -> bytes, as deploy ships them) on the flash at ``path``
    (made blank and formatted when missing), with ``board`` in /settings.json, keeping
    every other file (the games): what `duelkeeper deploy` does over USB, done on the
    image, so a simulator start costs no USB transfer. Files under the folders written
    that are not in ``files`` are removed, as deploy removes them."""
    if path.exists():
        data = bytearray(path.read_bytes())
        if len(data) != SIZE:
            raise DuelkeeperError(f"flash image {path}: {len(data)} bytes, not {SIZE}")
    else:
        data = bytearray([ERASED]) * SIZE
    fs = _fs(data, mount=False)
    try:
        fs.mount()
    except LittleFSError:
        if any(b != ERASED for b in data):
            raise DuelkeeperError(f"flash image {path}: no littlefs on it") from None
        fs.format()
        fs.mount()
    managed = {p.split("/")[2] for p in files if p.startswith("/lib/")}
    for name in managed:
        if _exists(fs, f"lib/{name}"):
            for top, _dirs, names in list(fs.walk(f"lib/{name}")):
                for stale in names:
                    rel = f"{top}/{stale}"
                    if "/" + rel not in files:
                        fs.remove(rel)
    for dev, content in sorted(files.items()):
        rel = dev.lstrip("/")
        if "/" in rel:
            fs.makedirs(rel.rsplit("/", 1)[0], exist_ok=True)
        with fs.open(rel, "wb") as out:
            out.write(content)
    settings: dict[str, object] = {}
    if _exists(fs, "settings.json"):
        with fs.open("settings.json", "r") as f:
            try:
                loaded = json.loads(f.read())
            except ValueError:
                loaded = {}
        settings = loaded if isinstance(loaded, dict) else {}
    settings["board"] = board
    with fs.open("settings.json", "w") as f:
        f.write(json.dumps(settings, sort_keys=True, separators=(",", ":")))
    fs.unmount()
    path.write_bytes(bytes(fs.context.buffer))
    return path


def _exists(fs: LittleFS, rel: str) -> bool:
    try:
        fs.stat(rel)
    except LittleFSError:
        return False
    return True
