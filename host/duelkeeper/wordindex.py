"""The build's numbering of the device's words, done to each module before mpy-cross.

Every ``tr("...")`` of a device module becomes ``tr(17)``, and every ``word("...")`` (a
word a table keeps) ``17``: the word's number in the language catalogs, where every
catalog holds the device's words in the same order (tools/make_lang.py). The English
text leaves the bytecode, so the heap does not hold it while its module is loaded (nor
its short words, which MicroPython interns for good); firmware/lang.py reads it from
English's catalog on the flash, as it reads another language's words. The numbers come
from that catalog as it ships, so a build and the catalog beside it always agree.
"""

import ast
from pathlib import Path

from duelkeeper.errors import DuelkeeperError
from duelkeeper.repo import ROOT

GFX = ROOT / "firmware" / "gfx"
CATALOG = GFX / "lang-en.bin"
CALLS = frozenset(("tr", "word"))  # firmware/lang.py's


class WordError(DuelkeeperError):
    """A word the catalogs lack, or a ``word()`` of no literal text: one line."""


def numbers(catalog: Path = CATALOG) -> dict[str, int]:
    """The device's words (English) by their number, read from ``catalog``: English's,
    the only one that holds their keys."""
    return {rec.split(b"\0", 1)[0].decode(): i for i, rec in enumerate(records(catalog))}


def records(catalog: Path) -> list[bytes]:
    """A catalog's records: each its key (none for another language's device words), a
    zero byte and its value (tools/make_lang.py lays the file out)."""
    data = catalog.read_bytes()
    n = int.from_bytes(data[4:6], "little")
    at = [int.from_bytes(data[16 + 4 * i : 20 + 4 * i], "little") for i in range(n + 1)]
    return [data[at[i] : at[i + 1]] for i in range(n)]


def _bound(tree: ast.Module) -> tuple[dict[str, str], set[str]]:
    """The names ``tree`` binds to firmware/lang.py's ``CALLS`` (local name -> call) and
    to that module itself: only their calls are numbered (the cores have a ``word()``
    of their own)."""
    calls: dict[str, str] = {}
    modules: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        for alias in node.names:
            if (node.module or "").split(".")[-1] == "lang" and alias.name in CALLS:
                calls[alias.asname or alias.name] = alias.name
            elif alias.name == "lang":
                modules.add(alias.asname or alias.name)
    return calls, modules


def _called(func: ast.expr, calls: dict[str, str], modules: set[str]) -> str:
    """The lang call ``func`` names, or ""."""
    if isinstance(func, ast.Name):
        return calls.get(func.id, "")
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return func.attr if func.value.id in modules and func.attr in CALLS else ""
    return ""


def number(source: str, where: str, table: dict[str, int]) -> str:
    """``source`` with the text of each call of lang's ``CALLS`` replaced by its number
    in ``table``; ``where`` names the file in an error."""
    data = source.encode()
    starts = [0]
    for line in data.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    edits = []
    tree = ast.parse(source, where)
    calls, modules = _bound(tree)
    for node in ast.walk(tree):
        called = _called(node.func, calls, modules) if isinstance(node, ast.Call) else ""
        if not called:
            continue
        assert isinstance(node, ast.Call)
        arg = node.args[0] if len(node.args) == 1 and not node.keywords else None
        if not isinstance(arg, ast.Constant) or not isinstance(arg.value, str):
            if called == "word":
                raise WordError("%s:%d: word() takes one text as it is" % (where, node.lineno))
            continue  # tr() of a text only known when it is shown: looked up by its key
        i = table.get(arg.value)
        if i is None:
            raise WordError(
                "%s:%d: %r is not one of the device's words: add it to "
                "host/duelkeeper/lang/device.tsv and run tools/make_lang.py"
                % (where, arg.lineno, arg.value)
            )
        span = node if called == "word" else arg  # word("...") is the number itself
        end_line = span.end_lineno or span.lineno
        end_col = span.end_col_offset if span.end_col_offset is not None else span.col_offset
        edits.append((starts[span.lineno - 1] + span.col_offset, starts[end_line - 1] + end_col, i))
    for start, end, i in sorted(edits, reverse=True):
        data = data[:start] + str(i).encode() + data[end:]
    return data.decode()
