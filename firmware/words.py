"""Words on the screen: ids made readable.

Everything here builds a new string, so callers build labels once (a menu on entry, a
notice once per event), never per frame. Events told in words for the status line are
each game's tracking screen's ``describe()`` (firmware/notices.py for two of them).
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
