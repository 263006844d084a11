"""Splendor Duel: the live tracking screen.

One column per player: points, crowns and the best colour's points against the 20 / 10 /
10 that win, each as a big number over its target; the privileges held; a table of the
tokens in hand and the bonuses (the bought cards' discounts) per colour, gold as gold;
the cards reserved; a black flag with what is missing when a victory is three or less
away. The status line says when a player plays again. A opens the turn (on Tokens:
buy and reserve below, privilege and replenish above; UP/DOWN open it and move at
once), B undoes, C: the rest. After a privilege or a replenish the turn's menu opens
again by itself, the token picker over it.

Its words (cards, tokens, events told) are wordsd.py's.
"""

from duelcore.splendor.cards import TOKENS

from ..gfx.canvas import CENTER, LARGE, SMALL, Canvas
from ..gfx.icons import CROWN, GEM, SCROLL, STAR
from ..lang import tr
from ..ui import GAME_HINTS, columns, corrections, flag, game_status, hints, pair
from . import BTN_A, BTN_B, BTN_C, BTN_DOWN, BTN_UP, PRESS, Base, more, tokensd, turnsd, wordsd
from .wordsd import COLOURS, COUNTED, LETTERS, PENDING, again

NEAR = 3  # flag a victory this close
WIN = (20, 10, 10)  # points, crowns, one colour's points


class Screen(Base):
    in_game = True

    def __init__(self, app: object) -> None:
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
        self.turn = 0
        self.pending: str | None = None
        self.pending_word = ""  # its word in the status line
        self.hints = hints(app, GAME_HINTS)
        self.redo: str | None = None  # ui.game_hints words it when first needed
        # The words the frame shows, in the device's language: the token letters, the
        # table's rows, gold, reserved.
        # The words it draws, looked up once (per frame they would load lang's lookup)
        self.words = (
            tr(LETTERS), tr("hand"), tr("bonus"), tr("Gold"), tr("res %d"), tr("%d%s TO WIN"),
            tr("%s plays again"), tr("%s to play"),
        )  # fmt: skip
        self.best_name = ["", ""]  # the best colour's name, as the frame shows it

    def enter(self) -> None:
        """Read the figures once per event, from the core's result (its public face)."""
        g = self.app.match.game  # type: ignore[attr-defined]
        r = g.result()
        self.over = r["over"]
        self.turn = r["turn"] if r["turn"] in (0, 1) else 0
        self.pending = r["pending"]
        pending = self.pending  # the status line's word for it, looked up once
        self.pending_word = "" if pending is None else tr(PENDING.get(pending, pending))
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
        m = self.app.match  # type: ignore[attr-defined]
        self.again = bool(m.played) and again(g, m.event(m.played - 1))
        self.app.redraw()  # type: ignore[attr-defined]

    def follow(self) -> None:
        app = self.app
        if self.over:
            app.sheet()  # type: ignore[attr-defined]
        elif self.pending is not None:
            app.push(wordsd.pending(app))  # type: ignore[attr-defined]
        else:
            # a privilege used or the board replenished: the turn's action is still to
            # come, so its menu opens again, and over it the token picker for a take (a
            # press less each); B there goes back to the menu, on Buy, and B again here
            m = app.match  # type: ignore[attr-defined]
            verb = m.event(m.played - 1)[0] if m.played else ""
            if verb == "privilege" or verb == "replenish":
                menu = turnsd.Screen(app)
                app.push(menu)  # type: ignore[attr-defined]
                if menu.have[turnsd.TAKE]:
                    menu.i = turnsd.BUY
                    app.push(tokensd.Screen(app, "take"))  # type: ignore[attr-defined]

    def key(self, gesture: int) -> None:
        app = self.app
        b = gesture & 31
        if b == BTN_B:
            if gesture >> 5 == PRESS:
                app.ask_undo()  # type: ignore[attr-defined]
        elif b == BTN_C:
            app.push(more.Screen(app))  # type: ignore[attr-defined]
        elif b == BTN_A or b == BTN_UP or b == BTN_DOWN:
            if self.over:
                app.sheet()  # type: ignore[attr-defined]
                return
            if self.pending is not None:
                s = wordsd.pending(app)
            else:
                s = turnsd.Screen(app)
            app.push(s)  # type: ignore[attr-defined]
            if b != BTN_A and not app.buttons.three:  # type: ignore[attr-defined]
                # five buttons: UP/DOWN opens and moves at once; on three, a tap of A
                # or C (DOWN, UP) opens the list at its top, as A does
                s.key(gesture)  # type: ignore[attr-defined]

    def status(self) -> str:
        who = self.app.players()[self.turn]  # type: ignore[attr-defined]
        if self.pending is not None:
            return "%s: %s" % (who, self.pending_word)
        return (self.words[6] if self.again else self.words[7]) % who

    def describe(self, event: list) -> str:
        return wordsd.describe(self.app, event)

    def corrections(self, p: int, labels: list, events: list) -> None:
        """The C menu's corrections for player p: a token of each colour more or less."""
        who = self.app.players()[p]  # type: ignore[attr-defined]
        corrections(who, p, TOKENS, COUNTED, "tokens", labels, events)

    def rows(self, result: dict) -> tuple:
        return wordsd.rows(result)

    def draw(self, c: "Canvas") -> None:
        draw(c, self)


def draw(c: Canvas, s: object) -> None:
    """Splendor Duel: points, crowns and the best colour against what wins; privileges,
    tokens in hand, threats."""
    c.clear()
    half = columns(c, s, 0, -1 if s.over else s.turn)  # type: ignore[attr-defined]
    for p in (0, 1):
        x0 = 2 if p == 0 else half + 3
        x1 = x0 + half - 6
        points = s.points[p]  # type: ignore[attr-defined]
        pair(c, x0, x1, 20, points, STAR, 20, s.crowns[p], CROWN, 10)  # type: ignore[attr-defined]
        y = 56
        c.icon(GEM, x0, y + 2)
        x = c.text(str(s.best[p]), x0 + 15, y, LARGE)  # type: ignore[attr-defined]
        x = c.text("/10", x + 2, y + 7)
        col = s.colour[p]  # type: ignore[attr-defined]
        if col >= 0:
            c.text(s.best_name[p], x + 4, y + 7)  # type: ignore[attr-defined]
        priv = str(s.privileges[p])  # type: ignore[attr-defined]
        x = x1 - c.text_width(priv, LARGE)
        c.text(priv, x, y, LARGE)
        c.icon(SCROLL, x - 15, y + 2)
        words = s.words  # type: ignore[attr-defined]
        table(c, x0, x1, 74, s.tokens[p], s.bonuses[p], words)  # type: ignore[attr-defined]
        x = c.text(words[4] % s.reserved[p], x0, 103) + 6  # type: ignore[attr-defined]
        away = s.away[p]  # type: ignore[attr-defined]
        if away <= 3:
            way = s.way[p]  # type: ignore[attr-defined]
            what = "*" if way == 0 else "^" if way == 1 else " " + s.best_name[p].upper()  # type: ignore[attr-defined]
            flag(c, words[5] % (away, what), x, 102)
    game_status(c, s)


def table(c: Canvas, x0: int, x1: int, y: int, held: bytes, bonuses: bytes, words: tuple) -> None:
    """Per colour (letters W U G R K P, then gold): the tokens in hand and, under them,
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
