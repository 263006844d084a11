"""Splendor Duel: the live tracking screen.

One column per player: points, crowns and the best colour's points against the 20 / 10 /
10 that win, each as a big number over its target; the privileges held; the tokens in
hand by colour; a black flag with what is missing when a victory is three or less away.
A opens the turn (take, buy, reserve, privilege, replenish), B undoes, C: the rest.
"""

from duelcore.splendor.cards import TOKENS

from ..gfx.canvas import LARGE, Canvas
from ..gfx.icons import CROWN, GEM, SCROLL, STAR
from ..ui import GAME_HINTS, columns, corrections, flag, pair, status
from ..words import title
from . import BTN_A, BTN_B, BTN_C, BTN_DOWN, BTN_UP, PRESS, Base, choice

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
        self.away = [99, 99]  # the closest victory's distance
        self.way = [0, 0]  # which: 0 points, 1 crowns, 2 colour
        self.over = False
        self.turn = 0
        self.pending: str | None = None

    def enter(self) -> None:
        """Read the figures once per event, from the core's result (its public face)."""
        g = self.app.match.game  # type: ignore[attr-defined]
        r = g.result()
        self.over = r["over"]
        self.turn = r["turn"] if r["turn"] in (0, 1) else 0
        self.pending = r["pending"]
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
            self.best[p] = cp[TOKENS[best]] if best >= 0 else 0
            self.privileges[p] = pl["privileges"]
            self.reserved[p] = pl["reserved"]
            tokens = pl["tokens"]
            for k in range(7):
                self.tokens[p][k] = min(255, tokens.get(TOKENS[k], 0))
            d = g.distance(p)  # the core's own count of what each victory still needs
            away = (d["points"], d["crowns"], d["color"])
            way = 0
            for k in (1, 2):
                if away[k] < away[way]:
                    way = k
            self.away[p] = away[way]
            self.way[p] = way
        self.app.redraw()  # type: ignore[attr-defined]

    def follow(self) -> None:
        app = self.app
        if self.over:
            app.sheet()  # type: ignore[attr-defined]
        elif self.pending is not None:
            app.push(pending(app))  # type: ignore[attr-defined]

    def key(self, gesture: int) -> None:
        app = self.app
        b = gesture & 31
        if b == BTN_B:
            if gesture >> 5 == PRESS:
                app.ask_undo()  # type: ignore[attr-defined]
        elif b == BTN_C:
            more = __import__("firmware.screens.more", None, None, ("Screen",))
            app.push(more.Screen(app))  # type: ignore[attr-defined]
        elif b == BTN_A or b == BTN_UP or b == BTN_DOWN:
            if self.over:
                app.sheet()  # type: ignore[attr-defined]
                return
            if self.pending is not None:
                s = pending(app)
            else:
                turn = __import__("firmware.screens.turnsd", None, None, ("Screen",))
                s = turn.Screen(app)
            app.push(s)  # type: ignore[attr-defined]
            if b != BTN_A:
                s.key(gesture)  # type: ignore[attr-defined]

    def status(self) -> str:
        who = self.app.players()[self.turn]  # type: ignore[attr-defined]
        if self.pending is not None:
            return "%s: %s" % (who, _PENDING.get(self.pending, self.pending))
        return "%s to play" % who

    def describe(self, event: list) -> str:
        """An event as a notice line (firmware/notices.py)."""
        from ..notices import describe

        return describe(event, self.app.players())  # type: ignore[attr-defined]

    def corrections(self, p: int, labels: list, events: list) -> None:
        """The C menu's corrections for player p: a token of each colour more or less."""
        who = self.app.players()[p]  # type: ignore[attr-defined]
        corrections(who, p, TOKENS, "tokens", labels, events)

    def rows(self, result: dict) -> tuple:
        """The score sheet's rows (label, player 0, player 1), and the row that decided."""
        a, b = result["players"]
        best = [max(p["color_points"].values()) if p["color_points"] else 0 for p in (a, b)]
        rows = [
            ("Points", a["points"], b["points"]),
            ("Crowns", a["crowns"], b["crowns"]),
            ("Best colour", best[0], best[1]),
            ("Royal cards", len(a["royals"]), len(b["royals"])),
            ("Privileges", a["privileges"], b["privileges"]),
        ]
        v = result["victory"]
        if v == "color":
            return rows, "Best colour"
        return rows, "Crowns" if v == "crowns" else "Points" if v == "points" else ""

    def draw(self, c: "Canvas") -> None:
        draw(c, self)


_PENDING = {
    "color": "joker colour",
    "steal": "steal a token",
    "royal": "royal card",
    "return": "return tokens",
}


def pending(app: object) -> object:
    """The pending choice (joker colour, steal, royal card, tokens to return)."""
    g = app.match.game  # type: ignore[attr-defined]
    r = g.result()
    who = app.players()[r["turn"] or 0]  # type: ignore[attr-defined]
    events = g.legal()
    labels = []
    for ev in events:
        arg = ev[2]
        if isinstance(arg, list):
            labels.append(" ".join([title(t) for t in arg]))
        else:
            labels.append(title(arg))
    head = "%s: %s" % (who, _PENDING.get(r["pending"], r["pending"]))
    return choice.Screen(app, head, labels, events)


__all__ = ("Screen", "TOKENS", "pending")


_SHORT = "WUGRKPA"


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
            x = c.text(_SHORT[col], x + 4, y + 7)
        priv = str(s.privileges[p])  # type: ignore[attr-defined]
        x = x1 - c.text_width(priv, LARGE)
        c.text(priv, x, y, LARGE)
        c.icon(SCROLL, x - 15, y + 2)
        y = 76
        x = x0
        tokens = s.tokens[p]  # type: ignore[attr-defined]
        for k in range(7):
            x = c.text(_SHORT[k], x, y)
            x = c.text(str(tokens[k]), x + 1, y) + 4
        y = 89
        x = c.text("res " + str(s.reserved[p]), x0, y + 1) + 6  # type: ignore[attr-defined]
        away = s.away[p]  # type: ignore[attr-defined]
        if away <= 3:
            what = ("PTS", "CROWNS", "COLOUR")[s.way[p]]  # type: ignore[attr-defined]
            flag(c, "%d %s TO WIN" % (away, what), x, y)
    status(c, s.app, GAME_HINTS, s.status())  # type: ignore[attr-defined]
