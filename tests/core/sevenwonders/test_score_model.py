"""The replay result of random complete games against a model of the scoring rules.

Rules 000 end of game, written down independently of score.py, from the result's own
fields (cards, wonders, tokens, coins, the pawn): the score sheet, the symbols, and who
won and how. Games are played by the core's legal() (duelkeeper.randomgame), so they
reach guilds, tokens and wonders in many combinations.
"""

import pytest

from duelcore import replay
from duelcore.sevenwonders import cards as T
from duelkeeper.randomgame import random_record

WONDER_VP = {  # rules 000 wonders
    "pyramids": 9, "great-lighthouse": 4, "colossus": 3, "temple-of-artemis": 0,
    "appian-way": 3, "piraeus": 2, "circus-maximus": 3, "statue-of-zeus": 3,
    "hanging-gardens": 3, "sphinx": 6, "mausoleum": 2, "great-library": 4,
}  # fmt: skip
CATEGORY = {"u": "civilian", "n": "science", "y": "commercial"}


def colours(cards: list) -> list:
    return [T.colour(T.card(c)) for c in cards]


def sheet(p: int, res: dict) -> dict:
    me, them = res["players"][p], res["players"][1 - p]
    out = dict.fromkeys(["civilian", "science", "commercial", "guilds", "wonders", "progress"], 0)
    for name in me["cards"]:
        c = T.card(name)
        k = T.colour(c)
        if k in CATEGORY:
            out[CATEGORY[k]] += T.digit(T.CARDS, T.spec(c) + T.POINTS)
        elif k == "p":
            kind = T.effect(c)[1:]
            if kind == "w":  # Builders: 2 per wonder of the city with most
                out["guilds"] += 2 * max(len(me["wonders"]), len(them["wonders"]))
            elif kind == "$":  # Moneylenders: 1 per 3 coins of the richer city
                out["guilds"] += max(me["coins"], them["coins"]) // 3
            else:  # 1 per card of the colour(s) in the city with most (Shipowners: brown + grey)
                out["guilds"] += max(
                    sum(k2 in kind for k2 in colours(me["cards"])),
                    sum(k2 in kind for k2 in colours(them["cards"])),
                )
    out["wonders"] = sum(WONDER_VP[w] for w in me["wonders"])
    tokens = me["progress"]
    out["progress"] = 4 * ("agriculture" in tokens) + 7 * ("philosophy" in tokens)
    out["progress"] += 3 * len(tokens) * ("mathematics" in tokens)
    out["coins"] = me["coins"] // 3
    distance = res["conflict"] if p == 0 else -res["conflict"]
    out["military"] = 0 if distance <= 0 else 2 if distance <= 2 else 5 if distance <= 5 else 10
    out["total"] = sum(out.values())
    return out


def symbols(player: dict) -> list:
    out = {
        T.SYMBOLS[int(T.effect(T.card(c))[1])]
        for c in player["cards"]
        if T.effect(T.card(c)).startswith("s")
    }
    if "law" in player["progress"]:
        out.add("law")
    return sorted(out)


@pytest.mark.parametrize("seed", range(40))
def test_random_game_result_matches_the_scoring_rules(seed):
    """Rules 000 end: 建物の点、完成ワンダーの点、進歩の点、手元コイン3枚につき1点…合計点が高い人の
    民事勝利。同点なら青い建物…それも同じなら同率勝利; military and science end it at once."""
    res = replay(random_record("7wd", seed))
    assert res["over"]
    for p in (0, 1):
        assert res["players"][p]["score"] == sheet(p, res), p
        assert res["players"][p]["symbols"] == symbols(res["players"][p])
    if res["victory"] == "military":
        assert res["conflict"] == (9 if res["winner"] == 0 else -9)
    elif res["victory"] == "science":
        assert len(res["players"][res["winner"]]["symbols"]) == 6
    else:
        assert res["victory"] == "civil" and res["age"] == 3
        a, b = (sheet(p, res) for p in (0, 1))
        key = (a["total"], a["civilian"]), (b["total"], b["civilian"])
        assert res["winner"] == (None if key[0] == key[1] else 0 if key[0] > key[1] else 1)
