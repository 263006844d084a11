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
    A reason given by its number (``refusal()``) is worded only when ``reason`` is read:
    most refusals are tried moves that nobody reads.
    """

    def __init__(self, reason: str, index: "int | None" = None, event: object = None) -> None:
        super().__init__(reason)
        self._reason = reason
        # (module, line, args) of a reason not worded yet; the firmware reads the module
        # to unload it once it has shown the reason.
        self.where: tuple | None = None
        self.index = index
        self.event = event

    @property
    def reason(self) -> str:
        where = self.where
        if where is not None:
            self.where = None
            self._reason = _worded(where[0], where[1], where[2])
        return self._reason

    def __str__(self) -> str:
        if self.index is None:
            return self.reason
        from .jsontext import dumps  # only to word an error: kept off the device's heap

        return "event %d %s: %s" % (self.index, dumps(self.event, ", ", ": "), self.reason)


def refusal(module: str, n: int, *args: object) -> IllegalEvent:
    """The refusal with line ``n`` of ``module``'s ``WHY``, filled in with ``args`` when
    read.

    A game keeps its reasons as the lines of one string in a module of their own, and
    names each line by a ``const()`` number: on MicroPython every string constant of a
    loaded module is a heap object, and that module is loaded only to word a reason, so
    the reasons hold no heap while a game is played (the firmware unloads the module
    again after showing one)."""
    e = IllegalEvent("")
    e.where = (module, n, args)
    return e


def _worded(module: str, n: int, args: tuple) -> str:
    """Line ``n`` of ``module.WHY`` % ``args``; only that line is copied out."""
    reasons = __import__(module, None, None, ("WHY",)).WHY
    at = 0
    for _ in range(n):
        at = reasons.index("\n", at) + 1
    end = reasons.find("\n", at)
    return (reasons[at:] if end < 0 else reasons[at:end]) % args
