"""Antike Duellum's quick score: the personalities each player holds, by kind
(duelcore.quick). Each kind's range is its supply (tables.SUPPLY)."""

from ..errors import IllegalEvent
from ..pad import Quick
from . import layout as L
from .tables import PERSONALITIES, SUPPLY


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
                raise IllegalEvent(
                    "%d %s personalities are claimed; the game has %d",
                    a[k] + b[k],
                    names[k],
                    SUPPLY[k],
                )
        ta = sum(a)
        tb = sum(b)
        for p, n in ((0, ta), (1, tb)):
            if n > L.VICTORY:
                raise IllegalEvent("player %d has %d personalities; the game ends at the 9th", p, n)
        if ta == tb == L.VICTORY:
            raise IllegalEvent("both players reached a victory; the game ends at the first")
        if ta < L.VICTORY and tb < L.VICTORY:
            raise IllegalEvent("neither player has 9 personalities")
        return (0 if ta == L.VICTORY else 1), "personalities"

    def player(self, counts: tuple) -> dict:
        pers = self.named(counts)
        pers["total"] = sum(counts)
        return {"personalities": pers}
