"""The emulated board's flash file: the whole 2 MiB flash of a Pico.

The file is byte for byte what the chip's flash holds (duelkeeper.uf2 has the layout):
the base firmware at 0, the ROMFS partition at 0x4E000 (the program, /rom), and the
littlefs2 filesystem at 0xA0000, 352 blocks of 4096 bytes with a program size of 256 and
read and lookahead sizes of 32, as the rp2 port mounts it (../shared/rp2/README.md):
``littlefs-python`` builds and reads that region here. A new flash holds the base
firmware and nothing else; ``drop`` writes a UF2 onto it as the RP2040's boot ROM does
when the file is dropped on its drive (``duelkeeper.bootrom``: a file the boot ROM would
not write exactly is refused, naming its blocks), and ``install`` drops the board's UF2
(``duelkeeper uf2``). A flash file of an older checkout (the littlefs region alone) is
taken as a Pico's flash with that filesystem and no firmware yet.
"""

from pathlib import Path

from littlefs import LittleFS, LittleFSError

from duelkeeper import bootrom, romfs, uf2
from duelkeeper.errors import DuelkeeperError

BLOCK_SIZE = 4096
BLOCK_COUNT = 352
FS_SIZE = BLOCK_SIZE * BLOCK_COUNT
SIZE = uf2.FLASH_SIZE
FS = slice(uf2.FS_OFFSET, uf2.FS_OFFSET + FS_SIZE)
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


def formatted() -> LittleFS:
    """A new littlefs of the device's geometry, formatted and mounted (in memory)."""
    fs = _fs(bytearray([ERASED]) * FS_SIZE, mount=False)
    fs.format()
    fs.mount()
    return fs


def _new() -> bytearray:
    """A Pico's flash holding the base firmware and nothing else: the committed UF2
    dropped on an erased flash."""
    uf2.base_blocks()  # refused if the firmware reaches into the ROMFS partition
    flash = bytearray([ERASED]) * SIZE
    bootrom.install(flash, uf2.BASE.read_bytes(), str(uf2.BASE))
    return flash


def load(path: Path) -> bytearray:
    """The flash file's bytes (an older checkout's littlefs region alone gets the base
    firmware around it)."""
    data = bytearray(path.read_bytes())
    if len(data) == FS_SIZE:
        old, data = data, _new()
        data[FS] = old
    if len(data) != SIZE:
        raise DuelkeeperError(f"flash image {path}: {len(data)} bytes, not {SIZE} (2 MiB)")
    return data


def blank(path: Path) -> Path:
    """A Pico with the base firmware and nothing else: no program in /rom, and littlefs
    never written (the firmware formats it at first boot)."""
    path.write_bytes(_new())
    return path


def from_folder(path: Path, folder: Path) -> Path:
    """``blank`` with a littlefs holding ``folder``'s files at the same paths."""
    flash = _new()
    fs = formatted()
    for src in sorted(folder.rglob("*")):
        rel = src.relative_to(folder).as_posix()
        if src.is_dir():
            fs.makedirs(rel, exist_ok=True)
        else:
            with fs.open(rel, "wb") as out:
                out.write(src.read_bytes())
    flash[FS] = fs.context.buffer
    path.write_bytes(flash)
    return path


def read_back(path: Path) -> dict[str, bytes]:
    """Every file on the flash's littlefs: path without the leading slash -> bytes."""
    try:
        fs = _fs(bytearray(load(path)[FS]))
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


def drop(path: Path, data: bytes, name: str = "file") -> Path:
    """The UF2 file ``data`` written onto the flash at ``path`` (a new Pico's when
    missing), as the boot ROM writes a UF2 dropped on its drive: littlefs, which the
    project's UF2s never touch, keeps every game. Refused with one line naming the
    blocks when the boot ROM would not complete it or would leave a block wrong."""
    flash = load(path) if path.exists() else _new()
    bootrom.install(flash, data, name)
    path.write_bytes(flash)
    return path


def install(path: Path, files: dict[str, bytes], board: str) -> Path:
    """The program ``files`` (path in /rom -> bytes, ``romfs.files()``) for ``board``
    dropped on the flash at ``path`` as the UF2 ``duelkeeper uf2`` writes: what a user
    installs, done on the image, so a simulator start costs no USB transfer."""
    return drop(path, romfs.installer(board, files))


def romfs_image(path: Path) -> bytes:
    """The ROMFS partition's bytes on the flash at ``path``."""
    return bytes(load(path)[uf2.ROMFS_OFFSET : uf2.ROMFS_OFFSET + uf2.ROMFS_SIZE])
