"""Setting a game up: who starts, and for 7 Wonders Duel the wonders and the progress tokens.

Each step is a menu of its own on the stack, so B goes back one step (one draft pick, for
instance). 7 Wonders Duel: the first player; the first-game preset or the wonder draft
(cards.DRAFT says whose pick each of the eight is); the five progress tokens laid on the
board (the other five are the box). Splendor Duel and Antike Duellum need only the first
player.
"""

from duelcore.sevenwonders.cards import DRAFT, PROGRESS, WONDER_COUNT, wonder_name

from ..app import GAMES
from ..words import title
from .menu import Menu

_TOKENS = 5


class Screen(Menu):
    """Step 1, every game: who starts."""

    def __init__(self, app: object, game: int, players: list) -> None:
        self.game = game
        self.players = players
        super().__init__(app, "Who starts?", ["%s starts" % players[0], "%s starts" % players[1]])

    def pick(self, i: int) -> None:
        app = self.app
        if GAMES[self.game] != "7wd":
            app.new_game(GAMES[self.game], self.players, {"first": i})  # type: ignore[attr-defined]
            return
        setup = {"first": i}
        app.push(  # type: ignore[attr-defined]
            Menu(
                app,
                "Wonders",
                ["First-game preset", "Wonder draft"],
                action=lambda k: self.wonders(setup, k),
            )
        )

    def wonders(self, setup: dict, k: int) -> None:
        app = self.app
        if k == 0:
            setup["wonders"] = "first-game"
            app.push(Tokens(app, self.players, setup))  # type: ignore[attr-defined]
        else:
            app.push(Draft(app, self.players, setup, []))  # type: ignore[attr-defined]


class Draft(Menu):
    """One pick of the wonder draft: the wonders nobody has taken yet."""

    def __init__(self, app: object, players: list, setup: dict, picked: list) -> None:
        self.players = players
        self.setup = setup
        self.picked = picked
        n = len(picked)
        self.seat = setup["first"] if DRAFT[n] == 0 else 1 - setup["first"]
        self.left = [w for w in range(WONDER_COUNT) if w not in picked]
        labels = [title(wonder_name(w)) for w in self.left]
        head = "%s picks a wonder (%d/8)" % (players[self.seat], n + 1)
        super().__init__(app, head, labels)

    def pick(self, i: int) -> None:
        app = self.app
        picked = self.picked + [self.left[i]]
        if len(picked) < 8:
            app.push(Draft(app, self.players, self.setup, picked))  # type: ignore[attr-defined]
            return
        first = self.setup["first"]
        own: list = [[], []]
        for k in range(8):
            seat = first if DRAFT[k] == 0 else 1 - first
            own[seat].append(wonder_name(picked[k]))
        setup = dict(self.setup)
        setup["wonders"] = own
        app.push(Tokens(app, self.players, setup))  # type: ignore[attr-defined]


class Tokens(Menu):
    """The five progress tokens on the board: A marks one; the fifth starts the game."""

    hints = "A mark  B back"

    def __init__(self, app: object, players: list, setup: dict) -> None:
        self.players = players
        self.setup = setup
        self.marks = bytearray(len(PROGRESS))
        self.order: list = []  # the tokens in the order marked: as laid on the board
        super().__init__(app, "Progress tokens on the board", [title(t) for t in PROGRESS])

    def pick(self, i: int) -> None:
        self.marks[i] ^= 1
        if self.marks[i]:
            self.order.append(i)
        else:
            self.order.remove(i)
        if len(self.order) < _TOKENS:
            self.app.redraw()  # type: ignore[attr-defined]
            return
        board = [PROGRESS[t] for t in self.order]
        box = [PROGRESS[t] for t in range(len(PROGRESS)) if not self.marks[t]]
        setup = dict(self.setup)
        setup["progress"] = board
        setup["box_progress"] = box
        self.app.new_game("7wd", self.players, setup)  # type: ignore[attr-defined]
