"""7 Wonders Duel: the live tracking screen, the one the table looks at.

Across the top, the conflict track: the pawn, both capitals and the military tokens
still on the board, and between them the age and the cards taken in it (always in view:
the status line shows each move's notice instead). Under it one column per player
(player 1 left, on the side of their capital): coins and the score so far in big digits,
the science symbols held, wonders and progress tokens, and a black flag when an instant
win is close (shields to the other capital, symbols missing for science). The bottom
line says whose turn it is, or what just happened.

A opens the card picker (UP/DOWN open it and move at once: one press less), B asks to
undo the last event (B again undoes; App.ask_undo), C opens the rest (corrections, the
score sheet so far, ending the game). A pending choice (progress token, destroy,
Mausoleum, who starts the next age) opens by itself after the event that caused it.
"""

from duelcore.compat import const
from duelcore.sevenwonders.codes import VERBS
from duelcore.sevenwonders.rules import PENDING

from ...gfx.canvas import SMALL, Canvas
from ...gfx.icons import COIN, SCIENCE, SCROLL, SHIELD, STAR, WONDER
from ...lang import collate, name, thing, tr, word
from ...screens import choice
from ...screens.tracking import Tracking
from ...ui import columns, flag, pair
from . import pick

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from duelcore.sevenwonders.rules import Game

    from ...contracts import App

# Flag a threat from this close: shields to the capital, symbols missing.
_WAR_NEAR = const(4)
_SCIENCE_NEAR = const(2)
_AGES = ("", "I", "II", "III")
# The score sheet's rows: the result's score keys, in sheet order (labelled capitalised).
_SHEET = (
    "civilian", "science", "commercial", "guilds", "wonders", "progress", "coins", "military",
    "total",
)  # fmt: skip
# Notices: the VERBS told in the past tense, whole (a language puts the verb where it
# goes: Japanese's last); starter and coins are told their own way.
_PAST = (
    word("%s built %s"), word("%s sold %s"), word("%s built %s"), word("%s took %s"),
    word("%s destroyed %s"), word("%s revived %s"),
)  # fmt: skip
_PROMPTS = (
    word("%s: progress token"),
    word("%s: token from the box"),
    word("%s: destroy one of %s's cards"),
    word("%s: build a discard"),
    word("%s: who starts age %s?"),
)


def again(g: "Game", event: list) -> bool:
    """Whether the player who played ``event`` plays again (a wonder that says so, or
    any with Theology): the turn stayed with them. A starter names whoever it names, and
    a correction is no turn."""
    return event[0] != "starter" and event[0] != "coins" and g.turn == event[1]


class Screen(Tracking):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        # The words it draws, looked up once (per frame they would load lang's lookup)
        self.words = (
            tr("AGE %s  %d/20"), tr("%d TO WIN"), tr("Age %s  %d/20  %s to play"),
            tr("%s, plays again"),
        )  # fmt: skip
        # Figures per player, refreshed on enter(): coins, score, shields to the
        # opponent's capital, science symbols missing, wonders, tokens.
        self.coins = [0, 0]
        self.score = [0, 0]
        self.war = [9, 9]
        self.science = [6, 6]
        self.wonders = [0, 0]
        self.tokens = [0, 0]
        self.symbols = [0, 0]  # bit s set: symbol s held

    def game(self) -> "Game":
        g: Game = self.app.match.game
        return g

    def enter(self) -> None:
        g = self.game()
        self.over = g.over
        self.asks = g.pending
        for p in (0, 1):
            self.coins[p] = g.coins[p]
            self.score[p] = g.score(p)[8]
            need = g.needs(p)
            self.war[p] = need[0]
            self.science[p] = need[1]
            self.wonders[p] = len(g.built[p])
            self.tokens[p] = len(g.tokens[p])
            bits = 0
            for s in g.symbols(p):
                bits |= 1 << s
            self.symbols[p] = bits
        self.app.redraw()

    def after(self) -> None:
        """A move that left the turn with its player: the notice says they play again."""
        app = self.app
        if app.notice and again(self.game(), app.match.event(-1)):
            app.notice = self.words[3] % app.notice

    def turn(self) -> pick.Screen:
        return pick.Screen(self.app)

    def describe(self, event: list) -> str:
        """An event as a notice line: ``Ann built Lumber Yard``."""
        players = self.app.players()
        who = players[event[1]]
        verb = event[0]
        if verb == "starter":
            return tr("%s: %s starts") % (who, players[event[2]])
        if verb == "coins":
            return tr("%s coins %+d") % (who, event[2])
        return tr(_PAST[VERBS.index(verb)]) % (who, thing("7wd", event[2]))

    def corrections(self, p: int, labels: list, events: list) -> None:
        """The C menu's correction for player p: their coins, by amount (more.Fix)."""
        labels.append(tr("%s: coins %d") % (self.app.players()[p], self.coins[p]))
        events.append(["coins", p, 1])

    def rows(self, result: dict) -> tuple:
        """The score sheet's rows (label, player 0, player 1), and the row that decided."""
        a = result["players"][0]["score"]
        b = result["players"][1]["score"]
        rows = []
        for k in _SHEET:
            t = tr(k)
            rows.append((t[0].upper() + t[1:], a[k], b[k]))
        v = result["victory"]
        return rows, rows[7 if v == "military" else 1 if v == "science" else 8][0]

    def pending(self) -> choice.Screen:
        """The menu for the choice the game waits for (from legal(), likeliest first),
        headed by the prompt the status line shows."""
        app = self.app
        g = self.game()
        players = app.players()
        events = g.legal()
        if g.pending == "progress" or g.pending == "library":  # the language's order
            events = collate("7wd", events, 2)
        labels: list = []
        starts = tr("%s starts")
        for ev in events:
            if g.pending == "starter":
                labels.append(starts % players[ev[2]])
            else:
                labels.append(name("7wd", ev[2]))
        return choice.Screen(app, self.status(), labels, events)

    def status(self) -> str:
        """The bottom line when there is no notice."""
        app = self.app
        g = self.game()
        who = app.players()[g.turn]
        if g.pending is not None:
            k = PENDING.index(g.pending)
            if k == 4:
                return tr(_PROMPTS[k]) % (who, _AGES[g.age + 1])
            if k == 2:  # whose card: the other player's
                return tr(_PROMPTS[k]) % (who, app.players()[1 - g.turn])
            return tr(_PROMPTS[k]) % who
        return self.words[2] % (_AGES[g.age], g.in_age, who)

    def draw(self, c: "Canvas") -> None:
        draw(c, self)


def draw(c: Canvas, s: Screen) -> None:
    """7 Wonders Duel: conflict track, then per player coins, score, science, threats."""
    c.clear()
    w = c.width
    g = s.game()
    left = c.track(0, 1, w, 12, g.conflict)
    cw = (w - 1) // 19
    # The military tokens still on the board: victim 0's on the left, 1's on the right.
    for victim in (0, 1):
        for big_token in (0, 1):
            if g.loot[victim * 2 + big_token]:
                d = 4 if big_token == 0 else 7  # the middle of spaces 3-5 / 6-8
                space = 9 - d if victim == 0 else 9 + d
                cx = left + space * cw + (cw >> 1)
                c.box(cx - 6, 15, 13, 10)
                c.text("5" if big_token else "2", cx, 16, SMALL, 1)
    # The age and its cards taken, between the tokens: the status line's copy of it gives
    # way to the notice of each move.
    if not g.over:
        c.text(s.words[0] % (_AGES[g.age], g.in_age), w >> 1, 16, SMALL, 1)
    half = columns(c, s.app.players(), 27, -1 if g.over else g.turn)
    for p in (0, 1):
        x0 = 2 if p == 0 else half + 3
        x1 = x0 + half - 6
        coins = s.coins[p]
        pair(c, x0, x1, 47, coins, COIN, 0, s.score[p], STAR, 0)
        y = 82
        c.icon(SCIENCE, x0, y)
        held = 6 - s.science[p]
        for k in range(6):
            c.box(x0 + 15 + k * 9, y + 2, 8, 8, k < held)
        x = x1 - 40
        c.icon(WONDER, x, y)
        x = c.text(str(s.wonders[p]), x + 14, y + 2)
        c.icon(SCROLL, x + 5, y)
        c.text(str(s.tokens[p]), x + 19, y + 2)
        y = 96
        x = x0
        war = s.war[p]
        if war <= _WAR_NEAR:
            c.icon(SHIELD, x, y - 1)
            x = flag(c, s.words[1] % war, x + 13, y)
        sci = s.science[p]
        if sci <= _SCIENCE_NEAR:
            c.icon(SCIENCE, x, y - 1)
            flag(c, s.words[1] % sci, x + 13, y)
    s.footer(c)
