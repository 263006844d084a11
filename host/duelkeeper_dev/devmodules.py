"""The device's modules and which of them each imports, counting imports inside
functions: firmware/, boards/ and shared/duelcore/ read with ``ast``, never run
(tests/firmware/test_imports.py checks the graph; bench_rp2_imports follows it).
"""

import ast
from pathlib import Path

from duelkeeper.repo import ROOT

# Where each device package lies: its modules are named from there.
TREES = {
    "firmware": ROOT / "firmware",
    "boards": ROOT / "boards",
    "duelcore": ROOT / "shared" / "duelcore",
}


def modules() -> dict[str, Path]:
    """Every device module by its dotted name (a package by its own name)."""
    out = {}
    for top, tree in TREES.items():
        for path in sorted(tree.rglob("*.py")):
            parts = [top, *path.relative_to(tree).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _type_checking(node: ast.If) -> bool:
    """``if TYPE_CHECKING:`` (``_TYPE_CHECKING``, the device's: a const the compiler
    drops): annotations only, never run."""
    return isinstance(node.test, ast.Name) and node.test.id in ("TYPE_CHECKING", "_TYPE_CHECKING")


def walk(tree: ast.AST, annotations: bool = False) -> list[tuple[ast.AST, str]]:
    """Every node run on some path, with the function it is in ("" at the top), skipping
    ``if TYPE_CHECKING:`` bodies but with ``annotations``."""
    out: list[tuple[ast.AST, str]] = []

    def visit(node: ast.AST, where: str) -> None:
        out.append((node, where))
        if isinstance(node, ast.If) and _type_checking(node) and not annotations:
            for child in node.orelse:
                visit(child, where)
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            where = node.name
        for sub in ast.iter_child_nodes(node):
            visit(sub, where)

    visit(tree, "")
    return out


def imports(
    name: str, path: Path, known: dict[str, Path], top: bool = False, annotations: bool = False
) -> set[str]:
    """The device modules ``name`` imports anywhere in it (``top``: outside functions;
    ``annotations``: under ``if TYPE_CHECKING:`` too)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node, where in walk(ast.parse(path.read_text(), str(path)), annotations):
        if top and where:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                sub = source + "." + alias.name
                if sub in known:  # ``from . import x``: the submodule x
                    out.add(sub)
                elif source in known:
                    out.add(source)
    out.discard(name)
    return out


def graph(top: bool = False, annotations: bool = False) -> dict[str, set[str]]:
    """Each module's imports; ``top``: only those its import runs (none in a function);
    ``annotations``: those mypy reads under ``if TYPE_CHECKING:`` too."""
    known = modules()
    return {name: imports(name, path, known, top, annotations) for name, path in known.items()}


def order(roots: list[str], edges: dict[str, set[str]]) -> list[str]:
    """``roots`` and every module they import, each after the modules it imports and
    after its packages, but where a package imports its own submodule (duelcore's
    ``__init__``), which cannot come first."""
    out: list[str] = []
    seen: set[str] = set()

    def visit(name: str) -> None:
        if name in seen:
            return
        seen.add(name)
        parts = name.split(".")
        for package in (".".join(parts[:i]) for i in range(1, len(parts))):
            if package in edges:
                visit(package)
        for other in sorted(edges[name]):
            visit(other)
        out.append(name)

    for root in roots:
        visit(root)
    return out
