"""The littlefs capacity bench (duelkeeper_dev.bench_littlefs) on records of known sizes."""

from duelkeeper.rp2.flashimage import BLOCK_COUNT, BLOCK_SIZE
from duelkeeper_dev.bench_littlefs import DEVICE, capacity


def test_bundles_fill_the_flash_but_for_littlefs_s_own() -> None:
    """Records of 3,000 bytes in frames (the id and 6 bytes more), five to a bundle of
    four blocks: the flash holds them at their size, less the directory's blocks and a
    block's worth a bundle left over."""
    frame = 3000 + 3 + len(DEVICE + "-000001") + 4 + 2
    held = capacity([b"x" * 3000])
    per_bundle = 16368 // frame
    bundles = BLOCK_COUNT // 4
    assert bundles * per_bundle * 9 // 10 <= held <= BLOCK_COUNT * BLOCK_SIZE // frame
