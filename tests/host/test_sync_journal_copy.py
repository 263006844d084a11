"""A journal the device set aside at boot reaches the PC through sync (issue 25).

Boot keeps the journal as it was, when it could not replay it whole, as
``<device id>-<n>.journal.dk`` (firmware/storage/journal.py ``_keep``). The device serves it
as damaged (``BAD``), so sync copies it raw into the quarantine folder beside the log
and has the device set it aside (``.bad``), as for any game damaged on flash: once.
"""

import json
import zlib
from pathlib import Path

from ptyhelp import device, duelkeeper, unsynced

from duelcore.engine import game_class
from duelkeeper.randomgame import random_record
from duelkeeper.sim.fill import fill
from duelkeeper_dev import journalfuzz


def test_a_journal_set_aside_at_boot_reaches_the_quarantine(tmp_path: Path) -> None:
    flash = tmp_path / "flash"
    fill(flash, 2, seed=9)
    storage = journalfuzz.storage()
    s = storage.Storage(str(flash))
    record = random_record("7wd", 5)
    events = record.pop("events")[:12]
    s.start(dict(record, id="in-progress-1"))
    codec = game_class("7wd")(record["setup"])
    for e in events:
        s.append(e, codec)
    text = json.dumps(["build", 0, "x" * 4000]).encode()  # over storage.MAX_EVENT
    huge = len(text).to_bytes(2, "little") + text
    with open(flash / "games" / "journal.dj", "ab") as f:
        f.write(huge + zlib.crc32(huge).to_bytes(4, "little"))
    journal = (flash / "games" / "journal.dj").read_bytes()
    assert s.resume()[1] == "Save damaged: resumed at move 12"  # a boot
    (copy,) = [gid for gid in unsynced(flash) if gid.endswith(".journal")]
    db = tmp_path / "log.sqlite3"
    with device(flash) as d:
        done = duelkeeper("sync", "--port", d.path, "--db", str(db))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    kept = tmp_path / "quarantine" / (copy + ".dk")
    err = [line for line in done.stderr.splitlines() if not line.startswith("sync: ")]
    assert err[0] == (
        "duelkeeper: game %s: damaged on the device's flash (a game in progress set aside "
        "at boot, not replayed whole): set aside on the device (a raw copy: %s)" % (copy, kept)
    )
    assert kept.read_bytes() == journal
    assert (flash / "games" / (copy + ".bad")).read_bytes() == journal
    assert ": 2 games synced (2 new" in done.stdout
    with device(flash) as d:  # reported once
        again = duelkeeper("sync", "--port", d.path, "--db", str(db))
    assert again.returncode == 0 and copy not in again.stderr + again.stdout
