"""Random legal games, played from legal() to the end (hypothesis).

After every event: the 25 tokens are all on the board, in the bag or in a hand (4 of
each gem, 2 pearls, 3 gold), the 3 privileges are held or in the supply, and a turn never
ends with a player above 10 tokens. At the end: the game is over, replay is
deterministic, the record round-trips through JSON, and undo through engine.Match gives
back each earlier state exactly. legal() is checked both ways: listed events are accepted
and, over a wide set of candidate events, anything not listed is refused.
"""

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from sdhelp import TOKENS, norm, record

from duelcore import IllegalEvent, Match
from duelcore.record import dumps, loads
from duelcore.splendor import Game, names
from duelcore.splendor import cards as C
from duelcore.splendor.names import describe

START = (4, 4, 4, 4, 4, 2, 3)
SLOW = settings(max_examples=25, deadline=None)


def check_invariants(g: Game) -> None:
    for k in range(7):
        held = g._board[k] + g._bag[k] + g._hand[0][k] + g._hand[1][k]
        assert held == START[k], TOKENS[k]
    assert g._priv[0] + g._priv[1] <= 3
    r = g.result()
    for p in (0, 1):
        pl = r["players"][p]
        royals = sum(C.ROYAL_POINTS[C.ROYALS.index(x)] for x in pl["royals"])
        cards = sum(describe(names.find(c))["points"] for c in pl["cards"])
        assert pl["points"] == cards + royals
        assert pl["crowns"] == sum(describe(names.find(c))["crowns"] for c in pl["cards"])
        assert pl["reserved"] == len(pl["reserved_cards"]) <= 3
        assert len(pl["royals"]) <= 2


def turn_ended(g: Game, event: list) -> bool:
    return event[0] not in ("privilege", "replenish") and g.result()["pending"] is None


def _multisets(kinds: int, size: int) -> list[list[str]]:
    if size == 0:
        return [[]]
    out = []
    for k in range(kinds):
        for rest in _multisets(k + 1, size - 1):
            out.append(rest + [TOKENS[k]])
    return out


_TAKES = [m for n in (1, 2, 3) for m in _multisets(6, n)]


def candidates(p: int) -> list[list]:
    """Events in legal()'s own naming, for the completeness check."""
    out: list[list] = [["replenish", p]]
    for m in _TAKES:
        out.append(["take", p, m])
        out.append(["privilege", p, m])
    for i in range(C.COUNT):
        cid = C.card_id(i)
        out.append(["reserve", p, cid])
        out.append(["buy", p, cid])
        out.append(["buy", p, cid, {"reserved": True}])
        if describe(i)["color"] == "joker":
            for c in TOKENS[:5]:
                out.append(["buy", p, cid, {"color": c}])
                out.append(["buy", p, cid, {"color": c, "reserved": True}])
    out += [["reserve", p, "deck%d" % lv] for lv in (1, 2, 3)]
    out += [["color", p, t] for t in TOKENS] + [["steal", p, t] for t in TOKENS]
    out += [["royal", p, r] for r in C.ROYALS]
    out += [["return", p, [t]] for t in TOKENS]
    return out


def check_legal_complete(g: Game) -> None:
    listed = {norm(e) for e in g.legal()}
    before = g.state()
    p = g._turn
    for event in candidates(p) + [["take", 1 - p, ["white"]], ["buy", 1 - p, "1r4"]]:
        if norm(event) in listed:
            continue
        try:
            g.apply(event)
        except IllegalEvent:
            assert g.state() == before
        else:
            raise AssertionError("accepted but not listed by legal(): %r" % (event,))


def play_random(seed: int, first: int, complete_every: int = 0) -> Match:
    """A game of uniformly random legal events (hypothesis draws the seed: drawing each
    event would steer play toward the first listed event, a take-and-return loop that
    never ends, and make shrinking crawl)."""
    rng = random.Random(seed)
    m = Match(record(first=first))
    for n in range(1000):
        if m.result()["over"]:
            break
        legal = m.legal()
        assert legal, "no legal event in %r" % (m.result(),)
        if complete_every and n % complete_every == 0:
            check_legal_complete(m.game)
        for extra in rng.sample(legal, min(2, len(legal))):
            copy.deepcopy(m.game).apply(extra)  # listed events are accepted
        event = rng.choice(legal)
        actor = m.game._turn
        m.play(event)
        check_invariants(m.game)
        if turn_ended(m.game, event):
            assert sum(m.game._hand[actor]) <= 10
    assert m.result()["over"], "the game did not end in 1000 events"
    return m


SEEDS = st.integers(0, 2**32 - 1)


@SLOW
@given(SEEDS, st.integers(0, 1))
def test_random_games_keep_the_invariants_and_replay(seed: int, first: int) -> None:
    m = play_random(seed, first)
    final = m.game.state()
    result = m.result()
    assert result["winner"] in (0, 1) and result["victory"] in ("points", "crowns", "color")
    assert result["turn"] is None and result["pending"] is None
    # Replay is deterministic, and the record survives JSON both ways.
    text = dumps(m.to_record())
    again = Match(loads(text))
    assert again.game.state() == final
    assert json.loads(json.dumps(again.result())) == json.loads(json.dumps(result))
    assert dumps(again.to_record()) == text


@settings(max_examples=8, deadline=None)
@given(SEEDS, st.integers(0, 1))
def test_undo_restores_every_previous_state(seed: int, first: int) -> None:
    m = play_random(seed, first)
    states = []
    replayed = Match(record(first=first))
    states.append(replayed.game.state())
    for event in m.events:
        replayed.play(event)
        states.append(replayed.game.state())
    for k in range(len(m.events), 0, -1):
        assert m.game.state() == states[k]
        m.undo()
    assert m.game.state() == states[0]
    assert m.undo() is None


@settings(max_examples=6, deadline=None)
@given(SEEDS, st.integers(0, 1))
def test_legal_lists_everything_apply_accepts(seed: int, first: int) -> None:
    play_random(seed, first, complete_every=5)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.sampled_from(list(TOKENS) + ["1r4"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
_VERBS = ["privilege", "replenish", "take", "reserve", "buy", "color", "steal", "royal"]


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(_VERBS + ["return", "tokens", "x"]),
    st.integers(0, 1),
    st.lists(_JSON, max_size=3),
)
def test_garbage_is_refused_cleanly(verb: str, p: int, args: list) -> None:
    """Whatever the arguments, apply either accepts or raises IllegalEvent, untouched."""
    g = Game({"first": 0})
    g.apply(["take", 0, ["white"]])
    before = g.state()
    try:
        g.apply([verb, p] + args)
    except IllegalEvent:
        assert g.state() == before


@settings(max_examples=15, deadline=None)
@given(SEEDS)
def test_corrections_mixed_into_random_games(seed: int) -> None:
    """``tokens`` corrections break conservation on purpose; the game still runs."""
    rng = random.Random(seed)
    g = Game({"first": 0})
    for _ in range(300):
        if g.result()["over"]:
            break
        if rng.randrange(10) == 0:
            g.apply(["tokens", rng.randrange(2), {rng.choice(TOKENS): rng.randint(-3, 3)}])
        legal = g.legal()
        if not legal:
            break  # only corrections can strand a game (docs/splendor-duel.md)
        g.apply(rng.choice(legal))
        assert sum(g._priv) <= 3
