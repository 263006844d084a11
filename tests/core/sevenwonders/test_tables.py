"""Our compact 7WD tables against the reference data in ../shared/data/7wd, card by card.

The reference is the public dfomin/7wd-engine data (see ../shared/data/README.md); the
project keeps its own table and this test is the only place the two meet.
"""

from pathlib import Path

import pytest

from duelcore.sevenwonders import cards as t

yaml = pytest.importorskip("yaml")

DATA = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "7wd"
if not DATA.is_dir():
    pytest.skip(
        "../shared/data/7wd is absent: card tables not cross-checked", allow_module_level=True
    )

RES = {"wood": "W", "clay": "C", "stone": "S", "glass": "G", "paper": "P"}
SYMBOL = {
    "armillary_sphere": "globe",
    "wheel": "wheel",
    "sundial": "sundial",
    "mortar_and_pestle": "mortar",
    "plumb": "plumb",
    "feather": "quill",
}
COLOUR = {
    "brown": "b",
    "gray": "g",
    "blue": "u",
    "green": "n",
    "yellow": "y",
    "red": "r",
    "purple": "p",
}
PER = {"brown": "b", "gray": "g", "red": "r", "yellow": "y", "wonder": "w"}
GUILD = {
    "yellow": "y",
    "brown_gray": "bg",
    "blue": "u",
    "green": "n",
    "red": "r",
    "wonder": "w",
    "coins": "$",
}


def canonical(name: str) -> str:
    name = name.lower().replace("circum", "circus")
    if name.startswith("the "):
        name = name[4:]
    return name.replace(" ", "-").replace("'", "")


def load(name: str) -> list:
    return yaml.safe_load((DATA / name).read_text())


def reference_cards() -> list:
    return load("cards.yaml")


def expected_spec(ref: dict, chain_giver: dict) -> dict:
    """The facts of one reference card in our vocabulary."""
    price = ref.get("price") or {}
    eff = ref.get("effect") or {}
    out = {
        "colour": COLOUR[ref["color"]],
        "coins": price.get("coins", 0),
        "cost": sorted("".join(RES[r] * n for r, n in price.items() if r in RES)),
        "points": eff.get("points", 0) if ref["color"] != "purple" else 0,
        "shields": eff.get("shield", 0),
        "chain_from": chain_giver.get(price.get("chain_symbol")),
        "effect": "",
    }
    prod = "".join(RES[r] * n for r, n in eff.items() if r in RES)
    if prod:
        out["effect"] = "=" + prod
    elif "goods" in eff:
        out["effect"] = "/GP"
    elif "materials" in eff:
        out["effect"] = "/WCS"
    elif any(k.endswith("_trade") for k in eff):
        out["effect"] = "t" + "".join(RES[k[:-6]] for k in eff if k.endswith("_trade"))
    elif "scientific_symbol" in eff:
        out["effect"] = "s%d" % t.SYMBOLS.index(SYMBOL[eff["scientific_symbol"]])
    elif ref["color"] == "purple":
        key = next(k for k in eff if k.endswith("_max_points"))
        out["effect"] = "G" + GUILD[key[: -len("_max_points")]]
    else:
        per = [k for k in eff if k.endswith("_coins") and not k.endswith("max_coins")]
        if per:
            out["effect"] = "$%d%s" % (eff[per[0]], PER[per[0][: -len("_coins")]])
        elif "coins" in eff:
            out["effect"] = "$%d" % eff["coins"]
    return out


def our_spec(c: int) -> dict:
    o = t.spec(c)
    giver = t.chain_from(c)
    return {
        "colour": t.colour(c),
        "coins": t.digit(t.CARDS, o + t.COINS),
        "cost": sorted(t.CARDS[o + t.COST : o + t.COST + 5].replace(".", "")),
        "points": t.digit(t.CARDS, o + t.POINTS),
        "shields": t.digit(t.CARDS, o + t.SHIELDS),
        "chain_from": t.name(giver) if giver >= 0 else None,
        "effect": t.effect(c),
    }


NAMES = [t.name(c) for c in range(t.CARD_COUNT)]


def test_same_73_cards_in_the_same_ages():
    ref = reference_cards()
    assert [canonical(c["name"]) for c in ref] == NAMES
    for c in ref:
        age = 1 if c["id"] <= 22 else 2 if c["id"] <= 45 else 3
        assert t.age_of(t.card(canonical(c["name"]))) == age
        assert (t.CARDS[t.spec(t.card(canonical(c["name"])))] == "G") == (c["id"] >= 66)


def chain_givers(ref: list) -> dict:
    return {
        c["effect"]["chain_symbol"]: canonical(c["name"])
        for c in ref
        if "chain_symbol" in (c.get("effect") or {})
    }


@pytest.mark.parametrize("c", range(73), ids=lambda c: NAMES[c])
def test_card_matches_reference(c):
    ref = reference_cards()
    assert our_spec(c) == expected_spec(ref[c], chain_givers(ref))


def test_twelve_wonders_match_reference():
    for ref in load("wonders.yaml"):
        w = t.wonder(canonical(ref["name"]))
        assert w >= 0, ref["name"]
        o = t.wspec(w)
        spec = t.WONDERS[o : o + 14].rstrip()
        price = ref["price"]
        eff = ref["effect"]
        assert sorted(spec[3:8].replace(".", "")) == sorted(
            "".join(RES[r] * n for r, n in price.items())
        ), ref["name"]
        assert t.digit(spec, 0) == eff.get("points", 0), ref["name"]
        assert t.digit(spec, 1) == eff.get("shield", 0), ref["name"]
        assert (spec[2] == "1") == bool(eff.get("double_turn")), ref["name"]
        effect = spec[8:]
        if "coins" in eff:
            assert effect.startswith("$%d" % eff["coins"]), ref["name"]
        if "opponent_coins" in eff:
            assert effect.endswith("-%d" % -eff["opponent_coins"]), ref["name"]
        assert ("/GP" in effect) == ("goods" in eff)
        assert ("/WCS" in effect) == ("materials" in eff)
        assert (effect == "xg") == ("destroy_gray" in eff)
        assert (effect == "xb") == ("destroy_brown" in eff)
        assert (effect == "M") == ("select_discarded" in eff)
        assert (effect == "L") == ("select_progress_token" in eff)


def test_ten_progress_tokens():
    assert sorted(tok["name"] for tok in load("tokens.yaml")) == sorted(t.PROGRESS)
