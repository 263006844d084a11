"""Property tests: random games played from legal(), and random garbage events.

Invariants after every event: no count below zero, personalities within supply, pieces
within the box; replay is deterministic; undo through engine.Match restores state()
exactly; the record survives JSON; a refused event changes nothing.
"""

import json
import os

from adhelp import VECTORS, IllegalEvent, Match, record
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duelcore.antike import tables
from duelcore.record import dumps, loads

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CHOICES = st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=160)

# A few verbs weighted up so that random games get somewhere.
PREFER = (
    "personality",
    "city",
    "temple",
    "conquer",
    "knowledge",
    "deploy",
    "event",
    "card",
    "produce",
)


def play(first, choices):
    m = Match(record((), first))
    states = [m.game.state()]
    for c in choices:
        legal = m.legal()
        if not legal:
            break
        good = [e for e in legal if e[0] in PREFER]
        pool = good if good and c % 3 else legal
        m.play(pool[c % len(pool)])
        check(m)
        states.append(m.game.state())
    return m, states


def check(m):
    r = m.result()
    assert json.loads(json.dumps(r)) == r
    supply = dict(zip(tables.PERSONALITIES.split(), tables.SUPPLY, strict=True))
    tokens = dict(zip(("marble", "iron", "gold"), tables.CITY_TOKENS, strict=True))
    for kind in supply:
        assert sum(p["personalities"][kind] for p in r["players"]) <= supply[kind]
    for res in tokens:
        assert sum(p["city_resources"][res] for p in r["players"]) <= tokens[res]
    assert sum(p["temples"] for p in r["players"]) <= 12
    held = [set(p["cards"]) for p in r["players"]]
    assert not held[0] & held[1] and not (held[0] | held[1]) & set(r["discard"])
    for p in r["players"]:
        assert min(p["resources"].values()) >= 0
        assert p["personalities"]["total"] == sum(p["personalities"][k] for k in supply)
        assert p["personalities"]["total"] <= 9
        assert 0 <= p["temples"] <= p["cities"] and 0 <= p["walls"]["built"] <= p["cities"]
        assert p["walls"]["held"] >= 0 and p["cities"] == sum(p["city_resources"].values())
        for u in ("army", "fleet"):
            assert 0 <= p["recruits"][u] and 0 <= p["units"][u]
            assert p["recruits"][u] + p["units"][u] <= 12
    # every number in the state is a small non-negative int (the winner slot starts at -1)
    state = m.game.state()
    assert all(type(x) is int for part in state for x in part)
    assert min(state[0]) >= 0 and min(state[1]) >= 0
    if r["over"]:
        assert r["players"][r["winner"]]["personalities"]["total"] == 9
        assert m.legal() == []


@SETTINGS
@given(st.integers(0, 1), CHOICES)
def test_random_games_keep_the_invariants_and_replay(first, choices):
    m, states = play(first, choices)
    rec = m.to_record()
    # deterministic replay, also after a JSON round trip (both the spec form and record.dumps)
    again = Match(json.loads(json.dumps(rec)))
    assert again.game.state() == m.game.state() and again.result() == m.result()
    assert Match(loads(dumps(rec))).result() == m.result()
    # undo restores each earlier state exactly
    for k in range(len(m.events), max(0, len(m.events) - 8), -1):
        assert m.undo() == rec["events"][k - 1]
        assert m.game.state() == states[k - 1]


@SETTINGS
@given(st.integers(0, 1), CHOICES)
def test_legal_events_are_all_accepted_and_the_state_is_untouched(first, choices):
    m, _ = play(first, choices[:60])
    before = m.game.state()
    legal = m.legal()
    assert m.game.state() == before
    assert len({json.dumps(e, sort_keys=True) for e in legal}) == len(legal)
    for ev in legal:
        g = Match(m.to_record())
        g.play(ev)  # raises if legal() offered a refused event


def test_legal_lists_each_event_once_in_the_complete_games():
    """A menu row per event: two rows alike would be two presses for one choice (the
    Merchant's swaps led by different resources can come to the same swap)."""
    for name in ("complete-game.json", "complete-game-second-player.json"):
        with open(os.path.join(VECTORS, name)) as f:
            rec = json.load(f)
        m = Match({k: v for k, v in rec.items() if k not in ("expect", "why")} | {"events": []})
        for ev in rec["events"]:
            legal = m.legal()
            assert len({json.dumps(e, sort_keys=True) for e in legal}) == len(legal), ev
            m.play(ev)


VERBS = (
    "rondel",
    "produce",
    "recruit",
    "deploy",
    "temple",
    "wall",
    "knowledge",
    "battle",
    "conquer",
    "city",
    "personality",
    "event",
    "trade",
    "card",
    "resources",
    "units",
    "nonsense",
)
ARGS = st.recursive(
    st.one_of(
        st.integers(-3, 14),
        st.booleans(),
        st.none(),
        st.sampled_from(
            [
                "marble",
                "iron",
                "gold",
                "coins",
                "army",
                "fleet",
                "roads",
                "trade",
                "king",
                "navigator",
                "gang",
                "fortress",
                "oracle",
                "privilege",
                "settler",
                "x",
            ]
        ),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.sampled_from(
                [
                    "marble",
                    "iron",
                    "gold",
                    "coins",
                    "give",
                    "take",
                    "resource",
                    "armies",
                    "fleets",
                    "wall",
                    "defenders",
                ]
            ),
            inner,
            max_size=3,
        ),
    ),
    max_leaves=6,
)


@SETTINGS
@given(
    st.integers(0, 1),
    CHOICES,
    st.lists(
        st.tuples(st.sampled_from(VERBS), st.integers(0, 1), st.lists(ARGS, max_size=3)),
        min_size=1,
        max_size=20,
    ),
)
def test_garbage_is_refused_cleanly_or_accepted(first, choices, garbage):
    m, _ = play(first, choices[:40])
    for verb, p, args in garbage:
        before = m.game.state()
        try:
            m.play([verb, p] + args)
        except IllegalEvent as e:
            assert e.reason and m.game.state() == before
        else:
            check(m)


@SETTINGS
@given(st.integers(0, 1), CHOICES)
def test_legal_lists_every_simple_choice(first, choices):
    """Completeness where the menu promises it: every personality, know-how, card to
    take, wall, plain production and step count that apply accepts is listed."""
    m, _ = play(first, choices[:60])
    legal = m.legal()
    r = m.result()
    if r["over"]:
        return
    cands = []
    for p in (0, 1):
        cands += [["personality", p, k] for k in tables.PERSONALITIES.split()]
        cands += [["knowledge", p, k] for k in tables.KNOWLEDGE.split()]
        cands += [["card", p, c] for c in tables.CARDS.split()]
        cands += [["produce", p, x, False] for x in ("marble", "iron", "gold")]
        cands.append(["wall", p])
    for ev in cands:
        g = Match(m.to_record())
        try:
            g.play(ev)
        except IllegalEvent:
            continue
        assert ev in legal, ev
    steps = {(e[1], e[2]) for e in legal if e[0] == "rondel"}
    for p in (0, 1):
        for n in range(1, 8):
            g = Match(m.to_record())
            try:
                g.play(["rondel", p, n, {"coins": 0}])
            except IllegalEvent:
                continue
            assert (p, n) in steps
