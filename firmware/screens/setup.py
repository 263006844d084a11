"""Setting a game up: who starts, and for 7 Wonders Duel the wonders and the progress tokens.

Each step is a menu of its own on the stack, so B goes back one step (one player's
wonders, for instance). 7 Wonders Duel: the first player and, in the same menu, the
first-game preset or the wonder draft; after a draft at the table, each player's four
wonders, marked in a list (the record needs only who has which, and marking a set in
list order costs fewer presses than naming eight picks in draft order: docs/7wd.md); the
five progress tokens laid on the board (the other five are the box). Splendor Duel and
Antike Duellum need only the first player.

Setting up takes up to about 60 presses, so it is journalled as it is entered: the
game's number when its setup opens (``begin``), then one byte a pick on these screens
(the item's index) or a B back (255), appended to games/setup.log through flash.py's
``write`` (one byte: a power cut loses at most the press being written). Names and the
game chosen are in the settings already. At boot without a game in progress,
``resume`` plays the log through the same screens, quietly, and setup is where it was;
the game's start (``Storage.start``) removes the log, as does B out of the first step.
"""

from micropython import const

from duelcore.sevenwonders.cards import PROGRESS, WONDER_COUNT, wonder_name

from .. import flash
from ..gamelist import GAMES
from ..lang import collate, name, seat, tr, word
from .menu import Menu

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ..contracts import App

_BACK = 255  # a B back, in the log
_quiet = [False]  # resume() is playing the log: nothing to write

_TOKENS = 5
_WONDERS_EACH = 4
_WONDERS = (
    word("%s, preset"),
    word("%s, draft"),
)  # who starts, with the first-game preset or the draft


class Screen(Menu):
    """Step 1, every game: who starts; for 7 Wonders Duel in the same press the wonders,
    the first-game preset or the draft (one press less than two menus)."""

    def __init__(self, app: "App", game: int, players: list) -> None:
        self.game = game
        self.players = players
        shown = [seat(players[0]), seat(players[1])]  # the records keep ``players``
        if GAMES[game] == "7wd":
            title = tr("Who starts? Which wonders?")
            labels = [tr(_WONDERS[i >> 1]) % shown[i & 1] for i in range(4)]
        else:
            title = tr("Who starts?")
            starts = tr("%s starts")
            labels = [starts % shown[0], starts % shown[1]]
        super().__init__(app, title, labels)

    def back(self) -> None:
        if not _quiet[0]:
            flash.remove(self.app.storage.setup)
        self.app.pop()

    def pick(self, i: int) -> None:
        app = self.app
        log(app, i)
        setup: dict = {"first": i & 1}
        if GAMES[self.game] != "7wd":
            app.new_game(GAMES[self.game], self.players, setup)
        elif i < 2:
            setup["wonders"] = "first-game"
            app.push(tokens(app, self.players, setup))
        else:
            draft(app, self.players, setup, 0)


class Marks(Menu):
    """Mark ``count`` items of a list: A marks one and moves on to the next item not
    marked (one press less when the next one is wanted too); A on a marked item unmarks
    it. ``marks[i]`` is item i's place in the order marked (1 up; 0: not marked), which
    its box shows (the tokens are laid in that order). The last mark calls
    ``done(order)``, the indices in the order marked. Back on a list whose marks are all
    made (B from the next step), A on an item not marked only says so: a mark more would
    give a player a fifth wonder."""

    hints = word("A mark  B back")

    def __init__(self, app: "App", title: str, labels: list, count: int, done: object) -> None:
        self.marks = bytearray(len(labels))
        self.order: list = []
        self.count = count
        self.done = done
        super().__init__(app, title, labels)

    def back(self) -> None:
        log(self.app, _BACK)
        self.app.pop()

    def pick(self, i: int) -> None:
        marks = self.marks
        if not marks[i] and len(self.order) >= self.count:
            self.app.notice = tr("%d marked: A on one takes it back") % self.count
            self.app.redraw()
            return
        if not marks[i]:
            self.order.append(i)
            marks[i] = len(self.order)
            while marks[self.i]:  # never all marked: count < len(marks)
                self.i = (self.i + 1) % len(marks)
        else:
            self.order.remove(i)
            marks[i] = 0
            for k in range(len(self.order)):  # those marked after it move up one
                marks[self.order[k]] = k + 1
        log(self.app, i)  # a mark taken or made (one asked for too many says so above)
        if len(self.order) < self.count:
            self.app.redraw()
            return
        self.done(list(self.order))  # type: ignore[operator]  # a callable


def log(app: "App", b: int, mode: str = "ab") -> None:
    """Journal one step of setup (``mode`` "wb": the first, which starts the log). A
    flash that fails loses only the resume after a power cut, never the setup."""
    if _quiet[0]:
        return
    try:
        flash.write(app.storage.setup, bytes((b,)), mode)
    except OSError:
        pass


def begin(app: "App", game: int) -> None:
    """The setup of ``GAMES[game]`` opens: a new log."""
    log(app, game, "wb")


def resume(app: "App") -> bool:
    """Play the log of a setup a power cut interrupted through its screens, from the
    choice of game (``app.stack[0]``); False if there was none. A log damaged past some
    step is played up to it and cut there."""
    path = app.storage.setup
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return False
    stack = app.stack
    done = 0
    _quiet[0] = True
    try:
        if data and data[0] < len(GAMES):
            stack[0].pick(data[0])  # the players' screen
            stack[-1].pick(0)  # "Start the game": this module's first step
            done = 1
            for b in data[1:]:
                if b == _BACK:
                    stack[-1].back()
                else:
                    stack[-1].pick(b)
                done += 1
    except (IndexError, AttributeError):  # not a step these screens can take
        pass
    finally:
        _quiet[0] = False
    try:
        if not done:
            flash.remove(path)
        elif done < len(data):
            flash.write(path, data[:done], "wb")  # the steps that played, written anew
    except OSError:
        pass
    if done:
        app.notice = tr("Setup resumed")
    return done > 0


def draft(app: "App", players: list, setup: dict, at: int) -> None:
    """After the draft at the table: each seat's four wonders, marked among those nobody
    has (the second list holds the eight left)."""
    taken = setup.get("wonders") or [[], []]
    left = [wonder_name(w) for w in range(WONDER_COUNT) if wonder_name(w) not in taken[0]]
    left = collate("7wd", left)  # in the language's order of the names

    def done(order: list) -> None:
        own = [taken[0], taken[1]]
        own[at] = [left[k] for k in order]
        step = dict(setup)
        step["wonders"] = own
        if at == 0:
            draft(app, players, step, 1)
        else:
            app.push(tokens(app, players, step))

    labels = [name("7wd", w) for w in left]
    head = tr("%s's 4 wonders") % seat(players[at])
    app.push(Marks(app, head, labels, _WONDERS_EACH, done))


def tokens(app: "App", players: list, setup: dict) -> Marks:
    """The five progress tokens on the board, in the order marked (as laid); the other
    five are the box. The fifth mark starts the game."""

    shown = collate("7wd", list(PROGRESS))  # in the language's order of the names

    def done(order: list) -> None:
        step = dict(setup)
        step["progress"] = [shown[t] for t in order]
        step["box_progress"] = [t for t in PROGRESS if t not in step["progress"]]
        app.new_game("7wd", players, step)

    labels = [name("7wd", t) for t in shown]
    return Marks(app, tr("Progress tokens on the board"), labels, _TOKENS, done)
