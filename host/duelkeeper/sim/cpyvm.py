"""The CPython runtime of the simulator: the MicroPython VM's serve protocol, in CPython.

``python -m duelkeeper.sim.cpyvm PATH...`` puts the given folders first on ``sys.path``
(the MicroPython shims, the checkout's root for ``firmware`` and ``boards``, ``shared``
for ``duelcore``) and then answers JSON lines on stdin exactly as ``run.mjs --serve``
does (host/duelkeeper/mpvm/run.mjs): run the code at top level in one namespace, reply
with what it printed, the global ``_value`` (JSON text) and the bytes in the global
``_mem`` (a bytes-like object here, where the VM gives an address and a length).
A separate process keeps the firmware's modules out of the host's own interpreter.
"""

import base64
import io
import json
import sys
import traceback
from contextlib import redirect_stderr, redirect_stdout
from typing import Any


def _reply(namespace: dict[str, Any], code: str) -> dict[str, Any]:
    printed = io.StringIO()
    reply: dict[str, Any]
    try:
        with redirect_stdout(printed), redirect_stderr(printed):
            exec(compile(code, "<stdin>", "exec"), namespace)
    except BaseException:  # noqa: BLE001 - every failure goes back to the host as text
        reply = {"ok": False, "error": traceback.format_exc().rstrip()}
    else:
        value = namespace.pop("_value", None)
        mem = namespace.pop("_mem", None)
        reply = {
            "ok": True,
            "value": json.loads(value) if isinstance(value, str) else value,
            "mem": None if mem is None else base64.b64encode(bytes(mem)).decode(),
        }
    reply["out"] = printed.getvalue()
    return reply


def main(paths: list[str]) -> int:
    sys.path[:0] = paths
    out = sys.stdout
    namespace: dict[str, Any] = {"__name__": "__main__"}
    for line in sys.stdin:
        if line.strip():
            out.write(json.dumps(_reply(namespace, json.loads(line)["code"])) + "\n")
            out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
