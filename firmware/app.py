"""The screen stack and the tick loop (docs/firmware.md, "App" and "Screens").

The App owns the game in progress: a duelcore Match and its journal in storage. An event
is played on the Match (which refuses what the rules refuse), journalled, and only then
shown. Screens are small objects on a stack; the top one gets the gestures and draws the
frame whenever the App is marked dirty. The refresh policy decides how the panel shows it.
"""

import sys

from micropython import const

from duelcore.engine import Match
from duelcore.errors import IllegalEvent

from . import rtc, session, ui
from .buttons import BTN_B, LONG, PRESS, REPEAT, Buttons
from .display.refresh import Refresh
from .gamelist import GAMES, tracking
from .lang import seat, tr
from .screens import choice
from .screens.games import Screen as Games

VERSION = "0.4.0"  # the firmware's, in each record's meta

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from .contracts import Board, Storage
    from .power import Power
    from .screens import Base

_LONG_B = BTN_B | LONG << 5
_B = BTN_B | PRESS << 5


def forget(*names: str) -> None:
    """Unload the modules ``names`` (imported where they are used, none of their screens
    open): out of ``sys.modules`` and their package, so that their module, classes and
    functions can be collected; the next import loads them again (docs/benchmarks.md)."""
    for n in names:
        if sys.modules.pop(n, None) is not None:
            at = n.rfind(".")
            try:
                delattr(sys.modules[n[:at]], n[at + 1 :])
            except AttributeError:  # the package never held it
                pass


class App:
    """The device program: ``tick(now_ms)`` once every ~10 ms does everything."""

    def __init__(self, board: "Board", storage: "Storage") -> None:
        self.board = board
        self.storage = storage
        display = board.display
        self.width = display.width
        self.height = display.height
        self.buttons = Buttons(board)
        self.refresh = Refresh(display)
        self.canvas = ui.Canvas(display)
        self.stack: list = []
        self.dirty = True
        self._whole = True  # the next frame is a new screen: the policy may refresh fully
        self.presses = 0  # gestures handled (presses and long presses, not repeats)
        self.match: Match | None = None
        self._seats: list = ["", ""]  # players(): the names shown, and the list they show
        self._seats_of: list | None = None
        self.notice: str | None = None  # one line for the status bar, until the next key
        self.asked = False  # a B on a tracking screen asked to undo; a second B undoes
        self.later = False  # events past a damaged journal entry wait (session.catch_up)
        # Events undone, the next to redo last; a new event other than that one ends them
        # (as the journal's entries tell again at boot: storage.undone).
        self.undone: list = []
        self.settings: dict = storage.settings()
        self.power: Power | None = None  # firmware/power.py's Power: the battery the screens show
        self.unsaved = False  # the settings changed and wait for the app to be at rest
        session.boot(self)

    # -- the loop ----------------------------------------------------------------------

    def tick(self, now: int) -> None:
        """Poll the buttons once, let the top screen act, draw and show what changed."""
        g = self.buttons.poll(now)
        if g:
            if g >> 5 != REPEAT:
                self.presses += 1
                if self.notice is not None:  # a notice lasts until the next key
                    self.notice = None
                    self.dirty = True
            if self.asked and g != _B and g != _LONG_B:
                self.asked = False  # any other gesture answers "no", and does nothing else
            elif (
                g == _LONG_B
                and self.match is not None
                and self.stack[-1].in_game
                and not (self.buttons.three and getattr(self.stack[-1], "groups", None))
            ):  # three buttons: a grouped list's held B jumps a group (screens/menu.py)
                self.undo()
            else:
                self.stack[-1].key(g)
        if self.dirty:
            self.dirty = False
            self.stack[-1].draw(self.canvas)
            self.refresh.request(self._whole)
            self._whole = False
        self.refresh.tick(now, self.buttons.held())

    def redraw(self) -> None:
        self.dirty = True

    # -- power (firmware/power.py) ------------------------------------------------------

    def idle(self) -> bool:
        """Nothing under way: no frame to draw or show, the panel still, no button down."""
        r = self.refresh
        return not (self.dirty or r.pending or r.busy or self.buttons.busy())

    def let_go(self) -> None:
        """The board is about to let go of its power: back on the game's own screen, with
        a mark that a press wakes it, and the settings saying the panel shows that (so
        the press that powers the board up acts at once: ``wake``)."""
        if self.match is not None:
            self.back_to(1)
        self.asked = False
        self.notice = tr("Off: any button wakes it")
        self.settings["resting"] = 1
        self.save_settings()
        self.redraw()

    def stay(self) -> None:
        """The power was not let go after all (USB, or a button held): the panel shows
        what the app draws again."""
        if self.settings.pop("resting", 0):
            self.save_settings()

    def wake(self, pressed: int) -> None:
        """At boot, ``pressed``: the buttons that powered the board up (0 for none). Where
        the board had let go of its power (``let_go``), the panel shows this screen: the
        press acts on it, and the frame after it is a partial refresh, not the boot's
        full one. Any other press that powered the board up only woke it."""
        if not self.settings.pop("resting", 0):
            return
        self.unsaved = True  # written at the first rest: the press's frame comes first
        if pressed:
            self.refresh.shown()
            self._whole = False
            self.buttons.listening = True
            self.buttons.catch(pressed)

    def at_rest(self) -> None:
        """Nothing under way (firmware/power.py): write what waited for it."""
        if self.unsaved:
            self.unsaved = False
            self.save_settings()

    def warn_low(self) -> None:
        self.notice = tr("Battery low: change the cells")
        self.redraw()

    # -- the screen stack --------------------------------------------------------------

    def push(self, screen: "Base", whole: bool = False) -> None:
        self.stack.append(screen)
        screen.enter()
        self._changed(whole)

    def pop(self) -> None:
        if len(self.stack) > 1:
            self.stack.pop()
            self._left()

    def home(self, screen: "Base") -> None:
        """Replace the whole stack with ``screen`` (a change of screen: refresh fully)."""
        self.stack = []
        self.push(screen, True)

    def back_to(self, depth: int) -> None:
        """Pop down to ``depth`` screens (1: the bottom one)."""
        if len(self.stack) > depth:
            del self.stack[depth:]
            self._left()

    def _game(self) -> None:
        """Back on the tracking screen after an event or an undo, which reads the game's
        figures again (``enter``) whether it was on top or uncovered."""
        del self.stack[1:]
        self._left()

    def _left(self) -> None:
        """Screens were popped: show the one uncovered."""
        self.stack[-1].enter()
        self._changed(False)

    def _changed(self, whole: bool) -> None:
        self.dirty = True
        if whole:
            self._whole = True

    # -- settings ----------------------------------------------------------------------

    def save_settings(self) -> None:
        try:
            self.storage.save_settings(self.settings)
        except OSError:
            self.notice = tr("Could not save settings")

    # -- the game in progress ------------------------------------------------------------

    def game_index(self) -> int:
        return GAMES.index(self.match.record["game"]) if self.match is not None else -1

    def players(self) -> list:
        """The seats' names as the screens show them (lang.seat), worded once a game:
        frames draw them."""
        m = self.match
        if m is None:
            return ["", ""]
        names = m.record["players"]
        if self._seats_of is not names:
            self._seats_of = names
            self._seats = [seat(names[0]), seat(names[1])]
        return self._seats

    def new_game(self, game: str, players: list, setup: dict) -> None:
        """Start a game: journal its record, then show its tracking screen."""
        meta = {"firmware": VERSION, "board": self.board_name()}
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
            self.storage.start(record)
            self.match = Match(record)
        except (OSError, ValueError, IllegalEvent) as e:
            self.match = None
            self.notice = tr("Cannot start: %s") % e
            self.redraw()
            return
        self.notice = None
        self.later = False  # start() dropped any events kept from another game
        self.undone = []
        self.track()

    def board_name(self) -> str:
        """The board's name: the one deploy wrote in the settings, else the name of the
        module that built the board ("sim" in the simulator)."""
        name = self.settings.get("board")
        if isinstance(name, str) and name:
            return name
        module = type(self.board).__module__
        return module[module.rfind(".") + 1 :]

    def track(self) -> None:
        """Home to the game's tracking screen (gamelist.tracking; a quick score's: its
        pad); it opens the score sheet or a pending choice."""
        m = self.match
        if m is None:
            return
        if m.record["setup"].get("score_only"):
            # Imported here, as gamelist.tracking imports a game's: only a quick score
            # needs the pad (docs/benchmarks.md, "Imported where they are used").
            from .screens import quick

            self.home(quick.Screen(self))
        else:
            self.home(tracking(m.record["game"])(self))
        # The game has started: the choice of players and the setup are done (their
        # modules: 3.2 KB of heap on the board; docs/benchmarks.md, "Imported where they are used").
        forget(
            "firmware.screens.players",
            "firmware.screens.names",
            "firmware.screens.letters",
            "firmware.screens.setup",
            "firmware.screens.language",
            "firmware.seats",
        )
        self.stack[0].follow()

    def play(self, event: list) -> bool:
        """Play ``event``, journal it, then update the screens; False if it was refused."""
        m = self.match
        if m is None:
            return False
        try:
            m.play(event)
        except IllegalEvent as e:
            session.refused(self, e)  # the core's reason, in the device's language
            self.redraw()
            return False
        try:
            self.storage.append(event, m.game)
        except OSError:
            m.undo()
            self.notice = tr("Flash write failed: not played")
            self.redraw()
            return False
        undone = self.undone
        if undone:  # redone (from the C menu, or entered again): the next waits; else gone
            if undone[-1] == event:
                undone.pop()
            else:
                undone.clear()
        self.notice = self.stack[0].describe(event)  # the tracking screen tells it
        if self.later:
            session.catch_up(self)
        self._game()
        self.stack[0].follow()  # the tracking screen opens the score sheet or a choice
        top = self.stack[-1]
        if isinstance(top, choice.Screen) and len(top.events) == 1:
            # A choice the rules leave with one option costs no press: taken, and said.
            if self.play(top.events[0]):
                self.notice = tr("Only choice: %s") % self.notice
        return True

    def ask_undo(self) -> None:
        """B on a tracking screen (or the score sheet): the first asks, naming the event,
        and a second B at once undoes it. B is "back" everywhere else, so a press of habit
        costs nothing and loses nothing; a long B still undoes in one gesture."""
        m = self.match
        if self.asked or m is None or not m.played:
            self.undo()
            return
        self.asked = True
        self.notice = tr("B again: undo %s") % self.stack[0].describe(m.event(-1))
        self.redraw()

    def undo(self) -> None:
        """Take back the last event (journal first), back on the tracking screen, or on
        the choice the rules ask for again (a choice's answer undone reopens it)."""
        self.asked = False
        m = self.match
        if m is None or not m.played:
            self.notice = tr("Nothing to undo")
        else:
            try:
                self.storage.undo()
            except OSError:
                self.notice = tr("Flash write failed: not undone")
                self.redraw()
                return
            last = m.undo()
            self.undone.append(last)  # the C menu offers it back first
            self.notice = tr("Undone: %s") % self.stack[0].describe(last)
        self._game()
        track = self.stack[0]
        if m is not None and track.asks is not None:
            self.push(track.pending())

    def more(self) -> None:
        """The C menu, over a game's screen. Imported when first opened: 1.5 KB of heap,
        with the score sheet it opens, that no game holds until then (docs/benchmarks.md,
        "Imported where they are used")."""
        from .screens import more

        self.push(more.Screen(self))

    def sheet(self) -> None:
        """The score sheet, at once (a new screen: a full refresh). Imported here, as the
        C menu is (``more``)."""
        from .screens import sheet

        self.push(sheet.Screen(self), True)

    def finish(self) -> None:
        """Archive the finished game and go back to the choice of game."""
        try:
            self.storage.finish()
        except OSError:
            self.notice = tr("Flash write failed: game kept")
            self.redraw()
            return
        self._end(tr("Game saved"))

    def abandon(self) -> None:
        """Drop the game in progress without archiving it."""
        try:
            self.storage.abandon()
        except OSError:
            pass
        self._end(tr("Game dropped"))

    def _end(self, notice: str) -> None:
        """Back to the choice of game."""
        self.match = None
        self.later = False
        self.undone = []
        self.notice = notice
        self.games()

    def games(self) -> None:
        """Home to the choice of game, built anew (in the language now spoken)."""
        self.home(Games(self))
