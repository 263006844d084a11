"""The two ways a record can be wrong, as the spec names them.

Kept in their own module so that the firmware and the host can catch them without
importing any game's rules.
"""

from .jsontext import dumps


class RecordError(ValueError):
    """The input is not a record (wrong shape, unknown game, bad setup)."""


class IllegalEvent(Exception):
    """An event the rules refuse; carries where it happened and why.

    Games raise it with only a reason: ``why``, a ``%`` template, and the values that
    fill it in (``IllegalEvent("player %d needs %d coins", 1, 3)``). It is worded only
    when ``reason`` is read, since most refusals are tried moves that nobody reads, and
    the firmware words the template in the device's language. The engine fills in the
    index and the event, so that every refusal reads the same:
    ``event 7 ["build", 1, "palace"]: ...``.
    """

    def __init__(self, why: str, *fill: object) -> None:
        super().__init__(why)
        self.why = why
        self.fill = fill
        self.index: int | None = None
        self.event: object = None

    @property
    def reason(self) -> str:
        return self.why % self.fill if self.fill else self.why

    def __str__(self) -> str:
        if self.index is None:
            return self.reason
        return "event %d %s: %s" % (self.index, dumps(self.event, ", ", ": "), self.reason)
