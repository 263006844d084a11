"""A finished game as the play log stores it: the record, its replay, and what is read off it.

Building an entry replays the record with duelcore, so nothing reaches the log that the
rules would refuse. No database here; the clock only stamps the import time, never the
game's date: a record that gives none has an unknown date (``UNKNOWN``).
"""

import json
from datetime import UTC, date, datetime, timedelta
from typing import Any, NamedTuple

from duelcore import replay
from duelcore.record import validate
from duelkeeper.errors import DuelkeeperError, brief
from duelkeeper.kinds import entered, kind

# Where a record's own date is looked for, in this order (meta is free-form; these are
# the keys the device and hand-written records use).
DATE_KEYS = ("ended", "date", "started")
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"
UNKNOWN = ""  # the date of a game whose record gives none (the column is NOT NULL)
# A game's date is from 1970 (Unix time's start; these games are younger) to 9999: four
# digits, so that dates sort as text (year 999 sorted after every 2026 game).
YEARS = (1970, 9999)
# meta.seconds, the playing time (docs/record-dates.md): whole seconds, at most a week.
SECONDS_MAX = 7 * 24 * 3600


class Entry(NamedTuple):
    id: str
    game: str
    players: tuple[str, str]
    date: str  # DATE_FORMAT, the players' wall-clock time; UNKNOWN when not known
    imported: str  # DATE_FORMAT, when this entry was made
    winner: int | None  # None: a shared win
    victory: str | None
    totals: tuple[int, int]
    record: str  # canonical(): equal games compare equal
    result: str  # the replay result, JSON (key-sorted)
    quick: int  # how it was entered: kinds.TURNS, SCORE (a quick score) or WINNER (no counts)


def prepare(record: object, now: datetime | None = None) -> Entry:
    """Replay ``record`` and make its entry; refuse what the log cannot keep.

    Raises duelcore's RecordError / IllegalEvent for a record that does not replay, and
    DuelkeeperError for a game that is not over or a meta date that cannot be read.
    """
    rec = validate(record)
    return from_result(rec, replay(rec), now)


def from_result(
    record: dict[str, Any], result: dict[str, Any], now: datetime | None = None
) -> Entry:
    """The entry for a record whose replay ``result`` the caller already has.

    Only for results that really are the record's replay (the benchmark reuses a pool of
    replayed games); ``prepare`` is the way in for anything read from outside.
    """
    if not result.get("over"):
        raise DuelkeeperError("game %s is not over; the log keeps finished games" % record["id"])
    k = kind(record["game"])
    imported = (now or datetime.now()).strftime(DATE_FORMAT)
    meta = record.get("meta") or {}
    if "seconds" in meta and playing_time(meta) is None:
        raise DuelkeeperError(
            "meta.seconds: %s is not a playing time: whole seconds from 0 to %d (a week)"
            % (brief(meta["seconds"]), SECONDS_MAX)
        )
    players = record["players"]
    return Entry(
        id=record["id"],
        game=record["game"],
        players=(players[0], players[1]),
        date=game_date(meta) or UNKNOWN,
        imported=imported,
        winner=result.get("winner"),
        victory=result.get("victory"),
        totals=(k.total(result, 0), k.total(result, 1)),
        record=canonical(record),
        result=canonical(result),
        quick=entered(result),
    )


def canonical(value: Any) -> str:
    """Compact, key-sorted JSON: byte for byte duelcore.record.dumps, which sorts by hand
    because MicroPython's json cannot; here the C encoder does it four times faster."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def game_date(meta: dict[str, Any]) -> str | None:
    """The game's date from its meta (DATE_KEYS), as DATE_FORMAT; None when meta has none.

    Text is ISO 8601 (``2026-05-01``, ``2026-05-01T20:15``, an offset is allowed and
    dropped: the wall-clock time the players saw is kept). A number is Unix time (UTC).
    """
    for key in DATE_KEYS:
        value = meta.get(key)
        if value is None:
            continue
        when = moment(value)
        if when is None:
            raise DuelkeeperError(
                "meta.%s: %s is not an ISO 8601 date or Unix time" % (key, brief(value))
            )
        if not YEARS[0] <= when.year <= YEARS[1]:
            raise DuelkeeperError(
                "meta.%s: %s is not a date of a game: years %d to %d"
                % ((key, brief(value)) + YEARS)
            )
        return when.strftime(DATE_FORMAT)
    return None


def playing_time(meta: dict[str, Any]) -> int | None:
    """meta.seconds when it is a playing time (whole seconds, 0 to SECONDS_MAX)."""
    seconds = meta.get("seconds")
    if type(seconds) is int and 0 <= seconds <= SECONDS_MAX:
        return seconds
    return None


def date_shown(date: str) -> str:
    """A stored date as lists show it."""
    return date or "unknown"


def moment(value: object) -> datetime | None:
    """A meta time as a naive wall-clock datetime (see game_date); None if unreadable."""
    when = _read(value)
    return None if when is None else when.replace(tzinfo=None)


def _read(value: object) -> datetime | None:
    """A meta time as written: Unix time in UTC, ISO 8601 with its offset or none."""
    try:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return datetime.fromtimestamp(value, UTC)
        if isinstance(value, str):
            return datetime.fromisoformat(value)
    except (ValueError, OverflowError, OSError):
        pass
    return None


def day_after(day: date) -> str:
    """The first DATE_FORMAT instant after ``day``: the end of an inclusive date range."""
    return (day + timedelta(days=1)).strftime(DATE_FORMAT)


def utc(meta: dict[str, Any]) -> datetime | None:
    """The game's date (DATE_KEYS, as ``game_date`` picks it) in UTC, naive: a time with
    an offset by it, a zone-less one (the device's, docs/record-dates.md: the wall-clock
    time of the PC that set its clock) as this PC's local time, Unix time as it is; None
    when meta has no readable date."""
    for key in DATE_KEYS:
        if meta.get(key) is not None:
            when = _read(meta[key])
            return None if when is None else when.astimezone(UTC).replace(tzinfo=None)
    return None


def minutes(meta: dict[str, Any]) -> int | None:
    """The game's length: meta.seconds (the playing time the device measured), else the
    time from meta.started to meta.ended; None when neither is there."""
    seconds = playing_time(meta)  # None also for a log filled before it was checked
    if seconds is not None:
        return round(seconds / 60)
    start, end = moment(meta.get("started")), moment(meta.get("ended"))
    if start is None or end is None or end < start:
        return None
    return round((end - start).total_seconds() / 60)
