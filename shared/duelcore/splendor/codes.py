"""Splendor Duel's events as small ints, for the engine's log (duelcore.engine.Match).

A code is the verb (bits 0-3, VERBS order), the player (bit 4) and the argument
from bit 5, below 2**30 (a MicroPython small int: no heap):

    privilege take return   up to 8 token names in their order, 3 bits each from the
                            low end: token + 1 (TOKENS order), so a list ends at a 0
    reserve buy             the card (bits 0-6: cards table order; 67-69 deck1-deck3),
                            buy options given (bit 7), ``reserved`` (bits 8-9: 0 absent,
                            1 false, 2 true), ``color`` (bits 10-12: 0 absent, token + 1)
    color steal royal       the token, the royal card (index)
    replenish               nothing

Decoding gives back exactly the event encoded, as JSON: the same token order, options
given or not, each key given or not. Anything outside the layout (a card named by a
descriptor object, an id not written as cards.card_id writes it, a ``tokens``
correction, a key of its own) has no code: encode gives None and the engine keeps the
event itself. Encoding runs before apply() on every event: it never raises.
"""

from . import cards as C
from .cards import TOKENS

# The verbs; an event code holds the index in its low 4 bits.
VERBS = (
    "privilege",
    "replenish",
    "take",
    "reserve",
    "buy",
    "color",
    "steal",
    "royal",
    "return",
    "tokens",
)
DECKS = ("deck1", "deck2", "deck3")  # blind reservations


def _token(x: object) -> int:
    return TOKENS.index(x) if type(x) is str and x in TOKENS else -1


def _card(x: object) -> int:
    """The card an id names, written exactly as cards.card_id writes it (3 characters)."""
    if type(x) is not str or len(x) != 3 or not "1" <= x[2] <= "9":
        return -1
    return C.by_id(x)


def _tokens(arg: object) -> int:
    if type(arg) is not list or len(arg) > 8:
        return -1
    c = 0
    for i in range(len(arg) - 1, -1, -1):
        k = _token(arg[i])
        if k < 0:
            return -1
        c = c << 3 | k + 1
    return c


def _options(opts: object) -> int:
    if type(opts) is not dict:
        return -1
    c = 0x80
    n = 0
    if "reserved" in opts:
        r = opts["reserved"]
        if r is not True and r is not False:
            return -1
        c |= (2 if r else 1) << 8
        n += 1
    if "color" in opts:
        k = _token(opts["color"])
        if k < 0:
            return -1
        c |= (k + 1) << 10
        n += 1
    return c if n == len(opts) else -1


def encode(event: object) -> "int | None":
    """The event as one int below 2**30, or None when it has no code."""
    if type(event) is not list or len(event) < 2:
        return None
    verb = event[0]
    p = event[1]
    n = len(event) - 2
    if type(p) is not int or not 0 <= p <= 1 or type(verb) is not str or verb not in VERBS:
        return None
    v = VERBS.index(verb)
    a = -1  # a negative part makes the whole negative: no code
    if v == 1:  # replenish
        if not n:
            a = 0
    elif n == 1 or (n == 2 and v == 4):
        x = event[2]
        if v == 0 or v == 2 or v == 8:  # privilege, take, return
            a = _tokens(x)
        elif v == 3 or v == 4:  # reserve, buy
            a = _card(x)
            if v == 3 and type(x) is str and x in DECKS:
                a = C.COUNT + DECKS.index(x)
            if n == 2:
                a |= _options(event[3])
        elif v == 7:  # royal
            a = C.ROYALS.index(x) if type(x) is str and x in C.ROYALS else -1
        elif v != 9:  # color, steal (tokens corrections have no code)
            a = _token(x)
    return None if a < 0 else v | p << 4 | a << 5


def decode(code: int) -> list:
    """The event ``encode`` gave ``code`` for."""
    v = code & 15
    a = code >> 5
    event = [VERBS[v], code >> 4 & 1]
    if v == 0 or v == 2 or v == 8:
        names = []
        while a:
            names.append(TOKENS[(a & 7) - 1])
            a >>= 3
        event.append(names)
    elif v == 3 or v == 4:
        i = a & 0x7F
        event.append(C.card_id(i) if i < C.COUNT else DECKS[i - C.COUNT])
        if a & 0x80:
            opts: dict = {}
            if a >> 8 & 3:
                opts["reserved"] = a >> 8 & 3 == 2
            if a >> 10:
                opts["color"] = TOKENS[(a >> 10) - 1]
            event.append(opts)
    elif v == 7:
        event.append(C.ROYALS[a])
    elif v != 1:
        event.append(TOKENS[a])
    return event
