"""Event codes (duelcore/antike/codes.py) and the flash codec's words (vocabulary.py).

A Match keeps each event as the int Game.encode gives, and gives it back with decode (undo,
to_record, ``events``): every event must come back equal as JSON (true is not 1, {} is not
absent, null is not absent), common events must really get a code, and anything else
must get None (kept as it is) without raising. The same codes come out under
MicroPython, from the .mpy build.

Random games (randomgame.random_record) stop at 2000 events without an end: uniformly
random Antike play rarely claims nine personalities. They still hold every verb and
every card argument that legal() offers; the vectors hold two complete games.
"""

import copy
import json
import zlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vectorset import vectors

from duelcore import IllegalEvent, Match, pack
from duelcore.antike import Game, tables, words
from duelkeeper import mpvm
from duelkeeper.mpycross import compile_tree
from duelkeeper.randomgame import random_record
from duelkeeper.repo import CORE

GAME = Game({"first": 0})  # encode and decode read no game state
RANDOM = [random_record("antike-duellum", seed) for seed in range(6)]
# Not the quick scores' (tests/vectors/quick): their events have no codes.
VECTORS = [
    v.data for v in vectors() if v.data.get("game") == "antike-duellum" and "/quick/" not in v.name
]
PLAYABLE = [r for r in VECTORS if "expect_error" not in r]
COMPLETE = [v.data for v in vectors() if "antike-duellum/complete-game" in v.name]
VERBS = tables.VERBS.split()
CORRECTIONS = ("resources", "units")


def same(a: object, b: object) -> bool:
    """Equal as JSON: 1, 1.0 and true differ; key order does not matter."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def round_trip(event: Any) -> int | None:
    code = GAME.encode(event)
    if code is not None:
        assert type(code) is int and 0 <= code < 2**30, (event, code)
        assert same(GAME.decode(code), event), (event, code, GAME.decode(code))
    return code


# -- every event of random games and of the vectors ------------------------------------


def test_random_games_encode_every_event_and_round_trip() -> None:
    seen = set()
    cards = set()
    for record in RANDOM:
        for event in record["events"]:
            assert round_trip(event) is not None, event
            seen.add(event[0])
            if event[0] == "event" and len(event) > 3:
                cards.add(event[2])
    assert seen >= set(VERBS) - set(CORRECTIONS) - {"temple"}
    assert len(cards) >= 8  # card arguments of many shapes


def test_vector_events_round_trip() -> None:
    for record in VECTORS:
        for event in record["events"]:
            if round_trip(event) is None:
                assert event[0] in CORRECTIONS, event  # only corrections stay as they are


def test_complete_games_are_coded() -> None:
    assert len(COMPLETE) >= 2
    for record in COMPLETE:
        for event in record["events"]:
            assert round_trip(event) is not None, event


SHAPES = [
    ["rondel", 0, 2, {}],
    ["rondel", 0, 2],  # no payment given: none comes back
    ["rondel", 1, 7, {"marble": 1, "iron": 1, "gold": 1, "coins": 1}],
    ["rondel", 1, 4, {"coins": 0}],
    ["rondel", 1, 6, {"gold": 6}],
    ["produce", 0, "gold", False],
    ["produce", 1, "marble", True],
    ["recruit", 0, 12, 0],
    ["deploy", 1, 0, 15],
    ["battle", 0, 1, 1],
    ["temple", 0, 0],
    ["temple", 1, 63],
    ["wall", 0],
    ["knowledge", 1, "monetary-economy"],
    ["conquer", 0, True],
    ["conquer", 0, False, {}],
    ["conquer", 1, True, {"resource": "iron", "wall": True, "armies": 6, "defenders": 1}],
    ["conquer", 1, False, {"resource": None, "wall": False, "armies": 0, "fleets": 14}],
    ["conquer", 0, False, {"resource": "gold", "fleets": 2, "fleets_lost": 1}],
    ["conquer", 0, False, {"armies": 3}],
    ["city", 0, 1],
    ["city", 0, 1, "iron"],
    ["city", 0, 0, None],  # null is not absent
    ["city", 1, 63, "gold"],
    ["personality", 1, "navigator"],
    ["card", 0, "stone-pit"],
    ["event", 0, "privilege"],
    ["event", 1, "architect", 2],
    ["event", 1, "diplomacy", ["iron", False]],
    ["event", 1, "earthquake", 0],
    ["event", 0, "honorarium", {"gold": 2}],
    ["event", 0, "honorarium", {}],
    ["event", 0, "merchant", {"give": {"marble": 2, "iron": 1}, "take": {"iron": 3}}],
    ["event", 0, "merchant", {"give": {}, "take": {"gold": 0}}],
    ["event", 1, "mining", ["marble", "gold"]],
    ["event", 1, "mutiny", [0, "army"]],
    ["event", 1, "mutiny", [1, "fleet"]],
    ["event", 0, "recruits", [1, 1]],
    ["event", 0, "sabotage", "forge"],
    ["event", 0, "settler", [0]],
    ["event", 0, "settler", [1, "marble"]],
    ["event", 0, "settler", [2, None]],
    ["trade", 0, {"marble": 2, "coins": 1}, {"gold": 2}],
    ["trade", 1, {"gold": 3}, {"iron": 1, "marble": 1}],
]


@pytest.mark.parametrize("event", SHAPES, ids=json.dumps)
def test_shapes_come_back_exactly(event: list) -> None:
    assert round_trip(event) is not None


@pytest.mark.parametrize(
    "event",
    [
        ["resources", 0, {"gold": 2}],  # corrections stay as they are
        ["units", 1, [0, 0, 1, 0]],
        ["rondel", 0],
        ["rondel", 0, 8, {}],
        ["rondel", 0, 2, {"gold": 7}],
        ["rondel", 0, 2, {"gold": -1}],
        ["rondel", 0, 2, {"gold": True}],
        ["rondel", 0, 2, {"silver": 1}],
        ["rondel", 0, 2, None],
        ["rondel", 0, 2.0, {}],
        ["rondel", 0, True, {}],
        ["rondel", 0, 2, {}, {}],
        ["produce", 0, "gold", 0],
        ["produce", 0, "gold"],
        ["produce", 0, "silver", False],
        ["recruit", 0, 16, 0],
        ["recruit", 0, -1, 0],
        ["temple", 0, 64],
        ["wall", 0, 0],
        ["knowledge", 0, "magic"],
        ["knowledge", 0, "roads navigation"],
        ["knowledge", 0, ""],
        ["conquer", 0, 1],
        ["conquer", 0, True, {"armies": 15}],
        ["conquer", 0, True, {"fleets_lost": None}],
        ["conquer", 0, True, {"wall": None}],
        ["conquer", 0, True, {"resource": "silver"}],
        ["conquer", 0, True, {"temple": True}],
        ["conquer", 0, True, []],
        ["city", 0, 1, "nothing"],
        ["city", 0, None],
        ["personality", 0, "queen"],
        ["card", 0, "joker"],
        ["event", 0, "privilege", None],  # null is not absent
        ["event", 0, "burglary", 1],
        ["event", 0, "architect", None],
        ["event", 0, "honorarium", {"gold": 7}],
        ["event", 0, "merchant", {"give": {"coins": 1}, "take": {}}],  # 3 resources only
        ["event", 0, "merchant", {"give": {}, "take": {}, "x": 1}],
        ["event", 0, "merchant", {"give": {}}],
        ["event", 0, "mining", ["marble"]],
        ["event", 0, "recruits", [1]],  # only a settler's list may hold one item
        ["event", 0, "mutiny", [0]],
        ["event", 0, "mining", ["marble", "iron", "gold"]],
        ["event", 0, "mutiny", [2, "army"]],
        ["event", 0, "mutiny", [0, "galley"]],
        ["event", 0, "sabotage", ["forge"]],
        ["event", 0, "settler", [64, "marble"]],
        ["event", 0, "settler", 1],
        ["event", 0, "settler", []],
        ["event", 0, "diplomacy", ["iron", 0]],
        ["trade", 0, {"marble": 3}],
        ["nonsense", 0],
        ["rondel", 2, 2, {}],
        ["rondel", False, 2, {}],
        [0, 0],
        ["wall"],
        [],
        "wall",
        None,
    ],
    ids=json.dumps,
)
def test_unusual_events_have_no_code(event: Any) -> None:
    assert GAME.encode(event) is None


# Near misses of every shape: names good and bad, lists, objects, other types.
NAME = st.sampled_from(
    ["marble", "iron", "gold", "coins", "army", "fleet", "roads", "king", "gang", "forge", "x"]
)
KEY = st.sampled_from(
    ["marble", "gold", "coins", "give", "take", "resource", "wall", "armies", "fleets_lost", "x"]
)
VALUE = st.none() | st.booleans() | st.integers(-1, 16) | st.floats(0, 1) | NAME
ARG = (
    VALUE
    | st.lists(VALUE, max_size=3)
    | st.dictionaries(KEY, VALUE, max_size=3)
    | st.dictionaries(st.sampled_from(["give", "take"]), st.dictionaries(KEY, VALUE, max_size=2))
)
SAMPLES = [e for r in RANDOM[:2] + VECTORS for e in r["events"]] + SHAPES


@st.composite
def near_misses(draw: st.DrawFn) -> list:
    """A real event, as it is (kinds 0, 6, 7) or with one thing changed."""
    e = copy.deepcopy(draw(st.sampled_from(SAMPLES)))
    kind = draw(st.integers(0, 7))
    if kind == 1 and len(e) > 2:
        e[draw(st.integers(2, len(e) - 1))] = draw(ARG)
    elif kind == 2:
        e.append(draw(ARG))
    elif kind == 3:
        e.pop()
    elif kind == 4:
        e[1] = draw(st.sampled_from([1, 2, -1, True, False, 0.0, None, "0"]))
    elif kind == 5 and len(e) > 2 and isinstance(e[-1], list) and e[-1]:
        e[-1][draw(st.integers(0, len(e[-1]) - 1))] = draw(VALUE)
    elif kind == 5 and len(e) > 2 and isinstance(e[-1], dict):
        e[-1][draw(KEY)] = draw(VALUE | st.dictionaries(KEY, VALUE, max_size=2))
    return e


@settings(max_examples=1500, deadline=None)
@given(near_misses() | st.lists(ARG, max_size=4))
def test_any_event_encodes_exactly_or_not_at_all(event: Any) -> None:
    round_trip(event)  # never raises; a code always decodes to the event


# -- the Match: ints in the log, the same record, results and undo ------------------------


def test_match_holds_ints_and_gives_the_record_back() -> None:
    for record in RANDOM + PLAYABLE:
        m = Match(record)
        assert same(m.to_record()["events"], record["events"])
        assert same(m.events, record["events"])
        raw = [e for e in m._log if type(e) is not int]
        assert all(e[0] in CORRECTIONS for e in raw)
        g = Game(record["setup"])  # the same events folded without the engine
        for event in record["events"]:
            g.apply(event)
        assert g.state() == m.game.state()
        want = g.result()
        want.update(game="antike-duellum", id=record["id"])
        assert same(m.result(), want)


def test_undo_gives_back_each_event_and_state() -> None:
    records = PLAYABLE + [r | {"events": r["events"][:150]} for r in RANDOM[:2]]
    for record in records:
        m = Match({**record, "events": []})
        states = [m.game.state()]
        for event in record["events"]:
            m.play(event)
            states.append(m.game.state())
        for event in reversed(record["events"]):
            assert same(m.undo(), event)
            states.pop()
            assert m.game.state() == states[-1]
        assert m.undo() is None


def test_a_refused_event_is_not_kept() -> None:
    events = RANDOM[0]["events"][:5]
    m = Match(RANDOM[0] | {"events": events})
    with pytest.raises(IllegalEvent):
        m.play(["wall", 0, 1])
    assert m.played == 5 and same(m.events, events)


# -- the same codes under MicroPython ---------------------------------------------------

_VM_MAIN = """
import json
from duelcore.antike import Game
g = Game({"first": 0})
with open("/data/events.json") as f:
    events = json.load(f)
for e in events:
    c = g.encode(e)
    print(json.dumps([c, None if c is None else g.decode(c)]))
"""


def test_micropython_gives_the_same_codes(tmp_path: Any) -> None:
    events = [e for r in RANDOM[:2] + VECTORS for e in r["events"]] + SHAPES
    events += [["rondel", 0, 2, {"gold": True}], ["event", 0, "privilege", None]]
    (tmp_path / "events.json").write_text(json.dumps(events))
    compile_tree(CORE, tmp_path / "duelcore")
    files = {"/lib/duelcore": tmp_path / "duelcore", "/data/events.json": tmp_path / "events.json"}
    try:
        lines = mpvm.run(_VM_MAIN, files).splitlines()
    except mpvm.VMError as e:
        if "no MicroPython VM" in str(e) or "not on PATH" in str(e):
            pytest.skip(str(e))
        raise
    assert len(lines) == len(events)
    for event, line in zip(events, lines, strict=True):
        code, back = json.loads(line)
        assert code == GAME.encode(event), event
        if code is not None:
            assert same(back, event)


# -- the words of the flash codec -----------------------------------------------------

# Packed games on flash name words by number: appending words at the end is allowed (and
# must update these pins), anything else would make old games read wrong.
WORD_COUNT = 63
WORD_CRC = 0x1DC16E0B


def test_words_are_pinned() -> None:
    w = list(words())
    assert all(type(x) is str and x for x in w)
    assert len(w) == WORD_COUNT
    assert zlib.crc32("\n".join(w).encode()) == WORD_CRC, (
        "the antike-duellum vocabulary changed: packed games on flash would read wrong"
    )


def test_words_cover_the_events() -> None:
    w = list(words())
    assert w[: len(VERBS)] == VERBS  # a packed event's header holds the verb's number
    assert len(set(w)) == len(w)
    assert len(pack.COMMON) + len(w) <= 160  # every word packs in one byte
    names = (
        tables.RESOURCES
        + " "
        + " ".join((tables.PERSONALITIES, tables.KNOWLEDGE, tables.CARDS, tables.CONQUER_KEYS))
    ).split() + ["give", "take", "army", "fleet"]
    assert set(names) <= set(w)


def _strings(x: object) -> list:
    if isinstance(x, str):
        return [x]
    if isinstance(x, list):
        return [s for item in x for s in _strings(item)]
    if isinstance(x, dict):
        return [s for k in x for s in [k, *_strings(x[k])]]
    return []


def test_packed_games_name_every_string_by_a_word() -> None:
    pack._last = None
    v = pack.vocab("antike-duellum")
    for record in RANDOM[:2] + PLAYABLE:
        packed = pack.pack_record(record)
        assert same(pack.unpack_record(packed), record)
        for event in record["events"]:
            for s in _strings(event):
                assert v.index(s) >= 0, s
    pack._last = None
