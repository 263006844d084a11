"""The ten progress tokens: what each does when taken and what it scores.

Price effects (Masonry, Architecture, Economy, Urbanism) are pinned in test_trading.py,
Strategy in test_military.py, Theology in test_turns.py, Law in test_science.py; here each
token is taken once and its immediate and end-of-game effects checked, plus the effects
that combine with wonders.
"""

import pytest
from swdhelp import Duel, board_with, deal, with_tokens

# token: (coins when taken, VP alone, adds the law symbol)
TOKENS = {
    "agriculture": (6, 4, False),
    "architecture": (0, 0, False),
    "economy": (0, 0, False),
    "law": (0, 0, True),
    "masonry": (0, 0, False),
    "mathematics": (0, 3, False),
    "philosophy": (0, 7, False),
    "strategy": (0, 0, False),
    "theology": (0, 0, False),
    "urbanism": (6, 0, False),
}


@pytest.mark.parametrize("token", list(TOKENS))
def test_each_token_when_taken(token):
    """Rules 000 progress: 農業はすぐ6コインと、最後に4点。哲学は最後に7点。法律は独立した科学記号
    1種類。数学は、最後に自分の進歩トークン1枚につき3点で、数学自身も数えます…都市計画はすぐ6コイン;
    the others act on later builds only."""
    coins, vp, law = TOKENS[token]
    d = Duel(progress=board_with([token]), keep=["scriptorium", "library"]).set_coins(0, 20)
    d.build(0, "scriptorium").next_age(0).set_coins(0, 10).build(0, "library")
    d.progress(0, token)
    assert d.coins(0) == 10 + coins
    assert d.score(0)["progress"] == vp
    assert d.player(0)["progress"] == [token]
    assert d.player(0)["symbols"] == (["law", "quill"] if law else ["quill"])


def test_mathematics_counts_every_token_itself_included():
    """Rules 000 progress: 数学は、最後に自分の進歩トークン1枚につき3点で、数学自身も数えます —
    Mathematics, Agriculture and Philosophy: 3 x 3 + 4 + 7."""
    d = with_tokens(["mathematics", "agriculture", "philosophy"])
    assert d.score(0)["progress"] == 20
    assert d.score(1)["progress"] == 0


def test_mathematics_counts_only_its_owners_tokens():
    """Rules 000 progress: 自分の進歩トークン — the opponent's tokens do not count."""
    d = with_tokens(["mathematics"], ["philosophy", "agriculture"])
    assert d.score(0)["progress"] == 3
    assert d.score(1)["progress"] == 11


def test_strategy_counts_for_a_red_card_the_mausoleum_builds():
    """Rules 000 progress: 戦略は、以後新しく自分が建てる赤い軍事建物に盾1つ — a red card the
    Mausoleum puts into the city is such a building (reading: 霊廟…無料で自分の都市へ建て)."""
    d = with_tokens(["strategy"], wonders=deal(["mausoleum"]), keep=["walls"])
    d.discard(1, "walls").set_coins(0, 20).wonder(0, "mausoleum").mausoleum(0, "walls")
    assert d.result()["conflict"] == 3


def test_theology_extra_turn_comes_after_the_mausoleum_choice():
    """Rules 000: 同じワンダーに複数の効果があれば全部適用します — with Theology the Mausoleum
    builds its card, then its builder plays again."""
    d = with_tokens(["theology"], wonders=deal(["mausoleum"]), keep=["walls"])
    d.discard(1, "walls").set_coins(0, 20).wonder(0, "mausoleum")
    assert d.result()["pending"] == "mausoleum"
    d.mausoleum(0, "walls")
    assert d.result()["pending"] is None and d.result()["turn"] == 0


def test_theology_extra_turn_comes_after_the_destroy_choice():
    """Rules 000: all the wonder's effects apply (destroy, then Theology's extra turn)."""
    d = with_tokens(["theology"], keep=["sawmill"]).build(1, "sawmill").set_coins(0, 30)
    d.wonder(0, "statue-of-zeus")
    assert d.result()["pending"] == "destroy" and d.result()["turn"] == 0
    d.destroy(0, "sawmill")
    assert d.result()["turn"] == 0


def test_urbanism_gives_nothing_for_a_card_the_mausoleum_builds():
    """Rules 000 progress: the 4 coins are for 連鎖記号を使って建物を無料建設 only; the Mausoleum's
    free build uses no chain (Statue with Theater in the city, built from the pile)."""
    d = with_tokens(
        ["urbanism"], wonders=deal(["mausoleum"]), age1=[(0, "theater")], keep=["statue"]
    )
    d.discard(1, "statue").set_coins(0, 10).wonder(0, "mausoleum").mausoleum(0, "statue")
    assert d.coins(0) == 0
