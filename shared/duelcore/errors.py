"""The two ways a record can be wrong, as the spec names them.

Kept in their own module so that the firmware and the host can catch them without
importing any game's rules.
"""

from .jsontext import dumps


class RecordError(ValueError):
    """The input is not a record (wrong shape, unknown game, bad setup)."""


class IllegalEvent(Exception):
    """An event the rules refuse; carries where it happened and why.

    Games raise it with only a reason; the engine fills in the index and the event,
    so that every refusal reads the same: ``event 7 ["build", 1, "palace"]: ...``.
    A reason given by its number (``refusal()``) is worded only when ``reason`` is read:
    most refusals are tried moves that nobody reads.
    """

    def __init__(self, reason: str, index: "int | None" = None, event: object = None) -> None:
        super().__init__(reason)
        self._reason = reason
        # (reasons, line, args) of a reason not worded yet: the firmware words it in
        # the device's language.
        self.where: tuple | None = None
        self.index = index
        self.event = event

    @property
    def reason(self) -> str:
        where = self.where
        if where is not None:
            self.where = None
            self._reason = line(where[0], where[1]) % where[2]
        return self._reason

    def __str__(self) -> str:
        if self.index is None:
            return self.reason
        return "event %d %s: %s" % (self.index, dumps(self.event, ", ", ": "), self.reason)


def refusal(reasons: str, n: int, *args: object) -> IllegalEvent:
    """The refusal with line ``n`` of ``reasons`` (a game's ``WHY``), filled in with
    ``args`` when read: most refusals are tried moves that nobody reads."""
    e = IllegalEvent("")
    e.where = (reasons, n, args)
    return e


def line(reasons: str, n: int) -> str:
    """Line ``n`` of ``reasons``; only that line is copied out."""
    at = 0
    for _ in range(n):
        at = reasons.index("\n", at) + 1
    end = reasons.find("\n", at)
    return reasons[at:] if end < 0 else reasons[at:end]
