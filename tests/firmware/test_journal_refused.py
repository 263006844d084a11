"""Boot over a journal whose entries pass their CRC-32 but are not the game (issue 25).

An entry written twice, two swapped, one dropped, a forged or unknown event, an entry
far longer than any event, a record nested too deep: each once made the device boot with
no game in progress (or never finish booting), and the next new game rewrote the
journal. Now the game resumes as far as the rules allow, the rest waits for the player
(``journal.later``), the journal as it was is kept for the PC to copy, and one line says
what was kept and what was set aside. On both runtimes.
"""

import json
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import apphelp
import pytest

from duelcore.engine import game_class
from duelkeeper_dev import journalfuzz
from duelkeeper_dev.tablegame import table_record

RUNTIMES = ["cpython", "micropython"]
BOOT_SECONDS = 60  # a boot over a 16,000-byte entry never ended (280 s tried)


def framed(payload: bytes) -> bytes:
    """One journal entry: length, payload, CRC-32 (as storage.py frames them)."""
    head = len(payload).to_bytes(2, "little") + payload
    return head + zlib.crc32(head).to_bytes(4, "little")


def event(e: list[Any]) -> bytes:
    return framed(json.dumps(e).encode())


def entries(data: bytes) -> list[bytes]:
    out = []
    pos = 0
    while pos < len(data):
        end = pos + 6 + int.from_bytes(data[pos : pos + 2], "little")
        out.append(data[pos:end])
        pos = end
    return out


def written(root: Path) -> tuple[dict[str, Any], list[Any]]:
    """A 7 Wonders Duel game's first 20 events journalled by the firmware's storage (as
    codes, as the app writes them): its record and events."""
    record = table_record(5)
    events = record.pop("events")[:20]
    s = journalfuzz.storage().Storage(str(root))
    s.start(dict(record))
    codec = game_class(record["game"])(record["setup"])
    for e in events:
        s.append(e, codec)
    return record, events


def kept(root: Path) -> list[bytes]:
    return [p.read_bytes() for p in sorted((root / "games").glob("*.journal.dk"))]


# How each case changes a list of entries (0: the record), ``x`` making an entry of an
# event; then what boot must show: the events resumed, the notice.
Change = Callable[[list[Any], Callable[[list[Any]], Any]], list[Any]]
CASES: dict[str, tuple[Change, int, str]] = {
    # the rest plays again at once: only the entry the rules refuse is set aside
    "written twice": (
        lambda e, x: e[:11] + [e[10]] + e[11:],
        20,
        "Move 11 refused: 20 kept, 1 set aside",
    ),
    "forged coins": (
        lambda e, x: e[:11] + [x(["coins", 0, 10**15])] + e[11:],
        20,
        "Move 11 refused: 20 kept, 1 set aside",
    ),
    "unknown verb": (
        lambda e, x: e[:11] + [x(["fly", 0])] + e[11:],
        20,
        "Move 11 refused: 20 kept, 1 set aside",
    ),
    # the rest waits for the move the player enters again
    "swapped": (
        lambda e, x: e[:10] + [e[11], e[10]] + e[12:],
        9,
        "Move 10 refused: 9 kept, 11 set aside",
    ),
    "dropped": (lambda e, x: e[:10] + e[11:], 9, "Move 10 refused: 9 kept, 10 set aside"),
    # longer than any event (journal.MAX_EVENT): unreadable, not parsed; the rest follows
    "1,000-character card": (
        lambda e, x: e[:11] + [x(["build", 0, "x" * 1000])] + e[11:],
        20,
        "Save restored: 10 moves",
    ),
}


@pytest.mark.parametrize("runtime", RUNTIMES)
@pytest.mark.parametrize("case", list(CASES))
def test_a_refused_entry_keeps_the_game_and_the_journal(
    tmp_path: Path, case: str, runtime: str
) -> None:
    change, resumed, notice = CASES[case]
    record, events = written(tmp_path)
    journal = tmp_path / "games" / "journal.dj"
    data = b"".join(change(entries(journal.read_bytes()), event))
    journal.write_bytes(data)
    with apphelp.device(tmp_path, runtime=runtime) as d:
        v = d.view()
        assert (v["screen"], d.last.events, v["notice"]) == ("sevenwonders.track", resumed, notice)
    assert kept(tmp_path) == [data]  # the journal as it was, for the PC
    game = apphelp.journal(tmp_path)
    assert game is not None and game["events"] == events[:resumed]
    # Nothing the journal held is lost: the events after the one set aside (kept in the
    # copy) are in the game or wait for the player.
    later = tmp_path / "games" / "journal.later"
    waiting = json.loads(later.read_text()) if later.exists() else []
    changed = change([record, *events], lambda e: e)[1:]
    assert waiting == changed[resumed + 1 :]


def test_the_next_game_leaves_the_copy(tmp_path: Path) -> None:
    """What lost 53 moves: a new game after a refused journal rewrote it."""
    written(tmp_path)
    journal = tmp_path / "games" / "journal.dj"
    data = b"".join(CASES["forged coins"][0](entries(journal.read_bytes()), event))
    journal.write_bytes(data)
    with apphelp.device(tmp_path) as d:
        assert d.last.events == 20
        d.call("simdev.app.abandon()\n_value = 'null'")
        assert d.view()["screen"] == "games"
    s = journalfuzz.storage().Storage(str(tmp_path))
    s.start(table_record(6))
    assert kept(tmp_path) == [data]
    assert s.unsynced() == [p.name[:-3] for p in (tmp_path / "games").glob("*.journal.dk")]


@pytest.mark.parametrize("runtime", RUNTIMES)
@pytest.mark.parametrize(
    ("size", "resumed", "notice"),
    [
        (4000, 20, "Save restored: 10 moves"),
        (16000, 20, "Save restored: 10 moves"),
        # past journal.MAX_JOURNAL: the journal is read as far as that, inside the entry
        (60000, 10, "Save damaged: resumed at move 10"),
    ],
)
def test_a_huge_entry_is_unreadable_not_parsed(
    tmp_path: Path, size: int, resumed: int, notice: str, runtime: str
) -> None:
    """A checksummed JSON entry of ``size`` bytes (4,000 booted in 55 s; 16,000 and
    60,000 never did): over journal.MAX_ENTRY, read as an unreadable entry."""
    record, events = written(tmp_path)
    journal = tmp_path / "games" / "journal.dj"
    e = entries(journal.read_bytes())
    text = json.dumps(["build", 0, ""]).encode()
    huge = framed(text[:-2] + b"x" * (size - len(text)) + text[-2:])
    data = b"".join(e[:11] + [huge] + e[11:])
    journal.write_bytes(data)
    t = time.monotonic()
    with apphelp.device(tmp_path, runtime=runtime) as d:
        v = d.view()
        assert (v["screen"], d.last.events, v["notice"]) == ("sevenwonders.track", resumed, notice)
    assert time.monotonic() - t < BOOT_SECONDS
    assert kept(tmp_path) == [data]


@pytest.mark.parametrize("runtime", RUNTIMES)
@pytest.mark.parametrize(("depth", "resumes"), [(32, True), (33, False), (3000, False)])
def test_the_record_nests_as_deep_as_the_host_reads(
    tmp_path: Path, depth: int, resumes: bool, runtime: str
) -> None:
    """``meta`` 3,000 deep resumed on the device; the host refuses JSON over 32 deep
    (duelcore.record.DEPTH_MAX), and so does the device now, before parsing."""
    from duelcore.errors import RecordError
    from duelcore.record import parse

    record, events = written(tmp_path)
    journal = tmp_path / "games" / "journal.dj"
    e = entries(journal.read_bytes())
    head = json.loads(e[0][2:-4])
    head.setdefault("meta", {})["deep"] = 0  # the record, meta, then depth - 2 lists
    text = json.dumps(head).replace(
        '"deep": 0', '"deep": %s%s' % ("[" * (depth - 2), "]" * (depth - 2))
    )
    if resumes:
        assert parse(text)
    else:
        with pytest.raises(RecordError, match="nested deeper than 32"):
            parse(text)
    data = b"".join([framed(text.encode())] + e[1:])
    journal.write_bytes(data)
    with apphelp.device(tmp_path, runtime=runtime) as d:
        v = d.view()
        if resumes:
            assert (v["screen"], d.last.events, v["notice"]) == ("sevenwonders.track", 20, None)
        else:
            assert (v["screen"], v["notice"]) == ("games", "Saved game unreadable: set aside")
    assert kept(tmp_path) == ([] if resumes else [data])


def test_a_journal_the_flash_cannot_read_is_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read error on the journal at boot read as no journal at all, and the next new
    game wrote over it: now boot says so and sets the journal aside as it is."""
    import builtins

    from fwhelp import framebuf  # noqa: F401  (installs the shims: firmware imports them)
    from test_app_setup_resume import _app

    import firmware.storage.journal as journal
    from boards import sim as board

    for name in ("WIDTH", "HEIGHT", "BUTTONS", "ROOT"):
        monkeypatch.setattr(board, name, getattr(board, name))
    written(tmp_path)
    data = (tmp_path / "games" / "journal.dj").read_bytes()

    def unreadable(path: str, *args: Any) -> Any:
        if path.endswith("journal.dj"):
            raise OSError(5, "EIO")
        return builtins.open(path, *args)

    monkeypatch.setattr(journal, "open", unreadable, raising=False)
    app = _app(tmp_path)
    assert (app.match, app.notice) == (None, "Saved game unreadable")
    assert kept(tmp_path) == [data]
    assert not (tmp_path / "games" / "journal.dj").exists()
