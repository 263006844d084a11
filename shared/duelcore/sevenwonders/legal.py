"""7 Wonders Duel: every event the rules accept now, for a device's menus (Game.legal)."""

from ..compat import const
from .cards import PROGRESS, name, wonder_name

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # annotations only: the compiler drops the block
    from .contracts import Game

_WONDER_LIMIT = const(7)  # rules.py's: seven wonders in a game


def legal(g: "Game") -> list:
    """Every event apply() accepts now, corrections aside."""
    if g.over:
        return []
    p = g.turn
    pend = g.pending
    out: list = []
    if pend == "progress":
        for t in g.board:
            out.append(["progress", p, PROGRESS[t]])
    elif pend == "library":
        for t in g.library_choices():
            out.append(["progress", p, PROGRESS[t]])
    elif pend == "destroy":
        for c in g._destroyable(p):
            out.append(["destroy", p, name(c)])
    elif pend == "mausoleum":
        for c in g.discards:
            out.append(["mausoleum", p, name(c)])
    elif pend == "starter":
        out.append(["starter", p, p])
        out.append(["starter", p, 1 - p])
    else:
        wonders = []
        if len(g.built[0]) + len(g.built[1]) < _WONDER_LIMIT:
            for w in g.own[p]:
                if w not in g.built[p] and g.wonder_price(p, w)[0] <= g.coins[p]:
                    wonders.append(wonder_name(w))
        for c in g.available():
            n = name(c)
            if g.price(p, c)[0] <= g.coins[p]:
                out.append(["build", p, n])
            out.append(["discard", p, n])
            for w in wonders:
                out.append(["wonder", p, w, n])
    return out
