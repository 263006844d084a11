"""The spec's replay result for antike-duellum, built from the Game's counts.

The spec's fields, and a few more the device screens want (docs/antike-duellum.md):
per player ``units`` (on the board), ``city_resources`` (cities by resource; ``unknown``
for those recorded without one) and ``cards`` (event cards in hand); top level
``phase``, ``action`` (this turn's rondel action once an event fixed it) and ``discard``.
"""

from ..compat import const
from . import layout as L
from .tables import ACTIONS, CARDS, KNOWLEDGE, PERSONALITIES, PHASES, RESOURCES, cities, total

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # annotations only: the compiler drops the block
    from .contracts import Game


def _names(names: str, mask: int) -> list:
    """The names whose bit is set in ``mask``, in table order."""
    out = []
    for name in names.split():
        if mask & 1:
            out.append(name)
        mask >>= 1
    return out


def _counts(names: str, pl: list, base: int) -> dict:
    out = {}
    i = base
    for k in names.split():
        out[k] = pl[i]
        i += 1
    return out


def result(g: "Game") -> dict:
    t = g.t
    over = bool(t[L.OVER])
    owing = g.owing()
    players = []
    for pl in g.pl:
        pers = _counts(PERSONALITIES, pl, L.PERS)
        pers["total"] = total(pl)
        players.append(
            {
                "resources": _counts(RESOURCES, pl, 0),
                "personalities": pers,
                "cities": cities(pl),
                "temples": pl[L.TEMPLES],
                "walls": {"held": pl[L.WHELD], "built": pl[L.WBUILT]},
                "knowledge": _names(KNOWLEDGE, pl[L.KNOW]),
                "recruits": {"army": pl[L.REC], "fleet": pl[L.REC + 1]},
                "units": {"army": pl[L.BOARD], "fleet": pl[L.BOARD + 1]},
                "city_resources": _counts("marble iron gold unknown", pl, L.CITY),
                "cards": _names(CARDS, pl[L.HAND]),
            }
        )
    return {
        "over": over,
        "winner": t[L.WINNER] if over else None,
        "victory": "personalities" if over else None,
        "turn": None if over else owing if owing >= 0 else t[L.CUR],
        "pending": None if over or owing < 0 else "card",
        "players": players,
        "phase": None if over else PHASES.split()[t[L.PHASE]],
        "action": None if over or not t[L.KIND] else ACTIONS.split()[t[L.KIND]],
        "discard": _names(CARDS, t[L.DISCARD]),
    }
