"""Antike Duellum: the legal events now, by kind, the acting player's first.

The first menu lists the kinds of event the core's ``legal()`` offers (the rondel move
first, as a turn starts with it); picking one lists those events, in the core's order
(the cheapest rondel move first), as the record would say them.
"""

from ..notices import args, value
from ..words import title
from . import choice
from .menu import Menu


def _units(a: object, f: object) -> str:
    return "%s legions %s galleys" % (a, f)


def label(ev: list, players: list) -> str:
    """An event as a menu line, in the words of the table (the record's verbs otherwise)."""
    verb = ev[0]
    n = len(ev)
    if verb == "rondel":
        text = "%d steps" % ev[2]
        if n > 3 and ev[3]:
            text += ", pay " + value(ev[3])
        return text
    if verb == "produce":
        return title(ev[2]) + (" with temple" if n > 3 and ev[3] else "")
    if verb in ("recruit", "deploy", "battle") and n > 3:
        return _units(ev[2], ev[3])
    if verb == "temple" and n > 2:
        return "Temple, %d adjacent" % ev[2]
    if verb == "city" and n > 2:
        kind = title(ev[3]) + " city" if n > 3 else "City"
        return "%s, %d adjacent" % (kind, ev[2])
    if verb == "conquer" and n > 2:
        text = "City with temple" if ev[2] else "City"
        if n > 3:
            text += ": " + value(ev[3])
        return text
    if verb == "trade" and n > 3:
        return "Give %s for %s" % (value(ev[2]), value(ev[3]))
    if verb == "event" and n > 3:
        return "%s: %s" % (title(ev[2]), value(ev[3]))
    return args(ev) if n > 2 else title(verb)


class Screen(Menu):
    in_game = True

    def __init__(self, app: object) -> None:
        g = app.match.game  # type: ignore[attr-defined]
        players = app.players()  # type: ignore[attr-defined]
        turn = g.result()["turn"]
        self.kinds: list = []  # (player, verb), acting player first
        self.events: list = []  # per kind, its events
        for ev in g.legal():
            key = (ev[1], ev[0])
            if key in self.kinds:
                self.events[self.kinds.index(key)].append(ev)
            else:
                self.kinds.append(key)
                self.events.append([ev])
        order = [k for k in range(len(self.kinds)) if self.kinds[k][0] == turn]
        order += [k for k in range(len(self.kinds)) if self.kinds[k][0] != turn]
        self.kinds = [self.kinds[k] for k in order]
        self.events = [self.events[k] for k in order]
        labels = []
        for p, verb in self.kinds:
            text = title(verb)
            if p != turn:
                text = "%s: %s" % (players[p], text)
            labels.append(text)
        super().__init__(app, "%s to play: moves now" % players[turn], labels)

    def pick(self, i: int) -> None:
        app = self.app
        events = self.events[i]
        if len(events) == 1:
            app.play(events[0])  # type: ignore[attr-defined]
            return
        players = app.players()  # type: ignore[attr-defined]
        labels = [label(ev, players) for ev in events]
        app.push(choice.Screen(app, self.labels[i], labels, events))  # type: ignore[attr-defined]
