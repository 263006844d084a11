"""The device's modules import each other without a circle, counting imports inside
functions and those under ``if TYPE_CHECKING:``, and import by name only at the top:
firmware/, boards/ and shared/duelcore/ read with ``ast``, never run (docs/firmware.md,
"Imports").

A circle means a module can run while another it needs is half made, which shows only
on one runtime or one order of screens; a name built at run time hides an import from
every tool that follows imports. One place may do it: firmware/main.py opens the board
the settings name. A circle of annotations runs nothing, but it ties the modules as
tightly for a reader: a helper names the Protocol of a contracts module instead.
"""

import ast

from duelkeeper import romfs
from duelkeeper_dev.devmodules import graph, modules, walk

# The one import of a module by a name built at run time the firmware may have.
BY_NAME = {("firmware.main", "run")}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            strong(v)
    return out


def by_name() -> set[tuple[str, str]]:
    """(module, function) of every ``__import__`` or ``importlib.import_module`` call."""
    out = set()
    for name, path in modules().items():
        for node, where in walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call):
                f = node.func
                if (isinstance(f, ast.Name) and f.id == "__import__") or (
                    isinstance(f, ast.Attribute) and f.attr == "import_module"
                ):
                    out.add((name, where))
    return out


def test_no_import_circle() -> None:
    assert cycles(graph()) == []


def test_no_import_circle_of_annotations() -> None:
    assert cycles(graph(annotations=True)) == []


def test_only_main_imports_by_name() -> None:
    assert by_name() <= BY_NAME, sorted(by_name() - BY_NAME)


def test_the_contracts_are_never_imported_to_run() -> None:
    """A contracts module (firmware's, duelcore's, a core's own) is for mypy: the ROMFS
    image leaves it out (romfs.never_run), so a module importing it outside
    ``if _TYPE_CHECKING:`` would fail on a board."""
    edges = graph()
    contracts = {name for name in edges if name.rpartition(".")[2] == romfs.CONTRACTS}
    assert {"firmware.contracts", "duelcore.contracts", "duelcore.antike.contracts"} <= contracts
    assert {name for name, out in edges.items() if out & contracts} == set()
    read = graph(annotations=True)  # the graph reads those imports when asked
    assert "duelcore.antike.contracts" in read["duelcore.antike.legal"]


def test_the_graph_sees_imports_inside_functions() -> None:
    """The checks above would pass on an empty graph: these edges are known to exist
    (a top import, one inside a function, one relative from a package)."""
    edges = graph()
    assert "firmware.app" in edges["firmware.main"]
    assert "boards.badger2040" in edges["boards.badger2040w"]
    assert "firmware.display.uc8151" in edges["boards.badger2040"]
    assert "firmware.buttons" in edges["firmware.screens"]


def test_a_circle_is_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
