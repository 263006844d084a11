"""The quick score's API for the device's screens (duelcore.quick) answers the same under
MicroPython as under CPython, from the sources and from the .mpy files that ship."""

import json
from pathlib import Path

import pytest

from duelcore.quick import choices, fields, start, stride, wins
from duelkeeper import mpvm
from duelkeeper.mpycross import compile_tree
from duelkeeper.repo import CORE

GAMES = ("7wd", "splendor-duel", "antike-duellum")
_VM_MAIN = """
import json
from duelcore.quick import choices, fields, start, stride, wins
out = []
for g in %r:
    out.append([fields(g), wins(g), [choices(g, f[0]) for f in fields(g)], start(g),
                [stride(g, f[0]) for f in fields(g)]])
print(json.dumps(out))
""" % (GAMES,)


@pytest.mark.parametrize("mode", ["py", "mpy"])
def test_same_fields_wins_choices_starts_and_strides(mode: str, tmp_path: Path) -> None:
    core = CORE
    if mode == "mpy":
        core = tmp_path / "duelcore"
        compile_tree(CORE, core)
    got = json.loads(mpvm.run(_VM_MAIN, {"/lib/duelcore": core}))
    want = [
        [fields(g), wins(g), [choices(g, f[0]) for f in fields(g)], start(g)]
        + [[stride(g, f[0]) for f in fields(g)]]
        for g in GAMES
    ]
    assert got == json.loads(json.dumps(want))
