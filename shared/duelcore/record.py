"""Record format 1 (spec/record-format.md): parse, validate, write.

A record is plain JSON-compatible data; validation checks the envelope that every game
shares and leaves the setup and events to the game. Unknown keys are kept untouched.
"""

import json

from .compat import const
from .errors import IllegalEvent, RecordError
from .games import GAMES
from .jsontext import dumps as text

FORMAT = 1
# docs/record-limits.md: an id names the game's files; a name is what a screen shows;
# a game's events are bounded far above what any game of the rules needs.
_ID_MAX = const(64)
_NAME_MAX = const(24)
_EVENTS_MAX = const(4000)
_MARKS_MAX = const(2)  # combining marks in a row (Vietnamese stacks two)
# Spaces a name may not start or end with ("Ann\u00a0" would look like "Ann").
_SPACES = (
    " \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u202f\u205f\u3000"
)


# How deep JSON read from outside may nest. A record nests 6 deep at most (record,
# events, an event, its argument, a card's descriptor, its cost), a file of records 7;
# meta is free-form but has no use for more. The bound keeps every reader and writer
# after the parse (the C encoder, jsontext.dumps, the refusal messages) far from the
# interpreter's recursion limit: docs/record-limits.md.
DEPTH_MAX = 32
_DEEP = "JSON nested deeper than %d levels" % DEPTH_MAX


def parse(text: str) -> object:
    """Parse JSON text read from outside; RecordError (one line) when it nests deeper
    than DEPTH_MAX. json's own ValueError, for text that is not JSON, passes through, as
    does one for NaN, Infinity or a number beyond a float's range, which Python's json
    reads but JSON has not (RFC 8259) and no reader after could use."""
    try:
        value = json.loads(text)
    except RuntimeError:  # CPython's RecursionError: deeper than its parser goes
        raise RecordError(_DEEP)
    if type(value) is float:
        _finite(value)
    level = [value]
    depth = 0
    while level:
        depth += 1
        if depth > DEPTH_MAX:
            raise RecordError(_DEEP)
        inner: list = []
        for v in level:
            for x in v.values() if isinstance(v, dict) else v if isinstance(v, list) else ():
                if isinstance(x, (dict, list)):
                    inner.append(x)
                elif type(x) is float:
                    _finite(x)
        level = inner
    return value


def _finite(x: float) -> None:
    if x != x or x - x != 0.0:  # NaN; an infinity (inf - inf is NaN)
        raise ValueError("NaN, Infinity and numbers beyond a float's range are not JSON")


def loads(text: str) -> dict:
    """Parse and validate a record from JSON text (nested at most DEPTH_MAX)."""
    try:
        record = parse(text)
    except RecordError:
        raise
    except ValueError as e:
        raise RecordError("not JSON: %s" % e)
    return validate(record)


def dumps(record: dict) -> str:
    """Write a record as compact, key-sorted JSON (byte-stable across runtimes)."""
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
        if not name_ok(players[p]):
            raise RecordError(
                "player %d's name must be at most %d characters, each one a screen shows, "
                "no spaces around" % (p, _NAME_MAX)
            )
    if players[0] == players[1] and players[0]:
        raise RecordError("the two players must have different names")
    if not isinstance(record.get("setup"), dict):
        raise RecordError("'setup' must be an object")
    events = record.get("events", [])
    if not isinstance(events, list):
        raise RecordError("'events' must be a list")
    if len(events) > _EVENTS_MAX:
        raise RecordError(
            "%d events: a game holds at most %d (docs/record-limits.md)"
            % (len(events), _EVENTS_MAX)
        )
    meta = record.get("meta")
    if meta is not None and not isinstance(meta, dict):
        raise RecordError("'meta' must be an object")
    return record


def name_ok(name: object) -> bool:
    """Whether ``name`` may name a player: text of at most _NAME_MAX characters that show
    as themselves, the same on a screen, a terminal and in an export
    (docs/record-limits.md). Empty is allowed (a seat nobody named). Shared by the
    records' validation, the names a device spelled (sync) and ``players rename``."""
    if not isinstance(name, str) or len(name) > _NAME_MAX:
        return False
    if name and (name[0] in _SPACES or name[-1] in _SPACES):
        return False
    marks = _MARKS_MAX  # as if after marks: a name does not start with one
    for ch in name:
        o = ord(ch)
        if (
            o < 32  # C0 controls: escapes, new lines
            or 127 <= o <= 159  # DEL, C1 controls
            or o == 0xAD  # soft hyphen, invisible
            or o == 0x61C  # Arabic letter mark (bidirectional)
            or 0x115F <= o <= 0x1160  # Hangul fillers: show as nothing
            or o == 0x180E  # Mongolian vowel separator, invisible
            or 0x200B <= o <= 0x200F  # zero-width space, joiners, LRM, RLM
            or 0x2028 <= o <= 0x202E  # line and paragraph separators, bidi embeddings
            or 0x2060 <= o <= 0x206F  # word joiner, invisible operators, bidi isolates
            or o == 0x3164  # Hangul filler
            or 0xD800 <= o <= 0xF8FF  # lone surrogates, private use
            or 0xFDD0 <= o <= 0xFDEF  # non-characters
            or o == 0xFEFF  # byte order mark
            or o == 0xFFA0  # halfwidth Hangul filler
            or 0xFFF0 <= o <= 0xFFFB  # specials: interlinear annotation
            or o & 0xFFFE == 0xFFFE  # non-characters U+xFFFE, U+xFFFF
            or o >= 0xE0000  # tags, variation selectors 17+, private use planes
        ):
            return False
        if (
            0x300 <= o <= 0x36F
            or 0x1AB0 <= o <= 0x1AFF
            or 0x1DC0 <= o <= 0x1DFF
            or 0x20D0 <= o <= 0x20FF
            or 0xFE20 <= o <= 0xFE2F
        ):  # combining marks: a few stack, a heap of them overwrites the lines around
            marks += 1
            if marks > _MARKS_MAX:
                return False
        else:
            marks = 0
    return True


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
    raise IllegalEvent(reason)
