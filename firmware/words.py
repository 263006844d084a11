"""Words on the screen: ids made readable.

Everything here builds a new string, so callers build labels once (a menu on entry, a
notice once per event), never per frame. Events told in words for the status line are
each game's tracking screen's ``describe()`` (firmware/notices.py for two of them).
"""

# Words left in lower case inside a name ("Statue of Zeus"), between spaces.
_SMALL = " of the and "


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
