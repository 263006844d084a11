"""The wall clock: the board's RTC, which the PC sets at every sync and deploy.

A Pico's RTC keeps running through a soft reset but starts again at 2021-01-01 after
power comes back, so a reading before ``KNOWN_FROM`` means "not set since power on":
such a time is unknown, and nothing is stamped with it. The RTC holds the PC's local
time (the time the players see), so stamps carry no zone. Where ``machine`` has no RTC
(CPython without the shims) the time is unknown. Loaded only to stamp a game's start or
end, and by sync.
"""

from duelcore.compat import const

from . import clock

KNOWN_FROM = const(2024)  # a year at least this: the PC set the clock since power on
_DAY = const(86400)


def now() -> "tuple | None":
    """(year, month, day, hours, minutes, seconds) the RTC reads; None: no RTC."""
    try:
        import machine

        t = machine.RTC().datetime()
    except (ImportError, AttributeError):
        return None
    return (t[0], t[1], t[2], t[4], t[5], t[6])


def days(y: int, mo: int, d: int) -> int:
    """Days from 2000-01-01 to the date (proleptic Gregorian; a Saturday is day 0)."""
    y -= mo <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (mo + (-3 if mo > 2 else 9)) + 2) // 5 + d - 1
    return era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 730425


def seconds(t: tuple) -> int:
    """Seconds from 2000-01-01 00:00:00 to the time ``t`` (as ``now()`` gives it)."""
    return days(t[0], t[1], t[2]) * _DAY + t[3] * 3600 + t[4] * 60 + t[5]


def stamp(t: "tuple | None") -> "str | None":
    """``t`` as ISO 8601 text without a zone; None when the clock is not set."""
    if t is None or t[0] < KNOWN_FROM:
        return None
    return "%04d-%02d-%02dT%02d:%02d:%02d" % t


def set_clock(t: tuple) -> None:
    """Set the RTC to ``t`` (year, month, day, hours, minutes, seconds)."""
    import machine

    weekday = (days(t[0], t[1], t[2]) + 5) % 7  # the RTC counts Monday as 0
    machine.RTC().datetime((t[0], t[1], t[2], weekday, t[3], t[4], t[5], 0))


def begin(meta: dict) -> None:
    """Stamp a game's start in its ``meta``: ``started`` when the clock is set, and the
    private ``ticks`` mark [ticks_ms, RTC seconds or None] that ``end`` measures from."""
    t = now()
    when = stamp(t)
    if when is not None:
        meta["started"] = when
    meta["ticks"] = [clock.ticks_ms(), None if t is None else seconds(t)]


def end(meta: dict) -> None:
    """Stamp a game's end in its ``meta`` (once): ``ended`` when the clock is set, and
    ``seconds``, the playing time, from the ``ticks`` mark (which goes).

    Ticks survive a soft reset but restart at power on, as the RTC does (at 2021-01-01):
    where both advanced alike since the start, the ticks are the playing time. Otherwise
    (a power cut, or the PC set the clock meanwhile) the time from ``started`` to
    ``ended`` is, when both are known; else the playing time is unknown and left out.
    """
    mark = meta.pop("ticks", None)
    t = now()
    when = stamp(t)
    if when is not None and "ended" not in meta:
        meta["ended"] = when
    if not isinstance(mark, list) or len(mark) != 2 or "seconds" in meta or t is None:
        return
    ticked = clock.ticks_diff(clock.ticks_ms(), mark[0]) // 1000
    if mark[1] is None:
        return
    clocked = seconds(t) - mark[1]
    if ticked >= 0 and abs(clocked - ticked) <= 2 + ticked // 100:  # 2 s and 1 % apart
        meta["seconds"] = ticked
    elif when is not None and "started" in meta and clocked >= 0:
        meta["seconds"] = clocked
