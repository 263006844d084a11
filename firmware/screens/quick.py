"""A quick score: a game not tracked turn by turn, entered from its score pad
(docs/record-quick-score.md; docs/firmware.md, "Quick score").

The players' screen starts the game (setup ``score_only``) on its pad (``Screen``), which
asks each player's counts in the pad's order (``duelcore.quick.fields``); a game that
ended without them (a victory named alone, the record's ``won``) is B on the first field
(``Ended``), as is dropping the game. Each number starts at a typical count
(``duelcore.quick.start``: 7WD's civilian points at 21), so a player steps from near it.
UP/DOWN change the number by one, a long UP/DOWN by five or the field's own step
(``stride``: 7WD's commercial points, 3; held, as much more at each repeat), C adds ten
and a long C takes ten; a field of a few values (7WD's military: 0, 2, 5, 10) goes to
the next value that far (a long UP from 0 is 5) and round. A goes to the next field, B
back one.
A player's last A plays their ``score`` event; the second ends the game, and the score
sheet shows the winner and the row that decided, as the core worked them out.

Each field is journalled as it is entered, as setup is (screens/setup.py): games/pad.log
holds the player and the game's id (and when the player's score was just undone, its
counts, to start from on its last field), then a byte a field entered (its value) or a
B back (255); a player's whole score is an event in the game's journal. The screen plays the
log back when it opens, so a power cut loses at most the number being changed.
"""

from micropython import const

from duelcore.quick import choices, fields, start, stride, wins

from .. import flash, ui
from ..gfx.canvas import BLACK, CENTER, LARGE, LEFT, RIGHT, SMALL, WHITE, Canvas
from ..lang import name, tr, word
from . import BTN_A, BTN_B, BTN_C, BTN_DOWN, BTN_UP, PRESS, REPEAT, Base
from .menu import Menu
from .tracking import Tracking

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ..contracts import App

_BACK = 255  # a B back, in the log
_UNDONE = 2  # added to the player in the log's first byte: their score undone, kept
_END = b"\xfe"  # the end of the counts kept (a log cut short before it has none)
_TEN = 10  # C (a long C: minus as much)
_COL = 52  # a player's column in the pad, at most (the labels keep 70 px; the panel the rest)
_CELL = 24  # the field being entered, in black
# The status line's hints: five buttons, three (a tap is -/+, a hold is A or C).
_HINTS = (word("A next  B back  C +10, long -10"), word("hold A next  B back  hold C +10"))
_KEYS = (word("long: +/-%d"), word("tap: -1 / +1"))


def label(game: str, field: str) -> str:
    """A field's row on the pad: the score sheet's words, or a personality's name."""
    if game == "antike-duellum":
        return name(game, field)
    t = tr(field)
    return t[0].upper() + t[1:]


class Ended(Menu):
    """B on the pad's first field: how the game ended, when not by the pad (who won and
    how: the record's ``won``), or drop the game; the first item (or B) goes back to
    the pad."""

    def __init__(self, app: "App") -> None:
        game = app.match.record["game"]
        players = app.players()
        self.won: list = []
        labels = [tr("Back to the pad")]
        ways = wins(game)
        won = tr("%s: %s") if len(ways) > 1 else tr("%s wins")  # Antike: one way to win
        for p in (0, 1):
            for v in ways:
                labels.append(won % (players[p], tr(v)) if len(ways) > 1 else won % players[p])
                self.won.append(["won", p, v])
        labels.append(tr("Drop this game"))
        super().__init__(app, tr("Quick score: how did it end?"), labels)

    def pick(self, i: int) -> None:
        app = self.app
        if i == 0:
            app.pop()
        elif i <= len(self.won):
            app.play(self.won[i - 1])
        else:
            pad = app.stack[0]
            pad.forget()
            app.abandon()


class Screen(Tracking):
    """The score pad being filled in: the game's screen for a quick score. Of the tracking
    screen's contract (screens/tracking.py) it answers ``follow``, ``forget``,
    ``describe`` and ``rows``; it has no turn's menu, C menu or corrections, and its own
    keys and hints."""

    def __init__(self, app: "App") -> None:
        Base.__init__(self, app)  # not the games' hints: its own, below
        m = app.match
        self.game = game = m.record["game"]
        self.fields = fields(game)
        n = len(self.fields)
        self.labels = [label(game, f[0]) for f in self.fields]
        self.choices = [choices(game, f[0]) for f in self.fields]
        self.starts = bytes(start(game))
        self.strides = bytes([stride(game, f[0]) for f in self.fields])
        # Under the number: the values a field takes (its range, or its few values).
        self.spans = []
        three = app.buttons.three
        keys = tr(_KEYS[three])
        self.keys = []  # under the number: what a long UP/DOWN (or a tap) adds
        for k in range(n):
            self.keys.append(keys if three else keys % self.strides[k])
            few = self.choices[k]
            f = self.fields[k]
            self.spans.append("%d-%d" % f[1:] if few is None else " ".join([str(v) for v in few]))
        self.cols = (bytearray(self.starts), bytearray(self.starts))  # each player's counts
        self.p = -1  # the player being entered (-1: none, the log to be read)
        self.at = 0  # the field being entered
        self.path = app.storage.dir + "/pad.log"
        self.hints = tr(_HINTS[three])
        self.total = tr("Total")
        self.head = tr("Quick score: %s")
        self.first = tr("B: won early, or drop")

    # -- the game's screen: what App and the score sheet ask -----------------------------

    def enter(self) -> None:
        app = self.app
        g = app.match.game
        turn = g.result()["turn"]
        for q in (0, 1):
            counts = g.counts[q]
            if counts is not None:
                self.cols[q][:] = bytes(counts)
            elif q != turn:  # a player still to come: nothing entered yet
                self.cols[q][:] = self.starts
        if turn is not None and turn != self.p:
            self._load(turn)
        app.redraw()

    def follow(self) -> None:
        """After an event (``enter`` has shown the next player's pad): the game over, the
        score sheet at once (the log is done with)."""
        app = self.app
        if app.match.game.over:
            self.forget()
            app.sheet()

    def forget(self) -> None:
        """The game is over or dropped: its log is done with."""
        self.p = -1
        try:
            flash.remove(self.path)
        except OSError:
            pass

    def describe(self, ev: list) -> str:
        who = self.app.players()[ev[1]]
        if ev[0] == "won":
            return tr("%s wins: %s") % (who, tr(ev[2]))
        return tr("%s's score") % who

    def rows(self, result: dict) -> tuple:
        """The score sheet's rows (label, player 0, player 1), and the row that decided:
        the total, or where the totals tie the row that broke the tie (7WD's civilian
        points), or the victory Splendor Duel's counts reached."""
        a, b = self.app.match.game.counts
        v = result["victory"]
        w = result["winner"]
        if a is None or b is None:  # a victory entered without counts
            t = tr(v)
            t = t[0].upper() + t[1:]
            return [(t, "+" if w == 0 else "", "+" if w == 1 else "")], t
        labels = self.labels
        rows = [(labels[k], a[k], b[k]) for k in range(len(labels))]
        if self.game == "splendor-duel":
            won = a if w == 0 else b
            k = 0 if v == "points" else 1 if v == "crowns" else 2
            while k > 1 and won[k] < 10:
                k += 1
            return rows, labels[k]
        rows.append((self.total, sum(a), sum(b)))
        if self.game == "7wd" and w is not None and sum(a) == sum(b):
            return rows, labels[0]  # the tie broken by the civilian (blue) points
        return rows, self.total

    # -- entering the counts ---------------------------------------------------------------

    def key(self, g: int) -> None:
        b = g & 31
        kind = g >> 5
        if b == BTN_UP or b == BTN_DOWN:
            self._step(1 if kind == PRESS else self.strides[self.at], b == BTN_UP)
        elif b == BTN_C:
            if kind != REPEAT:
                self._step(_TEN, kind == PRESS)
        elif b == BTN_A:
            if kind == PRESS:
                self._next()
        elif b == BTN_B and kind == PRESS:
            self._back()

    def _step(self, d: int, up: bool) -> None:
        at = self.at
        col = self.cols[self.p]
        v = col[at]
        few = self.choices[at]
        v = v + d if up else v - d
        if few is not None:  # a field of a few values: the next one that far, round
            n = len(few)
            k = 0 if up else n - 1
            while 0 <= k < n and (few[k] < v if up else few[k] > v):
                k += 1 if up else -1
            v = few[k % n]
        else:
            low, high = self.fields[at][1:]
            v = low if v < low else high if v > high else v
        col[at] = v
        self.app.redraw()

    def _next(self) -> None:
        app = self.app
        col = self.cols[self.p]
        n = len(col)
        if self.at < n - 1:
            self._log(bytes((col[self.at],)))
            self.at += 1
            app.redraw()
            return
        counts = {}
        for k in range(n):
            counts[self.fields[k][0]] = col[k]
        app.play(["score", self.p, counts])  # refused: one line

    def _back(self) -> None:
        app = self.app
        if self.at:
            self._log(bytes((_BACK,)))
            self.at -= 1
            app.redraw()
        elif app.match.played:
            app.undo()  # the first player's score, to its last field
        else:
            app.push(Ended(app))

    # -- the log ---------------------------------------------------------------------------

    def _log(self, data: bytes, mode: str = "ab") -> None:
        """Append to the log (``mode`` "wb": a new one). A flash that fails loses only
        the resume after a power cut, never the counts on the screen."""
        try:
            flash.write(self.path, data, mode)
        except OSError:
            pass

    def _load(self, p: int) -> None:
        """Player p's counts so far: the log's, else those of p's score just undone
        (to its last field), else none."""
        self.p = p
        self.at = 0
        col = self.cols[p]
        n = len(col)
        col[:] = self.starts
        tail = self.app.match.record["id"].encode() + b"\n"
        try:
            with open(self.path, "rb") as f:
                data = f.read()
        except OSError:
            data = b""
        at = len(tail) + 1
        who = data[0] if data and data[1:at] == tail else -1
        if who == p + _UNDONE and data[at + n : at + n + 1] == _END:
            col[:] = data[at : at + n]  # the counts of p's score undone, written whole
            self.at = n - 1
            who = p
            at += n + 1
        if who == p:
            for b in data[at:]:
                if b == _BACK:
                    if self.at:
                        self.at -= 1
                elif self.at < n - 1 and self.fields[self.at][1] <= b <= self.fields[self.at][2]:
                    col[self.at] = b
                    self.at += 1
                else:  # not what this screen writes: the log ends here
                    break
            return
        head = bytes((p,)) + tail
        undone = self.app.undone
        last = undone[-1] if undone else None
        if last is not None and last[0] == "score" and last[1] == p:
            for k in range(n):  # to its last field, the counts written whole (and ended)
                col[k] = last[2][self.fields[k][0]]
            self.at = n - 1
            head = bytes((p + _UNDONE,)) + tail + bytes(col) + _END
        self._log(head, "wb")  # one write: cut short, it is no header

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, c: Canvas) -> None:
        draw(c, self)


def draw(c: Canvas, s: Screen) -> None:
    """The pad at the left (a row a field, a column a player, the field being entered in
    black), the field being entered at the right in large type."""
    c.clear()
    w = c.width
    h = c.height
    bar = ui.BAR
    app = s.app
    names = app.players()
    p = s.p
    at = s.at
    n = len(s.labels)
    ui.title(c, s.head % names[p], "%d/%d" % (at + 1, n))
    panel = w * 3 // 10  # the field being entered: 88 px on 296, 75 on 250
    right = w - panel
    col = min(_COL, (right - 74) >> 1)
    x1 = right - 4
    x0 = x1 - col
    y = bar + 1
    for q in (0, 1):
        c.text(ui.fit(c, names[q], col - 4), x0 if q == 0 else x1, y, SMALL, RIGHT)
    y += 9
    step = (h - bar - y) // n
    if step > 11:
        step = 11
    played = app.match.game.counts
    for k in range(n):
        ty = y + (step - 8) // 2
        c.text(ui.fit(c, s.labels[k], x0 - col - 2), 2, ty, SMALL, LEFT)
        for q in (0, 1):
            x = x0 if q == 0 else x1
            if q == p and k == at:
                c.fb.fill_rect(x + 2 - _CELL, y, _CELL, step, BLACK)
                c.text(str(s.cols[q][k]), x - 1, ty, SMALL, RIGHT, WHITE)
            elif played[q] is not None or (q == p and (k < at or s.cols[q][k] != s.starts[k])):
                c.text(str(s.cols[q][k]), x - 1, ty, SMALL, RIGHT)
        y += step
    c.fb.vline(right, bar, h - 2 * bar, BLACK)
    mid = right + (panel >> 1)
    name = s.labels[at]
    if c.text_width(name, LARGE) <= panel - 6:
        c.text(name, mid, bar + 4, LARGE, CENTER)
    else:
        c.text(ui.fit(c, name, panel - 4), mid, bar + 8, SMALL, CENTER)
    c.text(str(s.cols[p][at]), mid, bar + 24, LARGE, CENTER, BLACK, 2)
    c.text(s.spans[at], mid, bar + 60, SMALL, CENTER)
    if s.choices[at] is None:
        c.text(ui.fit(c, s.keys[at], panel - 4), mid, bar + 72, SMALL, CENTER)
    ui.status(c, app, s.hints, s.first if at == 0 and not app.match.played else None)
