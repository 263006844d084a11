"""Splendor Duel's lists cut for presses: the card lists jump colour by colour within
each level and no two rows read alike, the token picker moves on to the next colour it
can still add (taking, and returning over the 10-token limit), and after a privilege or
a replenish the turn's menu opens again (the action is still to come)."""

import json
from pathlib import Path
from typing import Any

import apphelp

from duelcore.splendor import cards as C
from duelcore.splendor.names import find
from duelkeeper.sim.autoplay import Autoplayer

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "splendor-duel"


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


def _over_ten() -> dict[str, Any]:
    """Ann at 9 tokens, a reserve's gold, then 3 more: 13, three to return (the vector's
    events up to its return)."""
    record = json.loads((VECTORS / "return-three-with-gold.json").read_text())
    record["events"] = record["events"][:9]
    return record


def _play_to_the_return(d: Any) -> Autoplayer:
    record = _over_ten()
    ap = Autoplayer(d)
    ap.start(record)
    for ev in record["events"]:
        ap.event(ev)
    assert d.last.events == 9  # the pending return: the picker over Ann's own tokens opens
    return ap


def _last_event(d: Any) -> Any:
    return d.call("import json\n_value = json.dumps(simdev.app.match.event(9))").value


def _line(d: Any) -> Any:
    return d.call("import json\n_value = json.dumps(simdev.app.stack[-1].detail(0))").value


def test_tokens_over_ten_are_returned_one_press_a_token(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        ap = _play_to_the_return(d)
        v = d.view()
        assert v["screen"] == "tokensd" and len(v["sel"]) == 7  # gold included
        assert v["labels"][0] == "White  (3 held)" and v["labels"][6] == "Gold  (1 held)"
        assert v["i"] == 0 and _line(d) == "3 more to return"  # on the first colour held
        before = d.last.presses
        ap.press("a")  # a white back: on to blue, the next colour held
        v = d.view()
        assert v["sel"] == [1, 0, 0, 0, 0, 0, 0] and v["i"] == 1 and d.last.events == 9
        assert _line(d) == "2 more to return"
        for _ in range(4):  # green (none held), red, black, pearl
            ap.press("down")
        ap.press("a")  # the pearl: on to gold
        v = d.view()
        assert v["sel"] == [1, 0, 0, 0, 0, 1, 0] and v["i"] == 6
        ap.press("a")  # the gold: 10 again, the return played at once
        assert d.last.events == 10 and d.last.presses - before == 7
        assert d.view()["screen"] == "tracksd"
        assert _last_event(d) == ["return", 0, ["white", "pearl", "gold"]]


def test_a_return_over_what_is_held_is_never_offered(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        ap = _play_to_the_return(d)
        ap.pick(d.view(), 2)  # green: none held, refused
        v = d.view()
        assert v["sel"] == [0] * 7 and "Not with this selection" in v["notice"]
        ap.pick(d.view(), 4)  # two blacks: both held
        ap.pick(d.view(), 4)
        assert d.view()["sel"] == [0, 0, 0, 0, 2, 0, 0]
        ap.pick(d.view(), 4)  # a third: Ann has two
        v = d.view()
        assert v["sel"] == [0, 0, 0, 0, 2, 0, 0] and "Not with this selection" in v["notice"]
        ap.press("b")  # B takes the last one back; C before the third says what is left
        ap.press("c")
        v = d.view()
        assert v["sel"] == [0, 0, 0, 0, 1, 0, 0] and v["notice"] == "2 more to return"
        assert d.last.events == 9
        ap.pick(d.view(), 1)
        ap.pick(d.view(), 1)
        assert d.last.events == 10
        assert _last_event(d) == ["return", 0, ["blue", "blue", "black"]]
