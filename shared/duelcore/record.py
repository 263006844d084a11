"""Record format 1 (spec/record-format.md): parse, validate, write.

A record is plain JSON-compatible data; validation checks the envelope that every game
shares and leaves the setup and events to the game. Unknown keys are kept untouched.
"""

import json

from .compat import const
from .errors import RecordError

FORMAT = 1
GAMES = ("7wd", "splendor-duel", "antike-duellum")
# docs/record-limits.md: an id names the game's files; a name is what a screen shows.
# Checked inline in validate(): on the device a function or a public name more costs heap.
_ID_MAX = const(64)
_NAME_MAX = const(24)


def loads(text: str) -> dict:
    """Parse and validate a record from JSON text (nested at most jsontext.DEPTH_MAX)."""
    from .jsontext import loads as parse  # only for the host: off the play path

    try:
        record = parse(text)
    except RecordError:
        raise
    except ValueError as e:
        raise RecordError("not JSON: %s" % e)
    return validate(record)


def dumps(record: dict) -> str:
    """Write a record as compact, key-sorted JSON (byte-stable across runtimes)."""
    from .jsontext import dumps as text  # only for sync and the host: off the play path

    return text(record)


def validate(record: object) -> dict:
    """Check the shared envelope; return the record itself (not a copy)."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    fmt = record.get("format")
    if type(fmt) is not int:
        raise RecordError("missing or non-integer 'format'")
    if fmt > FORMAT:
        raise RecordError("record format %d is newer than this version reads (%d)" % (fmt, FORMAT))
    if fmt < 1:
        raise RecordError("unknown record format %d" % fmt)
    game = record.get("game")
    if game not in GAMES:
        raise RecordError(
            "unknown game %s (expected one of %s)" % (json.dumps(game), ", ".join(GAMES))
        )
    rid = record.get("id")
    if not isinstance(rid, str):
        rid = ""
    ok = 0 < len(rid) <= _ID_MAX and rid[0] != "."
    for ch in rid if ok else "":  # what every file system takes: no separator, not hidden
        if not ("a" <= ch <= "z" or "A" <= ch <= "Z" or "0" <= ch <= "9" or ch in "-_."):
            ok = False
    if not ok:
        raise RecordError(
            "'id' must be 1 to %d letters, digits, '-', '_' or '.', not starting with '.'" % _ID_MAX
        )
    players = record.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise RecordError("'players' must be a list of two names")
    for p in (0, 1):
        name = players[p]
        ok = isinstance(name, str) and len(name) <= _NAME_MAX
        for ch in name if ok else "":
            # No control character (C0, DEL, C1: escapes, new lines), line or paragraph
            # separator, bidirectional control or lone surrogate: shown as it is anywhere.
            o = ord(ch)
            if (
                o < 32
                or 127 <= o <= 159
                or 0x2028 <= o <= 0x202E
                or 0x2066 <= o <= 0x2069
                or 0xD800 <= o <= 0xDFFF
            ):
                ok = False
        if not ok:
            raise RecordError(
                "player %d's name must be text of at most %d printable characters" % (p, _NAME_MAX)
            )
    if not isinstance(record.get("setup"), dict):
        raise RecordError("'setup' must be an object")
    events = record.get("events", [])
    if not isinstance(events, list):
        raise RecordError("'events' must be a list")
    meta = record.get("meta")
    if meta is not None and not isinstance(meta, dict):
        raise RecordError("'meta' must be an object")
    return record


def check_event(event: object) -> None:
    """The envelope of one event: ``[verb, player, args...]``.

    Raises IllegalEvent rather than RecordError: a garbled event is refused at its index
    like any other illegal event, so the user learns where the record went wrong.
    """
    if not isinstance(event, list) or len(event) < 2 or not isinstance(event[0], str):
        reason = "an event is [verb, player, args...]"
    elif event[1] not in (0, 1) or type(event[1]) is not int:
        reason = "the player must be 0 or 1"
    else:
        return
    # Imported on refusal only: replaying a game checks every event (and an import per
    # call costs more than the checks).
    from .errors import IllegalEvent

    raise IllegalEvent(reason)
