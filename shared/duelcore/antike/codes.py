"""Antike Duellum's events as small ints, for the engine's log (duelcore.engine.Match).

A code is the verb (bits 0-3, tables.VERBS order), the player (bit 4) and the arguments
from bit 5, below 2**30 (a MicroPython small int: no heap). Names are their index in the
tables' lists. Where a record may give or leave out an argument or a key, a flag or a
field whose 0 means "absent" says which, so decode gives back exactly the event encoded,
as JSON: ``["rondel", 0, 2]`` and ``["rondel", 0, 2, {}]`` get different codes. Anything
outside the layout (the corrections, a null where an argument may be left out, numbers
out of range, keys of their own) has no code: encode gives None and the engine keeps the
event itself. Encoding runs before apply() on every event: it never raises.

Argument bits (from bit 5 of the code):

    rondel            steps 0-2, payment given 3, payment 4-15 (a resource object)
    produce           resource 0-1, temple 2
    recruit deploy battle    armies 0-3, fleets 4-7
    temple            adjacent 0-5          knowledge, personality, card: the name
    city              adjacent 0-5, resource 6-8 (an optional resource)
    conquer           temple 0, details given 1, details 2-22: resource 2-4 (optional
                      resource), wall 5-6 (0 absent, 1 + flag), armies, fleets,
                      defenders, fleets_lost 4 bits each from 7 (0 absent, 1 + n)
    event             card 0-4, argument given 5, argument 6-23 (by card, see _card_arg)
    trade             give 0-11, take 12-23 (resource objects)

A resource object {resource: 0-6} is one 3-bit field per resource (0: the key is absent,
else n + 1); an optional resource is 0 absent, 1 null, 2 + the resource.
"""

from . import layout as L
from .parse import index
from .tables import CARDS, CONQUER_KEYS, KNOWLEDGE, PERSONALITIES, RESOURCES, VERBS

_UNIT = "army fleet"
# Where each conquer detail (CONQUER_KEYS order) starts in the details field; the last
# entry is the end.
_AT = b"\x00\x03\x05\x09\x0d\x11\x15"


def _word(names: str, i: int) -> str:
    """The ``i``-th of the space-separated ``names``: ``names.split()[i]`` without the list."""
    a = 0
    for _ in range(i):
        a = names.index(" ", a) + 1
    b = names.find(" ", a)
    return names[a:] if b < 0 else names[a:b]


def _num(x: object, hi: int) -> int:
    return x if type(x) is int and 0 <= x <= hi else -1


def _flag(x: object) -> int:
    return 1 if x is True else 0 if x is False else -1


def _opt(x: object) -> int:
    """An optional resource: 1 null, 2 + the resource, -1 for anything else."""
    if x is None:
        return 1
    r = index(x, RESOURCES)
    return r + 2 if r >= 0 else -1


def _unopt(f: int) -> "str | None":
    return None if f == 1 else _word(RESOURCES, f - 2)


def _bundle(d: object, n: int) -> int:
    """A resource object with 0-6 of each of the first n resources, or -1."""
    if type(d) is not dict:
        return -1
    c = 0
    for k in d:
        r = index(k, RESOURCES, n)
        x = d[k]
        if r < 0 or type(x) is not int or not 0 <= x <= 6:
            return -1
        c |= (x + 1) << 3 * r
    return c


def _unbundle(c: int) -> dict:
    d = {}
    r = 0
    while c:
        if c & 7:
            d[_word(RESOURCES, r)] = (c & 7) - 1
        c >>= 3
        r += 1
    return d


def _details(d: object) -> int:
    if type(d) is not dict:
        return -1
    c = 0
    for k in d:
        j = index(k, CONQUER_KEYS)
        x = d[k]
        f = _opt(x) - 1 if j == 0 else _flag(x) if j == 1 else _num(x, 14)
        if j < 0 or f < 0:
            return -1
        c |= (f + 1) << _AT[j]
    return c


def _card_arg(c: int, x: object) -> int:
    """The argument of event card c, in at most 18 bits, or -1."""
    if c == L.ARCHITECT or c == L.EARTHQUAKE:  # adjacent temples; a wall's owner
        return _num(x, 63)
    if c == L.HONORARIUM:
        return _bundle(x, 4)
    if c == L.SABOTAGE:
        return index(x, CARDS)
    if c == L.MERCHANT:  # {"give": {...}, "take": {...}}: marble, iron, gold only
        if type(x) is not dict or len(x) != 2 or "give" not in x or "take" not in x:
            return -1
        return _bundle(x["give"], 3) | _bundle(x["take"], 3) << 9
    if type(x) is not list or not 1 <= len(x) <= 2:
        return -1
    a = x[0]
    if len(x) == 1:  # settler [adjacent_same]
        return _num(a, 63) if c == L.SETTLER else -1
    b = x[1]
    if c == L.DIPLOMACY:  # [resource, temple]
        return index(a, RESOURCES) | _flag(b) << 2
    if c == L.MINING:  # [from, to]
        return index(a, RESOURCES) | index(b, RESOURCES) << 2
    if c == L.MUTINY:  # [owner, unit]
        return _num(a, 1) | index(b, _UNIT) << 1
    if c == L.RECRUITS:  # [armies, fleets]
        return _num(a, 15) | _num(b, 15) << 4
    if c == L.SETTLER:  # [adjacent_same, resource or null]
        return _num(a, 63) | _opt(b) << 6
    return -1


def _card_value(c: int, f: int) -> object:
    if c == L.ARCHITECT or c == L.EARTHQUAKE:
        return f
    if c == L.HONORARIUM:
        return _unbundle(f)
    if c == L.SABOTAGE:
        return _word(CARDS, f)
    if c == L.MERCHANT:
        return {"give": _unbundle(f & 0x1FF), "take": _unbundle(f >> 9)}
    if c == L.DIPLOMACY:
        return [_word(RESOURCES, f & 3), f >> 2 == 1]
    if c == L.MINING:
        return [_word(RESOURCES, f & 3), _word(RESOURCES, f >> 2)]
    if c == L.MUTINY:
        return [f & 1, _word(_UNIT, f >> 1)]
    if c == L.RECRUITS:
        return [f & 15, f >> 4]
    return [f & 63] if f < 64 else [f & 63, _unopt(f >> 6)]  # settler


def encode(event: object) -> "int | None":
    """The event as one int below 2**30, or None when it has no code."""
    if type(event) is not list or len(event) < 2:
        return None
    v = index(event[0], VERBS)
    p = event[1]
    n = len(event) - 2
    if v < 0 or type(p) is not int or not 0 <= p <= 1 or n > 2:
        return None
    x = event[2] if n else None
    y = event[3] if n == 2 else None
    a = -1  # a negative part makes the whole negative: no code
    if v == 0:  # rondel
        if n:
            a = _num(x, 7) | (8 | _bundle(y, 4) << 4 if n == 2 else 0)
    elif v == 1:  # produce
        if n == 2:
            a = index(x, RESOURCES) | _flag(y) << 2
    elif v == 2 or v == 3 or v == 7:  # recruit, deploy, battle
        if n == 2:
            a = _num(x, 15) | _num(y, 15) << 4
    elif v == 4:  # temple
        if n == 1:
            a = _num(x, 63)
    elif v == 5:  # wall
        if not n:
            a = 0
    elif v == 6 or v == 10 or v == 13:  # knowledge, personality, card
        if n == 1:
            a = index(x, KNOWLEDGE if v == 6 else PERSONALITIES if v == 10 else CARDS)
    elif v == 8:  # conquer
        if n:
            a = _flag(x) | (2 | _details(y) << 2 if n == 2 else 0)
    elif v == 9:  # city
        if n:
            a = _num(x, 63) | (_opt(y) << 6 if n == 2 else 0)
    elif v == 11:  # event
        if n:
            a = index(x, CARDS)
            if n == 2:
                a |= 32 | _card_arg(a, y) << 6
    elif v == 12:  # trade
        if n == 2:
            a = _bundle(x, 4) | _bundle(y, 4) << 12
    # resources, units: corrections, no code
    return None if a < 0 else v | p << 4 | a << 5


def decode(code: int) -> list:
    """The event ``encode`` gave ``code`` for."""
    v = code & 15
    a = code >> 5
    event = [_word(VERBS, v), code >> 4 & 1]
    if v == 0:
        event.append(a & 7)
        if a & 8:
            event.append(_unbundle(a >> 4))
    elif v == 1:
        event.append(_word(RESOURCES, a & 3))
        event.append(a >> 2 == 1)
    elif v == 2 or v == 3 or v == 7:
        event.append(a & 15)
        event.append(a >> 4)
    elif v == 4:
        event.append(a)
    elif v == 6 or v == 10 or v == 13:
        event.append(_word(KNOWLEDGE if v == 6 else PERSONALITIES if v == 10 else CARDS, a))
    elif v == 8:
        event.append(a & 1 == 1)
        if a & 2:
            d = {}
            for j in range(6):
                f = (a >> (2 + _AT[j])) & ((1 << (_AT[j + 1] - _AT[j])) - 1)
                if f:
                    d[_word(CONQUER_KEYS, j)] = _unopt(f) if not j else f == 2 if j == 1 else f - 1
            event.append(d)
    elif v == 9:
        event.append(a & 63)
        if a >> 6:
            event.append(_unopt(a >> 6))
    elif v == 11:
        event.append(_word(CARDS, a & 31))
        if a & 32:
            event.append(_card_value(a & 31, a >> 6))
    elif v == 12:
        event.append(_unbundle(a & 0xFFF))
        event.append(_unbundle(a >> 12))
    return event
