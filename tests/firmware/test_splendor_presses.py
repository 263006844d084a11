"""Splendor Duel's lists cut for presses: a reservation asks the level, then lists that
level by colour (jumps from colour to colour, no two rows alike); the token picker's
cursor stays where it is (never a move of its own that an extra press turns into a
wrong pick); the turn's menu opens on Tokens with the
optional actions above it, and after a privilege or a replenish the token picker opens
again over it (the action is still to come)."""

import json
from pathlib import Path
from typing import Any

import apphelp

from duelcore.splendor import cards as C
from duelcore.splendor.names import find
from duelkeeper_dev.autoplay import Autoplayer

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "splendor-duel"


def _start(ap: Autoplayer) -> None:
    for g in ("down", "a", "a", "a"):  # Splendor Duel, Play, player 1 starts
        ap.press(g)
    assert ap.view()["screen"] == "splendor.track"


def _key(cid: str) -> tuple[int, int]:
    if cid.startswith("deck"):
        return (9, 0)
    i = find(cid)
    return (C.level(i), C.get(i, 0))


def _level(cid: str) -> int:
    return int(cid[4:]) if cid.startswith("deck") else C.level(find(cid))


def test_a_reservation_asks_the_level_then_lists_it_by_colour(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        _start(ap)
        for g in ("down", "down", "a"):  # the turn's menu opens on Tokens: Reserve
            ap.press(g)
        v: dict[str, Any] = d.view()
        assert v["screen"] == "splendor.cardpick" and v["levels"] == [
            1,
            2,
            3,
            "deck1",
            "deck2",
            "deck3",
        ]
        assert v["labels"][:3] == ["Level I", "Level II", "Level III"] and v["i"] == 1
        ap.press("a")  # level II alone: 24 cards, by colour
        v = d.view()
        assert len(v["labels"]) == 24 and {_level(ev[2]) for ev in v["events"]} == {2}
        keys = [_key(ev[2]) for ev in v["events"]]
        starts = [k for k in range(len(keys)) if k == 0 or keys[k] != keys[k - 1]]
        assert v["groups"] == starts and len(starts) == 7  # five colours, jokers, no bonus
        # No two rows read alike: jokers that would read alike say the colours of their
        # cost (2B2R)
        assert len(set(v["labels"])) == len(v["labels"])
        ap.press("long down")
        v = d.view()
        assert v["i"] == starts[1] and v["labels"][v["i"]].startswith("Blue")
        ap.press("long up")
        ap.press("long up")  # round to the cards without a bonus, the last group
        assert d.view()["i"] == starts[-1]
        ap.press("b")  # back to the levels; a blind draw is played from there
        ap.pick(d.view(), 4)
        assert d.last.events == 1
        assert d.call("import json\n_value = json.dumps(simdev.app.match.event(0))").value == [
            "reserve",
            0,
            "deck2",
        ]


def test_a_level_ii_reservation_is_a_few_presses(tmp_path: Path) -> None:
    """2r1, the first red of level II, as a player reading the screen reserves it: the
    menu's Reserve (DOWN twice, A), level II (A: it opens there), three colour jumps, A."""
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d, reader=True)
        _start(ap)
        ap.event(["reserve", 0, "2r1"])
        assert d.last.events == 1 and d.last.presses == 4 + 8


def test_token_picker_stays_on_a_colour_while_it_can_take_another(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        _start(ap)
        ap.press("a")  # the turn's menu: Tokens
        ap.press("a")
        v = d.view()
        assert v["screen"] == "splendor.tokenpick" and v["i"] == 0
        for _ in range(5):
            ap.press("down")
        ap.press("a")  # a pearl; another can be taken: still on pearl
        v = d.view()
        assert v["sel"] == [0, 0, 0, 0, 0, 1] and v["i"] == 5
        ap.press("a")  # the second (and last) pearl: the cursor stays
        v = d.view()
        assert v["sel"] == [0, 0, 0, 0, 0, 2] and v["i"] == 5
        ap.press("c")  # two pearls are a take
        assert d.last.events == 1
        # Three blacks as a player reading the screen takes them: A opens the menu on
        # Tokens, A the picker on white, four rows down, an A a token (the third plays)
        before = d.last.presses
        Autoplayer(d, reader=True).event(["take", 1, ["black", "black", "black"]])
        assert d.last.events == 2 and d.last.presses - before == 9


def test_a_down_after_a_colours_last_token_is_the_next_row(tmp_path: Path) -> None:
    """The slip the issue saw: the cursor moved on by itself after a colour's last
    token, so the player's own DOWN to black landed on pearl. It stays: a red, then DOWN
    and A take black."""
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        _start(ap)
        ap.press("a")  # the turn's menu: Tokens
        ap.press("a")
        for _ in range(3):
            ap.press("down")
        v = d.view()
        assert v["rows"][v["i"]] == 3  # red
        ap.press("a")  # a red: none can follow it of its colour in a line of three
        assert d.view()["i"] == v["i"]
        ap.press("down")
        ap.press("a")
        v = d.view()
        assert v["sel"] == [0, 0, 0, 1, 1, 0], v["sel"]  # red and black, no pearl


def test_a_privilege_then_the_take_on_the_same_picker(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        _start(ap)
        for g in ("a", "a", "a"):  # the turn's menu: Tokens; a white
            ap.press(g)
        ap.press("c")  # one white is a take
        assert d.last.events == 1
        # Player 2 starts with a privilege: UP opens the menu on Tokens and moves up to it
        before = d.last.presses
        for g in ("up", "a"):
            ap.press(g)
        v = d.view()
        assert v["screen"] == "splendor.tokenpick" and v["verb"] == "privilege"
        ap.press("a")  # the privilege's one token: played
        assert d.last.events == 2 and d.last.presses - before == 3
        v = d.view()  # the token picker again, for the take
        assert (
            v["screen"] == "splendor.tokenpick"
            and v["verb"] == "take"
            and "privilege" in v["notice"]
        )
        ap.press("b")  # not a take: back to the turn's menu, on Buy
        v = d.view()
        assert v["screen"] == "splendor.turn" and v["verbs"][v["i"]] == "buy"
        ap.press("b")
        assert d.view()["screen"] == "splendor.track"


def _over_ten() -> dict[str, Any]:
    """Ann at 9 tokens, a reserve's gold, then 3 more: 13, three to return (the vector's
    events up to its return)."""
    record = json.loads((VECTORS / "return-three-with-gold.json").read_text())
    record["events"] = record["events"][:9]
    return record


def _play_to_the_return(d: Any) -> Autoplayer:
    ap = Autoplayer(d)
    ap.play(_over_ten())
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
        assert v["screen"] == "splendor.tokenpick" and len(v["sel"]) == 7  # gold included
        # a row per colour held: no green row, none held
        assert v["labels"] == [
            "White  (3 held)",
            "Blue  (3 held)",
            "Red  (3 held)",
            "Black  (2 held)",
            "Pearl  (1 held)",
            "Gold  (1 held)",
        ]
        assert v["i"] == 0 and _line(d) == "3 more to return"  # on the first colour held
        before = d.last.presses
        ap.press("a")  # a white back: the cursor stays
        v = d.view()
        assert v["sel"] == [1, 0, 0, 0, 0, 0, 0] and v["i"] == 0 and d.last.events == 9
        assert _line(d) == "2 more to return"
        for _ in range(4):  # blue, red, black, pearl
            ap.press("down")
        ap.press("a")  # the pearl
        v = d.view()
        assert v["sel"] == [1, 0, 0, 0, 0, 1, 0] and v["i"] == 4
        ap.press("down")
        ap.press("a")  # the gold: 10 again, the return played at once
        assert d.last.events == 10 and d.last.presses - before == 8
        assert d.view()["screen"] == "splendor.track"
        assert _last_event(d) == ["return", 0, ["white", "pearl", "gold"]]


def test_a_return_over_what_is_held_is_never_offered(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        ap = _play_to_the_return(d)
        ap.pick(d.view(), 3)  # two blacks: both held
        ap.pick(d.view(), 3)
        assert d.view()["sel"] == [0, 0, 0, 0, 2, 0, 0]
        ap.pick(d.view(), 3)  # a third: Ann has two
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
