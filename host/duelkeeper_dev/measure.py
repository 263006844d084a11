"""Presses per turn: how many button presses a player spends to enter a turn.

A turn is its action with what comes with it. 7 Wonders Duel: ``build``, ``discard``,
``wonder`` and whatever choice it sets off (a progress token, destroying a card, the
Mausoleum, who starts the next age). Splendor Duel: ``take``, ``reserve`` or ``buy``,
the optional actions before it (a privilege used, the board replenished) and what
follows it (a joker's colour, a steal, a royal card, tokens returned). Antike Duellum:
the rondel move and the actions, cards and personalities after it; an event card or a
trade played just before the player's own rondel move opens that turn. ``presses[k]`` is
the number of presses between event k-1 (or the start of the game) and event k, as the
runner's Recorder counts them.
"""

from typing import Any

ACTIONS = ("build", "discard", "wonder")
# Per game: the verbs that start a turn, and those that open the turn of the same
# player's next starting verb when they come just before it.
_TURNS = {
    "7wd": (ACTIONS, ()),
    "splendor-duel": (("take", "reserve", "buy"), ("privilege", "replenish")),
    "antike-duellum": (("rondel",), ("event", "trade")),
}


def spans(events: list[list[Any]], game: str = "7wd") -> list[range]:
    """The events of each turn, in game order (event indices)."""
    starts, openers = _TURNS[game]
    out: list[range] = []
    k = 0
    while k < len(events):
        # A run of openers by one player followed by that player's starting verb: one turn.
        end = k
        while end < len(events) and events[end][0] in openers and events[end][1] == events[k][1]:
            end += 1
        opens = end > k and end < len(events) and events[end][0] in starts
        opens = opens and events[end][1] == events[k][1]
        if opens or events[k][0] in starts or not out:
            last = end if opens else k
            out.append(range(k, last + 1))
            k = last + 1
        else:
            out[-1] = range(out[-1].start, k + 1)
            k += 1
    return out


def turns(events: list[list[Any]], presses: list[int], game: str = "7wd") -> list[int]:
    """Presses per turn, in game order."""
    if len(presses) != len(events):
        raise ValueError("%d events but presses for %d" % (len(events), len(presses)))
    return [sum(presses[k] for k in span) for span in spans(events, game)]


def median(values: list[int]) -> float:
    s = sorted(values)
    if not s:
        raise ValueError("no values")
    mid = len(s) // 2
    return float(s[mid]) if len(s) % 2 else (s[mid - 1] + s[mid]) / 2
