"""The C menu during a game: redo, the score so far, corrections, ending the game.

After an undo its first item plays the undone events again (``Redo``, the event on the
line under the list: a row of it would not fit), one a press, the latest undone first,
until another event is played (App.undone); after each the menu opens again on it, over
whatever the event opened (a choice, the turn's menu), so a redo is one press an event.

Corrections are the records' own correction events (7 Wonders Duel ``coins``, Splendor
Duel ``tokens``, Antike Duellum ``resources``), a row per player and thing counted
(``Ann: 3 green``), each game's tracking screen's ``corrections()``, so this menu
carries no game's words; A opens the amount (screens/fix.py), which plays one event.
Without a redo the menu opens on player 1's corrections, on the tracking screen's
``fix`` row (Splendor: green, the middle gem); the score so far is a row above.
"""

from micropython import const

from ..lang import tr
from . import fix, sheet
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
        start = 0 if self.redo and at < 0 else self.fixes + (track.fix if at < 0 else at)
        super().__init__(app, tr("More"), labels, start, groups)

    def detail(self, i: int) -> "str | None":
        """Under the list on the redo row: the event it plays again."""
        return self.told if i < self.redo else None

    def pick(self, i: int) -> None:
        app = self.app
        ev = self.events[i]
        if ev is not None:  # a correction: its amount
            app.push(fix.Screen(app, self.labels[i], ev, i - self.fixes, Screen))
            return
        if i < self.redo:
            if app.play(app.undone[-1]) and app.undone and not app.stack[0].over:
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
