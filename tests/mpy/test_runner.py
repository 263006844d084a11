"""The MicroPython VM runner: output, imports from copied folders (.py and .mpy), errors."""

from pathlib import Path

import pytest

from duelkeeper import mpvm
from duelkeeper.mpycross import compile_tree


@pytest.fixture
def package(tmp_path: Path) -> Path:
    pkg = tmp_path / "src" / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "mod.py").write_text("VALUE = 6 * 7\n")
    return pkg


def test_prints() -> None:
    assert mpvm.run("import sys\nprint(1 + 1, sys.implementation.name)") == "2 micropython\n"


def test_imports_sources_and_mpy(package: Path, tmp_path: Path) -> None:
    built = tmp_path / "build" / "pkg"
    assert [p.name for p in compile_tree(package, built)] == ["__init__.mpy", "mod.mpy"]
    code = "import pkg.mod\nprint(pkg.mod.VALUE, pkg.mod.__file__)"
    assert mpvm.run(code, {"/lib/pkg": package}) == "42 /lib/pkg/mod.py\n"
    assert mpvm.run(code, {"/lib/pkg": built}) == "42 /lib/pkg/mod.mpy\n"


def test_python_exception_is_a_clear_error() -> None:
    with pytest.raises(mpvm.VMError) as caught:
        mpvm.run("print('before')\ndef f():\n    raise ValueError('boom')\nf()\n")
    message = str(caught.value)
    assert "Traceback" in message
    assert "ValueError: boom" in message
