"""Setup: the first-game preset, dealt wonders, the progress tokens, bad setups."""

import pytest
from swdhelp import Duel, deal, record

from duelcore import RecordError, replay

PRESET_STARTER = {"pyramids", "great-lighthouse", "temple-of-artemis", "statue-of-zeus"}
PRESET_OTHER = {"circus-maximus", "piraeus", "appian-way", "colossus"}


def wonders_offered(d: Duel) -> set:
    """The wonders legal() offers the player to act (coins are made plentiful first)."""
    d.set_coins(d.game.turn, 86)
    return {e[2] for e in d.legal() if e[0] == "wonder"}


@pytest.mark.parametrize("first", [0, 1])
def test_first_game_preset_goes_to_the_starting_player(first):
    """Rules 000 setup: 初回は、1人目にピラミッド、大灯台、アルテミス神殿、ゼウス像、2人目に
    大競技場、ピレウス、アッピア街道、巨像; spec: `first` gets the rules' player-1 set."""
    d = Duel(first=first)
    assert d.result()["turn"] == first
    assert wonders_offered(d) == PRESET_STARTER
    d.discard(first, "altar")
    assert d.result()["turn"] == 1 - first
    assert wonders_offered(d) == PRESET_OTHER


@pytest.mark.parametrize("first", [0, 1])
def test_first_game_preset_wonders_are_built_by_their_owner_only(first):
    """Rules 000: each player builds only their own four wonders (自分の未建設のワンダー)."""
    d = Duel(first=first)
    d.set_coins(first, 86)
    reason = d.refuse("wonder", first, "colossus", "altar")
    assert reason == "colossus is not one of player %d's wonders" % first
    d.wonder(first, "pyramids", "altar")
    assert d.player(first)["wonders"] == ["pyramids"]


def test_explicit_wonder_lists_are_by_player_index_not_by_who_starts():
    """Spec 7wd setup: "wonders": [[w, w, w, w], [w, w, w, w]] names player 0's, then
    player 1's; the draft of rules 000 is the players' business."""
    lists = [
        ["sphinx", "mausoleum", "great-library", "hanging-gardens"],
        ["pyramids", "colossus", "appian-way", "statue-of-zeus"],
    ]
    d = Duel(first=1, wonders=lists)
    assert wonders_offered(d) == set(lists[1])
    d.discard(1, "altar")
    assert wonders_offered(d) == set(lists[0])


@pytest.mark.parametrize("first", [0, 1])
def test_initial_state(first):
    """Rules 000 setup: pawn on the neutral space, 7 coins each; 7 coins are 2 VP (3 per VP)."""
    res = Duel(first=first).result()
    assert res["over"] is False and res["winner"] is None and res["victory"] is None
    assert res["turn"] == first and res["pending"] is None
    assert res["age"] == 1 and res["conflict"] == 0
    for p in res["players"]:
        assert p["coins"] == 7
        assert p["score"] == {
            "civilian": 0,
            "science": 0,
            "commercial": 0,
            "guilds": 0,
            "wonders": 0,
            "progress": 0,
            "coins": 2,
            "military": 0,
            "total": 2,
        }
        assert p["cards"] == [] and p["wonders"] == [] and p["progress"] == []
        assert p["symbols"] == []


def test_box_progress_is_accepted_beside_the_board():
    """Spec: box_progress lists the five tokens returned to the box (rules 000: 残り5枚は箱へ)."""
    box = ["architecture", "economy", "mathematics", "strategy", "theology"]
    res = replay(record(box=box))
    assert res["over"] is False


BAD_SETUPS = {
    "first missing": {"first": None},
    "first 2": {"first": 2},
    "first a string": {"first": "0"},
    "first a boolean": {"first": True},
    "wonders missing": {"wonders": None},
    "wonders a word": {"wonders": "random"},
    "one list of wonders": {"wonders": [deal([])[0]]},
    "three wonders": {"wonders": [["pyramids", "colossus", "sphinx"], deal(["pyramids"])[1]]},
    "unknown wonder": {"wonders": [["lighthouse"] + deal([])[0][1:], deal([])[1]]},
    "a wonder dealt to both": {"wonders": [deal([])[0], [deal([])[0][0]] + deal([])[1][1:]]},
    "a wonder twice in one hand": {"wonders": [["sphinx"] * 4, deal([])[1]]},
    "four tokens": {"progress": ["agriculture", "law", "masonry", "philosophy"]},
    "six tokens": {
        "progress": ["agriculture", "law", "masonry", "philosophy", "urbanism", "economy"]
    },
    "unknown token": {"progress": ["agriculture", "law", "masonry", "philosophy", "writing"]},
    "a token twice": {"progress": ["agriculture", "law", "masonry", "philosophy", "law"]},
    "box of four": {"box": ["architecture", "economy", "mathematics", "strategy"]},
    "box repeats the board": {"box": ["architecture", "economy", "mathematics", "strategy", "law"]},
    "box with unknown token": {"box": ["architecture", "economy", "mathematics", "strategy", "x"]},
}


@pytest.mark.parametrize("change", BAD_SETUPS.values(), ids=list(BAD_SETUPS))
def test_bad_setup_is_a_record_error(change):
    """Spec: a file that is not a record is refused with a one-line reason (RecordError);
    rules 000: 4 wonders each from 12, 5 distinct tokens of 10 on the board."""
    rec = record()
    setup = rec["setup"]
    for key, value in change.items():
        key = "box_progress" if key == "box" else key
        if value is None:
            setup.pop(key, None)
        else:
            setup[key] = value
    with pytest.raises(RecordError) as info:
        replay(rec)
    assert str(info.value).startswith("bad setup: ")
    assert "\n" not in str(info.value)
