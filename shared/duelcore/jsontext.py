"""JSON text that is the same, byte for byte, on MicroPython and CPython.

MicroPython's dicts keep no key order, its json.dumps cannot sort keys and it writes
non-ASCII text unescaped; here keys are sorted and strings escaped as CPython's
json.dumps does, so a checksum over the text is the same on the device and the PC.
"""

import json

from .errors import RecordError

# How deep JSON read from outside may nest. A record nests 6 deep at most (record,
# events, an event, its argument, a card's descriptor, its cost), a file of records 7;
# meta is free-form but has no use for more. The bound keeps every reader and writer
# after the parse (the C encoder, dumps below, the refusal messages) far from the
# interpreter's recursion limit: docs/record-limits.md.
DEPTH_MAX = 32
_DEEP = "JSON nested deeper than %d levels" % DEPTH_MAX


def loads(text: str) -> object:
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


def dumps(value: object, comma: str = ",", colon: str = ":") -> str:
    out: list = []
    _write(value, out, comma, colon)
    return "".join(out)


def _write(value: object, out: list, comma: str, colon: str) -> None:
    if isinstance(value, dict):
        out.append("{")
        first = True
        for k in sorted(value):
            if not first:
                out.append(comma)
            first = False
            out.append(json.dumps(k))
            out.append(colon)
            _write(value[k], out, comma, colon)
        out.append("}")
    elif isinstance(value, (list, tuple)):
        out.append("[")
        for i, v in enumerate(value):
            if i:
                out.append(comma)
            _write(v, out, comma, colon)
        out.append("]")
    elif isinstance(value, str):
        out.append(_string(value))
    else:
        out.append(json.dumps(value))


_SHORT = {
    '"': '\\"',
    "\\": "\\\\",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
    "\b": "\\b",
    "\f": "\\f",
}


def _string(text: str) -> str:
    """A JSON string with everything outside printable ASCII escaped exactly as CPython does."""
    out = ['"']
    for ch in text:
        n = ord(ch)
        if ch in _SHORT:
            out.append(_SHORT[ch])
        elif 0x20 <= n < 0x7F:
            out.append(ch)
        elif n < 0x10000:
            out.append("\\u%04x" % n)
        else:
            n -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 + (n >> 10), 0xDC00 + (n & 0x3FF)))
    out.append('"')
    return "".join(out)
