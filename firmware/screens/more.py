"""The C menu during a game: redo, the score so far, corrections, ending the game.

After an undo its first item plays the undone event again ("Redo: ..."), one a press,
the latest undone first, until another event is played (App.undone).

Corrections are the records' own correction events (7 Wonders Duel ``coins``, Splendor
Duel ``tokens``, Antike Duellum ``resources``), one unit a press, each journalled and
undoable like any event; the game's tracking screen lists them (``corrections()``), so
this menu carries no game's words.
"""

from ..lang import tr
from . import sheet
from .menu import Menu


class Screen(Menu):
    in_game = True

    def __init__(self, app: object) -> None:
        track = app.stack[0]  # type: ignore[attr-defined]
        labels = []
        events: list = []
        undone = app.undone  # type: ignore[attr-defined]
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
            app.play(ev)  # type: ignore[attr-defined]
            return
        n = len(self.labels)
        if i < n - 2:  # the score so far: the one other item without an event
            app.push(sheet.Screen(app, True))  # type: ignore[attr-defined]
        elif i == n - 2:
            keep = tr("Keep playing")
            sure = Menu(app, tr("End and save this game?"), [keep, tr("End and save")])
            sure.action = self._end
            app.push(sure)  # type: ignore[attr-defined]
        else:
            keep = tr("Keep playing")
            sure = Menu(app, tr("Drop this game for good?"), [keep, tr("Drop it")])
            sure.action = self._drop
            app.push(sure)  # type: ignore[attr-defined]

    def _end(self, k: int) -> None:
        app = self.app
        if k:  # the score sheet as it stands; its A files the game
            app.push(sheet.Screen(app, ending=True), True)  # type: ignore[attr-defined]
        else:
            app.back_to(1)  # type: ignore[attr-defined]

    def _drop(self, k: int) -> None:
        if k:
            self.app.abandon()  # type: ignore[attr-defined]
        else:
            self.app.back_to(1)  # type: ignore[attr-defined]
