"""The App's boot: the game in progress resumed and replayed, as far as the rules and
the flash allow (firmware/app.py calls ``boot``; ``catch_up`` and ``refused`` too)."""

from micropython import const

from duelcore.engine import Match
from duelcore.errors import IllegalEvent

from . import speak
from .flash import exists
from .lang import tr

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from .contracts import App


def boot(app: "App") -> None:
    """Repair what a power cut interrupted (once, here), then resume the game in progress
    (or show the choice of game)."""
    app.storage.repair()
    record = None
    notice = None
    why = None
    code = app.settings.get("lang") or "en"
    if code != "en":  # English: its catalog, which canvas.py opened
        try:
            speak.use(code)
        except OSError as e:  # a language file missing or damaged: English, and why
            why = str(e)
    k = -1
    try:
        record, notice = app.storage.resume()
        if record is not None:
            k = _replay(app, record)
            if app.match is None:
                notice = tr("Saved game refused: set aside")
            app.later = app.storage.later() is not None
            app.undone = app.storage.undone if k < 0 else []
    except (OSError, ValueError):
        app.match = None
        notice = tr("Saved game unreadable")
        try:  # set aside as it is, before a new game could write over it
            app.storage.keep_journal()
        except OSError:
            pass
    app.notice = notice or why
    if app.later:  # what could not be read may have been no move at all
        catch_up(app)
    if k >= 0 and app.match is not None:  # what was kept, and what was set aside
        wait = app.storage.later()
        n = 1 + (len(wait) if wait else 0)
        app.notice = tr("Move %d refused: %d kept, %d set aside") % (k + 1, app.match.played, n)
    if app.match is None:
        app.games()
        if exists(app.storage.setup):
            from .screens import setup  # imported where a setup is (docs/benchmarks.md)

            setup.resume(app)
    else:
        app.track()


def _replay(app: "App", record: dict) -> int:
    """Play the resumed journal's events into ``app.match`` as far as the rules allow.
    Returns -1 when they all play; else the index of the one refused, after which the
    journal holds the events before it, those after it wait (``Storage.later()``) and
    the journal as it was is set aside for the PC (``Storage.keep_prefix``). A record
    the rules refuse outright (its setup) leaves no game, the journal set aside."""
    events = record["events"]
    record["events"] = []
    try:
        m = Match(record)
    except (ValueError, IllegalEvent):  # RecordError is a ValueError
        app.storage.keep_journal()
        return -1
    for k in range(len(events)):
        try:
            m.play(events[k])
        except (IllegalEvent, ValueError, TypeError, LookupError, AttributeError):
            app.storage.keep_prefix(record, events, k, m.game)
            app.match = m
            return k
    app.match = m
    return -1


def catch_up(app: "App") -> None:
    """Play the events kept past a damaged journal entry (``Storage.later()``) once the
    player has entered what could not be read: all of them or, while one is refused,
    none (they wait for the next event)."""
    m = app.match
    events = app.storage.later()
    if m is None or not events:
        app.later = False
        return
    n = 0
    try:
        for event in events:
            m.play(event)
            n += 1
        app.storage.catch_up(events, m.game)
    except (IllegalEvent, OSError):
        for _ in range(n):
            m.undo()
        return
    app.later = False
    app.notice = tr("Save restored: %d moves") % n


def refused(app: "App", e: IllegalEvent) -> None:
    """The notice for an event the rules refused: the core's reason (its template) in
    the device's language, filled in."""
    why = tr(e.why)
    app.notice = why % e.fill if e.fill else why
