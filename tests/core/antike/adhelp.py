"""Helpers for the Antike Duellum core tests: play events, check refusals, compare.

The tests drive the core only through records and events (the engine's Match), as the
device and the host do; nothing here reaches into the Game's lists.
"""

import copy
import os
import sys

import pytest

_SHARED = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared")
if os.path.isdir(_SHARED) and os.path.abspath(_SHARED) not in [
    os.path.abspath(p) for p in sys.path
]:
    sys.path.insert(0, os.path.abspath(_SHARED))

from duelcore import IllegalEvent, Match  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
VECTORS = os.path.join(ROOT, "tests", "vectors", "antike-duellum")


def record(events=(), first=0, rid="t"):
    return {
        "format": 1,
        "game": "antike-duellum",
        "id": rid,
        "players": ["Ann", "Bob"],
        "setup": {"first": first},
        "events": [list(e) for e in events],
    }


class Play:
    """A match under test: ``ev`` plays events, ``no`` checks a refusal."""

    def __init__(self, *events, first=0):
        self.m = Match(record((), first))
        self.ev(*events)

    def ev(self, *events):
        for e in events:
            self.m.play(list(e))
        return self

    def no(self, event, why=""):
        """The event is refused (reason containing ``why``) and nothing changes."""
        before = self.m.game.state()
        n = len(self.m.events)
        with pytest.raises(IllegalEvent) as info:
            self.m.play(list(event))
        assert why in info.value.reason, info.value.reason
        assert info.value.index == n
        assert self.m.game.state() == before
        return info.value

    @property
    def r(self):
        return self.m.result()

    def p(self, i):
        return self.r["players"][i]

    def res(self, i):
        return self.p(i)["resources"]

    def legal(self):
        return self.m.legal()


def matches(actual, expected, path="result"):
    """The scenario comparison: objects on the keys given, lists whole, a list of two
    player objects player by player. Returns a list of differences."""
    out = []
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return ["%s: expected an object, got %r" % (path, actual)]
        for k in expected:
            if k not in actual:
                out.append("%s.%s missing" % (path, k))
            else:
                out += matches(actual[k], expected[k], "%s.%s" % (path, k))
    elif (
        isinstance(expected, list)
        and len(expected) == 2
        and path.endswith("players")
        and all(isinstance(x, dict) for x in expected)
    ):
        for i in range(2):
            out += matches(actual[i], expected[i], "%s[%d]" % (path, i))
    elif actual != expected:
        out.append("%s: expected %r, got %r" % (path, expected, actual))
    return out


def run_vector(rec):
    """Replay a scenario/vector record; return a list of failures (empty: passes)."""
    rec = copy.deepcopy(rec)
    expect = rec.pop("expect", None)
    expect_error = rec.pop("expect_error", None)
    rec.pop("why", None)
    try:
        m = Match(rec)
    except IllegalEvent as e:
        if expect_error is None:
            return ["refused event %s: %s" % (e.index, e)]
        if e.index != expect_error["event"]:
            return ["refused event %s, expected %s: %s" % (e.index, expect_error["event"], e)]
        return []
    if expect_error is not None:
        return ["accepted; expected a refusal of event %d" % expect_error["event"]]
    return matches(m.result(), expect)


# Getting event cards into hands: a navigator (claimed on the players' word) gives the
# opponent a card. Player 0 claims one in turn 1 and player 1 takes ``c1``; player 1
# claims the other in turn 2 and player 0 takes ``c0``. Afterwards it is player 1's
# turn (moved, personalities claimed); each player has 1 personality and 2 wall pieces.
def dealt(c0, c1):
    return Play(
        ["rondel", 0, 1, {}],
        ["personality", 0, "navigator"],
        ["card", 1, c1],
        ["rondel", 1, 1, {}],
        ["personality", 1, "navigator"],
        ["card", 0, c0],
    )
