"""Event codes (duelcore/splendor/codes.py) and the flash codec's words (vocabulary.py).

A Match keeps each event as the int Game.encode gives, and gives it back with decode (undo,
to_record, ``events``): every event must come back equal as JSON (true is not 1, {} is not
absent), common events must really get a code, and anything else must get None (kept as
it is) without raising. The same codes come out under MicroPython, from the .mpy build.
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
from duelcore.splendor import Game, words
from duelcore.splendor import cards as C
from duelcore.splendor.rules import DECKS, TOKENS, VERBS
from duelkeeper import mpvm
from duelkeeper.mpycross import compile_tree
from duelkeeper.randomgame import random_record
from duelkeeper.repo import CORE

GAME = Game({"first": 0})  # encode and decode read no game state
RANDOM = [random_record("splendor-duel", seed) for seed in range(40)]
# Not the quick scores' (tests/vectors/quick): their events have no codes.
VECTORS = [
    v.data for v in vectors() if v.data.get("game") == "splendor-duel" and "/quick/" not in v.name
]
PLAYABLE = [r for r in VECTORS if "expect_error" not in r]


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
    """Random games are played from legal(): cards by id, no corrections, all coded."""
    seen = set()
    for record in RANDOM:
        for event in record["events"]:
            assert round_trip(event) is not None, event
            seen.add(event[0])
    assert seen >= {"take", "buy", "reserve", "privilege", "replenish", "return", "royal"}


def test_vector_events_round_trip() -> None:
    uncoded = []
    for record in VECTORS:
        for event in record["events"]:
            if round_trip(event) is None:
                uncoded.append(event)
    # Only corrections (never coded) and cards named by a descriptor object (two vectors)
    # stay as they are.
    for event in uncoded:
        assert event[0] == "tokens" or isinstance(event[2], dict), event
    assert sum(event[0] != "tokens" for event in uncoded) <= 2


SHAPES = [
    ["take", 0, ["white", "blue", "green"]],
    ["take", 1, ["blue", "white"]],  # the order is kept
    ["take", 0, ["pearl", "pearl"]],
    ["take", 0, []],
    ["take", 0, ["gold"] * 8],
    ["privilege", 1, ["black"]],
    ["return", 0, ["gold", "white", "white"]],
    ["replenish", 1],
    ["reserve", 0, "1w1"],
    ["reserve", 1, "3x1"],
    ["reserve", 0, "deck1"],
    ["reserve", 1, "deck3"],
    ["buy", 0, "1r4"],
    ["buy", 0, "1r4", {}],
    ["buy", 1, "2w2", {"reserved": True}],
    ["buy", 1, "2w2", {"reserved": False}],
    ["buy", 0, "1j4", {"color": "green"}],
    ["buy", 0, "1j4", {"color": "white", "reserved": True}],
    ["buy", 0, "1j4", {"color": "gold", "reserved": False}],
    ["color", 1, "red"],
    ["steal", 0, "pearl"],
    ["steal", 0, "gold"],
    ["royal", 1, "royal-points"],
    ["royal", 0, "royal-steal"],
]


@pytest.mark.parametrize("event", SHAPES, ids=json.dumps)
def test_shapes_come_back_exactly(event: list) -> None:
    code = round_trip(event)
    assert code is not None
    assert code < 2**29  # the widest is 8 tokens: 24 bits of argument


@pytest.mark.parametrize(
    "event",
    [
        ["tokens", 0, {"white": -3, "gold": 1}],  # corrections stay as they are
        ["buy", 0, {"level": 1, "color": "red", "points": 0, "crowns": 1, "cost": {"black": 3}}],
        ["take", 0, ["white"] * 9],  # longer than a code holds
        ["take", 0, ["white", "purple"]],
        ["take", 0, "white"],
        ["take", 0, ("white",)],
        ["take", 0],
        ["take", 0, ["white"], ["blue"]],
        ["replenish", 0, []],
        ["reserve", 0, "1w01"],
        ["reserve", 0, "1w 1"],
        ["reserve", 0, "1w\uff11"],  # a full-width 1: int() reads it, the id is not canonical
        ["reserve", 0, "1w6"],
        ["reserve", 0, "4w1"],
        ["reserve", 0, "deck4"],
        ["buy", 0, "deck1"],
        ["buy", 0, "1r4", {"reserved": 1}],
        ["buy", 0, "1r4", {"reserved": None}],
        ["buy", 0, "1r4", {"color": "purple"}],
        ["buy", 0, "1r4", {"extra": True}],
        ["buy", 0, "1r4", {"reserved": True, "why": "x"}],
        ["buy", 0, "1r4", []],
        ["buy", 0, "1r4", None],
        ["royal", 0, "royal-nothing"],
        ["royal", 0, 0],
        ["color", 0, 0],
        ["steal", 0, None],
        ["x", 0, "white"],
        ["take", 2, ["white"]],
        ["take", True, ["white"]],
        ["take", 0.0, ["white"]],
        [0, 0],
        ["take"],
        [],
        "take",
        None,
    ],
    ids=json.dumps,
)
def test_unusual_events_have_no_code(event: Any) -> None:
    assert GAME.encode(event) is None


# Near misses of every shape: names good and bad, lists, option objects, other types.
NAME = st.sampled_from(list(TOKENS) + list(C.ROYALS) + list(DECKS) + ["1r4", "2j1", "1w01", "x"])
VALUE = st.none() | st.booleans() | st.integers(-1, 2) | st.floats(0, 1) | NAME
ARG = (
    NAME
    | st.lists(NAME, max_size=9)
    | st.lists(VALUE, max_size=3)
    | st.dictionaries(st.sampled_from(["reserved", "color", "x"]), VALUE, max_size=3)
    | VALUE
)


SAMPLES = [e for r in RANDOM[:5] + VECTORS for e in r["events"]] + SHAPES


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
        e[-1][draw(st.sampled_from(["reserved", "color", "x"]))] = draw(VALUE)
    return e


@settings(max_examples=1000, deadline=None)
@given(near_misses() | st.lists(ARG, max_size=4))
def test_any_event_encodes_exactly_or_not_at_all(event: Any) -> None:
    round_trip(event)  # never raises; a code always decodes to the event


# -- the Match: ints in the log, the same record, results and undo ------------------------


def test_match_holds_ints_and_gives_the_record_back() -> None:
    for record in RANDOM + PLAYABLE:
        m = Match(record)
        assert same(m.to_record()["events"], record["events"])
        assert same(m.events, record["events"])
        coded = sum(type(entry) is int for entry in m._log)
        assert coded >= len(record["events"]) - 3
        g = Game(record["setup"])  # the same events folded without the engine
        for event in record["events"]:
            g.apply(event)
        assert g.state() == m.game.state()
        want = g.result()
        want.update(game="splendor-duel", id=record["id"])
        assert same(m.result(), want)


def test_undo_gives_back_each_event_and_state() -> None:
    for record in RANDOM[:8] + PLAYABLE:
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
    m = Match(RANDOM[0] | {"events": RANDOM[0]["events"][:5]})
    with pytest.raises(IllegalEvent):
        m.play(["royal", 0, "royal-points"])
    assert m.played == 5 and same(m.events, RANDOM[0]["events"][:5])


# -- the same codes under MicroPython ---------------------------------------------------

_VM_MAIN = """
import json
from duelcore.splendor import Game
g = Game({"first": 0})
with open("/data/events.json") as f:
    events = json.load(f)
for e in events:
    c = g.encode(e)
    print(json.dumps([c, None if c is None else g.decode(c)]))
"""


def test_micropython_gives_the_same_codes(tmp_path: Any) -> None:
    events = [e for r in RANDOM[:10] + VECTORS for e in r["events"]]
    events += [["take", 0, ["white"] * 9], ["buy", 0, "1w\uff11"], ["buy", 0, "1r4", {}]]
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
WORD_COUNT = 101
WORD_CRC = 0x4E5FA697


def test_words_are_pinned() -> None:
    w = list(words())
    assert all(type(x) is str and x for x in w)
    assert len(w) == WORD_COUNT
    assert zlib.crc32("\n".join(w).encode()) == WORD_CRC, (
        "the splendor-duel vocabulary changed: packed games on flash would read wrong"
    )


def test_words_cover_the_events() -> None:
    w = list(words())
    assert w[: len(VERBS)] == list(VERBS)  # a packed event's header holds the verb's number
    assert len(set(w)) == len(w)
    assert len(pack.COMMON) + len(w) <= 160  # every word packs in one byte
    names = list(TOKENS) + list(DECKS) + list(C.ROYALS) + ["reserved"]
    names += [C.card_id(i) for i in range(C.COUNT)]
    assert set(names) <= set(w)


def test_packed_games_name_every_string_by_a_word() -> None:
    pack._last = None
    v = pack.vocab("splendor-duel")
    for record in RANDOM[:10] + PLAYABLE:
        packed = pack.pack_record(record)
        assert same(pack.unpack_record(packed), record)
        for event in record["events"]:
            strings = [event[0]] + [x for x in event[2:] if isinstance(x, str)]
            strings += [x for a in event[2:] if isinstance(a, list | dict) for x in a]
            for s in strings:
                assert v.index(s) >= 0, s
    pack._last = None
