"""Antike Duellum's quick score: the personalities each player holds, by kind
(duelcore.quick). Each kind's range is its supply (tables.SUPPLY)."""

from ..compat import const
from ..pad import Quick, no
from .tables import PERSONALITIES, SUPPLY

_Q_SUPPLY = const(16)
_Q_NONE = const(17)
_Q_PAST = const(18)
_Q_BOTH = const(15)
_VICTORY = const(9)  # a copy of rules.py's (tests/core/antike/test_antike_layout.py)


class Game(Quick):
    FIELDS = PERSONALITIES
    LOW = (0, 0, 0, 0, 0)
    HIGH = SUPPLY
    WINS = "personalities"

    def decide(self, a: tuple, b: tuple) -> tuple:
        """The first to nine personalities (memo: 相手より先に有力者を9人集める); the game
        ends at the ninth, so the winner holds nine and the other fewer."""
        names = PERSONALITIES.split()
        for k in range(len(names)):
            if a[k] + b[k] > SUPPLY[k]:
                raise no(_Q_SUPPLY, a[k] + b[k], names[k], SUPPLY[k])
        ta = sum(a)
        tb = sum(b)
        for p, n in ((0, ta), (1, tb)):
            if n > _VICTORY:
                raise no(_Q_PAST, p, n)
        if ta == tb == _VICTORY:
            raise no(_Q_BOTH)
        if ta < _VICTORY and tb < _VICTORY:
            raise no(_Q_NONE)
        return (0 if ta == _VICTORY else 1), "personalities"

    def player(self, counts: tuple) -> dict:
        pers = self.named(counts)
        pers["total"] = sum(counts)
        return {"personalities": pers}
