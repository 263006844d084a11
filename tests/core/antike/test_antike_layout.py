"""The state slots and rule numbers are private constants, repeated in each module that
uses them (folded into the bytecode on the device, out of the module dicts): every copy
must agree with rules.py. Also: the tables hang together, and the modules use only what
MicroPython has."""

import os
import re

import adhelp  # noqa: F401  (shared/ on sys.path when duelcore is not installed)

import duelcore.antike
from duelcore.antike import tables

PKG = os.path.dirname(duelcore.antike.__file__)
MODULES = sorted(f for f in os.listdir(PKG) if f.endswith(".py"))
CONST = re.compile(r"^(_[A-Z0-9_]+) = const\((.+?)\)(?:\s*#.*)?$", re.M)


def consts(name):
    with open(os.path.join(PKG, name)) as f:
        return dict(CONST.findall(f.read()))


def test_every_copied_constant_matches_rules():
    canon = consts("rules.py")
    assert len(canon) > 40
    for name in MODULES:
        if name == "rules.py":
            continue
        for k, v in consts(name).items():
            if k in canon:
                assert v == canon[k], "%s: %s = %s, rules.py has %s" % (name, k, v, canon[k])


def test_card_indices_follow_the_table():
    c = consts("cards.py")
    for i, name in enumerate(tables.CARDS.split()):
        assert c["_" + name.upper().replace("-", "_")] == str(i)
    assert consts("legal.py")["_FORTRESS"] == str(tables.CARDS.split().index("fortress"))


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
