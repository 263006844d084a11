"""Splendor Duel: the tokens taken (or bought with privileges), or returned over the
10-token limit, one press per token.

The picker opens on the first colour it can add. A adds one token of the selected
colour, if some legal take still contains the selection; the cursor stays on that
colour (two or three of a colour: A again), and never moves by itself: the player's own
DOWN to the next colour is never one too many. Once the selection is a legal take that
nothing legal extends (three tokens, usually), it is played at once. C (or a
long A) plays a smaller legal selection, B takes the last token back (on an empty
selection: back). Each row shows how many of that colour lie on the board and, on the
right, how many are picked; a colour none of which lies on the board has no row.

Returning (``verb`` "return", the pending choice) is the same picker over the player's
own tokens, gold included, a row per colour held (``rows``: a colour none of which is
held is no choice): each A returns one of the selected colour, the cursor staying, the
rows say how many are held and, on the right, how many go back, the line under them
how many are still to return; the return is played when the hand is back to 10. Only
what some of the core's legal returns contains is ever added.
"""

from micropython import const

from duelcore.splendor.cards import TOKENS

from ... import ui
from ...lang import name, tr, word
from ...screens import BTN_A, BTN_B, BTN_C, PRESS, REPEAT
from ...screens.menu import Menu

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ...contracts import App

_KINDS = 6  # gems and pearls: gold is never taken (but is returned: 7 kinds)


class Screen(Menu):
    in_game = True
    hints = word("A add  C done  B remove")

    def __init__(self, app: "App", verb: str, head: str = "") -> None:
        g = app.match.game
        r = g.result()
        self.p = r["turn"]
        self.verb = verb
        back = verb == "return"
        kinds = _KINDS + 1 if back else _KINDS
        self.colours = kinds
        # The legal takes (or returns) as counts per colour, ``kinds`` bytes each, end to
        # end: up to 82 of them, and one bytes object each cost 3 KB of heap.
        sets = bytearray()
        most = 3
        for ev in g.legal(verb):
            at = len(sets)
            sets.extend(bytes(kinds))
            for t in ev[2]:
                sets[at + TOKENS.index(t)] += 1
            if back:  # every return is of the same size: down to 10
                self.p = ev[1]
                most = len(ev[2])
        self.sets = bytes(sets)
        self.most = most
        self.sel = bytearray(kinds)
        self.order = bytearray(most)  # colours in the order picked, to take back
        self.n = 0
        if back:
            self.hints = word("A return  B put back")
            count = r["players"][self.p]["tokens"]
            on = tr("%s  (%d held)")
            left = tr("%d more to return")
            self.lines = tuple(left % k for k in range(most + 1))  # by tokens still to go
        else:
            count = r["board"]
            on = tr("%s  (%d on board)")
            head = tr("Take tokens") if verb == "take" else tr("Privileges: tokens")
        self.board = bytes([min(255, count.get(TOKENS[k], 0)) for k in range(kinds)])
        # the colour of each row: those on the board (taking) or held (returning); a
        # colour none of which is there is no choice
        self.rows = bytes([k for k in range(kinds) if self.board[k]])
        labels = [on % (name("splendor-duel", TOKENS[k]), self.board[k]) for k in self.rows]
        right = ["" for _ in self.rows]
        super().__init__(app, head, labels, 0, None, right)
        self._to(self._next(kinds - 1))  # on the first colour it can add (or held)
        self._rights()

    def _to(self, k: int) -> None:
        """The cursor on colour k's row (the first row if k has none)."""
        self.i = 0
        for j in range(len(self.rows)):
            if self.rows[j] == k:
                self.i = j

    def detail(self, i: int) -> "str | None":
        return self.lines[self.most - self.n] if self.verb == "return" else None

    def _rights(self) -> None:
        for j in range(len(self.rows)):
            n = self.sel[self.rows[j]]
            self.right[j] = ui.NUM[n] if n else ""  # type: ignore[index]  # this menu has rights

    def _within(self, sel: bytearray, exact: bool = False) -> bool:
        """Some legal set contains ``sel`` (with ``exact``: is ``sel``)."""
        s = self.sets
        kinds = self.colours
        for at in range(0, len(s), kinds):
            ok = True
            for k in range(kinds):
                if sel[k] > s[at + k] or exact and sel[k] != s[at + k]:
                    ok = False
                    break
            if ok:
                return True
        return False

    def _legal(self) -> bool:
        return self._within(self.sel, True)

    def key(self, g: int) -> None:
        b = g & 31
        kind = g >> 5
        if b == BTN_A and kind == PRESS:
            self.add(self.rows[self.i])
        elif (b == BTN_C or b == BTN_A) and kind != REPEAT:
            self.done()
        elif b == BTN_B and kind == PRESS:
            if self.n:
                self.n -= 1
                self.sel[self.order[self.n]] -= 1
                self._rights()
                self.app.redraw()
            else:
                self.app.pop()
        else:
            super().key(g)

    def add(self, k: int) -> None:
        app = self.app
        self.sel[k] += 1
        if self.n >= self.most or not self._within(self.sel):
            self.sel[k] -= 1
            app.notice = tr("Not with this selection")
            app.redraw()
            return
        self.order[self.n] = k
        self.n += 1
        self._rights()
        # The cursor stays on this colour: a move of its own turned the player's own DOWN
        # to the next colour into a pick of the one after (a pearl instead of black)
        if self._next(k) == k and not self._addable(k) and self._legal():
            self.done()  # played at once when nothing legal extends the selection
            return
        app.redraw()

    def _addable(self, j: int) -> bool:
        """Some legal set contains the selection with one more of colour j."""
        sel = self.sel
        sel[j] += 1
        ok = self._within(sel)
        sel[j] -= 1
        return ok

    def _next(self, k: int) -> int:
        """The first colour after k (round the end) that the selection can still add; k
        when none."""
        kinds = self.colours
        for d in range(1, kinds):
            j = (k + d) % kinds
            if self._addable(j):
                return j
        return k

    def done(self) -> None:
        app = self.app
        if self.verb == "return" and self.n < self.most:
            app.notice = self.lines[self.most - self.n]
            app.redraw()
            return
        if not self.n or not self._legal():
            app.notice = tr("Pick tokens first") if not self.n else tr("Not a legal take")
            app.redraw()
            return
        tokens = []
        for k in range(self.colours):
            for _ in range(self.sel[k]):
                tokens.append(TOKENS[k])
        app.play([self.verb, self.p, tokens])
