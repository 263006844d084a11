"""The spec's replay result for antike-duellum, built from the Game's counts.

The spec's fields, and a few more the device screens want (docs/antike-duellum.md):
per player ``units`` (on the board), ``city_resources`` (cities by resource; ``unknown``
for those recorded without one) and ``cards`` (event cards in hand); top level
``phase``, ``action`` (this turn's rondel action once an event fixed it) and ``discard``.
"""

from ..compat import const
from .tables import ACTIONS, CARDS, KNOWLEDGE, PERSONALITIES, PHASES, RESOURCES, cities, total

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from .rules import Game

# State slots: copies of rules.py's (tests/core/antike/test_antike_layout.py compares them).
_CITY = const(4)
_TEMPLES = const(8)
_WHELD = const(9)
_WBUILT = const(10)
_REC = const(11)
_BOARD = const(13)
_PERS = const(15)
_KNOW = const(22)
_HAND = const(23)
_CUR = const(1)
_PHASE = const(2)
_KIND = const(3)
_DISCARD = const(11)
_WINNER = const(12)
_OVER = const(13)


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
    over = bool(t[_OVER])
    owing = g.owing()
    players = []
    for pl in g.pl:
        pers = _counts(PERSONALITIES, pl, _PERS)
        pers["total"] = total(pl)
        players.append(
            {
                "resources": _counts(RESOURCES, pl, 0),
                "personalities": pers,
                "cities": cities(pl),
                "temples": pl[_TEMPLES],
                "walls": {"held": pl[_WHELD], "built": pl[_WBUILT]},
                "knowledge": _names(KNOWLEDGE, pl[_KNOW]),
                "recruits": {"army": pl[_REC], "fleet": pl[_REC + 1]},
                "units": {"army": pl[_BOARD], "fleet": pl[_BOARD + 1]},
                "city_resources": _counts("marble iron gold unknown", pl, _CITY),
                "cards": _names(CARDS, pl[_HAND]),
            }
        )
    return {
        "over": over,
        "winner": t[_WINNER] if over else None,
        "victory": "personalities" if over else None,
        "turn": None if over else owing if owing >= 0 else t[_CUR],
        "pending": None if over or owing < 0 else "card",
        "players": players,
        "phase": None if over else PHASES.split()[t[_PHASE]],
        "action": None if over or not t[_KIND] else ACTIONS.split()[t[_KIND]],
        "discard": _names(CARDS, t[_DISCARD]),
    }
