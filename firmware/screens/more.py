"""The C menu during a game: redo, the score so far, corrections, ending the game.

After an undo its first item plays the undone events again (``Redo``, the event on the
line under the list: a row of it would not fit), one a press, the latest undone first,
until another event is played (App.undone); after each the menu opens again on it, over
whatever the event opened (a choice, the turn's menu), so a redo is one press an event.

Corrections are the records' own correction events (7 Wonders Duel ``coins``, Splendor
Duel ``tokens``, Antike Duellum ``resources``, any whole amount), a row per player and
thing counted (``Ann: 3 green``: each game's tracking screen's ``corrections()``, so
this menu carries no game's words). Without a redo the menu opens on the corrections of
the player who played the last event (the move just entered is the likeliest mistaken),
on the tracking screen's ``fix`` row, the middle one (Splendor: red, of seven; Antike:
gold, of four: each of the player's others a press or two away); the score so far is a
row above. A opens the amount (``Fix``), which plays one event; the menu then opens
again on the same row.
"""

from micropython import const

from ..lang import tr, word
from . import BTN_C, LONG, PRESS, sheet
from .menu import Menu

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ..contracts import App


class Screen(Menu):
    in_game = True

    def __init__(self, app: "App", at: int = -1) -> None:
        """``at``: the correction whose row the cursor opens on (-1: the likeliest)."""
        track = app.stack[0]
        labels = []
        events: list = []
        undone = app.undone
        self.redo = 1 if undone else 0  # the rows before "Score so far"
        if undone:
            labels.append(tr("Redo"))
            events.append(None)
            self.told = track.describe(undone[-1])  # the line under it, worded once
        groups = [0]
        labels.append(tr("Score so far"))
        events.append(None)
        self.fixes = len(labels)  # the first correction's row
        for p in (0, 1):
            groups.append(len(labels))
            track.corrections(p, labels, events)  # the game's own, from its tracking screen
        groups.append(len(labels))
        labels.append(tr("End game now and save it"))
        events.append(None)
        labels.append(tr("Drop this game"))
        events.append(None)
        self.events = events
        start = 0
        if at >= 0 or not self.redo:  # else the redo's row
            if at < 0:  # the seat that acted last: its likeliest correction
                last = app.match.event(-1)[1] if app.match.played else 0
                at = groups[2 if last == 1 else 1] - self.fixes + track.fix
            start = self.fixes + at
        super().__init__(app, tr("More"), labels, start, groups)

    def move(self, down: bool, kind: int) -> None:
        """A long press from a player's corrections towards the other player's (a long
        DOWN, or three buttons' held B, from player 1's; a long UP from player 2's) goes
        to the same thing of theirs; any other long press jumps as in every list."""
        g = self.groups
        i = self.i
        if kind != PRESS and g and (g[1] <= i < g[2] if down else g[2] <= i < g[3]):
            self.i = i + (g[2] - g[1] if down else g[1] - g[2])
            self.app.redraw()
        else:
            super().move(down, kind)

    def detail(self, i: int) -> "str | None":
        """Under the list on the redo row: the event it plays again."""
        return self.told if i < self.redo else None

    def pick(self, i: int) -> None:
        app = self.app
        ev = self.events[i]
        if ev is not None:  # a correction: its amount
            app.push(Fix(app, self.labels[i], ev, i - self.fixes))
            return
        if i < self.redo:
            if app.play(app.undone[-1]) and app.undone:
                app.push(Screen(app))  # on the next to redo, over what the event opened
            return
        n = len(self.labels)
        if i < n - 2:  # the score so far: the one other item without an event
            app.push(sheet.Screen(app, True))
        elif i == n - 2:
            keep = tr("Keep playing")
            sure = Menu(app, tr("End and save this game?"), [keep, tr("End and save")])
            sure.action = self._end
            app.push(sure)
        else:
            keep = tr("Keep playing")
            sure = Menu(app, tr("Drop this game for good?"), [keep, tr("Drop it")])
            sure.action = self._drop
            app.push(sure)

    def _end(self, k: int) -> None:
        app = self.app
        if k:  # the score sheet as it stands; its A files the game
            app.push(sheet.Screen(app, ending=True), True)
        else:
            app.back_to(1)

    def _drop(self, k: int) -> None:
        if k:
            self.app.abandon()
        else:
            self.app.back_to(1)


class Fix(Menu):
    """A correction by amount: what is corrected in the title, the amounts from +20 down
    to -20 as a list, the cursor on 0. UP/DOWN change it by one, a long UP/DOWN goes to
    the next five, C adds ten, a long C takes ten (-8: three presses, as +8); A plays it
    as one correction event and the C menu opens again on the same row; A at 0, or B,
    goes back to it. On three buttons a tap of A or C is -1 / +1, a held C +10, a held A
    plays it (the hints say so)."""

    in_game = True
    hints = word("A apply  B back  C +10, long -10")

    def __init__(self, app: "App", title: str, unit: list, at: int) -> None:
        """``unit``: the correction of one (``["tokens", 0, {"green": 1}]``); ``at``: its
        place among the C menu's corrections."""
        self.unit = unit
        self.at = at
        labels = ["%+d" % (20 - k) for k in range(41)]
        super().__init__(app, title, labels, 20, list(range(0, 41, 5)))
        if app.buttons.three:  # a tap of A or C is -1 / +1 (firmware/buttons.py)
            self.hints = tr(word("tap -1/+1  hold A apply  hold C +10"))

    def key(self, g: int) -> None:
        if g == BTN_C | LONG << 5:  # five buttons' long C: ten less (three: a held C is C)
            self.i = min(len(self.labels) - 1, self.i + 10)
            self.app.redraw()
        else:
            super().key(g)

    def more(self, i: int) -> None:
        self.i = max(0, i - 10)  # C: ten more
        self.app.redraw()

    def pick(self, i: int) -> None:
        app = self.app
        n = 20 - i
        if not n:
            app.pop()
            return
        verb, p, arg = self.unit
        what: int | dict = n
        if isinstance(arg, dict):  # its one thing's amount
            for k in arg:
                what = {k: n}
        if app.play([verb, p, what]) and len(app.stack) == 1:
            app.push(Screen(app, self.at))
