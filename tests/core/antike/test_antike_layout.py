"""The state's slots, the rules' numbers and the card indices are named once, in
layout.py, and read as ``L.CUR`` (docs/benchmarks.md, "Issue 24"): no module keeps a
copy, and the card indices follow tables.CARDS. Also: the tables hang together, and the
modules use only what MicroPython has."""

import os
import re
from types import ModuleType

import adhelp  # noqa: F401  (shared/ on sys.path when duelcore is not installed)

import duelcore.antike
from duelcore.antike import cards, codes, layout, legal, pad, queries, result, rules, tables

PKG = os.path.dirname(duelcore.antike.__file__)
# The modules a board runs: contracts.py is mypy's alone (Protocols, from typing).
MODULES = sorted(f for f in os.listdir(PKG) if f.endswith(".py") and f != "contracts.py")


def consts(module: ModuleType) -> dict:
    """The module's private integer constants (``_FEW = const(7)``) by name."""
    return {
        k: v
        for k, v in vars(module).items()
        if k[:2] != "__" and k[1:2].isupper() and type(v) is int
    }


def test_no_module_copies_the_layout():
    named = {k for k, v in vars(layout).items() if k.isupper() and type(v) is int}
    assert len(named) > 80
    for module in (cards, codes, legal, pad, queries, result, rules, tables):
        assert module.L is layout
        copies = sorted(k for k in consts(module) if k[1:] in named)
        assert not copies, "%s copies layout.py's %s" % (module.__name__, copies)


def test_card_indices_follow_the_table():
    for i, name in enumerate(tables.CARDS.split()):
        assert getattr(layout, name.upper().replace("-", "_")) == i, name


def test_tables():
    assert len(tables.PERSONALITIES.split()) == len(tables.SUPPLY) == 5
    assert sum(tables.SUPPLY) == 21
    assert len(tables.KNOWLEDGE.split()) == len(tables.KNOW_FIRST) == len(tables.KNOW_LATER) == 5
    assert all(f > later for f, later in zip(tables.KNOW_FIRST, tables.KNOW_LATER, strict=True))
    assert tables.KNOW_FIRST[:2] == (5, 6) and tables.KNOW_LATER[:2] == (2, 3)  # the memo
    assert tables.RESOURCES.split() == ["marble", "iron", "gold", "coins"]
    assert len(tables.ACTIONS.split()) == 8 and len(tables.PHASES.split()) == 4


def test_only_what_micropython_has():
    for name in MODULES:
        with open(os.path.join(PKG, name)) as f:
            src = f.read()
        for bad in (
            "import typing",
            "from typing",
            "dataclass",
            ".bit_count(",
            "print(",
            "__slots__",
        ):
            assert bad not in src, (name, bad)
        assert not re.search(r"\bf[\"']", src), (name, "f-string")
