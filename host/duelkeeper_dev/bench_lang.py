"""Each language's budgets (issue 13), on the real port: MicroPython rp2 in the emulated
RP2040, the shipped build on a Badger 2040 image.

    python -m duelkeeper_dev.bench_lang

Per language, a fresh board is set to it (its settings, as the language menu writes
them), all three cores are imported, an App is made at the raw REPL and a complete 7
Wonders Duel game (tests/vectors/7wd/complete-game.json) is played on it event by
event; before each event the top screen is drawn and, before every fourth, the card menu
is opened on the tracking screen, drawn and closed. The figures:

* live heap: the most ``gc.mem_alloc()`` after ``gc.collect()`` at any of those
  moments; budget: no more than English's. The REPL's own objects (the game's events
  among them) count here, so this is a comparison between languages; the 96 KB of the
  budget is bench_rp2's figure, a game played by button presses with nothing else;
* frame time: the tracking screen and the card menu drawn (median of 3 calls each,
  emulated microseconds); budget: English's plus 20%. Building the card menu (its
  labels looked up in the catalog) is reported beside it;
* flash: every file deploy puts on a board (the .mpy files, the glyphs, every
  language's catalog); budget: 400 KB.

docs/languages.md ("Budgets") has the figures and what they mean.
"""

import json
import sys

from duelkeeper import deploy
from duelkeeper.names import LANGS
from duelkeeper.repo import ROOT
from duelkeeper.rp2.board import firmware_missing
from duelkeeper.textable import table
from duelkeeper_dev.bench_draw import BOARD, on_board, timings

KB = 1024
FLASH_BUDGET = 400 * KB
FRAME_SLACK = 1.2  # a language's frame time: at most English's plus 20%
GAME = ROOT / "tests" / "vectors" / "7wd" / "complete-game.json"
CORES = ("duelcore.sevenwonders", "duelcore.splendor", "duelcore.antike")

CODE = """
import time, gc
from firmware.storage import Storage
b = __import__("boards.%(board)s", None, None, ("open",)).open()
s = Storage(b.root)
d = s.settings()
d["lang"] = %(lang)r
s.save_settings(d)
for m in %(cores)r:
    __import__(m)
    print(".")
from firmware.app import App
app = App(b, s)
print(".")
c = app.canvas
most = [0]
def H():
    gc.collect()
    m = gc.mem_alloc()
    if m > most[0]:
        most[0] = m
def T(label, f):
    runs = []
    for _ in range(3):
        gc.collect()
        t = time.ticks_us()
        f()
        runs.append(time.ticks_diff(time.ticks_us(), t))
        print(".")  # the PC waits for a silence of some seconds at most
    print("T", label, sorted(runs)[1])
def card_menu():  # pushed anew each time
    app.push(__import__("firmware.games.sevenwonders.pick", None, None, ("Screen",)).Screen(app))
def menu():
    card_menu()
    app.stack[-1].draw(c)
    H()
    app.pop()
print("L", app.notice)
app.new_game("7wd", %(players)r, %(setup)r)
T("tracking", lambda: app.stack[-1].draw(c))
T("card menu, built", lambda: (card_menu(), app.pop()))
card_menu()
T("card menu", lambda: app.stack[-1].draw(c))
app.pop()
for k, ev in enumerate(%(events)r):
    app.stack[-1].draw(c)
    H()
    if k %% 4 == 0 and type(app.stack[-1]).__module__.endswith("sevenwonders.track"):
        menu()
    app.play(ev)
    print(".")  # the PC waits for a silence of some seconds at most
app.stack[-1].draw(c)
H()
print("T heap", most[0])
"""


def measure(lang: str) -> dict[str, int]:
    """Heap and times of ``lang`` on the real port: {"heap": B, "tracking": us, ...}."""
    record = json.loads(GAME.read_text())
    code = CODE % {
        "board": BOARD,
        "lang": lang,
        "cores": CORES,
        "players": record["players"],
        "setup": record["setup"],
        "events": record["events"],
    }
    out = on_board(code)
    said = [line for line in out.splitlines() if line.startswith("L ")]
    if said != ["L None"]:  # a notice at boot: the catalog was not taken
        raise RuntimeError("%s: the board said %r" % (lang, said or out[-300:]))
    return dict(timings(out))


def flash_bytes() -> int:
    return sum(len(data) for data in deploy.files().values())


def report(figures: dict[str, dict[str, int]], flash: int) -> tuple[str, bool]:
    """The table `make bench` prints, and whether every budget holds."""
    en = figures["en"]
    rows = []
    ok = True
    for lang in LANGS:
        f = figures[lang]
        fine = lang == "en" or f["heap"] <= en["heap"]
        ok = ok and fine
        rows.append(
            [
                lang + ": live heap, most",
                "%.1f KB" % (f["heap"] / KB),
                "-" if lang == "en" else "%.1f KB" % (en["heap"] / KB),
                "-" if lang == "en" else ("PASS" if fine else "FAIL"),
            ]
        )
        rows.append(["  card menu built", "%.1f ms" % (f["card menu, built"] / 1000), "-", "-"])
        for what in ("tracking", "card menu"):
            slack = en[what] * FRAME_SLACK
            fine = lang == "en" or f[what] <= slack
            ok = ok and fine
            rows.append(
                [
                    "  %s drawn" % what,
                    "%.1f ms" % (f[what] / 1000),
                    "-" if lang == "en" else "%.1f ms" % (slack / 1000),
                    "-" if lang == "en" else ("PASS" if fine else "FAIL"),
                ]
            )
    fine = flash <= FLASH_BUDGET
    ok = ok and fine
    rows.append(
        [
            "flash: all the files deployed",
            "%.1f KB" % (flash / KB),
            "%.0f KB" % (FLASH_BUDGET / KB),
            "PASS" if fine else "FAIL",
        ]
    )
    head = "languages on the real rp2 port (board %s, a 7WD game, all cores):" % BOARD
    return head + "\n" + table(["", "figure", "budget", "verdict"], rows), ok


def main() -> int:
    missing = firmware_missing()
    if missing:
        print(f"bench_lang: not measured: {missing}")
        return 0
    figures = {lang: measure(lang) for lang in LANGS}
    text, ok = report(figures, flash_bytes())
    print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
