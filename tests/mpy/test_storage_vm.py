"""duelcore.pack, firmware.storage and firmware.sync under the real MicroPython VM.

Run from the sources and from the .mpy files mpy-cross makes (the code as it ships), on
the VM's RAM file system. Heap figures are read between top-level calls (vm_steps),
the only place the VM collects garbage.
"""

import base64
import json
import re
import zlib
from pathlib import Path
from typing import Any

import pytest

from duelcore import pack
from duelkeeper import mpvm
from duelkeeper.mpycross import compile_file
from duelkeeper.randomgame import random_record
from duelkeeper.repo import CORE, ROOT

# The core (pack.py reads each game's words), and what storage imports: journal.py words
# its notices, which the build reads from English's catalog (lookup.py, through
# canvas.py's open file).
CORE_FILES = list(CORE.rglob("*.py"))
FIRMWARE_FILES = [
    ROOT / "firmware" / n
    for n in (
        *("__init__.py", "storage/__init__.py", "storage/journal.py", "storage/archive.py"),
        *("storage/settings.py", "storage/bundle.py", "sync.py", "lang.py"),
        "words.py",
        *("lookup.py", "crc.py", "flash.py", "rtc.py", "clock.py", "gfx/__init__.py"),
        *("gfx/canvas.py", "gfx/font.py"),
        *("gfx/icons.py", "gfx/glyphfile.py", "gfx/glyphs.bin", "gfx/lang-en.bin"),
    )
]

_VM_MAIN = r"""
import gc, json
from duelcore import pack
from firmware.storage import Storage
from firmware import sync

with open("/data/in.json") as f:
    data = json.load(f)

def hexlify(b):
    return "".join("%02x" % x for x in b)

# 1. pack: the same bytes as CPython, and back to the same record
for record in data["records"]:
    packed = pack.pack_record(record)
    print("PACK " + hexlify(packed))
    print("UNPACK " + json.dumps(pack.unpack_record(packed)))

# 2. a game journalled, resumed, damaged, finished and synced
import os
os.mkdir("/flash")
game = data["game"]
events = game.pop("events")
s = Storage("/flash")
gid = s.start(game)
from duelcore.engine import game_class
codec = game_class(game["game"])(game["setup"])  # as the app hands its Match's game
for i, e in enumerate(events):
    s.append(e, codec if i % 4 else None)  # codes, and every fourth event as JSON
    if i == 3:
        s.append(["coins", 0, 2])
        s.undo()
record, notice = Storage("/flash").resume()
print("RESUMED %d %s %s" % (len(record["events"]), record["events"] == events, notice))
with open("/flash/games/journal.dj", "ab") as f:
    f.write(b"\x05\x00ab")
record, notice = Storage("/flash").resume()
print("DAMAGED %d %s" % (len(record["events"]), notice))
print("FINISHED %s" % (Storage("/flash").finish() == gid))
print("SIZE %d" % os.stat("/flash/games/000001.dkb")[6])
sync.ROOT = "/flash"
sync.info()
sync.list()
sync.get(gid)
sync.ack(gid)
sync.list()
s = Storage("/flash")
s.save_settings({"players": ["Ann", "Bob"], "board": "sim"})
print("SETTINGS " + json.dumps(Storage("/flash").settings()))

# 3. heap: what storage costs once loaded, and what one append allocates
def steps():
    yield
    base = gc.mem_alloc()
    s = Storage("/flash")
    s.start(dict(game, id="x-1"))
    yield
    held = gc.mem_alloc() - base
    worst = 0
    for e in events:
        gc.disable()
        before = gc.mem_alloc()
        s.append(e, codec)
        worst = max(worst, gc.mem_alloc() - before)
        gc.enable()
    yield
    gc.disable()
    before = gc.mem_alloc()
    record, notice = s.resume()
    resume = gc.mem_alloc() - before
    gc.enable()
    yield
    gc.disable()
    before = gc.mem_alloc()
    s.finish()
    finish = gc.mem_alloc() - before
    gc.enable()
    heap = {"storage": held, "append": worst, "resume": resume, "finish": finish}
    print("HEAP " + json.dumps(heap))

import gc
gc.collect()
vm_base = gc.mem_alloc()
vm_steps = steps()
"""

_VM_IMPORT = r"""
import gc
def steps():
    yield
    base = gc.mem_alloc()
    from firmware import storage, sync
    yield
    print("IMPORT %d" % (gc.mem_alloc() - base))
vm_steps = steps()
"""


# Journals resumed in the VM (issue 25): each kept as it was (``<id>.journal.dk``).
_VM_HOSTILE = r"""
import json, os
from firmware.storage import Storage
with open("/data/hostile.json") as f:
    journals = json.load(f)
for name in journals:
    root = "/j-" + name.replace(" ", "-")
    os.mkdir(root)
    os.mkdir(root + "/games")
    data = bytes(int(journals[name][i : i + 2], 16) for i in range(0, len(journals[name]), 2))
    with open(root + "/games/journal.dj", "wb") as f:
        f.write(data)
    record, notice = Storage(root).resume()
    kept = [n for n in os.listdir(root + "/games") if n.endswith(".journal.dk")]
    with open(root + "/games/" + kept[0], "rb") as f:
        same = f.read() == data
    events = -1 if record is None else len(record["events"])
    print("HOSTILE %s|%d|%s|%d|%s" % (name, events, notice, len(kept), same))
"""


# Bundles in the VM: 90 finished games (two bundles), a frame of the first damaged; sync
# pulls them in batches, copies the damage raw, sets it aside and acknowledges the rest.
_VM_BUNDLES = r"""
import json, os
from duelcore import pack
from firmware import sync
from firmware.storage import Storage, bundle
with open("/data/in.json") as f:
    data = json.load(f)
os.mkdir("/b")
s = Storage("/b")
for i in range(90):
    record = data["records"][i % 8]
    gid = "e6614103e7452d2f-%06d" % (i + 1)
    bundle.append(s.dir, bundle.frame(gid, pack.pack_record(dict(record, id=gid))))
print("BUNDLES %s" % bundle.names(s.dir))
with open("/b/games/000001.dkb", "rb") as f:
    whole = bytearray(f.read())
at = whole.find(b"e6614103e7452d2f-000005") - 2
whole[at] ^= 0x80
with open("/b/games/000001.dkb", "wb") as f:
    f.write(whole)
sync.ROOT = "/b"
sync.info()
sync.pull("", 64)
sync.pull("e6614103e7452d2f-000064", 64)  # the first batch's last
"""


def _entry(payload: bytes) -> bytes:
    head = len(payload).to_bytes(2, "little") + payload
    return head + zlib.crc32(head).to_bytes(4, "little")


def hostile() -> dict[str, bytes]:
    """A 7WD game's journal (its first 12 events as JSON) with, after its 6th event, a
    checksummed JSON entry of 4,000, 16,000 or 60,000 bytes; and its record nested
    3,000 or 33 deep in ``meta`` (the host refuses JSON over 32 deep)."""
    record = device_record(3)
    events = record.pop("events")[:12]
    entries = [_entry(json.dumps(e).encode()) for e in events]
    out = {}
    head = _entry(json.dumps(record).encode())
    for size in (4000, 16000, 60000):
        text = b'["build", 0, "' + b"x" * (size - 17) + b'"]'
        out["entry %d" % size] = b"".join([head, *entries[:6], _entry(text), *entries[6:]])
    for depth in (3000, 33):
        deep = dict(record, meta=dict(record["meta"], deep=0))
        nested = "[" * (depth - 2) + "]" * (depth - 2)
        text = json.dumps(deep).replace('"deep": 0', '"deep": ' + nested).encode()
        out["meta %d deep" % depth] = b"".join([_entry(text), *entries])
    return out


def device_record(seed: int) -> dict[str, Any]:
    record = random_record("7wd", seed)
    record["id"] = "e6614103e7452d2f-%06d" % seed
    record["meta"] = {"device": "e6614103e7452d2f", "firmware": "0.3.0", "started": 1767225600}
    return record


def lay_out(tmp: Path, mode: str) -> dict[str, Path]:
    """duelcore and firmware (the storage part) as the VM's /lib, .py or .mpy."""
    lib = tmp / "lib"
    for src in CORE_FILES + FIRMWARE_FILES:
        top = CORE.parent if src.is_relative_to(CORE) else ROOT
        rel = src.relative_to(top)
        if mode == "mpy" and src.suffix == ".py":
            compile_file(src, (lib / rel).with_suffix(".mpy"))
        else:
            (lib / rel).parent.mkdir(parents=True, exist_ok=True)
            (lib / rel).write_bytes(src.read_bytes())
    return {"/lib/duelcore": lib / "duelcore", "/lib/firmware": lib / "firmware"}


@pytest.fixture(scope="module", params=["py", "mpy"])
def vm_run(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    tmp = tmp_path_factory.mktemp(request.param)
    files = lay_out(tmp, request.param)
    records = [device_record(seed) for seed in range(8)]
    records.append({"format": 1, "game": "other", "id": "x", "meta": {"pi": 3.5, "n": -(2**40)}})
    game = random_record("7wd", 42)
    del game["id"]
    data = {"records": records, "game": game}
    (tmp / "in.json").write_text(json.dumps(data))
    files["/data/in.json"] = tmp / "in.json"
    out = mpvm.run(_VM_MAIN, files)
    imported = mpvm.run(_VM_IMPORT, files)
    (tmp / "hostile.json").write_text(json.dumps({k: v.hex() for k, v in hostile().items()}))
    files["/data/hostile.json"] = tmp / "hostile.json"
    out += mpvm.run(_VM_HOSTILE, files)
    out += mpvm.run(_VM_BUNDLES, files)
    return request.param, data, out.splitlines(), imported


def test_pack_same_bytes_as_cpython(vm_run: Any) -> None:
    _, data, lines, _ = vm_run
    packs = [line[5:] for line in lines if line.startswith("PACK ")]
    unpacks = [json.loads(line[7:]) for line in lines if line.startswith("UNPACK ")]
    assert len(packs) == len(data["records"])
    for record, got, back in zip(data["records"], packs, unpacks, strict=True):
        assert got == pack.pack_record(record).hex()
        assert back == record


def test_storage_and_sync_in_the_vm(vm_run: Any) -> None:
    _, data, lines, _ = vm_run
    n = len(data["game"]["events"])
    text = "\n".join(lines)
    assert "RESUMED %d True None" % n in lines
    assert "DAMAGED %d Save damaged: resumed at move %d" % (n, n) in lines
    assert "FINISHED True" in lines
    size = int(re.search(r"^SIZE (\d+)$", text, re.M)[1])  # type: ignore[index]
    assert size <= 256
    m = re.search(
        r"^DK 2 ([0-9a-f]{16}) 1\nGAME (\S+)\nEND 1\nREC (\d+) (\w{8})\n(.*)\n", text, re.M
    )
    assert m, text
    gid, length, crc, body = m[2], int(m[3]), m[4], m[5].encode()
    assert gid.startswith(m[1] + "-") and gid.endswith("-000001")
    assert len(body) == length and "%08x" % zlib.crc32(body) == crc
    assert json.loads(body) == dict(data["game"], id=gid)
    assert "ACK %s\nEND 0" % gid in text
    assert 'SETTINGS {"players": ["Ann", "Bob"], "board": "sim"}' in lines or json.loads(
        [x for x in lines if x.startswith("SETTINGS ")][0][9:]
    ) == {"players": ["Ann", "Bob"], "board": "sim"}


def test_bundles_in_the_vm(vm_run: Any) -> None:
    """Games many to a file: listed, served in id order and batches, a damaged frame
    (its length's high bit flipped) one game, not the bundle: the frames after it are
    found again by their checks."""
    _, data, lines, _ = vm_run
    assert "BUNDLES [1, 2]" in lines
    assert "DK 2 e6614103e7452d2f 90" in lines or any(
        re.fullmatch(r"DK 2 [0-9a-f]+ 90", line) for line in lines
    )
    served = [line.split(" ", 2) for line in lines if line[:2] in ("G ", "BA")]
    ends = [line for line in lines if re.fullmatch(r"END \d+ \d+", line)]
    assert ends[-2:] == ["END 64 26", "END 26 0"]
    bad = [x for x in served if x[0] == "BAD"]
    assert len(bad) == 1 and bad[0][1].startswith("000001.") and bad[0][1].endswith(".damaged")
    games = [x for x in served if x[0] == "G"]
    assert len(games) == 89
    ids = [x[1] for x in games]
    assert ids == sorted(ids) and "e6614103e7452d2f-000005" not in ids
    for _, gid, text in games:
        record = pack.unpack_record(base64.b64decode(text)[:-4])
        n = int(gid[-6:]) - 1
        assert record == dict(data["records"][n % 8], id=gid)


def test_heap(vm_run: Any) -> None:
    mode, _, lines, imported = vm_run
    heap = json.loads([x for x in lines if x.startswith("HEAP ")][0][5:])
    loaded = int(imported.split()[1])
    print("\n%s: import storage+sync %d B; %s" % (mode, loaded, heap))
    assert heap["append"] <= 512  # the entry being written, and little else
    assert heap["storage"] <= 512


def test_hostile_journals_in_the_vm(vm_run: Any) -> None:
    """An entry longer than storage.MAX_EVENT is unreadable, not parsed (16,000 bytes
    never booted); a record nested deeper than 32 is unreadable (3,000 deep resumed).
    Each journal is kept as it was."""
    _, _, lines, _ = vm_run
    got = [line[8:].split("|") for line in lines if line.startswith("HOSTILE ")]
    assert sorted(got) == [
        ["entry 16000", "6", "Save damaged: enter move 7 again", "1", "True"],
        ["entry 4000", "6", "Save damaged: enter move 7 again", "1", "True"],
        ["entry 60000", "6", "Save damaged: resumed at move 6", "1", "True"],  # MAX_JOURNAL
        ["meta 3000 deep", "-1", "Saved game unreadable: set aside", "1", "True"],
        ["meta 33 deep", "-1", "Saved game unreadable: set aside", "1", "True"],
    ]
