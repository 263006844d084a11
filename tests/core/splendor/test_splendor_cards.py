"""The compact card table (duelcore/splendor/cards.py): ids, order, lookup, and a
card-by-card comparison with the reference data in ../shared/data/splendor-duel.

The reference is szk-stack/splendor-duel-web (no licence stated): it is read here, only
to check our own table, and never copied into the project.
"""

import json
from collections import Counter

import pytest
from sdhelp import SHARED

from duelcore.splendor import cards as C
from duelcore.splendor import names
from duelcore.splendor.names import ABILITIES, describe

DATA = SHARED / "data" / "splendor-duel"
ABILITY = {
    None: None,
    "replay": "again",
    "take_on_board": "token",
    "take_priviledge": "privilege",
    "steal_opponent_pawn": "steal",
}
ORDER = (None, "again", "token", "privilege", "steal")
COSTS = ("white", "blue", "green", "red", "black", "pearl")


def ours() -> list[tuple]:
    out = []
    for i in range(C.COUNT):
        d = describe(i)
        cost = tuple(d["cost"].get(k, 0) for k in COSTS)
        out.append(
            (d["level"], d["color"], d["points"], d["crowns"], d["bonus"], d["ability"], cost)
        )
    return out


def reference() -> list[tuple]:
    if not DATA.is_dir():
        pytest.skip("../shared/data/splendor-duel is absent: card table not cross-checked")
    out = []
    for level in (1, 2, 3):
        for card in json.loads((DATA / ("cards_level%d.json" % level)).read_text()):
            cost = tuple(card["cost"][k] for k in COSTS)
            out.append(
                (
                    card["level"],
                    card["bonus"],
                    card["points"],
                    card["crowns"],
                    card["bonus_number"],
                    ABILITY[card["capacity"]],
                    cost,
                )
            )
    return out


def test_levels_hold_30_24_13_cards() -> None:
    """The published game: 67 jewel cards, 30 of level 1, 24 of level 2, 13 of level 3."""
    assert C.COUNT == 67
    assert Counter(C.level(i) for i in range(C.COUNT)) == {1: 30, 2: 24, 3: 13}
    assert C.FIRST == (0, 30, 54, 67)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_table_matches_reference_card_by_card(level: int) -> None:
    """Every reference card is in our table exactly once, and we have no other card."""
    ref = [c for c in reference() if c[0] == level]
    mine = [c for c in ours() if c[0] == level]
    for card in ref:
        assert mine.count(card) == ref.count(card), "card %r differs from the reference" % (card,)
    assert Counter(mine) == Counter(ref)


def test_every_reference_card_is_found_by_its_descriptor() -> None:
    """The record names a card by a descriptor object: each reference card names one."""
    for level, color, points, crowns, bonus, ability, cost in reference():
        desc = {
            "level": level,
            "color": color,
            "points": points,
            "crowns": crowns,
            "bonus": bonus,
            "ability": ability,
            "cost": {k: v for k, v in zip(COSTS, cost, strict=True) if v},
        }
        i = names.find(desc)
        assert describe(i) == desc


def test_royals_match_reference() -> None:
    if not DATA.is_dir():
        pytest.skip("../shared/data/splendor-duel is absent: royal cards not cross-checked")
    ref = sorted(
        (r["points"], ABILITY[r["capacity"]])
        for r in json.loads((DATA / "royal_cards.json").read_text())
    )
    mine = sorted((C.ROYAL_POINTS[r], ABILITIES[C.ROYAL_ABILITY[r]]) for r in range(len(C.ROYALS)))
    assert mine == ref
    # The spec's names: royal-points (3 VP), royal-again, royal-privilege, royal-steal (2 VP).
    assert C.ROYALS == ("royal-points", "royal-again", "royal-privilege", "royal-steal")
    assert list(C.ROYAL_POINTS) == [3, 2, 2, 2]


def test_table_is_in_the_canonical_order_of_the_spec() -> None:
    """Spec: ids <level><letter><n>, n counting within a level and letter, ordered by
    points, crowns, bonus count, ability (none, again, token, privilege, steal), then
    the cost (white, blue, green, red, black, pearl) ascending."""
    letters = "wugrkjx"
    keys = []
    for i in range(C.COUNT):
        d = describe(i)
        keys.append(
            (
                d["level"],
                letters.index(C.card_id(i)[1]),
                d["points"],
                d["crowns"],
                d["bonus"],
                ORDER.index(d["ability"]),
                tuple(d["cost"].get(k, 0) for k in COSTS),
            )
        )
    assert keys == sorted(keys)
    assert len(set(keys)) == C.COUNT


def test_ids_count_from_one_within_level_and_letter() -> None:
    ids = [C.card_id(i) for i in range(C.COUNT)]
    assert len(set(ids)) == C.COUNT
    seen: Counter[str] = Counter()
    for i, cid in enumerate(ids):
        seen[cid[:2]] += 1
        assert cid == "%s%d" % (cid[:2], seen[cid[:2]])
        assert names.find(cid) == i
        assert cid[0] == str(C.level(i))
        assert cid[1] == C.LETTERS[C.get(i, 0)]
    assert ids[:5] == ["1w1", "1w2", "1w3", "1w4", "1w5"]
    assert ids[-1] == "3x1"


def test_letters_match_the_bonus() -> None:
    """Letters: w u g r k gem colours, j joker, x no bonus (and then no bonus count)."""
    for i in range(C.COUNT):
        d = describe(i)
        letter = C.card_id(i)[1]
        if letter == "x":
            assert d["color"] is None and d["bonus"] == 0
        elif letter == "j":
            assert d["color"] == "joker" and d["bonus"] == 1
        else:
            assert d["color"] == C.TOKENS["wugrk".index(letter)] and d["bonus"] in (1, 2)


def test_token_ability_only_on_coloured_cards() -> None:
    """The token ability takes a token of the card's colour, so it needs one."""
    for i in range(C.COUNT):
        if describe(i)["ability"] == "token":
            assert describe(i)["color"] in C.TOKENS[:5]


def test_descriptors_are_unique() -> None:
    for i in range(C.COUNT):
        assert names.find(describe(i)) == i


def test_a_partial_descriptor_must_match_exactly_one_card() -> None:
    assert names.find({"level": 1, "color": "red", "crowns": 1}) == names.find("1r4")
    assert names.find({"level": 3, "color": None}) == names.find("3x1")
    with pytest.raises(ValueError, match="more than one"):
        names.find({"level": 1, "color": "red"})
    with pytest.raises(ValueError, match="no card"):
        names.find({"level": 1, "points": 9})


@pytest.mark.parametrize(
    "name",
    ["", "1w", "1w0", "1w6", "1w01", "4w1", "0w1", "1z1", "2x2", "1wa", "1j5", 7, None, [], {}],
)
def test_unknown_card_names_are_refused(name: object) -> None:
    with pytest.raises(ValueError):
        names.find(name)


@pytest.mark.parametrize(
    "desc",
    [
        {"level": 1, "colour": "red"},
        {"level": 1, "cost": "black"},
        {"level": 1, "cost": {"gold": 1}},
        {"level": 1, "cost": {"black": "3"}},
        {"level": True, "color": "red", "crowns": 1},
    ],
)
def test_malformed_descriptors_are_refused(desc: dict) -> None:
    with pytest.raises(ValueError):
        names.find(desc)


def test_totals_of_the_published_game() -> None:
    """Sanity totals: points per level, 6 again cards, 28 crowns in all."""
    pts = Counter()
    for i in range(C.COUNT):
        pts[C.level(i)] += describe(i)["points"]
    assert dict(pts) == {1: 11, 2: 37, 3: 44}
    assert sum(1 for i in range(C.COUNT) if describe(i)["ability"] == "again") == 6
    assert sum(describe(i)["crowns"] for i in range(C.COUNT)) == 28
