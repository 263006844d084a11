"""firmware.unload frees a module's code even while a stale reference holds the module.

MicroPython's collector is conservative, so a word that happens to hold a module's
address keeps the module alive; ``unload`` empties its globals on MicroPython so that
only the module object itself stays. Here the stale word is a real reference, kept on
purpose. Under CPython the globals stay (tests may still use the module).
"""

import importlib
import json
import sys
from pathlib import Path

from duelkeeper import mpvm
from duelkeeper.repo import ROOT

# A module whose code is worth freeing: functions, a table, interned names.
BULKY = "\n".join(
    ["TABLE = %r" % (tuple("row %d of a table" % i for i in range(40)),)]
    + ["def f%d(x):\n    return x * %d + len(TABLE)\n" % (i, i) for i in range(40)]
)

_VM = r"""
import gc, json, sys
from firmware import unload

def steps():
    out = {}
    yield
    base = gc.mem_alloc()
    import bulky
    yield
    out["loaded"] = gc.mem_alloc() - base
    stale = sys.modules["bulky"]  # what a stale word would do
    unload("bulky")
    yield
    out["after"] = gc.mem_alloc() - base
    out["gone"] = "bulky" not in sys.modules and not hasattr(stale, "TABLE")
    print(json.dumps(out))

vm_steps = steps()
"""


def test_unload_frees_the_code_of_a_module_still_referenced(tmp_path: Path) -> None:
    (tmp_path / "bulky.py").write_text(BULKY)
    files = {
        "/lib/firmware/__init__.py": ROOT / "firmware" / "__init__.py",
        "/lib/bulky.py": tmp_path / "bulky.py",
    }
    out = json.loads(mpvm.run(_VM, files).strip().splitlines()[-1])
    assert out["gone"]
    assert out["loaded"] > 2000  # the module was worth freeing
    # Left: the module object and the names it interned (MicroPython never frees those).
    assert out["after"] < out["loaded"] // 4


def test_unload_keeps_globals_under_cpython(tmp_path: Path) -> None:
    (tmp_path / "bulky_cpy.py").write_text(BULKY)
    sys.path.insert(0, str(tmp_path))
    try:
        from firmware import unload

        module = importlib.import_module("bulky_cpy")
        unload("bulky_cpy")
        assert "bulky_cpy" not in sys.modules
        assert module.f3(1) == 43  # a test holding the module can still use it
    finally:
        sys.path.remove(str(tmp_path))
