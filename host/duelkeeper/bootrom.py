"""What the RP2040's boot ROM does with a UF2 file dropped on its RPI-RP2 drive.

A UF2 file is 512-byte blocks, each naming a flash address and carrying a payload
(github.com/microsoft/uf2). The chip's boot ROM (raspberrypi/pico-bootrom-rp2040,
bootrom/virtual_disk.c: ``vd_write_block``, ``_update_current_uf2_info``,
``_write_uf2_page``) is stricter than the format, and ``drop`` applies its rules:

- it takes a block only with the family id flag and the RP2040's family, not marked
  "not main flash", and a payload of exactly 256 bytes; any other block is passed over;
- a block for an address that is not a 256-byte page of the flash, whose block number
  is not below its count, or whose count differs from the transfer's starts the
  transfer again (the blocks taken so far no longer count);
- a block number taken before is passed over;
- the first block of each group of 16 block numbers to arrive erases one 4 KB sector:
  the one *its* address lies in (errata RP2040-E14; pico-bootrom-rp2040 issue 19). A
  file whose groups of 16 do not each cover one sector has pages erased after they
  were written, and pages written into sectors never erased;
- programming flash only clears bits: a page written where nothing erased ANDs its
  bytes into what was there;
- the drop completes, and the chip restarts into the firmware, only once every block
  number of the count has been taken.

``duelkeeper.uf2.encode`` lays its files out so each group of 16 blocks is one whole
sector; ``check`` proves a file against these rules before ``duelkeeper uf2`` writes
it, and the emulated board installs every UF2 through ``install``. The one thing the
model leaves out is the chip's bitmap limit on a file's count (far above a 2 MiB
flash's 8,192 pages).
"""

from dataclasses import dataclass, field

from duelkeeper.errors import DuelkeeperError
from duelkeeper.uf2 import (
    BLOCK,
    FAMILY_RP2040,
    FLAG_FAMILY,
    FLASH_BASE,
    FLASH_SIZE,
    HEADER,
    PAGE,
    SECTOR,
    magic_ok,
)

FLAG_NOT_MAIN_FLASH = 0x1
GROUP = SECTOR // PAGE  # block numbers that share one erase


@dataclass
class Drop:
    """What a drop did: block numbers written, and each passed-over block's index in
    the file with the reason."""

    completed: bool = False
    # block number -> (flash offset, index of the block in the file)
    written: dict[int, tuple[int, int]] = field(default_factory=dict)
    passed: list[tuple[int, str]] = field(default_factory=list)


def drop(flash: bytearray, data: bytes) -> Drop:
    """The UF2 file ``data`` written onto the 2 MiB ``flash`` as the boot ROM writes it,
    its blocks arriving in the file's order."""
    out = Drop()
    count = 0  # the transfer's block count; 0: none under way
    erased: set[int] = set()  # groups of block numbers whose erase has happened
    for index in range(len(data) // BLOCK):
        block = data[index * BLOCK : (index + 1) * BLOCK]
        _, _, flags, addr, size, number, total, family = HEADER.unpack_from(block)
        if not magic_ok(block):
            out.passed.append((index, "no UF2 magic"))
            continue
        if not flags & FLAG_FAMILY or family != FAMILY_RP2040 or flags & FLAG_NOT_MAIN_FLASH:
            out.passed.append((index, "not for the RP2040's flash"))
            continue
        if size != PAGE:
            out.passed.append((index, "a %d-byte payload, where it takes 256 only" % size))
            continue
        offset = addr - FLASH_BASE
        if not total or offset % PAGE or not 0 <= offset <= FLASH_SIZE - PAGE or number >= total:
            count = 0
            out.passed.append((index, "out of place: the transfer starts again"))
            continue
        if total != count:  # a new transfer: nothing taken so far counts
            count, erased = total, set()
            out.written = {}
        if number in out.written:
            out.passed.append((index, "block number %d again" % number))
            continue
        if number // GROUP not in erased:
            erased.add(number // GROUP)
            sector = offset - offset % SECTOR
            flash[sector : sector + SECTOR] = b"\xff" * SECTOR
        page = int.from_bytes(flash[offset : offset + PAGE], "little")
        page &= int.from_bytes(block[32 : 32 + PAGE], "little")
        flash[offset : offset + PAGE] = page.to_bytes(PAGE, "little")
        out.written[number] = offset, index
        if len(out.written) == count:
            out.completed = True
            break  # the chip restarts into what it wrote
    return out


def ranges(numbers: list[int]) -> str:
    """Sorted numbers as short text: ``1243-1247, 1259-1263, …`` (at most 5 runs)."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    text = ", ".join(str(a) if a == b else "%d-%d" % (a, b) for a, b in runs[:5])
    return text + (", …" if len(runs) > 5 else "")


def install(flash: bytearray, data: bytes, name: str) -> Drop:
    """``drop``, refused with one line naming the blocks unless the drop completes with
    every block's payload on the flash as the file says."""
    done = drop(flash, data)
    if done.passed:
        index, why = done.passed[0]
        raise DuelkeeperError(
            "UF2 %s: the RP2040's boot ROM passes over %d block(s), the first at index %d "
            "(%s)%s" % (name, len(done.passed), index, why, _incomplete(done))
        )
    if not done.completed:
        raise DuelkeeperError("UF2 %s: %s" % (name, _incomplete(done).lstrip("; ")))
    wrong = [
        number
        for number, (offset, index) in done.written.items()
        if flash[offset : offset + PAGE] != data[index * BLOCK + 32 : index * BLOCK + 32 + PAGE]
    ]
    if wrong:
        raise DuelkeeperError(
            "UF2 %s: the RP2040's boot ROM leaves %d block(s) wrong on the flash (blocks %s): "
            "each 16 block numbers erase the 4 KB sector their first block lands in, "
            "RP2040-E14" % (name, len(wrong), ranges(wrong))
        )
    return done


def _incomplete(done: Drop) -> str:
    return "" if done.completed else "; the drop never completes (the chip stays a drive)"


def check(data: bytes, name: str) -> None:
    """``install`` over a flash that held something else: refused with one line unless
    every block lands as written and no byte outside the sectors the file writes
    changes (so the filesystem after them keeps every game)."""
    before = bytes(range(256)) * (FLASH_SIZE // 256)  # no sector of it is erased
    flash = bytearray(before)
    done = install(flash, data, name)
    sectors = {offset // SECTOR for offset, _ in done.written.values()}
    for at in range(0, FLASH_SIZE, SECTOR):
        if at // SECTOR not in sectors and flash[at : at + SECTOR] != before[at : at + SECTOR]:
            raise DuelkeeperError(
                "UF2 %s: the boot ROM would change the sector at 0x%X, which the file does "
                "not write" % (name, at)
            )
