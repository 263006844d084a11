"""Questions the device screens ask: what a player still needs, what things cost now.

Plain dicts of small ints and names; nothing here changes the game.
"""

from ..compat import const
from . import layout as L
from .tables import KNOWLEDGE, PERSONALITIES, SUPPLY, cities, total

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # annotations only: the compiler drops the block
    from .contracts import Game


def needs(g: "Game", p: int) -> dict:
    """Per personality kind: ``missing``, what still lacks for the next one (cities for
    a king, first know-hows for a scholar, temples for a citizen, opponent temples to
    destroy for a general; 0 when nothing does; null for the navigator, whose seven seas
    only the board shows, and when none can be had), ``left`` in supply, ``claimable``
    (the condition is met and a card is left, the turn structure aside: a claim comes
    after the rondel move; for the navigator, on the players' word about the seas);
    ``victory``: personalities still to claim."""
    pl = g.pl[p]
    ql = g.pl[1 - p]
    out: dict = {"victory": L.VICTORY - total(pl)}
    names = PERSONALITIES.split()
    for k in range(5):
        e = g.entitled(p, k)
        out[names[k]] = {
            "missing": None if e < 0 or k == 4 else e,
            "left": SUPPLY[k] - pl[L.PERS + k] - ql[L.PERS + k],
            "claimable": e == 0,
        }
    return out


def costs(g: "Game", p: int) -> dict:
    """What each action costs player p now (a coin pays for any resource), and the
    limits that apply this turn."""
    pl = g.pl[p]
    know = {}
    k = 0
    for name in KNOWLEDGE.split():
        know[name] = None if pl[L.KNOW] >> k & 1 else g.price(p, k)
        k += 1
    own = g.t[L.CUR] == p
    return {
        "rondel": {"free_steps": g.t[L.FREE] if own else L.FREE_STEPS, "per_step": 1},
        "temple": {
            "marble": L.TEMPLE_MARBLE,
            "coins_per_adjacent": 1,
            "room": cities(pl) - pl[L.TEMPLES],
        },
        "wall": {"marble": 1},
        "city": {"marble": 1, "iron": 1, "gold": 1, "coins_per_adjacent": 1},
        "recruit": {"army": 1, "fleet": 2},
        "deploy": {"iron": L.DEPLOY_IRON, "left": g.deploy_limit(p) if own else None},
        "knowledge": know,
    }
