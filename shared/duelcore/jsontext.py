"""JSON text that is the same, byte for byte, on MicroPython and CPython.

MicroPython's dicts keep no key order, its json.dumps cannot sort keys and it writes
non-ASCII text unescaped; here keys are sorted and strings escaped as CPython's
json.dumps does, so a checksum over the text is the same on the device and the PC.
"""

import json


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
