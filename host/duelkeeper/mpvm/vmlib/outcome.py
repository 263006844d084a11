"""The outcome of replaying a record, computed the same way under CPython and MicroPython.

A refusal becomes data instead of an exception, so the two runtimes' answers can be
compared as JSON: the replay result, or ``{"error": {"index": i, "message": ...}}`` for an
illegal event, or ``{"error": {"record": ...}}`` for input that is not a valid record.
"""

from duelcore import IllegalEvent, RecordError, replay


def outcome(record: dict[str, object]) -> dict[str, object]:
    try:
        return replay(record)
    except IllegalEvent as e:
        return {"error": {"index": e.index, "message": str(e)}}
    except RecordError as e:
        return {"error": {"record": str(e)}}
