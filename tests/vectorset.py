"""The rule vectors every suite runs, and the partial matcher for their expectations.

Vectors are the shared scenarios (../shared/scenarios, beside the checkout) and the
project's own (tests/vectors); both are game records with optional ``expect``,
``expect_error`` and ``why`` keys (tests/vectors/README.md).
"""

import json
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from duelkeeper.mpvm.vmlib.outcome import outcome
from duelkeeper.repo import ROOT, SCENARIOS

OWN = ROOT / "tests" / "vectors"


class Vector(NamedTuple):
    name: str  # "shared/7wd/trading-basic" or "own/7wd/..."
    data: dict[str, Any]


def _load(root: Path, prefix: str) -> list[Vector]:
    return [
        Vector(
            f"{prefix}/{path.relative_to(root).with_suffix('').as_posix()}",
            json.loads(path.read_text()),
        )
        for path in sorted(root.rglob("*.json"))
    ]


def vectors() -> list[Vector]:
    shared = _load(SCENARIOS, "shared") if SCENARIOS.is_dir() else []
    return shared + _load(OWN, "own")


def vector_params() -> list[Any]:
    """For ``@pytest.mark.parametrize("vector", ...)``; one skip when ../shared is absent."""
    params = [pytest.param(v, id=v.name) for v in vectors()]
    if not SCENARIOS.is_dir():
        reason = f"../shared is absent ({SCENARIOS} not found): shared scenarios not run"
        params.append(pytest.param(None, id="shared", marks=pytest.mark.skip(reason=reason)))
    return params


def cpython_outcome(record: dict[str, Any]) -> Any:
    """The outcome as JSON carries it (tuples become lists), the form outcomes compare in."""
    return json.loads(json.dumps(outcome(record)))


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def mismatches(expected: Any, actual: Any, where: str = "result") -> list[str]:
    """Where ``actual`` departs from the partial result ``expected`` (scenarios README).

    Objects compare recursively on the keys given, lists compare whole, and a list of two
    player objects compares player by player. Leaves compare as JSON, so 1 is not true.
    """
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected an object, got {_canon(actual)}"]
        out = []
        for key, want in expected.items():
            if key not in actual:
                out.append(f"{where}.{key}: missing")
            else:
                out += mismatches(want, actual[key], f"{where}.{key}")
        return out
    if _two_players(expected) and isinstance(actual, list) and len(actual) == 2:
        return mismatches(expected[0], actual[0], f"{where}[0]") + mismatches(
            expected[1], actual[1], f"{where}[1]"
        )
    if _canon(expected) != _canon(actual):
        return [f"{where}: expected {_canon(expected)}, got {_canon(actual)}"]
    return []


def _two_players(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(isinstance(v, dict) for v in value)
