"""The state slots and rule numbers are private constants, repeated in each module that
uses them: on the device they are folded into the bytecode and cost no heap, where one
definition imported by every module costs 10.5 KB at boot (docs/benchmarks.md, "Issue
24"). So every copy must agree with rules.py, and the card indices with tables.CARDS;
read from the modules as CPython imports them, where ``const()`` is the value itself.
Also: the tables hang together, and the modules use only what MicroPython has."""

import os
import re
from types import ModuleType

import adhelp  # noqa: F401  (shared/ on sys.path when duelcore is not installed)

import duelcore.antike
from duelcore.antike import cards, codes, legal, pad, queries, result, rules, tables

PKG = os.path.dirname(duelcore.antike.__file__)
MODULES = sorted(f for f in os.listdir(PKG) if f.endswith(".py"))
COPIES = (cards, codes, legal, pad, queries, result, tables)


def consts(module: ModuleType) -> dict:
    """The module's private integer constants (``_CUR = const(1)``) by name."""
    return {
        k: v
        for k, v in vars(module).items()
        if k[:2] != "__" and k[1:2].isupper() and type(v) is int
    }


def test_every_copied_constant_matches_rules():
    canon = consts(rules)
    assert len(canon) > 40
    copies = 0
    for module in COPIES:
        for k, v in consts(module).items():
            if k in canon:
                copies += 1
                assert v == canon[k], "%s: %s = %s, rules.py has %s" % (module, k, v, canon[k])
    assert copies > 50  # the slots are repeated, so this test has work


def test_card_indices_follow_the_table():
    names = tables.CARDS.split()
    c = consts(cards)
    for i, name in enumerate(names):
        assert c["_" + name.upper().replace("-", "_")] == i
    for module in (codes, legal):  # their copies of cards.py's
        for k, v in consts(module).items():
            if k in c and k[1:].lower().replace("_", "-") in names:
                assert v == c[k], (module, k)
    assert legal._FORTRESS == names.index("fortress")


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
