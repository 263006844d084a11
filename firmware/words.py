"""Words on the screen: ids made readable, events told in a few words.

Everything here builds a new string, so callers build labels once (a menu on entry, a
notice once per event), never per frame.
"""


def title(word: str) -> str:
    """An id as people write it: ``lumber-yard`` -> ``Lumber Yard``."""
    out = ""
    up = True
    for ch in word:
        if ch == "-" or ch == "_":
            out += " "
            up = True
        elif up:
            out += ch.upper()
            up = False
        else:
            out += ch
    return out


def value(v: object) -> str:
    """An event argument in a few characters: lists and objects flattened."""
    if isinstance(v, str):
        return title(v)
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, (list, tuple)):
        return " ".join([value(x) for x in v]) if v else "none"
    if isinstance(v, dict):
        parts = []
        for k in sorted(v):
            x = v[k]
            if isinstance(x, bool):
                if x:
                    parts.append(title(k))
            elif isinstance(x, int):
                parts.append("%d %s" % (x, title(k)))
            else:
                parts.append("%s %s" % (title(k), value(x)))
        return ", ".join(parts) if parts else "-"
    return str(v)


def args(event: list, start: int = 2) -> str:
    """The arguments of an event from ``start`` on, as one line (flags left out: the
    menus that offer them say what they mean)."""
    parts = []
    for i in range(start, len(event)):
        if not isinstance(event[i], bool):
            parts.append(value(event[i]))
    return " ".join(parts)


# Verbs of the three games in the past tense, for notices; others are shown as they are.
_PAST = {
    "build": "built",
    "discard": "sold",
    "progress": "took",
    "destroy": "destroyed",
    "mausoleum": "revived",
    "take": "took",
    "buy": "bought",
    "reserve": "reserved",
    "privilege": "used privileges:",
    "replenish": "replenished the board",
    "steal": "stole",
    "royal": "took",
    "return": "returned",
    "color": "chose",
    "rondel": "moved",
    "produce": "produced",
    "recruit": "recruited",
    "deploy": "deployed",
    "temple": "built a temple",
    "wall": "built a wall",
    "city": "founded a city",
    "knowledge": "learnt",
    "conquer": "conquered",
    "personality": "claimed",
    "card": "took",
    "event": "played",
    "trade": "traded",
}


def describe(event: list, players: list) -> str:
    """An event as a notice line: ``Ann built Stable``."""
    verb = event[0]
    who = players[event[1]] if event[1] in (0, 1) else "?"
    if verb == "starter":
        return "%s: %s starts" % (who, players[event[2]])
    if verb == "wonder":
        return "%s built %s" % (who, title(event[2]))
    if verb == "coins":
        return "%s coins %+d" % (who, event[2])
    if verb in ("tokens", "resources"):
        return "%s %s" % (who, value(event[2]))
    past = _PAST.get(verb)
    if past is None:
        return "%s %s %s" % (who, title(verb), args(event))
    if verb in ("temple", "wall", "city", "replenish"):
        return "%s %s" % (who, past)
    if verb == "buy" or verb == "reserve":
        return "%s %s %s" % (who, past, event[2])
    return "%s %s %s" % (who, past, args(event))
