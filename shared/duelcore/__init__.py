"""duelcore: the rules of three duel board games, for MicroPython and CPython alike.

The core is a library: no printing, no I/O, no game state in globals.
"""

from .engine import Match
from .errors import IllegalEvent, RecordError

__all__ = ("IllegalEvent", "Match", "RecordError", "replay")


def replay(record: dict) -> dict:
    """Replay a record and return the spec's replay result.

    Raises RecordError for a malformed record and IllegalEvent (with ``index``,
    ``event`` and ``reason``) for the first event the rules refuse.
    """
    return Match(record, compact=False).result()
