"""Helpers for the 7 Wonders Duel rule tests (tests/core/sevenwonders).

A ``Duel`` is a record being played through ``duelcore.Match`` (the same path as
``duelkeeper replay``). Tests write only the events their rule is about:

- ``d.build(p, card)`` (and ``discard``, ``wonder``, ...) plays p's action; when it is
  not yet p's turn, the other player first discards a *filler* card (the first card of
  the age still in the layout, skipping the ones named in ``keep``);
- ``d.wonder(p, w)`` without a card puts the first spare card of the age under it;
- ``d.next_age(starter)`` discards fillers to the end of the age and answers the
  starter question; ``with_tokens(...)`` reaches age II with progress tokens earned
  through science pairs;
- ``d.set_coins(p, n)`` is a ``coins`` correction to exactly n (record verb), so that a
  test can assert exact coins after the action it is about;
- ``d.refuse(event)`` checks the refusal, its index, and that nothing changed.

The record holds no card layout (rules.py: the table is the authority on which card is
reachable), so any card of the current age may be taken: fillers rely on that.
"""

from typing import Any

import pytest

from duelcore import IllegalEvent, Match
from duelcore.sevenwonders import cards as T

# Resource numbers, as Game.price() reports bought and waived units.
WOOD, CLAY, STONE, GLASS, PAPYRUS = range(5)

# Tokens on the board unless a test says otherwise (the shared scenarios use these).
BOARD = ("agriculture", "law", "masonry", "philosophy", "urbanism")

ALL_WONDERS = tuple(T.wonder_name(w) for w in range(T.WONDER_COUNT))

# Science pairs used to earn progress tokens: (age I card, its age II partner).
PAIRS = (
    ("scriptorium", "library"),  # quill; library chains from scriptorium
    ("pharmacist", "dispensary"),  # mortar; dispensary chains from pharmacist
    ("workshop", "laboratory"),  # plumb
    ("apothecary", "school"),  # wheel
)


def record(
    events: Any = (),
    first: int = 0,
    wonders: Any = "first-game",
    progress: Any = None,
    box: Any = None,
) -> dict:
    setup: dict = {
        "first": first,
        "wonders": wonders,
        "progress": list(BOARD if progress is None else progress),
    }
    if box is not None:
        setup["box_progress"] = list(box)
    return {
        "format": 1,
        "game": "7wd",
        "id": "test-7wd",
        "players": ["Ann", "Bob"],
        "setup": setup,
        "events": [list(e) for e in events],
    }


def deal(mine: Any, theirs: Any = ()) -> list:
    """Wonder lists where player 0 owns ``mine`` and player 1 ``theirs``, padded to four
    each with the remaining wonders in table order."""
    mine, theirs = list(mine), list(theirs)
    rest = [w for w in ALL_WONDERS if w not in mine and w not in theirs]
    while len(mine) < 4:
        mine.append(rest.pop(0))
    while len(theirs) < 4:
        theirs.append(rest.pop(0))
    return [mine, theirs]


def board_with(tokens: Any) -> list:
    """Five board tokens: these first, then others in table order."""
    out = list(tokens)
    for t in T.PROGRESS:
        if len(out) == 5:
            break
        if t not in out:
            out.append(t)
    return out


class Duel:
    """A 7WD record being played; see the module docstring."""

    def __init__(self, *events: Any, keep: Any = (), **setup: Any) -> None:
        self.match = Match(record(**setup))
        self.keep = set(keep)
        self.fillers: list = []  # cards discarded as fillers, in order
        self.play(*events)

    # -- playing -----------------------------------------------------------------

    @property
    def game(self) -> Any:
        return self.match.game

    def play(self, *events: Any) -> "Duel":
        """Play these events exactly as written (no fillers)."""
        for e in events:
            self.match.play(list(e))
        return self

    def act(self, p: int, verb: str, *args: Any) -> "Duel":
        """p's action, after a filler by the other player if needed; a card given as None
        is the spare card (chosen after the filler)."""
        g = self.game
        if verb in ("build", "discard", "wonder") and g.pending is None and g.turn != p:
            self.filler()
        args = tuple(self.spare() if a is None else a for a in args)
        return self.play([verb, p, *args])

    def build(self, p: int, card: str) -> "Duel":
        return self.act(p, "build", card)

    def discard(self, p: int, card: str) -> "Duel":
        return self.act(p, "discard", card)

    def wonder(self, p: int, wonder: str, card: "str | None" = None) -> "Duel":
        return self.act(p, "wonder", wonder, card)

    def progress(self, p: int, token: str) -> "Duel":
        return self.play(["progress", p, token])

    def destroy(self, p: int, card: str) -> "Duel":
        return self.play(["destroy", p, card])

    def mausoleum(self, p: int, card: str) -> "Duel":
        return self.play(["mausoleum", p, card])

    def starter(self, p: int, q: int) -> "Duel":
        return self.play(["starter", p, q])

    def spare(self) -> str:
        """The first card of the age still in the layout and not in ``keep``."""
        for c in self.game.available():
            n = T.name(c)
            if n not in self.keep:
                return n
        raise AssertionError("no spare card left in age %d" % self.game.age)

    def filler(self) -> str:
        """The player to act discards the first card of the age not in ``keep``."""
        g = self.game
        assert g.pending is None, "a filler cannot answer %s" % g.pending
        n = self.spare()
        self.play(["discard", g.turn, n])
        self.fillers.append(n)
        return n

    def fill_to(self, in_age: int) -> "Duel":
        """Fillers until ``in_age`` cards of this age are taken."""
        while self.game.in_age < in_age:
            self.filler()
        return self

    def next_age(self, starter: "int | None" = None) -> "Duel":
        """Fillers to the end of the age; the chooser makes ``starter`` start (default:
        the chooser)."""
        g = self.game
        age = g.age
        while g.pending is None and not g.over and g.in_age < 20:
            self.filler()
        assert g.pending == "starter" and g.age == age, (g.pending, g.age)
        chooser = g.turn
        return self.starter(chooser, chooser if starter is None else starter)

    def set_coins(self, p: int, n: int) -> "Duel":
        """``coins`` corrections that leave player p with exactly n coins (one, or more
        when play has taken p beyond the 86 a correction may move)."""
        while self.game.coins[p] != n:
            self.play(["coins", p, max(-86, n - self.game.coins[p])])
        return self

    def refuse(self, *event: Any) -> str:
        """The event is refused at the next index and changes nothing; return the reason."""
        before = self.game.state()
        index = len(self.match.events)
        with pytest.raises(IllegalEvent) as info:
            self.match.play(list(event))
        assert self.game.state() == before
        assert info.value.index == index
        assert info.value.event == list(event)
        return info.value.reason

    # -- looking -----------------------------------------------------------------

    def result(self) -> dict:
        return self.match.result()

    def player(self, p: int) -> dict:
        return self.result()["players"][p]

    def coins(self, p: int) -> int:
        return self.game.coins[p]

    def score(self, p: int) -> dict:
        return self.player(p)["score"]

    def price(self, p: int, card: str) -> tuple:
        c = T.card(card)
        assert c >= 0, card
        return self.game.price(p, c)

    def wonder_price(self, p: int, wonder: str) -> tuple:
        w = T.wonder(wonder)
        assert w >= 0, wonder
        return self.game.wonder_price(p, w)

    def legal(self) -> list:
        return self.match.legal()


def with_tokens(
    tokens0: Any = (),
    tokens1: Any = (),
    age1: Any = (),
    keep: Any = (),
    starter: int = 0,
    **setup: Any,
) -> Duel:
    """A duel early in age II where the players hold these progress tokens.

    Each token is earned the way the rules give one: a science pair (PAIRS, player 0's
    tokens first) with the token then taken from the board. ``age1`` lists extra
    ``(player, card)`` builds for age I. Both players end with exactly 7 coins.
    """
    plan = [(0, t) for t in tokens0] + [(1, t) for t in tokens1]
    assert len(plan) <= len(PAIRS)
    setup.setdefault("progress", board_with(t for _, t in plan))
    pairs = PAIRS[: len(plan)]
    kept = set(keep) | {c for pair in pairs for c in pair} | {c for _, c in age1}
    d = Duel(keep=kept, **setup)
    d.set_coins(0, 60).set_coins(1, 60)
    for (p, _), (first_card, _) in zip(plan, pairs, strict=True):
        d.build(p, first_card)
    for p, c in age1:
        d.build(p, c)
    d.next_age(starter)
    for (p, t), (_, second_card) in zip(plan, pairs, strict=True):
        d.build(p, second_card)
        assert d.game.pending == "progress"
        d.progress(p, t)
    return d.set_coins(0, 7).set_coins(1, 7)
