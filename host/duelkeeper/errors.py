"""The one error type the `duelkeeper` command shows to its user as a single line, and
how a message quotes what it was given."""

QUOTE_MAX = 60  # characters of a given value a message quotes; the rest is counted
LINE_MAX = 300  # characters of a message line, "duelkeeper: " included


class DuelkeeperError(Exception):
    """A failure the user can act on; the message is the whole explanation."""


def shown_quote(value: object) -> str:
    """``value`` as a message quotes it: its repr, cut to QUOTE_MAX characters with the
    length said, so a message stays one short line whatever it was given."""
    text = repr(value)
    if len(text) <= QUOTE_MAX:
        return text
    size = len(value) if isinstance(value, str | bytes) else len(text)
    return "%s… (%d characters)" % (text[: QUOTE_MAX - 1], size)


def brief(value: object) -> str:
    """``value`` as text when short, else as ``shown_quote`` cuts it."""
    text = str(value)
    return text if len(text) <= QUOTE_MAX else shown_quote(value)


def cut(line: str, room: int = LINE_MAX) -> str:
    """``line`` in at most ``room`` characters: a message that quotes what it was given
    (an illegal event's card name, say) loses its middle, saying how much; its start
    (where) and its end (the reason) stay."""
    if len(line) <= room:
        return line
    gap = ""
    while len(gap) != len(gap := " … (%d characters cut) … " % (len(line) - room + len(gap))):
        pass  # the count's digits are part of the room it takes
    head = (room - len(gap)) // 2
    return line[:head] + gap + line[len(line) - (room - len(gap) - head) :]
