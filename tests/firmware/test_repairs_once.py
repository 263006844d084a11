"""The repairs a power cut may call for (``Storage.repair``) run once a boot, called by the
App's boot (firmware/session.py), and never in a sync: each of sync's calls makes its own
Storage, and when making one repaired, a sync of one game repaired the flash 5 times."""

import zlib
from pathlib import Path

import pytest
from fwhelp import framebuf  # noqa: F401  (installs the shims: firmware imports them)
from test_app_setup_resume import _app

from duelkeeper.randomgame import random_record
from firmware import sync
from firmware.storage import Storage


def test_a_boot_repairs_once_and_a_sync_never(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from boards import sim as board

    for name in ("WIDTH", "HEIGHT", "BUTTONS", "ROOT"):
        monkeypatch.setattr(board, name, getattr(board, name))
    runs: list[str] = []
    real = Storage.repair

    def counted(self: Storage) -> None:
        runs.append(self.root)
        real(self)

    monkeypatch.setattr(Storage, "repair", counted)
    app = _app(tmp_path)
    assert runs == [str(tmp_path)]  # the boot: once

    record = random_record("7wd", 5)
    del record["id"]
    gid = app.storage.start(record)
    assert app.storage.finish() == gid
    capsys.readouterr()
    runs.clear()
    root = str(tmp_path)  # a sync's calls, as duelkeeper/sync.py and roster.py make them
    sync.info(root)
    sync.pull("", 64, root)
    sync.acks("0/" + gid, root)
    sync.names(root)
    sync.roster(("Ann", "Bob"), {}, root)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "DK 2 %s 1" % gid[:16]
    assert lines[1].startswith("G %s " % gid) and lines[2] == "END 1 0"
    assert lines[3] == "ACKS 1 %08x" % zlib.crc32(gid.encode())
    assert lines[-1] == "ROSTER 2"
    assert runs == []  # the sync: none (5 when each Storage made repaired)
    assert Storage(root).waiting() == 0
