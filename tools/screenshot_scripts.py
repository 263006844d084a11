"""Write the button scripts behind the README's screenshots (docs/screenshots/*.txt).

    .venv/bin/python tools/screenshot_scripts.py    # rewrite the scripts
    make screenshots                                # play them, write the PNGs

Each script is a game played as at a table (duelkeeper_dev.tablegame), entered through
the menus by the autoplayer, with ``shot NAME`` lines where a screen is worth showing.
The scripts are plain button scripts: ``duelkeeper sim --script docs/screenshots/7wd.txt
--screenshot DIR`` plays one on the real MicroPython VM and writes NAME.png for each
shot (and every frame as NNNN.png). Run this again when the menus change.
"""

import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "host"), str(ROOT / "shared")]

from duelcore import Match  # noqa: E402
from duelcore.quick import fields  # noqa: E402
from duelcore.sevenwonders.cards import card  # noqa: E402
from duelkeeper.sim.command import set_lang  # noqa: E402
from duelkeeper.sim.device import Device  # noqa: E402
from duelkeeper.sim.script import Step  # noqa: E402
from duelkeeper_dev.autoplay import Autoplayer, script_text  # noqa: E402
from duelkeeper_dev.bench_turns import RETURN  # noqa: E402  (the record it measures)
from duelkeeper_dev.tablegame import antike_record, splendor_record, table_record  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def shot(ap: Autoplayer, name: str) -> None:
    ap.steps.append(Step("shot", name=name))


def until(ap: Autoplayer, ev: list[Any], done: Callable[[dict[str, Any]], bool]) -> None:
    """Route towards ``ev`` until the screen satisfies ``done``."""
    for _ in range(100):
        v = ap.view()
        if done(v):
            return
        ap.route(ev, v)
    raise RuntimeError(f"never got there on the way to {ev}")


def seven(ap: Autoplayer) -> str:
    record = table_record(4)
    events = record["events"]
    # Where to look: a build paid partly by trading; a science or military threat; a
    # progress token to choose.
    match = Match(dict(record, events=[]))
    trade = threat = token = -1
    for k, ev in enumerate(events):
        g = match.game
        if trade < 0 and k > 6 and ev[0] == "build":
            total, chained, printed, bought, _ = g.price(ev[1], card(ev[2]))
            if bought and not chained:
                trade = k
        match.play(ev)
        g = match.game
        near = any(g.needs(p)[0] <= 4 or g.needs(p)[1] <= 2 for p in (0, 1))
        if threat < 0 and near and g.pending is None and k > 20:
            threat = k
        if token < 0 and g.pending == "progress":
            token = k
    shot(ap, "games")
    ap.start(record)
    shot(ap, "7wd-start")
    for k, ev in enumerate(events):
        if ap.device.last.events > k:
            continue  # the device took it: the only choice there was
        if k == trade:
            number = card(ev[2])
            until(
                ap,
                ev,
                lambda v, n=number: v["screen"] == "sevenwonders.pick" and v["cards"][v["i"]] == n,
            )
            shot(ap, "7wd-picker")
        ap.event(ev)
        if k == threat:
            shot(ap, "7wd-tracking")
        if k == token:
            shot(ap, "7wd-choice")
    shot(ap, "7wd-sheet")
    ap.press("a")
    return "7 Wonders Duel: a whole game as played at a table (tablegame seed 4)"


def splendor(ap: Autoplayer) -> str:
    record = splendor_record(4)
    ap.start(record)
    events = record["events"]
    took = bought = reserved = False
    for k, ev in enumerate(events):
        if ap.device.last.events > k:
            continue  # the device took it: the only choice there was
        if not took and k > 10 and ev[0] == "take" and len(ev[2]) == 3:
            until(ap, ev, lambda v: v["screen"] == "splendor.tokenpick" and sum(v["sel"]) == 2)
            shot(ap, "splendor-tokens")
            took = True
        if not bought and k > 20 and ev[0] == "buy":
            until(ap, ev, lambda v: v["screen"] == "splendor.cardpick")
            shot(ap, "splendor-buy")
            bought = True
        if not reserved and ev[0] == "reserve" and not ev[2].startswith("deck"):
            # the card's level (II: a few with points and crowns), asked first
            until(ap, ev, lambda v: v["screen"] == "splendor.cardpick" and "levels" in v)
            shot(ap, "splendor-levels")
            until(ap, ev, lambda v: v["screen"] == "splendor.cardpick" and "levels" not in v)
            shot(ap, "splendor-reserve")
            reserved = True
        ap.event(ev)
        if k == len(events) // 2:
            shot(ap, "splendor-tracking")
    shot(ap, "splendor-sheet")
    ap.press("a")
    return "Splendor Duel: a whole game (tablegame splendor seed 4)"


def splendor_return(ap: Autoplayer) -> str:
    record = json.loads(RETURN.read_text())
    events = record["events"]
    ap.start(record)
    for k, ev in enumerate(events):
        if ap.device.last.events > k:
            continue  # the device took it: the only choice there was
        if ev[0] == "return":  # the picker over the player's own tokens: one gone back
            until(ap, ev, lambda v: v["screen"] == "splendor.tokenpick" and sum(v["sel"]) == 1)
            shot(ap, "splendor-return")
        ap.event(ev)
    return "Splendor Duel: tokens over 10 returned (tests/vectors/splendor-duel/%s)" % RETURN.name


def antike(ap: Autoplayer) -> str:
    record = antike_record(1, 24)
    ap.start(record)
    paid = False
    for k, ev in enumerate(record["events"]):
        if ap.device.last.events > k:
            continue  # the device took it: the only choice there was
        if k == 20:
            until(ap, ev, lambda v: v["screen"] == "antike.turn")
            shot(ap, "antike-moves")
        if not paid and ev[0] == "rondel" and len(ev) > 3 and ev[3]:
            until(ap, ev, lambda v, row=[ev]: v["screen"] == "antike.turn" and row in v["events"])
            v = ap.view()
            ap.goto(v, v["events"].index([ev]))
            shot(ap, "antike-rondel")
            ap.press("c")  # every way to pay for these steps
            shot(ap, "antike-pay")
            ap.press("b")
            paid = True
        ap.event(ev)
    if ap.view()["screen"] == "antike.turn":  # the turn's menu stays up mid-turn: back to the game
        ap.press("b")
    shot(ap, "antike-tracking")
    return "Antike Duellum: the first 24 events of a game (tablegame antike seed 1)"


def names(ap: Autoplayer) -> str:
    ap.press("a")  # 7 Wonders Duel
    ap.press("down")
    ap.press("a")  # Player 1 -> names
    ap.press("a")  # New name...
    # "ANN": the box opens on the second row's first letter (H); a long UP goes to A
    for gesture in ["long up", "a"] + ["down"] * 6 + ["a"] + ["down"] * 6:
        ap.press(gesture)
    shot(ap, "letters")
    return "Spelling a name with the letter picker"


def quick(ap: Autoplayer) -> str:
    result = Match(table_record(1)).result()
    ap.press("a")  # 7 Wonders Duel
    ap.press("up")
    ap.press("a")  # the players' last item: the pad
    for p in (0, 1):
        for k, (name, _, _) in enumerate(fields("7wd")):
            ap.count("7wd", name, result["players"][p]["score"][name])
            if (p, k) == (0, 1):
                shot(ap, "quick-pad")
            ap.press("a")
    shot(ap, "quick-sheet")
    return (
        "A quick score: a 7 Wonders Duel game played without the device, entered from its\n"
        'score pad (the final counts of tablegame seed 1; docs/firmware.md, "Quick score")'
    )


SCRIPTS: dict[str, Callable[[Autoplayer], str]] = {
    "7wd": seven,
    "splendor": splendor,
    "splendor-return": splendor_return,
    "antike": antike,
    "names": names,
    "quick": quick,
}


# 7WD's setup lists the progress tokens in the language's order of their names, and the
# letter picker offers the language's letters before the Latin ones, so the presses that
# spell the players' names differ by language: ja/7wd.txt, ru/7wd.txt and the others,
# which make screenshots plays there (names.txt shows the language's letters as it is).
LANGS: dict[str, tuple[str, ...]] = {
    "7wd": ("ja", "ru"),
    "splendor": ("ja", "ru"),
    "splendor-return": ("ja", "ru"),
    "antike": ("ja", "ru"),
}


def script(name: str, lang: str = "en") -> str:
    """The text of docs/screenshots/NAME.txt (LANG/NAME.txt), played out on today's
    firmware in that language."""
    with tempfile.TemporaryDirectory() as tmp:
        if lang != "en":
            set_lang(Path(tmp), "sim", lang)
        with Device(Path(tmp), runtime="cpython") as d:
            d.step(0)
            ap = Autoplayer(d)
            about = SCRIPTS[name](ap)
            return script_text(ap.steps, about)


def main() -> int:
    for name in SCRIPTS:
        for lang in ("en", *LANGS.get(name, ())):
            out = OUT if lang == "en" else OUT / lang
            out.mkdir(parents=True, exist_ok=True)
            text = script(name, lang)
            (out / f"{name}.txt").write_text(text)
            print(f"{out.relative_to(ROOT)}/{name}.txt: {len(text.splitlines()) - 1} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
