"""The host's layout: the product (host/duelkeeper's own modules) imports neither the
simulator nor a development tool, and the wheel holds no development tool.

The modules are read with ``ast``, never run, so an import inside a function counts as
much as one at the top.
"""

import ast
import tomllib

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
