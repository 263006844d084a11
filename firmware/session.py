"""The App's rare moves: boot, starting a game, and ending one (firmware/app.py).

Each runs once per game at most, so this module is imported for the call and unloaded
after it (``App._once``): its code holds no heap while a game is played. Ending a game
also unloads the screens of the game and its rules core (duelcore.<game>, submodules
and all): the next game, of whatever kind, loads only its own.
"""

import sys

from duelcore.engine import Match
from duelcore.errors import IllegalEvent

from . import unload
from .app import forget, screen_module
from .lang import tr
from .storage import _exists

VERSION = "0.4.0"

# Per game: the module of its live tracking screen (firmware/screens/<name>.py).
_TRACK = ("track7", "tracksd", "trackad")
# Screens only needed before a game starts, and those of a game in progress: each set is
# unloaded when the other is in use, so their code does not hold heap meanwhile.
_SETUP = ("games", "language", "players", "names", "letters", "setup")
_PLAYING = (
    "quick", "track7", "pick7", "tracksd", "turnsd", "tokensd", "cardsd", "trackad", "turnad",
    "choice", "more", "sheet",
)  # fmt: skip

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from .app import App


def boot(app: "App") -> None:
    """Resume the game in progress (or show the choice of game)."""
    record = None
    notice = None
    why = None
    code = app.settings.get("lang") or "en"
    if code != "en":  # English: its catalog, which canvas.py opened
        try:
            speak(app, code)
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
    app.notice = notice or why
    if app.later:  # what could not be read may have been no move at all
        catch_up(app)
    if k >= 0 and app.match is not None:  # what was kept, and what was set aside
        wait = app.storage.later()  # type: ignore[attr-defined]
        n = 1 + (len(wait) if wait else 0)
        app.notice = tr("Move %d refused: %d kept, %d set aside") % (k + 1, app.match.played, n)
    if app.match is None:
        _games(app)
        if _exists(app.storage.setup):  # type: ignore[attr-defined]
            screen_module("setup").resume(app)  # type: ignore[attr-defined]
    else:
        _track(app)


def _replay(app: "App", record: dict) -> int:
    """Play the resumed journal's events into ``app.match`` as far as the rules allow.
    Returns -1 when they all play; else the index of the one refused, after which the
    journal holds the events before it, those after it wait (``Storage.later()``) and
    the journal as it was is set aside for the PC (archive ``keep_prefix``). A record
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


def speak(app: "App", code: str) -> None:
    """Speak ``code`` from now on (firmware/gfx/glyphfile.py, unloaded after; OSError when
    its catalog is missing or damaged, and the language spoken before stays)."""
    try:
        __import__("firmware.gfx.glyphfile", None, None, ("use",)).use(code)
    finally:
        unload("firmware.gfx.glyphfile")


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
    """The notice for an event the rules refused: the core's reason in the device's
    language. A reason given by its number (``duelcore.errors.refusal``) is looked up by
    its line of the core's WHY, then filled in; one given whole is looked up as it is."""
    where = e.where
    if where is None:
        app.notice = tr(e.reason)
        return
    e.where = None
    why = __import__(where[0], None, None, ("WHY",)).WHY
    at = 0
    for _ in range(where[1]):
        at = why.index("\n", at) + 1
    end = why.find("\n", at)
    app.notice = tr(why[at:] if end < 0 else why[at:end]) % where[2]


def new_game(app: "App", game: str, players: list, setup: dict) -> None:
    meta = {"firmware": VERSION, "board": board_name(app)}
    from . import rtc

    rtc.begin(meta)  # the start's time, when the PC has set the clock since power on
    unload("firmware.rtc")
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
    _track(app, _SETUP)


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


def _track(app: "App", leaving: tuple = ()) -> None:
    """Home to the game's tracking screen (a quick score's: its pad); it opens the score
    sheet or a pending choice."""
    m = app.match
    track = "quick" if m is not None and m.record["setup"].get("score_only") else None
    track = track or _TRACK[app.game_index()]
    app.home(screen_module(track).Screen(app))  # type: ignore[attr-defined]
    forget(leaving)
    app.stack[0].follow()


def _games(app: "App") -> None:
    app.home(screen_module("games").Screen(app))  # type: ignore[attr-defined]


def _end(app: "App", notice: str) -> None:
    """Back to the choice of game, with the game's screens and its core unloaded."""
    m = app.match
    core = type(m.game).__module__ if m is not None else ""
    core = core[: core.rfind(".")]  # duelcore.<game>: the package of the Game class
    app.match = None
    app.later = False
    app.undone = []
    app.notice = notice
    _games(app)
    forget(_PLAYING)
    if core.startswith("duelcore."):
        for name in [n for n in sys.modules if n == core or n.startswith(core + ".")]:
            unload(name)
