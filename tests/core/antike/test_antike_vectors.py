"""The Antike Duellum vectors (tests/vectors/antike-duellum) and the shared scenario.

tests/core/test_scenarios.py and tests/mpy run every vector too; here they also stay in
step with make_vectors.py, where each rule vector's expectation is written by hand.
"""

import json
import os

import make_vectors
import pytest
from adhelp import ROOT, VECTORS, Match, run_vector

FILES = sorted(f for f in os.listdir(VECTORS) if f.endswith(".json"))
SCENARIOS = os.path.join(ROOT, "..", "shared", "scenarios", "antike-duellum")


def load(name):
    with open(os.path.join(VECTORS, name)) as f:
        return json.load(f)


@pytest.mark.parametrize("name", FILES)
def test_vector(name):
    rec = load(name)
    assert rec["game"] == "antike-duellum" and rec["why"]
    assert ("expect" in rec) != ("expect_error" in rec)
    assert run_vector(rec) == []


@pytest.mark.skipif(not os.path.isdir(SCENARIOS), reason="../shared is absent")
@pytest.mark.parametrize("name", sorted(os.listdir(SCENARIOS)) if os.path.isdir(SCENARIOS) else [])
def test_shared_scenario(name):
    with open(os.path.join(SCENARIOS, name)) as f:
        assert run_vector(json.load(f)) == []


def test_rule_vectors_match_the_generator():
    for name, (events, want, why) in make_vectors.RULES.items():
        rec = load(name + ".json")
        assert rec["events"] == json.loads(json.dumps(events)), name
        assert rec.get("expect", rec.get("expect_error", {}).get("event")) == json.loads(
            json.dumps(want)
        )
        assert rec["why"] == why


def test_every_card_and_personality_has_a_vector():
    from duelcore.antike import tables

    for card in tables.CARDS.split():
        assert "card-%s.json" % card in FILES
    for kind in tables.PERSONALITIES.split():
        assert [f for f in FILES if f.startswith(kind)], kind


@pytest.mark.parametrize(
    "name,winner", [("complete-game.json", 0), ("complete-game-second-player.json", 1)]
)
def test_complete_games_end_in_victory(name, winner):
    rec = load(name)
    r = Match({k: v for k, v in rec.items() if k not in ("expect", "why")}).result()
    assert r["over"] and r["victory"] == "personalities" and r["winner"] == winner
    assert r["players"][r["winner"]]["personalities"]["total"] == 9
    assert r["players"][1 - r["winner"]]["personalities"]["total"] < 9
    verbs = {e[0] for e in rec["events"]}
    assert {
        "rondel",
        "produce",
        "city",
        "temple",
        "wall",
        "knowledge",
        "deploy",
        "conquer",
        "personality",
        "card",
        "event",
    } <= verbs
