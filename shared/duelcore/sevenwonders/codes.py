"""7 Wonders Duel: an event as one small int and back, for the engine's log (Game.encode),
and the verbs in their code's order."""

from ..compat import const
from .cards import PROGRESS, card, name, progress, wonder, wonder_name

# Verbs in their encode() order, with how many arguments each takes.
VERBS = ("build", "discard", "wonder", "progress", "destroy", "mausoleum", "starter", "coins")
ARITY = b"\x01\x01\x02\x01\x01\x01\x01\x01"

_COIN_BIAS = const(1 << 20)  # coin corrections up to +-1M coins pack into the code


def encode(event: list) -> "int | None":
    """The event as one small int (see engine.Match), or None if it has no code."""
    verb = event[0]
    if verb not in VERBS or len(event) != 2 + ARITY[VERBS.index(verb)]:
        return None
    v = VERBS.index(verb)
    a = event[2]
    b = 0
    if v == 2:  # wonder
        a = wonder(a)
        b = card(event[3])
    elif v == 3:
        a = progress(a)
    elif v == 6 or v == 7:  # starter, coins: the number itself
        if type(a) is not int or not -_COIN_BIAS < a < _COIN_BIAS:
            return None
        return v | event[1] << 3 | (a + _COIN_BIAS) << 4
    else:
        a = card(a)
    if a < 0 or b < 0:
        return None
    return v | event[1] << 3 | a << 4 | b << 11


def decode(code: int) -> list:
    v = code & 7
    p = code >> 3 & 1
    if v >= 6:
        return [VERBS[v], p, (code >> 4) - _COIN_BIAS]
    a = code >> 4 & 127
    if v == 2:
        return [VERBS[v], p, wonder_name(a), name(code >> 11)]
    if v == 3:
        return [VERBS[v], p, PROGRESS[a]]
    return [VERBS[v], p, name(a)]
