"""The C menu during a game: redo, the score so far, corrections, ending the game.

After an undo its first item plays the undone event again ("Redo: ..."), one a press,
the latest undone first, until another event is played (App.undone).

Corrections are the records' own correction events (7 Wonders Duel ``coins``, Splendor
Duel ``tokens``, Antike Duellum ``resources``), one unit a press, each journalled and
undoable like any event; the game's tracking screen lists them (``corrections()``), so
this menu carries no game's words. After one the menu opens again on the same row (the
same menu, nothing built again), so several cost a press each; B returns to the game.
"""

from micropython import const

from ..lang import tr
from . import sheet
from .menu import Menu

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ..contracts import App


class Screen(Menu):
    in_game = True

    def __init__(self, app: "App") -> None:
        track = app.stack[0]
        labels = []
        events: list = []
        undone = app.undone
        self.redo = 1 if undone else 0  # the rows before "Score so far"
        if undone:
            labels.append(tr("Redo: %s") % track.describe(undone[-1]))
            events.append(undone[-1])
        groups = [0]
        labels.append(tr("Score so far"))
        events.append(None)
        for p in (0, 1):
            groups.append(len(labels))
            track.corrections(p, labels, events)  # the game's own, from its tracking screen
        groups.append(len(labels))
        labels.append(tr("End game now and save it"))
        events.append(None)
        labels.append(tr("Drop this game"))
        events.append(None)
        self.events = events
        super().__init__(app, tr("More"), labels, 0, groups)

    def pick(self, i: int) -> None:
        app = self.app
        ev = self.events[i]
        if ev is not None:
            played = app.play(ev)  # back to the game
            if played and i >= self.redo and len(app.stack) == 1:
                # A correction: this menu once more, on the same row. The redo row a new
                # event leaves (App.play) names the next event undone, or goes.
                if self.redo:
                    undone = app.undone
                    if undone:
                        self.labels[0] = tr("Redo: %s") % app.stack[0].describe(undone[-1])
                        self.events[0] = undone[-1]
                    else:
                        del self.labels[0]
                        del self.events[0]
                        groups: list = self.groups  # type: ignore[assignment]  # this menu has them
                        for k in range(1, len(groups)):
                            groups[k] -= 1
                        self.redo = 0
                        self.i = i - 1
                app.push(self)
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
