"""Splendor Duel: the live tracking screen.

One column per player: points, crowns and the best colour's points against the 20 / 10 /
10 that win, each as a big number over its target; the privileges held; a table of the
tokens in hand and the bonuses (the bought cards' discounts) per colour, gold as gold;
the cards reserved; a black flag with what is missing when a victory is three or less
away. The status line says when a player plays again. A opens the turn (on Tokens:
buy and reserve below, privilege and replenish above; UP/DOWN open it and move at
once), B undoes, C: the rest. After a privilege or a replenish the turn's menu opens
again by itself, the token picker over it.

Its words (cards, tokens, events told) are words.py's.
"""

from micropython import const

from duelcore.splendor.cards import TOKENS

from ...gfx.canvas import CENTER, LARGE, SMALL, Canvas
from ...gfx.icons import CROWN, GEM, SCROLL, STAR
from ...lang import name, tr
from ...screens import choice
from ...screens.tracking import Tracking
from ...ui import columns, corrections, flag, pair
from . import tokenpick, turn, words
from .words import COLOURS, COUNTED, LETTERS, PENDING, again, card, tokens

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from duelcore.splendor.rules import Game

    from ...contracts import App

NEAR = 3  # flag a victory this close
WIN = (20, 10, 10)  # points, crowns, one colour's points


class Screen(Tracking):
    fix = 3  # the C menu opens on red, the middle of seven: white a long UP, gold three rows

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.points = [0, 0]
        self.crowns = [0, 0]
        self.best = [0, 0]
        self.colour = [-1, -1]  # the best colour's index in TOKENS, -1: none yet
        self.privileges = [0, 0]
        self.reserved = [0, 0]
        self.tokens = (bytearray(7), bytearray(7))
        self.bonuses = (bytearray(5), bytearray(5))
        self.again = False  # the player to act plays again (an extra turn)
        self.away = [99, 99]  # the closest victory's distance
        self.way = [0, 0]  # which: 0 points, 1 crowns, 2 colour
        self.over = False
        self.player = 0  # the player to act
        self.asks_word = ""  # the pending choice's word in the status line
        # The words the frame shows, in the device's language: the tokens' short forms, the
        # table's rows, gold, reserved.
        # The words it draws, looked up once (per frame they would load lang's lookup)
        self.words = (
            tr(LETTERS).split(), tr("hand"), tr("bonus"), tr("Gold"), tr("res %d"),
            tr("%d%s TO WIN"), tr("%s plays again"), tr("%s to play"),
        )  # fmt: skip
        self.best_name = ["", ""]  # the best colour's name, as the frame shows it

    def enter(self) -> None:
        """Read the figures once per event, from the core's result (its public face)."""
        g = self.game()
        r = g.result()
        self.over = r["over"]
        self.player = r["turn"] if r["turn"] in (0, 1) else 0
        self.asks = asks = r["pending"]
        self.asks_word = "" if asks is None else tr(PENDING.get(asks, asks))  # looked up once
        for p in (0, 1):
            pl = r["players"][p]
            self.points[p] = pl["points"]
            self.crowns[p] = pl["crowns"]
            cp = pl["color_points"]
            best = -1
            for c in range(5):
                n = cp.get(TOKENS[c], 0)
                if n and (best < 0 or n > cp[TOKENS[best]]):
                    best = c
            self.colour[p] = best
            self.best_name[p] = tr(COLOURS[best]) if best >= 0 else ""
            self.best[p] = cp[TOKENS[best]] if best >= 0 else 0
            self.privileges[p] = pl["privileges"]
            self.reserved[p] = pl["reserved"]
            held = pl["tokens"]
            bonuses = pl["bonuses"]
            for k in range(7):
                self.tokens[p][k] = min(255, held.get(TOKENS[k], 0))
                if k < 5:
                    self.bonuses[p][k] = min(255, bonuses.get(TOKENS[k], 0))
            d = g.distance(p)  # the core's own count of what each victory still needs
            away = (d["points"], d["crowns"], d["color"])
            way = 0
            for k in (1, 2):
                if away[k] < away[way]:
                    way = k
            self.away[p] = away[way]
            self.way[p] = way
        m = self.app.match
        self.again = bool(m.played) and again(g, m.event(m.played - 1))
        self.app.redraw()

    def game(self) -> "Game":
        g: Game = self.app.match.game
        return g

    def after(self) -> None:
        """A privilege used or the board replenished: the turn's action is still to come,
        so its menu opens again, and over it the token picker for a take (a press less
        each); B there goes back to the menu, on Buy, and B again here."""
        app = self.app
        m = app.match
        verb = m.event(m.played - 1)[0] if m.played else ""
        if verb == "privilege" or verb == "replenish":
            menu = turn.Screen(app)
            app.push(menu)
            if menu.have[turn.TAKE]:
                menu.i = turn.BUY
                app.push(tokenpick.Screen(app, "take"))

    def turn(self) -> turn.Screen:
        return turn.Screen(self.app)

    def pending(self) -> "choice.Screen | tokenpick.Screen":
        """The pending choice (joker colour, steal, royal card), or the token picker for
        the tokens to return (one press a token, as they are taken)."""
        app = self.app
        g = self.game()
        r = g.result()
        who = app.players()[r["turn"] or 0]
        head = "%s: %s" % (who, tr(PENDING.get(r["pending"], r["pending"])))
        if r["pending"] == "return":
            return tokenpick.Screen(app, "return", head)
        events = g.legal()
        labels = []
        for ev in events:
            arg = ev[2]
            if isinstance(arg, list):
                labels.append(tokens(arg))
            elif ev[0] == "royal":
                labels.append(card(arg))
            else:
                labels.append(name("splendor-duel", arg))
        return choice.Screen(app, head, labels, events)

    def status(self) -> str:
        who = self.app.players()[self.player]
        if self.asks is not None:
            return "%s: %s" % (who, self.asks_word)
        return (self.words[6] if self.again else self.words[7]) % who

    def describe(self, event: list) -> str:
        return words.describe(self.app, event)

    def corrections(self, p: int, labels: list, events: list) -> None:
        """The C menu's corrections for player p: each colour's tokens, by amount."""
        who = self.app.players()[p]
        corrections(who, p, TOKENS, COUNTED, self.tokens[p], "tokens", labels, events)

    def rows(self, result: dict) -> tuple:
        return words.rows(result)

    def draw(self, c: "Canvas") -> None:
        draw(c, self)


def draw(c: Canvas, s: Screen) -> None:
    """Splendor Duel: points, crowns and the best colour against what wins; privileges,
    tokens in hand, threats."""
    c.clear()
    half = columns(c, s.app.players(), 0, -1 if s.over else s.player)
    for p in (0, 1):
        x0 = 2 if p == 0 else half + 3
        x1 = x0 + half - 6
        points = s.points[p]
        pair(c, x0, x1, 20, points, STAR, 20, s.crowns[p], CROWN, 10)
        y = 56
        c.icon(GEM, x0, y + 2)
        x = c.text(str(s.best[p]), x0 + 15, y, LARGE)
        x = c.text("/10", x + 2, y + 7)
        col = s.colour[p]
        if col >= 0:
            c.text(s.best_name[p], x + 4, y + 7)
        priv = str(s.privileges[p])
        x = x1 - c.text_width(priv, LARGE)
        c.text(priv, x, y, LARGE)
        c.icon(SCROLL, x - 15, y + 2)
        words = s.words
        table(c, x0, x1, 74, s.tokens[p], s.bonuses[p], words)
        x = c.text(words[4] % s.reserved[p], x0, 103) + 6
        away = s.away[p]
        if away <= 3:
            way = s.way[p]
            what = "*" if way == 0 else "^" if way == 1 else " " + s.best_name[p].upper()
            text = words[5] % (away, what)
            if c.text_width(text) + 6 > x1 - x:  # the colour's column tag, as the table's
                text = words[5] % (away, " " + words[0][s.colour[p]])
            flag(c, text, x, 102)
    s.footer(c)


def table(
    c: Canvas, x0: int, x1: int, y: int, held: bytearray, bonuses: bytearray, words: tuple
) -> None:
    """Per colour (W B G R Bk P, then gold): the tokens in hand and, under them,
    the bonuses; the rows labelled at the left (``words``: the screen's)."""
    c.text(words[1], x0, y + 9)
    c.text(words[2], x0, y + 18)
    left = x0 + 31
    gold = c.text_width(words[3])
    step = (x1 - gold - 2 - left) // 6
    for k in range(7):
        x = left + step * k + (step >> 1) if k < 6 else x1 - (gold >> 1)
        c.text(words[0][k] if k < 6 else words[3], x, y, SMALL, CENTER)
        c.text(str(held[k]), x, y + 9, SMALL, CENTER)
        if k < 5:
            c.text(str(bonuses[k]), x, y + 18, SMALL, CENTER)
