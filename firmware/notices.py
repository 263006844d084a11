"""Events told in a few words, for the status line: Splendor Duel and Antike Duellum.

Their tracking screens' ``describe()``; 7 Wonders Duel's few verbs are told by its own
(firmware/games/sevenwonders/track.py), so a 7WD game never loads this module. Everything here
builds a new string: a notice is built once per event, never per frame.
"""

from .lang import count, name, thing, tr, word

_AD = "antike-duellum"


def value(v: object, game: str = _AD, obj: bool = False) -> str:
    """An event argument in a few characters: lists and objects flattened; ``obj``: a
    verb's object, its names in the case that takes (lang.thing)."""
    if isinstance(v, str):
        return thing(game, v) if obj else name(game, v)
    if isinstance(v, bool):
        return tr("yes") if v else tr("no")
    if isinstance(v, (list, tuple)):
        return " ".join([value(x, game, obj) for x in v]) if v else tr("none")
    if isinstance(v, dict):
        if game == _AD and v and not [k for k in v if k not in _PAID_KEYS]:
            return pay(v)  # resources, counted as the language counts them (2 мрамора)
        parts = []
        for k in sorted(v):
            x = v[k]
            if isinstance(x, bool):
                if x:
                    parts.append(name(game, k))
            elif isinstance(x, int):
                parts.append("%d %s" % (x, name(game, k)))
            elif x != {}:  # an empty part says nothing
                parts.append("%s %s" % (name(game, k), value(x, game)))
        return ", ".join(parts)  # "" for nothing: args() leaves it out
    return str(v)


def args(event: list, start: int = 2, game: str = _AD, obj: bool = False) -> str:
    """The arguments of an event from ``start`` on, as one line (flags left out: the
    menus that offer them say what they mean); ``obj``: the verb's objects (``value``)."""
    parts = []
    for i in range(start, len(event)):
        x = event[i]
        if not isinstance(x, bool):
            text = value(x, game, obj)
            if text:  # an empty payment: nothing to say
                parts.append(text)
    return " ".join(parts)


# The games' verbs told in the past tense, for notices: "|verb notice", the notice whole
# with the player's ``%s`` and the event's (a language puts the verb where it goes:
# Japanese's last); one ending in "." is said without the event's arguments, one ending
# in "=" with its first argument as it is. One string, not a dict of words: no table and
# no interned words in the heap.
_PAST = (
    "|take %s took %s|buy %s bought %s=|reserve %s reserved %s=|privilege %s used privileges: %s"
    "|replenish %s replenished the board.|steal %s stole %s|royal %s took %s"
    "|return %s returned %s|color %s chose %s|rondel %s moved %s|produce %s produced %s"
    "|recruit %s recruited %s|deploy %s deployed %s|temple %s built a temple."
    "|wall %s built a wall.|city %s founded a city.|knowledge %s learnt %s"
    "|conquer %s conquered %s|personality %s claimed %s|card %s took %s|event %s played %s"
    "|trade %s traded %s|tokens |resources |"
)


# A payment's resources counted (lang.count), in pay's order.
# Antike's gold has a key of its own (English says the same): Japanese names it 黄金
# there, as the rule text 004 does, and Splendor's token 金.
PAID = (word("%d marble"), word("%d iron"), word("%d gold|%d gold"), word("%d coin|%d coins"))
_PAID_KEYS = ("marble", "iron", "gold", "coins")  # PAID's, in pay's order


def units(a: int, f: int) -> str:
    """``1 legion 2 galleys`` (a kind with none left out)."""
    out = []
    if a:
        out.append(count(a, word("%d legion|%d legions")))
    if f:
        out.append(count(f, word("%d galley|%d galleys")))
    return " ".join(out)


def steps(n: int) -> str:
    return count(n, word("%d step|%d steps"))


def pay(counts: dict, short: bool = False, sign: bool = False) -> str:
    """A payment ``{"marble": 1, "coins": 2}`` as ``1 marble 2 coins`` (``free``: none);
    ``short``: ``1M 2C``, the letters of Antike's tracking screen; ``sign``: ``+8
    marble``, as a correction says."""
    out = []
    letters = tr("M I G C").split() if short else ()
    i = 0
    for k in _PAID_KEYS:
        n = counts.get(k, 0)
        if short and n:
            out.append("%d%s" % (n, letters[i]))
        elif n:
            out.append(count(n, PAID[i], sign))
        i += 1
    return " ".join(out) if out else tr("free")


def describe(event: list, players: list, game: str = _AD) -> str:
    """An event as a notice line: ``Ann took red red blue``."""
    verb = event[0]
    who = players[event[1]] if event[1] in (0, 1) else "?"
    if verb == "rondel":  # Antike's move: the steps, and what they cost
        text = tr("%s moved %s") % (who, steps(event[2]))
        if len(event) > 3 and event[3]:
            text += ": " + pay(event[3])  # what the steps past the free ones cost
        return text
    if (verb == "recruit" or verb == "deploy") and len(event) > 3:  # units, in words
        done = tr("%s recruited %s") if verb == "recruit" else tr("%s deployed %s")
        return done % (who, units(event[2], event[3]))
    at = _PAST.find("|%s " % verb)
    if at < 0:
        return "%s %s %s" % (who, name(game, verb), args(event, 2, game))
    at += len(verb) + 2
    past = _PAST[at : _PAST.find("|", at)]
    if not past:  # Antike's correction (Splendor's: its words.py), signed: ``Ann +8 marble``
        return "%s %s" % (who, pay(event[2], False, True))
    end = past[-1]
    if end == ".":
        return tr(past[:-1]) % who
    if end == "=":
        return tr(past[:-1]) % (who, event[2])
    return tr(past) % (who, args(event, 2, game, True))
