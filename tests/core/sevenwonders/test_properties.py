"""Random legal 7 Wonders Duel games, played from the core's own legal() to the end.

Whatever menu the device offers comes from legal(), so every event these games play is
one a player could choose; the invariants below must hold after each of them.
"""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duelcore import Match, replay
from duelcore.record import dumps, loads
from duelkeeper.randomgame import random_setup

GAMES = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def new_match(seed: int) -> Match:
    return Match(
        {
            "format": 1,
            "game": "7wd",
            "id": "prop-%d" % seed,
            "players": ["Ann", "Bob"],
            "setup": random_setup("7wd", random.Random(seed)),
            "events": [],
        }
    )


def check_invariants(match: Match) -> None:
    g = match.game
    assert min(g.coins) >= 0
    assert -9 <= g.conflict <= 9
    assert len(g.built[0]) + len(g.built[1]) <= 7
    held = g.cards[0] + g.cards[1] + g.discards
    assert len(held) == len(set(held)), "a card is in two places"
    assert sum(g.taken) == 20 * (g.age - 1) + g.in_age
    assert g.in_age <= 20


@GAMES
@given(seed=st.integers(0, 2**16), data=st.data())
def test_random_games_keep_the_invariants_and_undo_exactly(seed, data):
    match = new_match(seed)
    while not match.game.over:
        legal = match.legal()
        assert legal, "a game that is not over always offers an event"
        before = match.game.state()
        event = data.draw(st.sampled_from(legal))
        match.play(event)
        check_invariants(match)
        if data.draw(st.integers(0, 9)) == 0:
            after = match.game.state()
            assert match.undo() == event
            assert match.game.state() == before
            match.play(event)
            assert match.game.state() == after
    result = match.result()
    assert result["victory"] in ("military", "science", "civil")
    assert result["turn"] is None and match.legal() == []
    if result["victory"] == "civil":
        assert match.game.age == 3 and match.game.in_age == 20


@GAMES
@given(seed=st.integers(0, 2**16), data=st.data())
def test_replay_is_deterministic_and_the_record_round_trips(seed, data):
    match = new_match(seed)
    while not match.game.over:
        match.play(data.draw(st.sampled_from(match.legal())))
    record = match.to_record()
    text = dumps(record)
    again = loads(text)
    assert again == json.loads(json.dumps(record))
    assert replay(again) == replay(record) == match.result()
    assert dumps(again) == text
