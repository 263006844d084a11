"""Splendor Duel: the tokens taken (or bought with privileges), one press per token.

A adds one token of the selected colour, if some legal take still contains the
selection, and moves on to the next colour below that can still be added; once the
selection is a legal take that nothing legal extends (three tokens, usually), it is
played at once. C (or a long A) plays a smaller legal selection, B
takes the last token back (on an empty selection: back). Each row shows how many of
that colour lie on the board and, on the right, how many are picked.
"""

from duelcore.splendor.cards import TOKENS

from .. import ui
from ..lang import name, tr, word
from . import BTN_A, BTN_B, BTN_C, PRESS, REPEAT
from .menu import Menu

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from ..gfx.canvas import Canvas

_KINDS = 6  # gems and pearls: gold is never taken


class Screen(Menu):
    in_game = True
    hints = word("A add  C done  B remove")

    def __init__(self, app: object, verb: str) -> None:
        g = app.match.game  # type: ignore[attr-defined]
        r = g.result()
        self.p = r["turn"]
        self.verb = verb
        # The legal takes as counts per colour, _KINDS bytes each, end to end: up to 82
        # of them, and one bytes object each cost 3 KB of heap.
        sets = bytearray()
        for ev in g.legal(verb):
            at = len(sets)
            sets.extend(bytes(_KINDS))
            for t in ev[2]:
                sets[at + TOKENS.index(t)] += 1
        self.sets = bytes(sets)
        self.sel = bytearray(_KINDS)
        self.order = bytearray(3)  # colours in the order picked, to take back
        self.n = 0
        board = r["board"]
        self.board = bytes([min(255, board.get(TOKENS[k], 0)) for k in range(_KINDS)])
        on = tr("%s  (%d on board)")
        labels = [on % (name("splendor-duel", TOKENS[k]), self.board[k]) for k in range(_KINDS)]
        right = ["" for _ in range(_KINDS)]
        head = tr("Take tokens") if verb == "take" else tr("Privileges: tokens")
        super().__init__(app, head, labels, 0, None, right)
        self._rights()

    def _rights(self) -> None:
        for k in range(_KINDS):
            self.right[k] = ui.NUM[self.sel[k]] if self.sel[k] else ""  # type: ignore[index]

    def _within(self, sel: bytearray, exact: bool = False) -> bool:
        """Some legal set contains ``sel`` (with ``exact``: is ``sel``)."""
        s = self.sets
        for at in range(0, len(s), _KINDS):
            ok = True
            for k in range(_KINDS):
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
            self.add(self.i)
        elif (b == BTN_C or b == BTN_A) and kind != REPEAT:
            self.done()
        elif b == BTN_B and kind == PRESS:
            if self.n:
                self.n -= 1
                self.sel[self.order[self.n]] -= 1
                self._rights()
                self.app.redraw()  # type: ignore[attr-defined]
            else:
                self.app.pop()  # type: ignore[attr-defined]
        else:
            super().key(g)

    def add(self, k: int) -> None:
        app = self.app
        self.sel[k] += 1
        if self.n >= 3 or not self._within(self.sel):
            self.sel[k] -= 1
            app.notice = tr("Not with this selection")  # type: ignore[attr-defined]
            app.redraw()  # type: ignore[attr-defined]
            return
        self.order[self.n] = k
        self.n += 1
        self._rights()
        if self._legal():
            # Played at once when nothing legal extends the selection.
            more = False
            for j in range(_KINDS):
                self.sel[j] += 1
                if self._within(self.sel):
                    more = True
                self.sel[j] -= 1
                if more:
                    break
            if not more:
                self.done()
                return
        # On to the next colour below that the selection can still take (round the end;
        # this one again when no other): a take of different colours is a press less
        # each, and the row shows where it went
        sel = self.sel
        for d in range(1, _KINDS + 1):
            j = (k + d) % _KINDS
            sel[j] += 1
            ok = self._within(sel)
            sel[j] -= 1
            if ok:
                self.i = j
                break
        app.redraw()  # type: ignore[attr-defined]

    def done(self) -> None:
        app = self.app
        if not self.n or not self._legal():
            app.notice = tr("Pick tokens first") if not self.n else tr("Not a legal take")  # type: ignore[attr-defined]
            app.redraw()  # type: ignore[attr-defined]
            return
        tokens = []
        for k in range(_KINDS):
            for _ in range(self.sel[k]):
                tokens.append(TOKENS[k])
        app.play([self.verb, self.p, tokens])  # type: ignore[attr-defined]

    def draw(self, c: "Canvas") -> None:
        ui.menu(c, self)
