"""Boot resumes the game in progress at its last event, on both runtimes.

A power cycle (the ``restart`` script step: a new runtime over the same flash) must
bring back the tracking screen with every event; a pending choice comes back open; a
journal with a damaged tail resumes at the last good event and says so on the screen.
"""

from pathlib import Path

import apphelp
import pytest

from duelkeeper.sim import runner, script
from duelkeeper_dev.autoplay import Autoplayer
from duelkeeper_dev.tablegame import table_record


@pytest.fixture(scope="module")
def partial(tmp_path_factory: pytest.TempPathFactory) -> apphelp.Scripted:
    """The first 20 events of a 7 Wonders Duel game, entered on CPython."""
    record = table_record(5)
    record["events"] = record["events"][:20]
    return apphelp.autoplay(record, tmp_path_factory.mktemp("partial"), finish=False)


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_restart_resumes_at_the_last_event(
    tmp_path: Path, partial: apphelp.Scripted, runtime: str
) -> None:
    steps = partial.steps + [apphelp.restart_step()]
    run, d = apphelp.replay(steps, tmp_path, runtime=runtime)
    with d:
        assert d.last.events == 20
        v = d.view()
        assert v["screen"] == "sevenwonders.track"
        assert v["notice"] is None
    # The first frame after the restart is the screen before it, all but the status line
    # (the last event's notice is not kept across a restart): the first 14 pages (112
    # rows) of the MONO_VLSB buffer.
    top = 14 * d.geometry.width
    assert run.frames[-1].data[:top] == run.frames[-2].data[:top]


def test_pending_choice_comes_back_open(tmp_path: Path) -> None:
    record = table_record(5)
    events = record["events"]
    k = next(i for i, e in enumerate(events) if e[0] == "starter")
    record["events"] = events[:k]  # the age's last card taken: who starts next?
    played = apphelp.autoplay(record, tmp_path, finish=False)
    assert played.view["screen"] == "choice"
    with apphelp.device(tmp_path) as d:
        v = d.view()
        assert v["screen"] == "choice"
        assert [e[0] for e in v["events"]] == ["starter", "starter"]


def test_damaged_tail_is_dropped_with_a_notice(tmp_path: Path, partial: apphelp.Scripted) -> None:
    run, d = apphelp.replay(partial.steps, tmp_path, runtime="cpython")
    d.close()
    journal = tmp_path / "games" / "journal.dj"
    data = journal.read_bytes()
    journal.write_bytes(data[:-3])  # the last entry cut short, as by a power cut
    with apphelp.device(tmp_path, runtime="micropython") as d:
        assert d.last.events == 19
        v = d.view()
        assert v["screen"] == "sevenwonders.track"
        assert v["notice"] == "Save damaged: resumed at move 19"
        first = d.frame
        # The notice stays until the next key; the game goes on from there.
        ap = Autoplayer(d)
        ap.event(partial.record["events"][19])
        assert d.last.events == 20
    assert first is not None


def test_script_restart_step_round_trip(tmp_path: Path, partial: apphelp.Scripted) -> None:
    text = "\n".join(script.gesture_line(s) for s in partial.steps[:12]) + "\nrestart\n"
    steps = script.parse(text)
    assert steps[-1].kind == "restart"
    with apphelp.device(tmp_path) as d:
        runner.play(d, steps)
        assert d.view()["screen"] in ("games", "players", "names", "letters", "setup", "menu")


def _damage(tmp_path: Path, partial: apphelp.Scripted, changes: dict[int, int]) -> None:
    """The 20-event game on the flash, its event 10's entry changed: offset -> xor."""
    run, d = apphelp.replay(partial.steps, tmp_path, runtime="cpython")
    d.close()
    journal = tmp_path / "games" / "journal.dj"
    data = bytearray(journal.read_bytes())
    at = 0
    for _ in range(10):  # to entry 10 (entry 0 is the record)
        at += int.from_bytes(data[at : at + 2], "little") + 6
    for offset, xor in changes.items():
        data[at + offset] ^= xor
    journal.write_bytes(bytes(data))


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_a_flipped_byte_mid_journal_loses_no_move(
    tmp_path: Path, partial: apphelp.Scripted, runtime: str
) -> None:
    _damage(tmp_path, partial, {2: 0xFF})  # the tag byte
    with apphelp.device(tmp_path, runtime=runtime) as d:
        assert d.last.events == 20
        assert d.view()["notice"] == "Save repaired: no move lost"


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_an_unreadable_move_is_entered_again_and_the_rest_follows(
    tmp_path: Path, partial: apphelp.Scripted, runtime: str
) -> None:
    _damage(tmp_path, partial, {3: 0x5A, 4: 0xA5})  # two bytes: beyond repair
    events = partial.record["events"]
    with apphelp.device(tmp_path, runtime=runtime) as d:
        assert d.last.events == 9
        assert d.view()["notice"] == "Save damaged: enter move 10 again"
        ap = Autoplayer(d)
        for _ in range(40):  # the one move that could not be read, through the menus
            if d.last.events > 9:
                break
            ap.route(events[9], ap.view())
        assert d.last.events == 20
        assert d.view()["notice"] == "Save restored: 10 moves"
    # The journal now holds the whole game, and nothing waits any more.
    assert not (tmp_path / "games" / "journal.later").exists()
    with apphelp.device(tmp_path, runtime="cpython") as d:
        assert d.last.events == 20
        assert d.view()["notice"] is None
    assert apphelp.journal(tmp_path)["events"] == events[:20]  # type: ignore[index]
