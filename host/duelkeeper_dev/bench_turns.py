"""Presses per live turn, as a player at the table presses them, for `make bench`.

The real records (each game's whole games in tests/vectors, and the scenarios of
../shared/scenarios that play, where that checkout is present) are entered through the
simulated device's menus by the autoplayer twice, on the CPython runtime, from a fresh
flash with the record's players already the device's names:

* as a player reads the screen (``Autoplayer(reader=True)``, autoplay.read_path): who
  knows the card's colour or level and name, opens the list with A, scans from the row
  selected or takes the jump the list offers to the card's group and then moves row by
  row, and knows nothing of where a card stood last turn. This is the budgeted figure;
* by the fewest gestures to each item, computed from the lists themselves (the lower
  bound, reported beside it).

Turns are grouped per game by duelkeeper_dev.measure. Then a six-letter name on a new
device, on five buttons and on three (``names``), and a whole 7 Wonders Duel game on three
buttons against five (``three_buttons``). docs/benchmarks.md explains the
method and quotes the figures.
"""

import json
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from duelcore.engine import Match
from duelkeeper.repo import ROOT, SCENARIOS
from duelkeeper.sim import runner
from duelkeeper.sim.device import Device
from duelkeeper.textable import table
from duelkeeper_dev import measure
from duelkeeper_dev.autoplay import Autoplayer, AutoplayError

# Median presses per turn as a player presses them, per game; no turn of any game over MOST,
# but Antike's longest: over MOST, at most EACH an event and CARD more for a card taken
# from the display (the budget for its turns of many events).
BUDGETS = {"7wd": 4.0, "splendor-duel": 5.0, "antike-duellum": 5.0}
MOST = 10
EACH = 2
CARD = 4


def most(game: str, events: list[list[Any]]) -> int:
    """The presses a turn of ``events`` may take at most."""
    if game != "antike-duellum":
        return MOST
    return max(MOST, EACH * len(events) + (CARD if any(ev[0] == "card" for ev in events) else 0))


@dataclass
class Game:
    """One record's presses per turn: as a player reads the screens, and the fewest."""

    name: str
    reader: list[int] = field(default_factory=list)
    fewest: list[int] = field(default_factory=list)
    over: list[list[Any]] = field(default_factory=list)  # the events of each turn over MOST
    uncarded: list[int] = field(default_factory=list)  # their presses but a card's taking
    beyond: int = 0  # turns over their budget (``most``)


def records(game: str) -> tuple[list[tuple[str, dict[str, Any]]], str]:
    """The records of ``game`` to play (name, record), and a note when ../shared is absent."""
    out = []
    for path in sorted((ROOT / "tests" / "vectors" / game).glob("complete-game*.json")):
        out.append(("tests/vectors/%s/%s" % (game, path.name), json.loads(path.read_text())))
    if not SCENARIOS.is_dir():
        return out, "../shared/scenarios is absent: only the project's vectors played"
    for path in sorted((SCENARIOS / game).glob("*.json")):
        record = json.loads(path.read_text())
        if "expect_error" not in record:  # a record the rules refuse is no game to enter
            out.append(("scenarios/%s/%s" % (game, path.name), record))
    return out, ""


def per_event(record: dict[str, Any], tmp: Path, reader: bool, buttons: str = "abcud") -> list[int]:
    """Presses entering each event of ``record`` (the setup not counted), on five
    buttons or, with ``buttons`` "abc", on three."""
    rec = runner.Recorder(None, keep=False)
    with Device(tmp, runtime="cpython", buttons=buttons) as d:
        d.step(0)
        d.call("simdev.app.settings['players'] = %s" % json.dumps(record["players"]))
        rec.see(d)
        ap = Autoplayer(d, rec.see, reader=reader)
        ap.start(record)
        events = record["events"]
        while d.last.events < len(events):
            ap.event(events[d.last.events])
    return rec.presses


def per_turn(record: dict[str, Any], tmp: Path, reader: bool) -> list[int]:
    """Presses per turn entering ``record`` (the setup not counted)."""
    return measure.turns(record["events"], per_event(record, tmp, reader), record["game"])


# Six-letter names a new device is given (the "VKD-P0" among them), each spelt
# from the game's players screen: the seat's row, "New name...", the letter picker.
NAMES = ("Robert", "Sophie", "Daniel", "Olivia", "Louise", "Victor", "Hannah", "VKD-P0")
NAME_BUDGET = 30  # presses a name at most, on five buttons and on three


PAIR = ("VKD-P0", "VKD-P1")  # both seats new: the second offered the first's letters


def name_presses(names: tuple[str, ...], tmp: Path, buttons: str = "abcud") -> int:
    """Presses from a new device's players screen (7 Wonders Duel) to ``names`` kept as
    Player 1's (and Player 2's), as a player reading the screens presses them
    (Autoplayer.name: a known name picked from the list, a new one spelt)."""
    with Device(tmp, runtime="cpython", buttons=buttons) as d:
        d.step(0)
        ap = Autoplayer(d, reader=True)
        ap.pick(ap.view(), 0)  # 7 Wonders Duel: the players screen
        before = len(ap.steps)
        for seat, name in enumerate(names):
            ap.name(seat, name)
        kept = d.call("import json\n_value = json.dumps(simdev.app.settings['players'])")
        if [n.upper() for n in kept.value[: len(names)]] != [n.upper() for n in names]:
            raise AutoplayError("%s not kept: %s" % (names, kept.value))  # VKD-P0: Vkd-P0
        return len(ap.steps) - before


def names() -> tuple[str, bool]:
    """Per board, the presses of each of NAMES, and of PAIR; and whether each name is
    in budget."""
    head = "\na six-letter name on a new device, from the players screen (%s):"
    lines = [head % ", ".join(NAMES)]
    ok = True
    for buttons, board in (("abcud", "five buttons"), ("abc", "three buttons")):
        with tempfile.TemporaryDirectory() as tmp:
            got = [name_presses((n,), Path(tmp) / n, buttons) for n in NAMES]
            pair = name_presses(PAIR, Path(tmp) / "pair", buttons)
        fine = max(got) <= NAME_BUDGET
        ok = ok and fine
        lines.append(
            "  %s: %s presses, median %g, max %d (budget: each %d) %s; both seats %s: %d"
            % (board, " ".join(map(str, got)), measure.median(got), max(got), NAME_BUDGET,
               "PASS" if fine else "OVER", " and ".join(PAIR), pair)
        )  # fmt: skip
    return "\n".join(lines), ok


THREE = ROOT / "tests" / "vectors" / "7wd" / "complete-game.json"
THREE_BUDGET = 1.4  # a 7WD game's presses on three buttons over those on five, at most


def three_buttons() -> tuple[str, bool]:
    """A whole 7WD game (THREE) entered as a player reading the screens presses it, on
    five buttons and on three (taps and holds: firmware/buttons.py): the line, and
    whether the ratio is in budget."""
    record = json.loads(THREE.read_text())
    totals = []
    for buttons in ("abcud", "abc"):
        with tempfile.TemporaryDirectory() as tmp:
            totals.append(sum(per_event(record, Path(tmp), True, buttons)))
    ratio = totals[1] / totals[0]
    fine = ratio <= THREE_BUDGET
    turns = len(measure.spans(record["events"]))
    line = "\n7 Wonders Duel on three buttons (%s, %d turns): %d presses against %d on five" % (
        THREE.name,
        turns,
        totals[1],
        totals[0],
    )
    line += ", %.2fx (budget %gx) %s" % (ratio, THREE_BUDGET, "PASS" if fine else "OVER")
    return line, fine


RETURN = ROOT / "tests" / "vectors" / "splendor-duel" / "return-three-with-gold.json"


def returns() -> tuple[list[int], list[int]]:
    """Splendor Duel, tokens over 10 returned: for each return the rules allow at the
    position of RETURN (13 tokens, three to return), the presses a player reading the
    screen makes from the moment the choice opens (one per token picked, the token
    picker; measured), and the row of the one list of every return there was before,
    plus its A (that list opened at its top, in legal()'s order; computed)."""
    record = json.loads(RETURN.read_text())
    at = next(k for k, ev in enumerate(record["events"]) if ev[0] == "return")
    record["events"] = record["events"][:at]
    options = Match(record).legal()  # the pending return's: nothing else is legal
    picker = []
    for ev in options:
        with tempfile.TemporaryDirectory() as tmp, Device(Path(tmp), runtime="cpython") as d:
            d.step(0)
            ap = Autoplayer(d, reader=True)
            ap.play(record)  # up to the return
            before = d.last.presses
            ap.event(ev)
            picker.append(d.last.presses - before)
    return [k + 1 for k in range(len(options))], picker


def collect() -> tuple[dict[str, list[Game]], list[str]]:
    """Per game, each record's figures; and the notes."""
    out: dict[str, list[Game]] = {}
    notes: list[str] = []
    for game in BUDGETS:
        found, note = records(game)
        if note and note not in notes:
            notes.append(note)
        out[game] = []
        for name, record in found:
            g = Game(name)
            with tempfile.TemporaryDirectory() as tmp:
                try:
                    presses = per_event(record, Path(tmp) / "reader", True)
                    g.fewest = per_turn(record, Path(tmp) / "fewest", False)
                except AutoplayError as e:  # an event written in a form the menus never offer
                    notes.append("%s: not counted: %s" % (name, e))
                    continue
            events = record["events"]
            g.reader = measure.turns(events, presses, game)
            for n, span in zip(g.reader, measure.spans(events, game), strict=True):
                if n > most(game, [events[k] for k in span]):
                    g.beyond += 1
                if n > MOST:
                    g.over.append([events[k] for k in span])
                    g.uncarded.append(sum(presses[k] for k in span if events[k][0] != "card"))
            out[game].append(g)
    return out, notes


def report(figures: dict[str, list[Game]], notes: list[str]) -> tuple[str, bool]:
    """The printed table, and whether every game is within its budgets."""
    header = ["game", "record", "turns", "median", "max", "fewest: median", "max"]
    header += ["budget", "verdict"]
    rows: list[list[str | int]] = []
    ok = True

    def figures_of(turns: list[int]) -> list[str | int]:
        return ["%g" % measure.median(turns), max(turns)]

    for game, games in figures.items():
        for g in games:
            head: list[str | int] = [game, g.name, len(g.reader)]
            rows.append(head + figures_of(g.reader))
            rows[-1] += figures_of(g.fewest) + ["", ""]
        every = [n for g in games for n in g.reader]
        if not every:
            notes.append("%s: no record played" % game)
            ok = False
            continue
        beyond = sum(g.beyond for g in games)
        fine = measure.median(every) <= BUDGETS[game] and not beyond
        ok = ok and fine
        head = [game, "all", len(every)]
        rows.append(head + figures_of(every))
        rows[-1] += figures_of([n for g in games for n in g.fewest])
        most_of = (
            "max %d" % MOST
            if game != "antike-duellum"
            else "over %d: %d/event+%d/card" % (MOST, EACH, CARD)
        )
        rows[-1] += ["%g, %s" % (BUDGETS[game], most_of), "PASS" if fine else "OVER"]
        over = [turn for g in games for turn in g.over]
        if over:
            sizes = sorted(len(turn) for turn in over)
            cards = sum(1 for turn in over if any(ev[0] == "card" for ev in turn))
            still = sorted(n for g in games for n in g.uncarded if n > MOST)
            notes.append(
                "%s: %d turns over %d presses hold %d to %d events each (median %g), at"
                " least a press each; %d of them take an event card from the display;"
                " without the presses taking cards, %d would be over (%s); over their"
                " budget: %d"
                % (game, len(over), MOST, sizes[0], sizes[-1], measure.median(sizes), cards,
                   len(still), ", ".join(str(n) for n in still) or "none", beyond)
            )  # fmt: skip
    lines = [
        "presses per live turn, as a player reading the screens presses them "
        "(host/duelkeeper_dev/bench_turns.py;",
        "  median and max per turn; fewest: the fewest gestures to each item, beside it):",
        "",
        table(header, rows),
    ]
    return "\n".join(lines + notes), ok


def main() -> int:
    text, ok = report(*collect())
    print(text)
    for part in (names, three_buttons):
        text, fine = part()
        print(text)
        ok = ok and fine
    listed, picked = returns()
    print(
        "\nSplendor Duel, 3 of 13 tokens returned (%s), per return of the %d allowed: "
        "the token picker median %g, max %d presses; the one list of returns before, "
        "median %g, max %d"
        % (RETURN.name, len(listed), measure.median(picked), max(picked),
           measure.median(listed), max(listed))
    )  # fmt: skip
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
