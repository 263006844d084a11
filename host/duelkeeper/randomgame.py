"""Random legal games of every kind, for tests, benchmarks and demo logs.

A game is played by choosing among the core's own legal events, so whatever the core
offers the players, these games exercise. Seeded, hence reproducible.
"""

from __future__ import annotations

import random

from duelcore import Match
from duelcore.sevenwonders.cards import PROGRESS, WONDER_COUNT, wonder_name


def random_setup(game: str, rng: random.Random) -> dict[str, object]:
    first = rng.randrange(2)
    if game != "7wd":
        return {"first": first}
    wonders = rng.sample([wonder_name(w) for w in range(WONDER_COUNT)], 8)
    tokens = rng.sample(list(PROGRESS), 10)
    return {
        "first": first,
        "wonders": [wonders[:4], wonders[4:]],
        "progress": tokens[:5],
        "box_progress": tokens[5:],
    }


def random_record(
    game: str, seed: int, max_events: int = 2000, rid: str | None = None
) -> dict[str, object]:
    """A record of a game played with uniformly random legal events until it ends."""
    rng = random.Random(seed)
    record = {
        "format": 1,
        "game": game,
        "id": rid or "random-%s-%d" % (game, seed),
        "players": ["Ann", "Bob"],
        "setup": random_setup(game, rng),
        "events": [],
    }
    match = Match(record)
    for _ in range(max_events):
        if match.result()["over"]:
            break
        legal = match.legal()
        if not legal:
            break
        match.play(rng.choice(legal))
    return match.to_record()
