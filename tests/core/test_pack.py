"""duelcore.pack: lossless for any JSON value, and a finished 7WD game in 256 bytes."""

import json
import statistics
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from duelcore import pack
from duelcore.games import GAMES
from duelkeeper.randomgame import random_record

DEVICE = "e6614103e7452d2f"  # machine.unique_id() of a Pico, in hex


def same(a: object, b: object) -> bool:
    """Equal as JSON: 1, 1.0 and true differ; key order does not matter."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def device_record(seed: int) -> dict:
    """A random finished 7WD game with the id and meta the device writes."""
    record = random_record("7wd", seed)
    record["id"] = "%s-%06d" % (DEVICE, seed)
    record["meta"] = {"device": DEVICE, "firmware": "0.3.0"}
    return record


# -- any JSON value round-trips --------------------------------------------------------

WORDS = list(pack.COMMON) + ["build", "lumber-yard", "sphinx", "law", "first-game", "wonders"]
LOOKALIKES = [
    "", "a", "ab", "AB", "abc", "e6614103", "e6614103-000042", "e6614103e7452d2f-000001",
    "ab-", "ab-1", "ab-01x", "ab--1", "-12", "ab-" + "1" * 21, "ab-" + "0" * 20, "0" * 600,
    "ab" * 255, "ab" * 256, "ab" * 255 + "-1", "é", "lumber-yard ", "Build",
    "2026-05-02T19:00:00", "2000-01-01T00:00:00", "2127-12-31T23:59:59", "1999-12-31T23:59:59",
    "2128-01-01T00:00:00", "2026-13-02T19:00:00", "2026-05-00T19:00:00", "2026-05-02T24:00:00",
    "2026-05-02T19:60:00", "2026-05-02T19:00:60", "2026-05-02 19:00:00", "2026-5-02T19:00:00Z",
    "+026-05-02T19:00:00", "2026-05-02T19:00:0x", "2026-02-31T07:08:09",
]  # fmt: skip
texts = st.one_of(
    st.text(),
    st.sampled_from(WORDS + LOOKALIKES),
    st.from_regex(r"[0-9a-f]{0,12}(-[0-9]{0,8})?", fullmatch=True),
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-20, max_value=40),
    st.integers(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=False, allow_infinity=False),
    texts,
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=18), st.dictionaries(texts, inner, max_size=9)
    ),
    max_leaves=20,
)
events = st.one_of(
    st.tuples(
        st.sampled_from(["build", "wonder", "coins", "take", "x"]), st.sampled_from([0, 1])
    ).flatmap(lambda vp: st.lists(values, max_size=4).map(lambda a: [vp[0], vp[1], *a])),
    values,
)
records = st.fixed_dictionaries(
    {},
    optional={
        "format": st.one_of(st.just(1), values),
        "game": st.one_of(st.sampled_from(GAMES), values),
        "id": texts,
        "players": st.lists(texts, max_size=3),
        "setup": values,
        "events": st.one_of(st.lists(events, max_size=12), values),
        "meta": values,
    },
).flatmap(lambda d: st.dictionaries(texts, values, max_size=3).map(lambda extra: {**extra, **d}))


@settings(max_examples=300, deadline=None)
@given(records)
def test_any_record_round_trips(record: dict) -> None:
    packed = pack.pack_record(record)
    assert same(pack.unpack_record(packed), record)
    assert pack.pack_record(pack.unpack_record(packed)) == packed


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(GAMES + ("other",)), events)
def test_any_event_round_trips(game: str, event: object) -> None:
    v = pack.vocab(game)
    assert same(pack.unpack_event(pack.pack_event(event, v), v), event)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_garbage_is_a_value_error(data: bytes) -> None:
    try:
        pack.unpack_record(b"\x01\x81" + data)
    except ValueError:
        pass


def test_prefixes_fail_or_lose_events() -> None:
    record = device_record(5)
    packed = pack.pack_record(record)
    for n in range(len(packed)):
        try:
            got = pack.unpack_record(packed[:n])
        except ValueError:
            continue
        assert got["events"] == record["events"][: len(got["events"])]
        assert len(got["events"]) < len(record["events"])


def test_bools_are_not_ints_and_keys_order_nothing() -> None:
    v = pack.vocab("7wd")
    for event in (["build", True, "x"], ["coins", 1, 1.0], ["coins", 1, False]):
        assert same(pack.unpack_event(pack.pack_event(event, v), v), event)
    a = pack.pack_record({"b": 1, "a": 2, "game": "7wd"})
    assert a == pack.pack_record({"game": "7wd", "a": 2, "b": 1})


def test_refuses_what_json_cannot_hold() -> None:
    with pytest.raises(ValueError):
        pack.pack_record({"x": {1: 2}})
    with pytest.raises(ValueError):
        pack.pack_record({"x": b"bytes"})


# -- the format ------------------------------------------------------------------------


def test_events_of_the_game_take_a_byte_per_word() -> None:
    v = pack.vocab("7wd")
    assert pack.pack_event(["build", 0, "lumber-yard"], v) == bytes([0x01, len(pack.COMMON) + 8])
    assert len(pack.pack_event(["wonder", 1, "sphinx", "palace"], v)) == 3
    assert len(pack.pack_event(["starter", 1, 0], v)) == 2
    assert len(pack.pack_event(["coins", 0, -3], v)) == 2
    assert pack.pack_event(["nope", 0], v)[0] == 0xF8  # not a verb: the escape


def test_game_ids_and_device_ids_pack_small() -> None:
    v = pack.vocab(None)  # an event that is a bare string: the escape byte, then the value
    assert len(pack.pack_event(DEVICE + "-000042", v)) == 1 + 1 + 1 + 8 + 1 + 1
    assert len(pack.pack_event(DEVICE, v)) == 1 + 1 + 1 + 8


def test_newer_version_and_unknown_words_refused() -> None:
    packed = pack.pack_record(device_record(1))
    with pytest.raises(ValueError, match="version 3"):
        pack.unpack_record(b"\x03" + packed[1:])
    with pytest.raises(ValueError, match="not in this vocabulary"):
        pack.unpack_record(bytes([1, 1, 0xD1, 0x9F, 0xF0]))  # word 159 of 7wd's 139
    with pytest.raises(ValueError):
        pack.unpack_record(bytes([1, 9, 0xD0]))  # game number 9


# An Antike Duellum game packed by version 1 (the firmware before bundles): still read.
VERSION_1 = bytes.fromhex(
    "0183d500a902fa08e6614103e7452d2f060706d111eb323032362d30352d30325431393a30303a3030"
    "03c2db416e6edb426f6204d10aa802aad00a33f1"
)


def test_version_1_still_reads() -> None:
    record = pack.unpack_record(VERSION_1)
    assert record == {
        "format": 1, "game": "antike-duellum", "id": "e6614103e7452d2f-000007",
        "players": ["Ann", "Bob"], "setup": {"first": 0},
        "meta": {"started": "2026-05-02T19:00:00"},
        "events": [["rondel", 0, 2, {}], ["produce", 0, "gold", False]],
    }  # fmt: skip
    again = pack.pack_record(record)
    assert again[0] == 2 and again[1] & 0x40  # written again: version 2, events as codes
    assert pack.unpack_record(again) == record and len(again) < len(VERSION_1) - 10


@pytest.mark.parametrize("game", GAMES)
def test_events_as_codes(game: str) -> None:
    """A whole game's events go as codes (the 0x40 flag), and come back the same; one
    event without a code (a correction) packs them all as values, still lossless."""
    for seed in range(5):
        record = random_record(game, seed)
        packed = pack.pack_record(record)
        assert packed[1] & 0xC0 == 0xC0
        assert same(pack.unpack_record(packed), record)
        odd = dict(record, events=record["events"] + [["build", True, "x"]])
        packed = pack.pack_record(odd)
        assert packed[1] & 0xC0 == 0x80 and same(pack.unpack_record(packed), odd)


def test_codes_damaged_or_cut_refused() -> None:
    packed = pack.pack_record(random_record("antike-duellum", 1))
    for cut in (1, 2, 40):
        with pytest.raises(ValueError):
            pack.unpack_record(packed[:-cut])
    with pytest.raises(ValueError):
        pack.unpack_record(packed + b"\0")
    with pytest.raises(ValueError, match="without codes"):
        pack.unpack_record(bytes([2, 0xC0, 0xD0, 1, 5, 1, 0]))


def test_stamps_pack_in_six_bytes() -> None:
    v = pack.vocab(None)
    for text in ("2026-05-02T19:00:00", "2000-01-01T00:00:00", "2127-12-31T23:59:59"):
        packed = pack.pack_event(text, v)
        assert len(packed) == 1 + 6 and pack.unpack_event(packed, v) == text
    assert len(pack.pack_event("1999-12-31T23:59:59", v)) == 1 + 1 + 19


# The vocabulary is part of the flash format: a word's number may never change.
# Appending words at the end of a game's list is allowed (and must update these pins).
SEVEN_WONDERS_WORDS = 139
SEVEN_WONDERS_CRC = 0x83656D15


def words_of(game: object) -> list:
    v = pack.vocab(game)
    return [v.word(i) for i in range(len(v))]


def test_vocabulary_is_pinned() -> None:
    common = words_of(None)
    assert common == list(pack.COMMON)
    assert len(common) == 33 and common[:3] == ["format", "game", "id"]
    words = words_of("7wd")
    assert words[: len(common)] == common
    assert len(words) == SEVEN_WONDERS_WORDS
    assert zlib.crc32("\n".join(words).encode()) == SEVEN_WONDERS_CRC, (
        "the 7wd vocabulary changed: packed games on flash would read wrong"
    )
    assert len(words) <= 160, "every 7wd word fits one byte"
    v = pack.vocab("7wd")
    for i, w in enumerate(words):
        assert v.index(w) == i or words.index(w) < i  # duplicates resolve to the first
    assert v.word(len(words)) is None and v.word(-1) is None


def test_game_packages_words(monkeypatch: pytest.MonkeyPatch) -> None:
    import duelcore.splendor as sd

    pack._last = None
    if not hasattr(sd, "words"):  # the fallback: strings in full, still lossless
        assert words_of("splendor-duel") == list(pack.COMMON)
        monkeypatch.setattr(sd, "words", lambda: ("take", "buy", "1w1"), raising=False)
    pack._last = None
    v = pack.vocab("splendor-duel")
    assert v.index(sd.words()[0]) == len(pack.COMMON)
    event = [sd.words()[0], 1, sd.words()[-1]]
    assert len(pack.pack_event(event, v)) == 2
    assert pack.unpack_event(pack.pack_event(event, v), v) == event
    pack._last = None


# -- a finished 7 Wonders Duel game fits 256 bytes on flash --------------------------

CRC_BYTES = 4  # the archive file is the packed record and its CRC-32


def test_finished_7wd_games_fit_256_bytes() -> None:
    sizes = []
    for seed in range(200):
        record = device_record(seed)
        packed = pack.pack_record(record)
        assert same(pack.unpack_record(packed), record)
        sizes.append(len(packed) + CRC_BYTES)
    print(
        "\n7wd finished game on flash (200 games): min %d, median %d, max %d bytes"
        % (min(sizes), statistics.median(sizes), max(sizes))
    )
    assert max(sizes) <= 256


def test_long_names_still_fit() -> None:
    """Names are free text: 11 letters each still fit the longest of the 200 games."""
    for seed in range(200):
        record = device_record(seed)
        record["players"] = ["Maximiliane", "Bartholomew"]
        record["meta"] = {"firmware": "0.4.0", "board": "pico_epaper_2in9"}  # what app.py writes
        assert len(pack.pack_record(record)) + CRC_BYTES <= 256
