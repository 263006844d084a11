"""Count how `duelkeeper replay` and `import` end on hostile input (docs/record-limits.md).

    .venv/bin/python tools/fuzz_inputs.py [--examples N]

Runs tests/host/fuzzhelp.py's kinds of input, N examples each (derandomized: the same
inputs each run of the same code), through both commands, and prints per kind the runs
tried and how they ended. tests/host/test_fuzz_inputs.py runs fewer and fails on any
traceback, untidy error or hang; this prints the figures and exits 1 on any.
"""

import argparse
import sys
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "host"))
from fuzzhelp import KINDS, OUTCOMES, attempt  # noqa: E402


def count(kind: str, examples: int) -> Counter[str]:
    tally: Counter[str] = Counter()

    @settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(KINDS[kind])
    def one(data: bytes) -> None:
        attempt(data, tally)

    one()
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=500, help="inputs per kind")
    args = parser.parse_args()
    total: Counter[str] = Counter()
    print("| input | runs | %s |" % " | ".join(OUTCOMES))
    print("|---|---:|%s" % ("---:|" * len(OUTCOMES)))
    for kind in KINDS:
        tally = count(kind, args.examples)
        total += tally
        row = " | ".join(str(tally[o]) for o in OUTCOMES)
        print("| %s | %d | %s |" % (kind, sum(tally.values()), row))
    row = " | ".join(str(total[o]) for o in OUTCOMES)
    print("| all | %d | %s |" % (sum(total.values()), row))
    return 1 if total["traceback"] + total["untidy"] + total["hang"] else 0


if __name__ == "__main__":
    sys.exit(main())
