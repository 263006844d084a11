"""The host's layout: the product (host/duelkeeper's own modules) imports neither the
simulator nor a development tool, the wheel holds no development tool, and no host
module imports itself through others.

The modules are read with ``ast``, never run, so an import inside a function counts as
much as one at the top.
"""

import ast
import graphlib
import tomllib
from pathlib import Path

from setuptools import find_namespace_packages  # type: ignore[import-untyped]

from duelkeeper.repo import ROOT

HOST = ROOT / "host"
PRODUCT = HOST / "duelkeeper"
SIMULATOR = ("duelkeeper.sim", "duelkeeper.mpvm", "duelkeeper.rp2")
DEV = "duelkeeper_dev"
# The one door from the product into the simulator: the `sim` command (cli._sim) and its
# --size type, which import it inside themselves, so no other command loads it.
SIM_COMMAND = {"_sim", "size"}


def _imports(tree: ast.AST) -> set[str]:
    """Every module ``tree`` imports, a ``from X import Y`` as X.Y (Y may be a module)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return out


def _under(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def _simulator(tree: ast.AST) -> set[str]:
    return {name for name in _imports(tree) if _under(name, SIMULATOR)}


def _product() -> dict[str, ast.Module]:
    modules = {path.stem: ast.parse(path.read_text()) for path in sorted(PRODUCT.glob("*.py"))}
    assert {"cli", "sync", "log", "export", "report", "players", "deploy", "uf2", "program"} <= set(
        modules
    )
    return modules


def test_no_product_module_imports_the_simulator_or_a_dev_tool() -> None:
    for name, tree in _product().items():
        assert not [m for m in _imports(tree) if _under(m, (DEV,))], name
        if name != "cli":
            assert not _simulator(tree), name
    cli = _product()["cli"]
    users = {
        node.name: _simulator(node)
        for node in ast.walk(cli)
        if isinstance(node, ast.FunctionDef) and _simulator(node)
    }
    assert set(users) == SIM_COMMAND
    assert _simulator(cli) == set().union(*users.values())  # none at the top


def test_the_simulator_imports_no_dev_tool() -> None:
    for package in SIMULATOR:
        for path in sorted((HOST / package.replace(".", "/")).rglob("*.py")):
            assert not [m for m in _imports(ast.parse(path.read_text())) if _under(m, (DEV,))], path


def test_the_wheel_holds_the_product_and_the_simulator_but_no_dev_tool() -> None:
    find = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    wheel = {
        package
        for where in find["find"]["where"]
        for package in find_namespace_packages(ROOT / where, include=find["find"]["include"])
    }
    assert {"duelkeeper", "duelcore", *SIMULATOR} <= wheel
    assert not [p for p in wheel if _under(p, (DEV,))]
    assert (HOST / DEV / "bench.py").is_file()  # the dev package is there, and left out


def _module(path: Path) -> str:
    parts = path.relative_to(HOST).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_import_circle_in_host() -> None:
    """Importing a.b.c runs a/__init__.py and a/b/__init__.py first: those count as
    imports too, but for a module's own packages (they are run before it)."""
    modules = {_module(path): path for path in sorted(HOST.rglob("*.py"))}
    graph = {}
    for name, path in modules.items():
        taken = _imports(ast.parse(path.read_text()))
        with_packages = {
            ".".join(m.split(".")[:i]) for m in taken for i in range(1, m.count(".") + 2)
        }
        graph[name] = {
            m for m in with_packages if m in modules and m != name and not name.startswith(m + ".")
        }
    assert "duelkeeper.romfs" in graph["duelkeeper.deploy"]  # the graph is read
    graphlib.TopologicalSorter(graph).prepare()  # raises CycleError, naming the circle
