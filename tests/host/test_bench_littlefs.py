"""The littlefs capacity bench (duelkeeper.bench_littlefs) on files of known sizes."""

from duelkeeper.bench_littlefs import capacity
from duelkeeper.rp2.flashimage import BLOCK_COUNT


def test_files_over_the_inline_limit_take_blocks_of_their_own() -> None:
    held = capacity([b"x" * 5000])  # two blocks each, and the directory's own
    assert BLOCK_COUNT // 2 - 12 <= held < BLOCK_COUNT // 2


def test_small_files_share_the_directory_s_blocks() -> None:
    assert capacity([b"x" * 100]) > 2 * capacity([b"x" * 600]) > 2 * BLOCK_COUNT // 2
