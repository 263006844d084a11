"""`make bench`: what the rules core costs on the device, measured on the code as it ships.

duelcore is compiled with mpy-cross; for each game in GAMES one fresh MicroPython VM
imports the game from that build and replays a complete game record event by event
(vmlib/heapprobe.py does the measuring). A fresh VM per game keeps one game's modules out
of another's figures. docs/benchmarks.md explains the method.
"""

import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from duelkeeper import mpvm
from duelkeeper.mpycross import compile_tree
from duelkeeper.repo import CORE, ROOT
from duelkeeper.textable import table

KB = 1024


@dataclass(frozen=True)
class Game:
    name: str
    module: str
    record: str  # a complete game, one of the project's vectors (path in the checkout)
    budget: int  # bytes of heap for the import plus the complete game held in memory


GAMES = (Game("7wd", "duelcore.sevenwonders", "tests/vectors/7wd/complete-game.json", 32 * KB),)

_RECORD = "/data/record.json"


def measure(game: Game, build: Path) -> dict[str, Any]:
    """Heap figures for ``game`` from one VM run over the .mpy ``build`` (see heapprobe)."""
    files = {
        "/lib/duelcore": build / "duelcore",
        "/lib/heapprobe.py": mpvm.VMLIB / "heapprobe.py",
    }
    record = None
    if (ROOT / game.record).is_file():
        files[_RECORD] = ROOT / game.record
        record = _RECORD
    code = "import heapprobe\nvm_steps = heapprobe.measure(%r, %r)\n" % (game.module, record)
    figures: dict[str, Any] = json.loads(mpvm.run(code, files))
    if record is None:
        figures.setdefault("error", f"no record at {game.record}")
    elif not figures.get("over", True):
        figures["note"] = f"{game.record} does not reach the end of the game"
    return figures


def _kb(n: int | None) -> str:
    return "n/a" if n is None else f"{n / KB:.1f} KB"


def report(code: dict[str, int], results: list[tuple[Game, dict[str, Any]]]) -> tuple[str, bool]:
    """The printed report, and whether every game is within its budget."""
    header = ["game", ".mpy", "baseline", "import", "complete game", "peak", "peak upper"]
    header += ["events", "budget", "verdict"]
    rows = []
    notes = []
    ok = True
    for game, f in results:
        held = f.get("replay")
        verdict = "n/a" if held is None else "PASS" if held <= game.budget else "OVER"
        ok = ok and verdict != "OVER"
        rows.append(
            [game.name, _kb(code[game.name]), f"{f['baseline']:,} B", _kb(f.get("import"))]
            + [_kb(held), _kb(f.get("peak")), _kb(f.get("peak_upper")), str(f.get("events", "n/a"))]
            + [_kb(game.budget), verdict]
        )
        notes += [f"{game.name}: {f[k]}" for k in ("error", "note") if k in f]
    lines = [
        f"duelcore as shipped: {code['total']:,} B of .mpy (mpy-cross 1.29), {KB} B = 1 KB",
        "heap: live bytes after gc.collect(), above the baseline (the VM started, probe loaded)",
        "  import: duelcore and the game module; complete game: import + the record replayed",
        "  and held; peak: sampled after each event; peak upper: before + allocated in one event",
        "  budget and verdict: the complete-game figure",
        "",
        table(header, rows),
    ]
    return "\n".join(lines + notes), ok


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        build = Path(tmp)
        mpys = compile_tree(CORE, build / "duelcore")
        code = {"total": sum(p.stat().st_size for p in mpys)}
        for game in GAMES:
            package = build.joinpath(*game.module.split("."))
            mine = [p for p in mpys if package in p.parents or p == package.with_suffix(".mpy")]
            code[game.name] = sum(p.stat().st_size for p in mine)
        results = [(game, measure(game, build)) for game in GAMES]
    text, ok = report(code, results)
    print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
