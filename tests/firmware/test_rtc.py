"""firmware/rtc.py: the times a game is stamped with, through soft resets, power cuts and
clocks set by the PC. The shim's RTC is a Pico's (2021-01-01 at power on); the ticks are
set by hand, as a board's would have run."""

from collections.abc import Iterator
from typing import Any

import pytest
from fwhelp import machine

from duelkeeper.randomgame import random_record
from firmware import clock, rtc
from firmware.storage import Storage

EVENING = (2026, 5, 1, 20, 0, 0)


class Board:
    """The board's two clocks: ``run(s)`` lets s seconds pass on both; ``power_cut()``
    restarts both; ``set(t)`` is the PC setting the RTC."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.ms = 5000
        monkeypatch.setattr(clock, "ticks_ms", lambda: self.ms)
        machine.power_on()

    def set(self, t: tuple[int, ...]) -> None:
        rtc.set_clock(t)

    def run(self, seconds: int) -> None:
        self.ms += seconds * 1000
        t = rtc.now()
        if t is None:  # no RTC
            return
        at = rtc.seconds(t) + seconds
        day, rest = divmod(at, 86400)
        start = rtc.days(t[0], t[1], t[2])
        y, mo, d = t[0], t[1], t[2] + day - start  # same month in these tests
        rtc.set_clock((y, mo, d, rest // 3600, rest // 60 % 60, rest % 60))

    def power_cut(self) -> None:
        self.ms = 3000
        machine.power_on()


@pytest.fixture
def board(monkeypatch: pytest.MonkeyPatch) -> Iterator[Board]:
    yield Board(monkeypatch)
    machine.power_on()


def played(board: Board, *steps: Any) -> dict[str, Any]:
    """A game's meta after begin, the steps (seconds to run, or a callable), and end."""
    meta: dict[str, Any] = {"board": "sim"}
    rtc.begin(meta)
    for step in steps:
        step() if callable(step) else board.run(step)
    rtc.end(meta)
    return meta


def test_clock_set_before_the_game(board: Board) -> None:
    board.set(EVENING)
    meta = played(board, 1500, 300)
    assert meta == {
        "board": "sim",
        "started": "2026-05-01T20:00:00",
        "ended": "2026-05-01T20:30:00",
        "seconds": 1800,
    }


def test_clock_never_set_the_ticks_still_time_the_game(board: Board) -> None:
    meta = played(board, 1800)
    assert meta == {"board": "sim", "seconds": 1800}


def test_a_soft_reset_keeps_both_clocks(board: Board) -> None:
    """A soft reset (the app restarted, the game resumed from its journal) changes neither
    the ticks nor the RTC: only the heap is lost, and the mark is in the journal."""
    board.set(EVENING)
    assert played(board, 600, 1200)["seconds"] == 1800


def test_power_cut_with_the_clock_unset_again(board: Board) -> None:
    board.set(EVENING)
    meta = played(board, 600, board.power_cut, 900)
    assert meta == {"board": "sim", "started": "2026-05-01T20:00:00"}  # end, length unknown


def test_power_cut_then_a_sync_sets_the_clock(board: Board) -> None:
    """Started and ended known: the length is the time between (the board was off for
    part of it, which the ticks cannot tell)."""
    board.set(EVENING)
    meta = played(board, 600, board.power_cut, lambda: board.set((2026, 5, 1, 21, 0, 0)), 60)
    assert meta["ended"] == "2026-05-01T21:01:00" and meta["seconds"] == 3660


def test_clock_set_during_the_game_from_unset(board: Board) -> None:
    """Ticks and RTC disagree, and the start is unknown: the length is unknown."""
    meta = played(board, 600, lambda: board.set(EVENING), 60)
    assert meta == {"board": "sim", "ended": "2026-05-01T20:01:00"}


def test_no_rtc_nothing_stamped(board: Board, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(machine, "RTC")
    meta = played(board, 1800)
    assert meta == {"board": "sim"}


def test_days_and_stamps() -> None:
    assert rtc.days(2000, 1, 1) == 0 and rtc.days(2026, 12, 3) == 9833
    assert rtc.days(2024, 3, 1) - rtc.days(2024, 2, 28) == 2  # a leap year
    assert rtc.stamp((2021, 1, 1, 0, 5, 0)) is None  # a Pico's power-on time: unset
    assert rtc.stamp(None) is None
    assert rtc.stamp(EVENING) == "2026-05-01T20:00:00"


def test_a_game_through_the_journal_to_the_archive(board: Board, tmp_path: Any) -> None:
    """begin's mark travels in the journal (so a soft reset keeps it); finish stamps the
    end and the playing time, and the mark does not reach the archive."""
    board.set(EVENING)
    record = random_record("7wd", 1)
    del record["id"]
    record["meta"] = {"firmware": "0.4.0"}
    rtc.begin(record["meta"])
    gid = Storage(str(tmp_path)).start(record)
    board.run(2400)
    resumed, _ = Storage(str(tmp_path)).resume()  # the app after a soft reset
    assert resumed is not None and resumed["meta"]["ticks"] == record["meta"]["ticks"]
    assert Storage(str(tmp_path)).finish() == gid
    filed = Storage(str(tmp_path)).read(gid)
    assert filed["meta"] == {
        "firmware": "0.4.0",
        "started": "2026-05-01T20:00:00",
        "ended": "2026-05-01T20:40:00",
        "seconds": 2400,
    }
