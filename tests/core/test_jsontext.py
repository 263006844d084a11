"""jsontext writes the same bytes as CPython's sorted, compact json.dumps, on both VMs.

Records are checksummed on the device and checked on the PC, so the text must not
depend on the runtime that wrote it.
"""

import json

from hypothesis import given
from hypothesis import strategies as st

from duelcore.jsontext import dumps
from duelkeeper import mpvm
from duelkeeper.repo import CORE

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**31), 2**31) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)
TRICKY = ['a"b\\c\nd\te\r\b\f', "é", "日本", "😀", "\x01\x7f\x1f", {"k": "Ü", "a": [1, None]}]


def reference(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


@given(JSON)
def test_same_text_as_cpython_json(value: object) -> None:
    assert dumps(value) == reference(value)


def test_same_bytes_under_micropython() -> None:
    code = "import json\nfrom duelcore.jsontext import dumps\n"
    code += "for v in json.loads(%r):\n    print(dumps(v))\n" % json.dumps(TRICKY)
    out = mpvm.run(code, {"/lib/duelcore": CORE}).splitlines()
    assert out == [reference(v) for v in TRICKY]


def test_error_messages_use_the_spaced_form() -> None:
    assert dumps(["build", 1, "palace"], ", ", ": ") == '["build", 1, "palace"]'
