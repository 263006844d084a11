"""The refusal reasons of the 7WD core: the lines of why.WHY, each named and used once named.

A source scan: every ``_E_*`` constant (game.py) is a line of ``why.WHY`` (numbered 0, 1, ... in the
order of the lines), every line has its constant, every constant is raised somewhere,
and no module of the package words a refusal of its own outside ``why.WHY``.
"""

import re
from pathlib import Path

from duelcore.sevenwonders import game, why

SOURCE = Path(game.__file__).read_text()
CONSTANT = re.compile(r"^(_E_\w+) = const\((\d+)\)", re.M)


def test_every_constant_is_a_line_in_order() -> None:
    lines = why.WHY.split("\n")
    numbers = [int(n) for _, n in CONSTANT.findall(SOURCE)]
    assert numbers == list(range(len(lines)))
    assert all(lines), "an empty reason"


def test_every_reason_is_raised() -> None:
    for name, _ in CONSTANT.findall(SOURCE):
        assert re.search(r"_no\(%s\b" % name, SOURCE), "%s is never raised" % name


def test_no_refusal_worded_outside_the_table() -> None:
    for path in Path(game.__file__).parent.glob("*.py"):
        assert "IllegalEvent(" not in path.read_text(), path.name


def test_a_reason_as_raised() -> None:
    e = game._no(game._E_COINS, 0, 2, 1)
    assert e.reason == "player 0 needs 2 coins and has 1"
