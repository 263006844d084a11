"""The App's rare moves: boot, starting a game, ending one (firmware/app.py calls each)."""

from duelcore.engine import Match
from duelcore.errors import IllegalEvent

from . import rtc, speak
from .flash import exists
from .lang import tr
from .screens import setup
from .screens.games import Screen as Games

VERSION = "0.4.0"

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from .app import App


def boot(app: "App") -> None:
    """Repair what a power cut interrupted (once, here), then resume the game in progress
    (or show the choice of game)."""
    app.storage.repair()  # type: ignore[attr-defined]
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
        record, notice = app.storage.resume()  # type: ignore[attr-defined]
        if record is not None:
            k = _replay(app, record)
            if app.match is None:
                notice = tr("Saved game refused: set aside")
            app.later = app.storage.later() is not None  # type: ignore[attr-defined]
            app.undone = app.storage.undone if k < 0 else []  # type: ignore[attr-defined]
    except (OSError, ValueError):
        app.match = None
        notice = tr("Saved game unreadable")
        try:  # set aside as it is, before a new game could write over it
            app.storage.keep_journal()  # type: ignore[attr-defined]
        except OSError:
            pass
    app.notice = notice or why
    if app.later:  # what could not be read may have been no move at all
        catch_up(app)
    if k >= 0 and app.match is not None:  # what was kept, and what was set aside
        wait = app.storage.later()  # type: ignore[attr-defined]
        n = 1 + (len(wait) if wait else 0)
        app.notice = tr("Move %d refused: %d kept, %d set aside") % (k + 1, app.match.played, n)
    if app.match is None:
        games(app)
        if exists(app.storage.setup):  # type: ignore[attr-defined]
            setup.resume(app)
    else:
        _track(app)


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
        app.storage.keep_journal()  # type: ignore[attr-defined]
        return -1
    for k in range(len(events)):
        try:
            m.play(events[k])
        except (IllegalEvent, ValueError, TypeError, LookupError, AttributeError):
            app.storage.keep_prefix(record, events, k, m.game)  # type: ignore[attr-defined]
            app.match = m
            return k
    app.match = m
    return -1


def catch_up(app: "App") -> None:
    """Play the events kept past a damaged journal entry (``Storage.later()``) once the
    player has entered what could not be read: all of them or, while one is refused,
    none (they wait for the next event)."""
    m = app.match
    events = app.storage.later()  # type: ignore[attr-defined]
    if m is None or not events:
        app.later = False
        return
    n = 0
    try:
        for event in events:
            m.play(event)
            n += 1
        app.storage.catch_up(events, m.game)  # type: ignore[attr-defined]
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


def new_game(app: "App", game: str, players: list, setup: dict) -> None:
    meta = {"firmware": VERSION, "board": board_name(app)}
    rtc.begin(meta)  # the start's time, when the PC has set the clock since power on
    record = {
        "format": 1,
        "game": game,
        "players": list(players),
        "setup": setup,
        "events": [],
        "meta": meta,
    }
    try:
        app.storage.start(record)  # type: ignore[attr-defined]
        app.match = Match(record)
    except (OSError, ValueError, IllegalEvent) as e:
        app.match = None
        app.notice = tr("Cannot start: %s") % e
        app.redraw()
        return
    app.notice = None
    app.later = False  # start() dropped any events kept from another game
    app.undone = []
    _track(app)


def board_name(app: "App") -> str:
    """The board's name: the one deploy wrote in the settings, else the name of the
    module that built the board ("sim" in the simulator)."""
    name = app.settings.get("board")
    if isinstance(name, str) and name:
        return name
    module = type(app.board).__module__
    return module[module.rfind(".") + 1 :]


def finish(app: "App") -> None:
    try:
        app.storage.finish()  # type: ignore[attr-defined]
    except OSError:
        app.notice = tr("Flash write failed: game kept")
        app.redraw()
        return
    _end(app, tr("Game saved"))


def abandon(app: "App") -> None:
    try:
        app.storage.abandon()  # type: ignore[attr-defined]
    except OSError:
        pass
    _end(app, tr("Game dropped"))


def _track(app: "App") -> None:
    """Home to the game's tracking screen (a quick score's: its pad); it opens the score
    sheet or a pending choice."""
    # Imported here, not at the top: a game needs only its own tracking screens, and each
    # game's are 2 to 7 KB of heap that no other needs (docs/benchmarks.md, "Imported
    # where they are used"). Nothing is unloaded: once played, a game's stay loaded.
    m = app.match
    game = m.record["game"] if m is not None else None
    if m is not None and m.record["setup"].get("score_only"):
        from .screens import quick

        app.home(quick.Screen(app))
    elif game == "7wd":
        from .screens import track7

        app.home(track7.Screen(app))
    elif game == "splendor-duel":
        from .screens import tracksd

        app.home(tracksd.Screen(app))
    else:
        from .screens import trackad

        app.home(trackad.Screen(app))
    app.stack[0].follow()


def games(app: "App") -> None:
    """Home to the choice of game."""
    app.home(Games(app))


def _end(app: "App", notice: str) -> None:
    """Back to the choice of game."""
    app.match = None
    app.later = False
    app.undone = []
    app.notice = notice
    games(app)
