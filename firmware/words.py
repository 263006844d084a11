"""Words on the screen: ids made readable.

Everything here builds a new string, so callers build labels once (a menu on entry, a
notice once per event), never per frame. Events told in words for the status line are
each game's tracking screen's ``describe()`` (firmware/notices.py for two of them).
"""

# Words left in lower case inside a name ("Statue of Zeus"), between spaces.
_SMALL = " of the and "

# Hand-chosen short forms of the names too wide for a list row of the 250x122 panel with
# a price beside them (tests/firmware/test_text_fits.py finds them): "long|short" lines
# of one string, so no table and no interned words in the heap. The guilds lose "Guild"
# (all seven alike: the picker's "gld" tag says it).
_SHORT = """
Chamber of Commerce|Commerce Ch.
Siege Workshop|Siege Works
Merchants Guild|Merchants
Shipowners Guild|Shipowners
Builders Guild|Builders
Magistrates Guild|Magistrates
Scientists Guild|Scientists
Moneylenders Guild|Moneylenders
Tacticians Guild|Tacticians
Temple of Artemis|T. of Artemis
Great Lighthouse|Lighthouse
"""


def title(word: str) -> str:
    """An id as people write it: ``lumber-yard`` -> ``Lumber Yard``, ``statue-of-zeus``
    -> ``Statue of Zeus``."""
    out = ""
    start = 0
    n = len(word)
    for i in range(n + 1):
        if i == n or word[i] == "-" or word[i] == "_":
            part = word[start:i]
            if out:
                out += " "
            if part and (not out or _SMALL.find(" %s " % part) < 0):
                part = part[0].upper() + part[1:]
            out += part
            start = i + 1
    return out


def short(word: str) -> str:
    """``title(word)``, or its short form where that is too wide for a list row."""
    t = title(word)
    at = _SHORT.find("\n%s|" % t)
    if at < 0:
        return t
    at += len(t) + 2
    return _SHORT[at : _SHORT.find("\n", at)]
