"""A quick score entered on the device (firmware/screens/quick.py), on both runtimes.

Each game's score pad is filled in with the buttons from the choice of game, as a player
reading the number on the screen presses (Autoplayer.quick); the same presses replay on
the MicroPython VM frame for frame; the game is filed as a score-only record whose
replay gives the winner the core decides. A victory without counts, going back across
players, dropping the game, refusals (one line, nothing lost) and the three-button board
and the 250x122 panel are each played through too.
"""

import importlib.util
from pathlib import Path
from typing import Any

import apphelp
import pytest

from duelcore.engine import Match
from duelcore.quick import start
from duelkeeper.repo import ROOT
from duelkeeper.sim import runner
from duelkeeper_dev.autoplay import Autoplayer, AutoplayError

TYPICAL = list(start("7wd"))  # where each number starts: 21, 5, 6, 5, 10, 0, 2, 0


def quick_record(game: str, counts: list[dict[str, int]]) -> dict[str, Any]:
    return {
        "format": 1,
        "game": game,
        "id": "quick-" + game,
        "players": ["Ann", "Bob"],
        "setup": {"score_only": True},
        "events": [["score", p, counts[p]] for p in (0, 1)],
    }


# A 7 Wonders Duel game as a table scores it (tablegame seed 1's final pad); Bob wins
# the Splendor Duel game with 20 points; Ann the Antike Duellum game with nine.
SEVEN = quick_record(
    "7wd",
    [
        {"civilian": 21, "science": 7, "commercial": 6, "guilds": 0, "wonders": 10,
         "progress": 4, "coins": 2, "military": 5},
        {"civilian": 21, "science": 8, "commercial": 0, "guilds": 0, "wonders": 10,
         "progress": 0, "coins": 0, "military": 0},
    ],
)  # fmt: skip
SPLENDOR = quick_record(
    "splendor-duel",
    [
        {"points": 14, "crowns": 6, "white": 3, "blue": 4, "green": 0, "red": 5, "black": 1},
        {"points": 21, "crowns": 3, "white": 6, "blue": 2, "green": 7, "red": 0, "black": 4},
    ],
)
ANTIKE = quick_record(
    "antike-duellum",
    [
        {"king": 3, "scholar": 2, "citizen": 2, "general": 1, "navigator": 1},
        {"king": 1, "scholar": 2, "citizen": 1, "general": 2, "navigator": 0},
    ],
)


def enter(record: dict[str, Any], storage: Path, **kw: Any) -> apphelp.Scripted:
    """The quick score entered on CPython, every frame kept; the sheet's A files it."""
    rec = runner.Recorder(None)
    with apphelp.device(storage, **kw) as d:
        ap = Autoplayer(d, rec.see)
        rec.see(d)
        ap.quick(record)
        v = d.view()
        assert v["screen"] == "sheet", v
        sheet = d.call("import json\n_value = json.dumps(simdev.app.stack[-1].head)").value
        ap.press("a")
        for _ in range(50):
            d.step(0)
            rec.see(d, None)
        v = d.view()
    steps = ap.steps
    return apphelp.Scripted(record, steps, rec.frames, dict(v, sheet=sheet), storage, [])


@pytest.mark.parametrize("record", [SEVEN, SPLENDOR, ANTIKE], ids=lambda r: r["game"])
def test_a_quick_score_is_filed_and_decided_on_both_runtimes(
    tmp_path: Path, record: dict[str, Any]
) -> None:
    game = enter(record, tmp_path / "cpython")
    assert game.view["screen"] == "games" and game.view["notice"] == "Game saved"
    (filed,) = apphelp.archived(tmp_path / "cpython")
    apphelp.same_game(filed, record)
    assert not (tmp_path / "cpython" / "games" / "pad.log").exists()
    result = Match(filed).result()
    assert result["score_only"] and result["over"]
    want = Match(record).result()
    winner = record["players"][want["winner"]]
    assert game.view["sheet"] == "%s wins: %s" % (winner, want["victory"])
    run, d = apphelp.replay(game.steps, tmp_path / "vm")
    with d:
        assert d.view()["screen"] == "games"
    assert [f.data for f in run.frames] == [f.data for f in game.frames]
    (filed,) = apphelp.archived(tmp_path / "vm")
    apphelp.same_game(filed, record)


def test_seven_wonders_pad_presses(tmp_path: Path) -> None:
    """docs/firmware.md, "Quick score": the bench's table game of seed 1 takes 31 presses
    from the choice of game (names known) to the score sheet, each number stepped from
    the typical count it starts at; tools/quick_presses.py counts the others (median
    37)."""
    with apphelp.device(tmp_path) as d:
        d.call("simdev.app.settings['players'] = ['Ann', 'Bob']")
        ap = Autoplayer(d)
        ap.quick(SEVEN)
        assert d.view()["screen"] == "sheet"
        assert d.last.presses == 31, d.last.presses


def test_the_pad_starts_at_the_typical_counts() -> None:
    """7WD's pad starts each number at its row's median over other table games than
    those measured (tools/quick_presses.py --typical); the other games start at 0."""
    spec = importlib.util.spec_from_file_location(
        "quick_presses", ROOT / "tools" / "quick_presses.py"
    )
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert start("7wd") == tool.typical()
    assert set(tool.SEEDS).isdisjoint(tool.TYPICAL_SEEDS)
    assert start("splendor-duel") == (0,) * 7 and start("antike-duellum") == (0,) * 5


def test_long_c_takes_ten_and_commercial_steps_by_three(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        for g in ("a", "up", "a"):  # 7WD, quick score: the pad
            ap.press(g)
        assert _pad(d) == (0, 0, TYPICAL)
        ap.press("long c")
        ap.press("a")
        ap.press("a")
        ap.press("long up")  # commercial: 6 + 3
        assert _pad(d) == (0, 2, [11, 5, 9, 5, 10, 0, 2, 0])
        ap.press("long down")
        ap.press("long down")
        assert _pad(d)[2][2] == 3


@pytest.mark.parametrize("kw", [{"buttons": "abc"}, {"size": (250, 122)}], ids=["abc", "250"])
def test_other_boards_and_panels(tmp_path: Path, kw: dict[str, Any]) -> None:
    game = enter(SEVEN, tmp_path, **kw)
    (filed,) = apphelp.archived(tmp_path)
    apphelp.same_game(filed, SEVEN)
    assert game.view["sheet"] == "Ann wins: civil"


def test_a_victory_without_counts(tmp_path: Path) -> None:
    record = dict(SEVEN, events=[["won", 1, "science"]])
    game = enter(record, tmp_path)
    assert game.view["sheet"] == "Bob wins: science"
    (filed,) = apphelp.archived(tmp_path)
    apphelp.same_game(filed, record)


def _pad(d: Any) -> tuple[int, int, list[int]]:
    v = d.view()
    assert v["screen"] == "quick", v
    return v["p"], v["at"], v["cols"][v["p"]]


def test_b_goes_back_a_field_and_across_players(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        for g in ("a", "up", "a"):  # 7WD, quick score: the pad
            ap.press(g)
        for g in ("c", "c", "up", "a", "long up", "a"):
            ap.press(g)
        assert _pad(d) == (0, 2, [42, 10, 6, 5, 10, 0, 2, 0])
        ap.press("b")
        ap.press("up")
        assert _pad(d) == (0, 1, [42, 11, 6, 5, 10, 0, 2, 0])
        for _ in range(7):
            ap.press("a")
        assert _pad(d) == (1, 0, TYPICAL) and d.last.events == 1
        ap.press("b")  # back to Ann's last field: her score taken back
        assert _pad(d) == (0, 7, [42, 11, 6, 5, 10, 0, 2, 0]) and d.last.events == 0
        assert d.view()["notice"] == "Undone: Player 1's score"
        ap.press("up")  # military: 2
        ap.press("a")
        assert _pad(d)[:2] == (1, 0) and d.last.events == 1
    with apphelp.device(tmp_path) as d:  # after a restart: Bob's pad, Ann's score kept
        assert _pad(d) == (1, 0, TYPICAL)
        assert d.view()["cols"][0] == [42, 11, 6, 5, 10, 0, 2, 2]


def test_b_on_the_first_field_offers_to_drop_the_game(tmp_path: Path) -> None:
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        for g in ("a", "up", "a"):
            ap.press(g)
        assert d.view()["screen"] == "quick"
        ap.press("b")
        v = d.view()
        assert v["class"] == "Ended" and v["labels"][-1] == "Drop this game"
        ap.press("b")  # back to the pad, nothing changed
        assert _pad(d) == (0, 0, TYPICAL)
        ap.press("b")
        ap.press("up")
        ap.press("a")
        assert d.view()["screen"] == "games" and d.view()["notice"] == "Game dropped"
    assert apphelp.journal(tmp_path) is None
    assert not (tmp_path / "games" / "pad.log").exists()


@pytest.mark.parametrize(
    ("record", "why"),
    [
        (
            quick_record("7wd", [SEVEN["events"][0][2], dict(SEVEN["events"][1][2], military=2)]),
            "both players have military points; the conflict pawn stands on one side",
        ),
        (
            quick_record("splendor-duel", [dict(SPLENDOR["events"][0][2], points=10),
                                           SPLENDOR["events"][1][2]]),
            "player 0's points of one colour (13) exceed their points (10)",
        ),
        (
            quick_record("antike-duellum", [ANTIKE["events"][0][2],
                                            dict(ANTIKE["events"][1][2], king=4)]),
            "7 king personalities are claimed; the game has 6",
        ),
    ],
    ids=["7wd", "splendor-duel", "antike-duellum"],
)  # fmt: skip
def test_a_refusal_is_one_line_and_loses_nothing(
    tmp_path: Path, record: dict[str, Any], why: str
) -> None:
    with apphelp.device(tmp_path) as d:
        ap = Autoplayer(d)
        with pytest.raises(AutoplayError, match="refused"):
            ap.quick(record)
        v = d.view()
        assert v["screen"] == "quick" and v["notice"] == why and "\n" not in why
        n = len(v["cols"][0])
        assert v["at"] == n - 1  # still on the last field, every count kept
        p = v["p"]
        assert v["cols"][p] == [record["events"][p][2][k] for k in record["events"][p][2]]


TIE = quick_record(
    "7wd",
    [
        {"civilian": 20, "science": 0, "commercial": 3, "guilds": 0, "wonders": 7,
         "progress": 0, "coins": 0, "military": 0},
        {"civilian": 15, "science": 8, "commercial": 0, "guilds": 5, "wonders": 0,
         "progress": 0, "coins": 2, "military": 0},
    ],
)  # fmt: skip
COLOUR = quick_record(
    "splendor-duel",
    [
        {"points": 12, "crowns": 2, "white": 0, "blue": 0, "green": 10, "red": 2, "black": 0},
        {"points": 16, "crowns": 4, "white": 3, "blue": 4, "green": 0, "red": 5, "black": 1},
    ],
)


@pytest.mark.parametrize(
    ("record", "head", "row"),
    [(TIE, "Ann wins: civil", "Civilian"), (COLOUR, "Ann wins: color", "Green")],
    ids=["7wd-tie", "splendor-colour"],
)
def test_the_sheet_marks_the_row_that_decided(
    tmp_path: Path, record: dict[str, Any], head: str, row: str
) -> None:
    """Equal 7WD totals: the civilian (blue) points broke the tie; a Splendor Duel game
    won by one colour's points: that colour's row."""
    with apphelp.device(tmp_path) as d:
        d.call("simdev.app.settings['players'] = ['Ann', 'Bob']")
        Autoplayer(d).quick(record)
        code = (
            "import json\n_s = simdev.app.stack[-1]\n"
            "_value = json.dumps([_s.head, _s.rows[_s.mark][0]])\ndel _s"
        )
        assert d.call(code).value == [head, row]
