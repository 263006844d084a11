"""Deploy: the program onto a board over USB (``duelkeeper deploy``).

The board runs the project's base firmware (rp2-base/), installed once from the UF2 of
``duelkeeper uf2``; the program is its ROMFS image (romfs.py). Deploy hashes the ROMFS
partition on the board and, when it does not hold the board's image already, writes it
with mpremote's own ``romfs deploy``, then hashes it again. It merges the language into
the settings and drops a ``"board"`` left there by older deploys (the board's name is in
the image now); removes what a deploy for stock MicroPython left in littlefs
(``STOCK_ERA``: /main.py and the program under /lib, which only waste space), never a
game, journal, roster or settings file; sets the clock, exchanges the roster (as at
sync) and restarts the app.

A board whose firmware has no ROMFS partition (stock MicroPython) is refused with one
line naming the UF2 to install. A power cut while the image is written leaves one without
its last file: the launcher then waits at the REPL with every game kept, and the next
deploy writes the image again (docs/sync.md, "Deploy").
"""

import hashlib
import shlex
from dataclasses import dataclass
from pathlib import Path

from duelkeeper.device import Device, DeviceError
from duelkeeper.log import Log
from duelkeeper.program import cached_build
from duelkeeper.romfs import boards, check_board, files, image
from duelkeeper.roster import exchange
from duelkeeper.rtc import set_clock

__all__ = ["Report", "check_board", "deploy", "files", "run"]

# What deploys for stock MicroPython put in littlefs: removed, as the program is in /rom.
STOCK_ERA = ("/main.py", "/lib/firmware", "/lib/boards", "/lib/duelcore")

# The ROMFS partition, its image's hash over ``%d`` bytes, and the board it names:
# "ROM <partition bytes> <sha256> <board or ->", or "NOROM" for a firmware without one.
# The hash is taken a block at a time with a "." line after each: the 240 KB take about
# 0.3 s on a Pico, and much longer on a loaded PC's emulated one, which a silent call
# would exceed (Device.silence).
_PROBE = """\
import vfs
try:
    _d = vfs.rom_ioctl(2, 0)
except Exception:
    _d = None
if _d is None or isinstance(_d, int):
    print('NOROM')
else:
    import hashlib, binascii
    _n = %d
    _s = _d.ioctl(4, 0) * _d.ioctl(5, 0)
    _m = memoryview(_d)[:min(_n, _s)]
    _h = hashlib.sha256()
    for _i in range(0, len(_m), 16384):
        _h.update(_m[_i:_i + 16384])
        print('.')
    _h = binascii.hexlify(_h.digest()).decode()
    try:
        with open('/rom/board', 'rb') as _f:
            _b = _f.read()
    except OSError:
        _b = b''
    print('ROM', _s, _h, _b[:-1].decode() if _b.endswith(b'\\n') else '-')
"""

# The stock-era files removed, one "RM <path>" line each; nothing outside STOCK_ERA.
_SWEEP = """\
import os
def _dkr(p):
    try:
        t = os.stat(p)[0]
    except OSError:
        return
    if t & 0x4000:
        for e in list(os.ilistdir(p)):
            _dkr(p + '/' + e[0])
        os.rmdir(p)
    else:
        os.remove(p)
        print('RM', p)
for _p in %r:
    _dkr(_p)
try:
    os.rmdir('/lib')
except OSError:
    pass
"""

# The language merged into the settings by the firmware's own Storage (so the file is what
# the app reads), a "board" from older deploys dropped; then "LANG <lang>".
_SETTINGS = """\
from firmware.storage import Storage
_l = %r
_s = Storage('/')
_d = _s.settings()
_c = _d.pop('board', None) is not None
if _l is not None and _d.get('lang') != _l:
    _d['lang'] = _l
    _c = True
if _c:
    _s.save_settings(_d)
print('LANG', _d.get('lang') or 'en')
"""


@dataclass
class Report:
    """What a deploy did."""

    port: str
    board: str = ""
    written: bool = False  # the image was written (False: the board held it already)
    image: int = 0  # the image's bytes
    partition: int = 0  # the partition's bytes
    removed: int = 0  # stock-era files removed from littlefs
    lang: str = ""  # the device's language, as it holds it after the deploy
    roster: str = ""  # the roster step's summary

    def summary(self) -> str:
        return "deployed to %s: board %s, ROMFS image %s (%d of %d bytes, %.0f%% free)%s%s" % (
            self.port,
            self.board,
            "written" if self.written else "unchanged",
            self.image,
            self.partition,
            100 * (1 - self.image / self.partition) if self.partition else 0,
            "; %d stock-era file%s removed" % (self.removed, "" if self.removed == 1 else "s")
            if self.removed
            else "",
            "" if self.lang == "en" else ", language " + self.lang,
        )


def _uf2(board: str | None) -> str:
    """The command that writes ``board``'s installer, as a message suggests it: a command
    that works when pasted (the first board's, the others named, when not known)."""
    if board is not None:
        return "`duelkeeper uf2 --board %s -o duelkeeper.uf2`" % shlex.quote(board)
    first, *others = boards()
    return "`duelkeeper uf2 --board %s -o duelkeeper.uf2` (or --board %s)" % (
        first,
        ", ".join(others),
    )


def _probe(device: Device, size: int, board: str | None = None) -> tuple[int, str, str]:
    """The board's ROMFS partition: (bytes, sha256 of its first ``size``, board named)."""
    said = device.lines(_PROBE % size)
    words = said[-1].decode(errors="replace").split(" ") if said else []
    if words == ["NOROM"]:
        raise DeviceError(
            "%s: its MicroPython has no ROMFS partition: install the project's firmware once "
            "(%s, then drop that file on the Pico's RPI-RP2 drive; its games stay)"
            % (device.port, _uf2(board))
        )
    if len(words) != 4 or words[0] != "ROM" or not words[1].isdigit():
        raise DeviceError(
            "%s: the ROMFS partition's answer is garbled: %r" % (device.port, said[-2:])
        )
    return int(words[1]), words[2], words[3]


def deploy(
    device: Device,
    board: str | None = None,
    code: Path | None = None,
    log: Log | None = None,
    lang: str | None = None,
) -> Report:
    """Put the program on ``device`` for ``board`` (the one its image names when None),
    and ``log``'s roster (none without a log); set its language where given."""
    report = Report(device.port)
    program = files(code)
    device.enter()
    if board is None:
        board = _probe(device, 0)[2]
        if board == "-":
            raise DeviceError(
                "%s: no whole program on the board to take its board from: name it with --board"
                % device.port
            )
    report.board = board
    rom = image(board, program)
    partition, held, _ = _probe(device, len(rom), board)
    report.image, report.partition = len(rom), partition
    if len(rom) > partition:
        raise DeviceError(
            "%s: the image (%d bytes) exceeds the board's ROMFS partition (%d): install the "
            "UF2 of %s" % (device.port, len(rom), partition, _uf2(board))
        )
    want = hashlib.sha256(rom).hexdigest()
    if held != want:
        device.write_romfs(rom)
        report.written = True
        device.enter()  # a soft reset mounts the new /rom
        if _probe(device, len(rom))[1] != want:
            raise DeviceError(
                "%s: the ROMFS image differs after the write: deploy again" % device.port
            )
    swept = device.lines(_SWEEP % (STOCK_ERA,))
    report.removed = sum(1 for line in swept if line.startswith(b"RM "))
    said = device.lines(_SETTINGS % (lang,))
    words = said[-1].decode(errors="replace").split(" ") if said else []
    if len(words) != 2 or words[0] != "LANG":
        raise DeviceError("%s: the settings were not confirmed: %r" % (device.port, said))
    report.lang = words[1]
    set_clock(device)
    if log is not None:
        report.roster = exchange(device, log).summary()
    device.leave()
    return report


def run(
    port: str | None, board: str | None = None, db: Path | None = None, lang: str | None = None
) -> Report:
    """Open the device (the one Pico plugged in when ``port`` is None) and the log
    (``Log.open``'s default when ``db`` is None): sync.board_and_log; and deploy."""
    from duelkeeper.sync import board_and_log

    if board is not None:
        check_board(board)
    code = cached_build(mpy=True)  # compile first: a module that does not compile stops here
    with board_and_log(port, db) as (device, log):
        return deploy(device, board, code, log, lang)
