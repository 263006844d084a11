"""Presses per turn: how many button presses a player spends to enter a turn.

A 7 Wonders Duel turn is an action (``build``, ``discard``, ``wonder``) with whatever
choice it sets off (a progress token, destroying a card, the Mausoleum, who starts the
next age): those choices count with the turn that caused them. ``presses[k]`` is the
number of presses between event k-1 (or the start of the game) and event k, as the
runner's Recorder counts them.
"""

from typing import Any

ACTIONS = ("build", "discard", "wonder")


def turns(events: list[list[Any]], presses: list[int]) -> list[int]:
    """Presses per turn, in game order (7 Wonders Duel)."""
    if len(presses) != len(events):
        raise ValueError("%d events but presses for %d" % (len(events), len(presses)))
    out: list[int] = []
    for ev, n in zip(events, presses, strict=True):
        if ev[0] in ACTIONS or not out:
            out.append(n)
        else:
            out[-1] += n
    return out


def median(values: list[int]) -> float:
    s = sorted(values)
    if not s:
        raise ValueError("no values")
    mid = len(s) // 2
    return float(s[mid]) if len(s) % 2 else (s[mid - 1] + s[mid]) / 2
