"""7 Wonders Duel: the spec's replay result and the state compared by tests (Game.result)."""

from ..compat import const
from .cards import PROGRESS, SYMBOLS, name, wonder_name
from .score import CATEGORIES

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # annotations only: the compiler drops the block
    from .contracts import Game


def state(g: "Game") -> tuple:
    return (
        tuple(tuple(x) for x in g.own),
        tuple(g.board),
        None if g.box is None else tuple(g.box),
        tuple(g.coins),
        tuple(tuple(x) for x in g.cards),
        tuple(tuple(x) for x in g.built),
        tuple(tuple(x) for x in g.tokens),
        g.conflict,
        bytes(g.loot),
        bytes(g.taken),
        tuple(g.discards),
        g.age,
        g.in_age,
        g.turn,
        g.pending,
        g.again,
        g.over,
        g.winner,
        g.victory,
    )


def result(g: "Game") -> dict:
    players = []
    for p in (0, 1):
        values = g.score(p)
        score = {}
        for i in range(9):
            score[CATEGORIES[i]] = values[i]
        players.append(
            {
                "coins": g.coins[p],
                "score": score,
                "symbols": sorted(SYMBOLS[s] for s in g.symbols(p)),
                "progress": [PROGRESS[t] for t in g.tokens[p]],
                "wonders": [wonder_name(w) for w in g.built[p]],
                "cards": [name(c) for c in g.cards[p]],
            }
        )
    return {
        "over": g.over,
        "winner": g.winner,
        "victory": g.victory,
        "turn": None if g.over else g.turn,
        "pending": g.pending,
        "age": g.age,
        "conflict": g.conflict,
        "players": players,
    }
