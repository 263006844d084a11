"""Deploy: the device code onto a board (``duelkeeper deploy``).

What goes where is docs/firmware.md's table: the .mpy files mpy-cross makes of
shared/duelcore, firmware and boards under /lib with the data files beside them (the
fonts' glyphs, firmware/gfx/font.bin), a two-line /main.py that starts the
app, the board's name merged into /settings.json, and the play log's roster of players
(duelkeeper/roster.py, as at sync). Only what differs is copied: the
device hashes what it holds (SHA-256, or CRC-32 where hashlib lacks it), so a file
changed or half-written by any means is seen, and nothing relies on a manifest that
could be stale. Each file is written to ``<path>.tmp`` and renamed, so a cut deploy
leaves whole files, and the next deploy finishes the job. Everything is hashed again
before the app restarts.

Files travel as base64 through mpremote's exec (raw-paste on a board and on the simulated
device; a device without it takes 256 bytes every 10 ms), and base64 is 1.33 bytes a
byte where fs_writefile's repr() of a .mpy file is about 2.3.
"""

import ast
import base64
import hashlib
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from duelkeeper.device import Device, DeviceError
from duelkeeper.errors import DuelkeeperError
from duelkeeper.log import Log
from duelkeeper.repo import ROOT
from duelkeeper.roster import exchange
from duelkeeper.rtc import set_clock
from duelkeeper.sim.device import PACKAGES, cached_build, shipped

BOARDS = ROOT / "boards"
# /main.py runs at boot; the app's loop is firmware/main.py (compiled, in /lib/firmware).
MAIN_PY = b"from firmware.main import run\n\nrun()\n"
MANAGED = tuple("/lib/" + name for name in sorted(PACKAGES))  # stale files here are removed
CHUNK = 3072  # bytes of a file per exec (4 KB of base64)

# Defines _dkh(path) and _dkw(folder) on the device: print "ALG <name>", then
# "F <hash> <path>" per file. Small and self-contained: it runs before any of our code
# is on the device.
_HASHER = """\
import os, binascii
try:
    from hashlib import sha256 as _dkH
    print('ALG sha256')
except ImportError:
    _dkH = None
    print('ALG crc32')
def _dkh(p):
    b = bytearray(512)
    m = memoryview(b)
    h = _dkH() if _dkH else 0
    try:
        f = open(p, 'rb')
    except OSError:
        return
    while True:
        n = f.readinto(b)
        if not n:
            break
        if _dkH:
            h.update(m[:n])
        else:
            h = binascii.crc32(m[:n], h)
    f.close()
    print('F', binascii.hexlify(h.digest()).decode() if _dkH else '%08x' % h, p)
def _dkw(d):
    try:
        names = [(e[0], e[1]) for e in os.ilistdir(d)]
    except OSError:
        return
    for n, t in names:
        if t & 0x4000:
            _dkw(d + '/' + n)
        else:
            _dkh(d + '/' + n)
"""

_WRITER = """\
import os, binascii
def _dkp(p, d, first, last):
    f = open(p + '.tmp', 'wb' if first else 'ab')
    f.write(binascii.a2b_base64(d))
    f.close()
    if last:
        try:
            os.rename(p + '.tmp', p)
        except OSError:
            os.remove(p)
            os.rename(p + '.tmp', p)
"""

# The board's name merged into the settings by the firmware's own Storage (so the file is
# what the app reads), then the board set: "BOARD <name>", or "BOARD -" for none.
_SETTINGS = """\
from firmware.storage import Storage
_b = %r
_l = %r
_s = Storage('/')
_d = _s.settings()
_c = False
for _k, _v in (('board', _b), ('lang', _l)):
    if _v is not None and _d.get(_k) != _v:
        _d[_k] = _v
        _c = True
if _c:
    _s.save_settings(_d)
print('BOARD', _d.get('board') or '-', _d.get('lang') or 'en')
"""


@dataclass
class Report:
    """What a deploy did."""

    port: str
    copied: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: int = 0
    board: str = ""
    lang: str = ""  # the device's language, as it holds it after the deploy
    roster: str = ""  # the roster step's summary

    def summary(self) -> str:
        return "deployed to %s: %d file%s copied, %d unchanged, %d removed; board %s%s" % (
            self.port,
            len(self.copied),
            "" if len(self.copied) == 1 else "s",
            self.unchanged,
            len(self.removed),
            self.board,
            "" if self.lang == "en" else ", language " + self.lang,
        )


def check_board(name: str) -> str:
    """``name`` if boards/<name>.py exists; a one-line error naming the boards otherwise."""
    if not name.isidentifier() or name == "__init__" or not (BOARDS / (name + ".py")).is_file():
        known = ", ".join(sorted(p.stem for p in BOARDS.glob("*.py") if p.stem != "__init__"))
        raise DuelkeeperError("no board %r in boards/ (known: %s)" % (name, known))
    return name


def default_board() -> str:
    """firmware/main.py's DEFAULT_BOARD, read from its source (importing it would load
    the app)."""
    for node in ast.parse((ROOT / "firmware" / "main.py").read_text()).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            if any(isinstance(t, ast.Name) and t.id == "DEFAULT_BOARD" for t in node.targets):
                return str(node.value.value)
    return "?"


def files(code: Path | None = None) -> dict[str, bytes]:
    """Device path -> contents, for everything deploy puts on the flash."""
    out = {"/main.py": MAIN_PY}
    for path, src in shipped(code or cached_build(mpy=True)).items():
        out[path] = src.read_bytes()
    return out


def digest(algorithm: str, data: bytes) -> str:
    if algorithm == "sha256":
        return hashlib.sha256(data).hexdigest()
    return "%08x" % zlib.crc32(data)


def device_hashes(device: Device) -> dict[str, str]:
    """Path -> hash of /main.py and every file under MANAGED, hashed on the device."""
    calls = "\n".join(["_dkh('/main.py')"] + ["_dkw(%r)" % d for d in MANAGED])
    lines = device.lines(_HASHER + calls)
    if not lines or not lines[0].startswith(b"ALG "):
        raise DeviceError("%s: the device's file list is garbled" % device.port)
    algorithm = lines[0][4:].decode()
    out: dict[str, str] = {"": algorithm}
    for line in lines[1:]:
        kind, _, rest = line.decode(errors="replace").partition(" ")
        value, _, path = rest.partition(" ")
        if kind != "F" or not path:
            raise DeviceError(
                "%s: the device's file list is garbled: %r" % (device.port, line[:60])
            )
        out[path] = value
    return out


def _put(device: Device, path: str, data: bytes) -> None:
    chunks = [data[i : i + CHUNK] for i in range(0, len(data), CHUNK)] or [b""]
    for n, chunk in enumerate(chunks):
        b64 = base64.b64encode(chunk)  # bytes: some ports' a2b_base64 refuses str
        device.run("_dkp(%r, %r, %d, %d)" % (path, b64, n == 0, n == len(chunks) - 1))


def _folders(paths: list[str]) -> list[str]:
    """Every folder the paths need, parents first."""
    need: set[str] = set()
    for path in paths:
        parts = path.split("/")[1:-1]
        for i in range(1, len(parts) + 1):
            need.add("/" + "/".join(parts[:i]))
    return sorted(need, key=lambda p: (p.count("/"), p))


def deploy(
    device: Device,
    board: str | None = None,
    code: Path | None = None,
    log: Log | None = None,
    lang: str | None = None,
) -> Report:
    """Put the device code on ``device``, copying only what differs, and ``log``'s roster
    (none without a log); set its board and language where given; see the module."""
    wanted = files(code)
    report = Report(device.port)
    device.enter()
    held = device_hashes(device)
    algorithm = held.pop("")
    changed = sorted(p for p, data in wanted.items() if held.get(p) != digest(algorithm, data))
    report.removed = sorted(p for p in held if p not in wanted and p != "/main.py")
    report.unchanged = len(wanted) - len(changed)
    if report.removed:  # first: a stale <path>.tmp goes before <path> is written through it
        device.run(
            "import os\nfor p in %r:\n try:\n  os.remove(p)\n except OSError:\n  pass"
            % report.removed
        )
    if changed:
        folders = _folders(changed)
        device.run(
            "import os\nfor p in %r:\n try:\n  os.mkdir(p)\n except OSError:\n  pass" % folders
        )
        device.run(_WRITER)
        for path in changed:
            _put(device, path, wanted[path])
            report.copied.append(path)
    now = device_hashes(device)
    algorithm = now.pop("")
    wrong = [p for p, data in wanted.items() if now.get(p) != digest(algorithm, data)]
    wrong += [p for p in now if p not in wanted]  # a stale file that would not go
    if wrong:
        raise DeviceError(
            "%s: %d file%s differ after the copy (%s): deploy again"
            % (device.port, len(wrong), "" if len(wrong) == 1 else "s", ", ".join(wrong[:3]))
        )
    board_line = device.lines(_SETTINGS % (board, lang))
    said = board_line[0].decode(errors="replace").split(" ") if len(board_line) == 1 else []
    if len(said) != 3 or said[0] != "BOARD":
        raise DeviceError("%s: the board setting was not confirmed: %r" % (device.port, board_line))
    report.board = said[1] if said[1] != "-" else default_board() + " (the firmware's default)"
    report.lang = said[2]
    set_clock(device)
    if log is not None:
        report.roster = exchange(device, log).summary()
    device.leave()
    return report


def run(
    port: str | None, board: str | None = None, db: Path | None = None, lang: str | None = None
) -> Report:
    """Open the device (the one Pico plugged in when ``port`` is None) and the log
    (``Log.open``'s default when ``db`` is None), and deploy."""
    if board is not None:
        check_board(board)
    code = cached_build(mpy=True)  # compile first: a module that does not compile stops here
    with Log.open(db) as log, Device(port) as device:
        return deploy(device, board, code, log, lang)
