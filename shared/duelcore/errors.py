"""The two ways a record can be wrong, as the spec names them.

Kept in their own module so that the firmware and the host can catch them without
importing any game's rules.
"""


class RecordError(ValueError):
    """The input is not a record (wrong shape, unknown game, bad setup)."""


class IllegalEvent(Exception):
    """An event the rules refuse; carries where it happened and why.

    Games raise it with only a reason; the engine fills in the index and the event,
    so that every refusal reads the same: ``event 7 ["build", 1, "palace"]: ...``.
    """

    def __init__(self, reason: str, index: "int | None" = None, event: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.index = index
        self.event = event

    def __str__(self) -> str:
        if self.index is None:
            return self.reason
        from .jsontext import dumps  # only to word an error: kept off the device's heap

        return "event %d %s: %s" % (self.index, dumps(self.event, ", ", ": "), self.reason)


def refusal(reasons: str, n: int, *args: object) -> IllegalEvent:
    """The refusal with line ``n`` of ``reasons``, filled in with ``args``.

    A game keeps its reasons as the lines of one string and names each line by a
    ``const()`` number: on MicroPython every string constant of a module loads as a heap
    object of its own, so one string holds them all for one object's cost. Only the line
    asked for is copied out: refusals are frequent where moves are tried.
    """
    at = 0
    for _ in range(n):
        at = reasons.index("\n", at) + 1
    end = reasons.find("\n", at)
    return IllegalEvent((reasons[at:] if end < 0 else reasons[at:end]) % args)
