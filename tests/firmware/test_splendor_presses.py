"""Splendor Duel's lists cut for presses: the card lists jump colour by colour within
each level and no two rows read alike, the token picker moves on to the next colour it
can still add, and after a privilege or a replenish the turn's menu opens again (the
action is still to come)."""

from pathlib import Path
from typing import Any

import apphelp

from duelcore.splendor import cards as C
from duelcore.splendor.names import find
from duelkeeper.sim.autoplay import Autoplayer


def _start(ap: Autoplayer) -> None:
    for g in ("down", "a", "a", "a"):  # Splendor Duel, Play, player 1 starts
        ap.press(g)
    assert ap.view()["screen"] == "tracksd"


def _key(cid: str) -> tuple[int, int]:
    if cid.startswith("deck"):
        return (9, 0)
    i = find(cid)
    return (C.level(i), C.get(i, 0))


def _level(cid: str) -> int:
    return int(cid[4:]) if cid.startswith("deck") else C.level(find(cid))


def test_reserve_list_jumps_by_colour_within_each_level(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        _start(ap)
        for g in ("down", "down", "a"):  # the turn's menu, Reserve
            ap.press(g)
        v: dict[str, Any] = d.view()
        assert v["screen"] == "cardsd" and len(v["labels"]) == 70  # 67 cards, 3 decks
        keys = [_key(ev[2]) for ev in v["events"]]
        starts = [k for k in range(len(keys)) if k == 0 or keys[k] != keys[k - 1]]
        assert v["groups"] == starts and len(starts) > 12  # colours of three levels, decks
        # No two rows read alike: the level at the left, and jokers that would read
        # alike say the colours of their cost (2U2R)
        levels = [_level(ev[2]) for ev in v["events"]]
        read = list(zip(levels, v["labels"], strict=True))
        assert len(set(read)) == len(read)
        assert sum(1 for label in v["labels"] if label.startswith("Joker 1* ")) == 3
        ap.press("long down")
        v = d.view()
        assert v["i"] == starts[1] and v["labels"][v["i"]].startswith("Blue")
        ap.press("long up")
        ap.press("long up")  # round to the decks, the last group
        assert d.view()["i"] == starts[-1]


def test_token_picker_moves_on_and_privilege_reopens_the_turn(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        _start(ap)
        ap.press("a")  # the turn's menu: Tokens
        ap.press("a")
        v = d.view()
        assert v["screen"] == "tokensd" and v["i"] == 0
        ap.press("a")  # a white: on to blue
        v = d.view()
        assert v["sel"][0] == 1 and v["i"] == 1
        ap.press("c")  # one white is a take
        assert d.last.events == 1
        # Player 2 starts with a privilege: used, then the menu is open again
        for g in ("down", "down", "down", "a"):  # opens the menu on Buy, Privileges
            ap.press(g)
        v = d.view()
        assert v["screen"] == "tokensd"
        ap.press("a")  # the privilege's one token: played
        assert d.last.events == 2
        v = d.view()
        assert v["screen"] == "turnsd" and "privilege" in v["notice"]
        ap.press("b")
        assert d.view()["screen"] == "tracksd"
