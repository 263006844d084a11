"""The committed base firmware (rp2-base/): the file its PROVENANCE names, a ROMFS
partition on the RP2040, and a firmware that ends below that partition (nothing in
MicroPython's build checks it)."""

import hashlib
import re
from pathlib import Path

from rp2help import needs_rp2

from duelkeeper import uf2
from duelkeeper.rp2.board import EmulatedBoard


def test_the_committed_uf2_is_the_one_provenance_names() -> None:
    said = re.search(r"^sha256: ([0-9a-f]{64})$", uf2.PROVENANCE.read_text(), re.M)
    assert said, "PROVENANCE has no sha256 line"
    assert hashlib.sha256(uf2.BASE.read_bytes()).hexdigest() == said.group(1)


def test_the_firmware_ends_below_the_romfs_partition() -> None:
    pieces = uf2.base_blocks()  # refuses a block reaching into the partition
    end = max(offset + len(data) for offset, data in pieces)
    assert min(offset for offset, _ in pieces) == 0
    assert 200 * 1024 < end <= uf2.ROMFS_OFFSET == uf2.FIRMWARE_MAX
    size = re.search(r"^firmware.bin: (\d+) bytes", uf2.PROVENANCE.read_text(), re.M)
    assert size and end - 256 < int(size.group(1)) <= end  # the last block is padded
    assert uf2.ROMFS_OFFSET + uf2.ROMFS_SIZE == uf2.FS_OFFSET
    assert uf2.FS_OFFSET + uf2.FS_SIZE == uf2.FLASH_SIZE


def test_a_block_in_the_partition_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.uf2"
    bad.write_bytes(uf2.encode([(0, b"\0" * 256), (uf2.ROMFS_OFFSET - 100, b"\0" * 256)]))
    try:
        uf2.base_blocks(bad)
    except uf2.DuelkeeperError as err:
        assert "reaches into the ROMFS partition" in str(err)
    else:
        raise AssertionError("a firmware reaching into the ROMFS partition was accepted")


@needs_rp2
def test_the_firmware_offers_the_romfs_partition_and_its_launcher_waits(tmp_path: Path) -> None:
    with EmulatedBoard(tmp_path / "flash.img", uf2=uf2.BASE) as board:
        board.run(300)
        board.write_serial(b"\r\n")  # the USB line sends what was printed once a host talks
        board.run(100)
        said = board.read_serial().decode("utf-8", "replace")
        # the frozen launcher: no program in /rom on a blank flash, the REPL waits
        assert "duelkeeper: no whole program in /rom" in said
        board.write_serial(
            b"import vfs,sys;d=vfs.rom_ioctl(2,0);"
            b"print('ROM',vfs.rom_ioctl(1),d.ioctl(4,0)*d.ioctl(5,0),'/rom' in sys.path)\r\n"
        )
        board.run(200)
        said = board.read_serial().decode("utf-8", "replace")
    assert "ROM 1 %d False" % uf2.ROMFS_SIZE in said  # one partition; nothing mounted yet
