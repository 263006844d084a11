"""Helpers for the Splendor Duel core tests (tests/core/splendor).

``game()`` plays events through the core; ``refused()`` checks that an event is refused
and leaves the state untouched. ``own()`` and ``setup_board()`` reach into the state to
build positions that would take dozens of events to reach; they say so where used.
"""

import json
from pathlib import Path
from typing import Any

import pytest

from duelcore.errors import IllegalEvent
from duelcore.splendor import Game, names
from duelcore.splendor import cards as C
from duelcore.splendor.names import describe

ROOT = Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared"
VECTORS = ROOT / "tests" / "vectors" / "splendor-duel"
TOKENS = C.TOKENS


def record(events: list | None = None, first: int = 0, rid: str = "t") -> dict[str, Any]:
    return {
        "format": 1,
        "game": "splendor-duel",
        "id": rid,
        "players": ["Ann", "Bob"],
        "setup": {"first": first},
        "events": list(events or []),
    }


def game(*events: list, first: int = 0) -> Game:
    g = Game({"first": first})
    for event in events:
        g.apply(list(event))
    return g


def play(g: Game, *events: list) -> Game:
    for event in events:
        g.apply(list(event))
    return g


def refused(g: Game, event: list, why: str = "") -> str:
    """Apply must refuse ``event``, leave the state as it was, and give a reason."""
    before = g.state()
    with pytest.raises(IllegalEvent) as info:
        g.apply(list(event))
    assert g.state() == before
    reason = info.value.reason
    assert reason
    if why:
        assert why in reason, reason
    return reason


def res(g: Game) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(g.result()))
    return out


def player(g: Game, p: int) -> dict[str, Any]:
    return res(g)["players"][p]  # type: ignore[no-any-return]


def tokens(g: Game, p: int) -> dict[str, int]:
    return {k: v for k, v in player(g, p)["tokens"].items() if v}


def board(g: Game) -> dict[str, int]:
    return res(g)["board"]  # type: ignore[no-any-return]


def give(g: Game, p: int, **counts: int) -> None:
    """A ``tokens`` correction (the record verb): p's hand changes, board and bag do not."""
    g.apply(["tokens", p, counts])


def idx(card: str) -> int:
    return names.find(card)


def own(g: Game, p: int, card: str, color: str | None = None) -> None:
    """White-box: p owns ``card`` as if bought earlier (bonus, points, crowns, colour).

    Building bonuses through real purchases would bury each rule under setup events;
    the purchases themselves are tested through events in test_splendor_buy.py.
    """
    i = idx(card)
    assert g._owner[i] == 0
    g._owner[i] = 3 + p
    d = describe(i)
    g._points[p] += d["points"]
    g._crowns[p] += d["crowns"]
    if d["color"] == "joker":
        assert color is not None
        g._jcol[i] = TOKENS.index(color) + 1
    else:
        color = d["color"]
    if color is not None:
        g._bonus[p][TOKENS.index(color)] += d["bonus"]
        g._cpts[p][TOKENS.index(color)] += d["points"]


def setup_board(g: Game, board: dict[str, int], bag: dict[str, int] | None = None) -> None:
    """White-box: set the board and bag counts (for positions such as an empty board)."""
    for k in range(7):
        g._board[k] = board.get(TOKENS[k], 0)
        g._bag[k] = (bag or {}).get(TOKENS[k], 0)


def total_tokens(g: Game) -> int:
    return sum(g._board) + sum(g._bag) + sum(g._hand[0]) + sum(g._hand[1])


def norm(event: list) -> str:
    """An event in a canonical JSON form (token lists sorted) for set comparisons."""
    e = list(event)
    if len(e) > 2 and isinstance(e[2], list):
        e[2] = sorted(e[2])
    return json.dumps(e, sort_keys=True)
