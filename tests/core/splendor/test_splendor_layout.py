"""Card field offsets and ability codes are private constants, repeated in each module
that reads them (folded into the bytecode on the device, out of the module dicts): every
copy must agree, and the offsets must be the fields cards.py lays out."""

import re
from pathlib import Path

from sdhelp import ROOT

from duelcore.splendor.names import _KEYS, ABILITIES

PKG = ROOT / "shared" / "duelcore" / "splendor"
# Every module that reads the card table by offset, the firmware's included.
READERS = sorted(PKG.glob("*.py")) + [ROOT / "firmware" / "screens" / "cardsd.py"]
CONST = re.compile(r"^(_[A-Z0-9_]+) = const\((.+?)\)(?:\s*#.*)?$", re.M)
FIELDS = ("_COLOR", "_POINTS", "_CROWNS", "_BONUS", "_ABILITY", "_COST")
CODES = ("_AGAIN", "_TOKEN", "_PRIVILEGE", "_STEAL")


def consts(path: Path) -> dict[str, str]:
    return dict(CONST.findall(path.read_text()))


def test_every_copy_agrees() -> None:
    seen: dict[str, tuple[str, str]] = {}
    copies = 0
    for path in READERS:
        for name, value in consts(path).items():
            if name in seen:
                copies += 1
                first, where = seen[name]
                assert value == first, f"{path.name}: {name} = {value}, {where} has {first}"
            else:
                seen[name] = (value, path.name)
    assert copies >= len(FIELDS)  # the offsets are repeated, so this test has work


def test_offsets_are_the_descriptor_fields() -> None:
    for path in READERS:
        for name, value in consts(path).items():
            if name in FIELDS:
                assert int(value) == _KEYS.index(name[1:].lower()) - 1, (path.name, name)
            if name in CODES:
                assert ABILITIES[int(value)] == name[1:].lower(), (path.name, name)
