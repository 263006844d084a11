"""Every vector's expectation holds under CPython (the replay entry point of the CLI)."""

import pytest
from vectorset import Vector, cpython_outcome, mismatches, vector_params


@pytest.mark.parametrize("vector", vector_params())
def test_vector(vector: Vector) -> None:
    data = vector.data
    got = cpython_outcome(data)
    why = data.get("why", "")
    if "expect_error" in data:
        index = data["expect_error"]["event"]
        assert got.get("error", {}).get("index") == index, (
            f"event {index} must be refused: {why}\n{got}"
        )
    elif "expect" in data:
        assert "error" not in got, f"{why}\n{got['error']}"
        problems = mismatches(data["expect"], got)
        assert not problems, why + "\n" + "\n".join(problems)
