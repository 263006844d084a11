"""A journal holding a huge checksummed entry boots on the real rp2 port in bounded time
(issue 25: a 4,000-byte entry took 55 s, 16,000 and 60,000 bytes never booted).

The entry is longer than any the firmware writes (journal.MAX_ENTRY), so resume() reads
it as unreadable without parsing it: the game resumes before it, the events after it
wait for the player, and the journal as it was is kept for sync. One boot: the
emulated RP2040 is CPU-heavy.
"""

import json
import zlib
from pathlib import Path

from rp2help import needs_rp2

from duelcore.engine import game_class
from duelkeeper.rp2 import flashimage
from duelkeeper.rp2.device import Rp2Device
from duelkeeper_dev import journalfuzz
from duelkeeper_dev.tablegame import table_record

pytestmark = needs_rp2
BOOT_MS = 5000  # emulated; the same journal without the huge entry boots in about 3.2 s


def test_a_huge_entry_boots_in_bounded_time(tmp_path: Path) -> None:
    folder = tmp_path / "src"
    (folder / "games").mkdir(parents=True)
    record = table_record(5)
    events = record.pop("events")[:12]
    s = journalfuzz.storage().Storage(str(folder))
    s.start(dict(record))
    codec = game_class(record["game"])(record["setup"])
    for e in events[:6]:
        s.append(e, codec)
    prefix = (folder / "games" / "journal.dj").stat().st_size
    text = json.dumps(["build", 0, "x" * 60000]).encode()
    head = len(text).to_bytes(2, "little") + text  # 60,016 bytes: the 2-byte length holds it
    with open(folder / "games" / "journal.dj", "ab") as f:
        f.write(head + zlib.crc32(head).to_bytes(4, "little"))
    for e in events[6:]:
        s.append(e, codec)
    journal = (folder / "games" / "journal.dj").read_bytes()
    storage = tmp_path / "flash"
    storage.mkdir()
    flashimage.from_folder(storage / "flash.img", folder)
    with Rp2Device(storage, "pico_inky_pack") as device:
        ms = device.boot()
        device.settle()
    print("\nboot to the first frame over a 60,000-byte entry: %d ms emulated" % ms)
    assert ms < BOOT_MS
    files = flashimage.read_back(storage / "flash.img")
    kept = [name for name in files if name.endswith(".journal.dk")]
    assert [files[name] for name in kept] == [journal]
    # journal.MAX_JOURNAL bytes read, the huge entry cut there: the game is its first 6
    # events; the ones past the entry are in the copy only
    assert journal.startswith(files["games/journal.dj"])
    assert len(files["games/journal.dj"]) == prefix
    assert "games/journal.later" not in files
