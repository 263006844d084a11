"""The UF2 a user drops on a Pico, against the RP2040 boot ROM's rules
(duelkeeper.bootrom): each board's file completes and lands byte for byte over a flash
that held something else, the filesystem beside it untouched; a file laid out as the
boot ROM would mangle it is refused naming its blocks; `duelkeeper uf2` writes its file
whole or not at all."""

import os
import random
import resource
import signal
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from duelkeeper import bootrom, romfs, uf2
from duelkeeper.errors import LINE_MAX, DuelkeeperError
from duelkeeper.rp2 import flashimage
from duelkeeper.rp2.board import firmware_dir

BOARDS = ["badger2040", "badger2040w", "pico_epaper_2in9", "pico_inky_pack"]
STOCK_UF2 = firmware_dir() / "firmware-RPI_PICO-v1.28.0.uf2"  # ../shared/rp2/README.md
COMMAND = str(Path(sys.executable).with_name("duelkeeper"))


def _other_data() -> bytearray:
    """A 2 MiB flash none of whose sectors is erased."""
    return bytearray(random.Random(7).randbytes(uf2.FLASH_SIZE))


def _blocks_in_order(pieces: list[tuple[int, bytes]]) -> bytes:
    """A UF2 as the project wrote one before issue 32: 256 bytes a block from each
    piece's start, the last block of a piece as long as what is left."""
    chunks = [(o + at, d[at : at + 256]) for o, d in pieces for at in range(0, len(d), 256)]
    out = bytearray()
    for n, (offset, chunk) in enumerate(chunks):
        out += uf2.HEADER.pack(
            *uf2.MAGIC,
            uf2.FLAG_FAMILY,
            uf2.FLASH_BASE + offset,
            len(chunk),
            n,
            len(chunks),
            uf2.FAMILY_RP2040,
        )
        out += chunk.ljust(476, b"\0") + struct.pack("<I", uf2.MAGIC_END)
    return bytes(out)


@pytest.mark.parametrize("board", BOARDS)
def test_each_board_s_uf2_lands_exactly_over_other_data(board: str) -> None:
    rom = romfs.image(board)
    data = romfs.installer(board)
    assert all(struct.unpack_from("<I", data, at + 16)[0] == 256 for at in range(0, len(data), 512))
    before = _other_data()
    flash = bytearray(before)
    done = bootrom.install(flash, data, board)
    assert done.completed and not done.passed
    firmware = b"".join(chunk for _, chunk in uf2.base_blocks())
    assert flash[: len(firmware)] == firmware  # 0 bytes differ from the image
    assert flash[uf2.ROMFS_OFFSET : uf2.ROMFS_OFFSET + len(rom)] == rom
    assert flash[uf2.FS_OFFSET :] == before[uf2.FS_OFFSET :]  # littlefs byte for byte
    bootrom.check(data, board)  # what `duelkeeper uf2` asks before it writes


def test_the_blocks_may_arrive_in_any_order() -> None:
    data = romfs.installer("pico_inky_pack")
    blocks = [data[at : at + 512] for at in range(0, len(data), 512)]
    random.Random(3).shuffle(blocks)
    in_order, shuffled = _other_data(), _other_data()
    bootrom.install(in_order, data, "in order")
    bootrom.install(shuffled, b"".join(blocks), "shuffled")
    assert in_order == shuffled


def test_the_committed_base_and_stock_micropython_are_exact_under_the_rules() -> None:
    bootrom.check(uf2.BASE.read_bytes(), "base")
    if not STOCK_UF2.is_file():
        pytest.skip(f"{STOCK_UF2} is absent (../shared/rp2): stock MicroPython not checked")
    bootrom.check(STOCK_UF2.read_bytes(), "stock")


def test_the_layout_the_boot_rom_mangles_is_refused_naming_the_blocks() -> None:
    rom = romfs.image("pico_inky_pack")
    # a firmware of 1,243 pages, as the base was at d35f66d: 5 pages short of a sector
    firmware = b"".join(chunk for _, chunk in uf2.base_blocks())[: 1243 * 256]
    pieces = [(0, firmware), (uf2.ROMFS_OFFSET, rom)]
    with pytest.raises(DuelkeeperError) as short:
        bootrom.check(_blocks_in_order(pieces), "old.uf2")
    said = str(short.value)
    assert "index %d (a %d-byte payload" % (len(rom) // 256 + 1243, len(rom) % 256) in said
    assert "never completes" in said and len(said) <= LINE_MAX
    padded = pieces[:-1] + [(uf2.ROMFS_OFFSET, rom + b"\xff" * (-len(rom) % 256))]
    with pytest.raises(DuelkeeperError) as mangled:
        bootrom.check(_blocks_in_order(padded), "old.uf2")
    said = str(mangled.value)
    # the firmware ends 5 pages short of a sector, so each sector after it has its first
    # 5 pages erased again by the next group of 16 (308 at the image, 979 pages)
    pages = -(-len(rom) // 256)
    wrong = 5 * (pages // 16) + min(pages % 16, 5)
    assert "leaves %d block(s) wrong" % wrong in said and "blocks 1243-1247, 1259-1263" in said
    assert "RP2040-E14" in said and len(said) <= LINE_MAX


def _block(offset: int, number: int, count: int, fill: int, size: int = 256, **kw: int) -> bytes:
    head = uf2.HEADER.pack(
        *uf2.MAGIC,
        kw.get("flags", uf2.FLAG_FAMILY),
        uf2.FLASH_BASE + offset,
        size,
        number,
        count,
        kw.get("family", uf2.FAMILY_RP2040),
    )
    return head + bytes([fill]) * 476 + struct.pack("<I", uf2.MAGIC_END)


def test_each_rule_of_the_boot_rom() -> None:
    flash = bytearray(b"\x0f") * uf2.FLASH_SIZE
    done = bootrom.drop(
        flash,
        _block(0, 0, 2, 0x11, family=0x12345678)  # another chip's
        + _block(0, 0, 2, 0x11, size=255)  # not 256 bytes
        + _block(0, 0, 2, 0xF3)
        + _block(0, 0, 2, 0x22)  # a block number again
        + _block(0x1000, 1, 2, 0xF5),  # group 0 erased sector 0 only: ANDed into 0x0F
    )
    assert done.completed and [i for i, _ in done.passed] == [0, 1, 3]
    assert flash[:256] == b"\xf3" * 256 and flash[256:4096] == b"\xff" * 3840
    assert flash[0x1000:0x1100] == b"\x05" * 256 and flash[0x1100:0x1101] == b"\x0f"
    restarted = bytearray(b"\xff") * uf2.FLASH_SIZE
    done = bootrom.drop(
        restarted,
        _block(0, 0, 2, 0)
        + _block(0x80, 1, 2, 0)  # not a page's start: the transfer starts again
        + _block(0x100, 1, 2, 0),
    )
    assert not done.completed and list(done.written) == [1]


def test_a_board_s_image_holds_what_it_imports_and_no_other_board() -> None:
    program = romfs.files()
    kept = romfs.for_board("badger2040w", program)
    gone = set(program) - set(kept)
    assert {"boards/badger2040w.mpy", "boards/badger2040.mpy", "boards/pico.mpy"} <= set(kept)
    assert "firmware/display/uc8151.mpy" in kept and "firmware/display/refresh.mpy" in kept
    contracts = {path for path in program if path.endswith("/contracts.mpy")}  # mypy's alone
    assert {"firmware/contracts.mpy", "duelcore/contracts.mpy"} <= contracts
    assert "duelcore/antike/contracts.mpy" in contracts  # a core's own
    assert gone - contracts == {
        "boards/pico_epaper_2in9.mpy",
        "boards/pico_inky_pack.mpy",
        "boards/sim.mpy",
        "firmware/display/ssd1680.mpy",
        "firmware/hostclock.mpy",
    }
    for board in BOARDS:  # issue 24's budget: a quarter of the partition free
        assert len(romfs.image(board)) <= (1 - romfs.FREE_BUDGET) * uf2.ROMFS_SIZE, board


def test_a_stock_board_s_games_are_kept_by_the_install(tmp_path: Path) -> None:
    if not STOCK_UF2.is_file():
        pytest.skip(f"{STOCK_UF2} is absent (../shared/rp2): stock MicroPython not installed")
    image = tmp_path / "flash.img"
    flashimage.drop(image, STOCK_UF2.read_bytes(), "stock")
    fs = flashimage.formatted()
    fs.makedirs("games")
    with fs.open("games/000001.dkb", "wb") as f:
        f.write(bytes(range(256)) * 3)
    flash = bytearray(image.read_bytes())
    flash[flashimage.FS] = fs.context.buffer
    image.write_bytes(flash)
    flashimage.install(image, romfs.files(), "pico_inky_pack")
    assert image.read_bytes()[flashimage.FS] == flash[flashimage.FS]
    assert flashimage.read_back(image) == {"games/000001.dkb": bytes(range(256)) * 3}
    assert flashimage.romfs_image(image).startswith(romfs.image("pico_inky_pack"))


def test_the_command_refuses_a_file_the_boot_rom_would_mangle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        romfs, "with_base", lambda rom: _blocks_in_order(uf2.base_blocks() + [(0x4E000, rom)])
    )
    out = tmp_path / "dk.uf2"
    with pytest.raises(DuelkeeperError, match="boot ROM passes over 1 block"):
        romfs.write("pico_inky_pack", out)
    assert not out.exists()


def _uf2_command(
    args: list[str], limit: int | None = None, stdout: int = subprocess.PIPE
) -> subprocess.CompletedProcess[bytes]:
    def limited() -> None:
        if limit is not None:  # a disk that is full past ``limit`` bytes
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run(
        [COMMAND, "uf2", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        preexec_fn=limited,
        timeout=120,
    )


def test_a_full_disk_keeps_the_file_there_was(tmp_path: Path) -> None:
    out = tmp_path / "dk.uf2"
    out.write_bytes(b"the UF2 of last week")
    done = _uf2_command(["--board", "pico_inky_pack", "-o", str(out)], limit=600_000)
    assert done.returncode != 0
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and "cannot write" in lines[0], lines
    assert out.read_bytes() == b"the UF2 of last week"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dk.uf2"]  # no temporary left


def test_dash_is_standard_output_and_the_simulator_s_board_is_refused(tmp_path: Path) -> None:
    done = _uf2_command(["--board", "badger2040", "-o", "-"])
    assert done.returncode == 0, done.stderr
    assert done.stdout == romfs.installer("badger2040") and b"badger2040" in done.stderr
    assert not (Path.cwd() / "-").exists()
    master, slave = os.openpty()
    try:
        done = _uf2_command(["--board", "badger2040", "-o", "-"], stdout=slave)
    finally:
        os.close(slave)
        os.close(master)
    assert done.returncode != 0 and b"terminal" in done.stderr
    done = _uf2_command(["--board", "sim", "-o", str(tmp_path / "sim.uf2")])
    assert done.returncode != 0 and b"simulator's, with no hardware" in done.stderr
    assert not (tmp_path / "sim.uf2").exists()
