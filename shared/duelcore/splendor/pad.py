"""Splendor Duel's quick score: points, crowns and points per colour (duelcore.quick).

Ranges, from the card data (tests/core/test_quick.py computes them): 92 points on the
67 cards plus the two best royal cards' 5; 28 crowns; one colour's 14 points plus the
jokers' 8 (a joker takes a colour).
"""

from ..errors import IllegalEvent
from ..pad import Quick
from .rules import VICTORIES, WIN_COLOR, WIN_CROWNS, WIN_POINTS


def _won(c: tuple) -> int:
    """The victory these counts reach (VICTORIES index; rules.py's order), or -1."""
    if c[0] >= WIN_POINTS:
        return 0
    if c[1] >= WIN_CROWNS:
        return 1
    if max(c[2:]) >= WIN_COLOR:
        return 2
    return -1


class Game(Quick):
    FIELDS = "points crowns white blue green red black"
    LOW = (0, 0, 0, 0, 0, 0, 0)
    HIGH = (97, 28, 22, 22, 22, 22, 22)
    WINS = "points crowns color"

    def check(self, p: int, counts: tuple) -> None:
        """Royal cards and cards without a colour add points to no colour: the colours
        together never exceed the points."""
        if sum(counts[2:]) > counts[0]:
            raise IllegalEvent(
                "player %d's points of one colour (%d) exceed their points (%d)",
                p,
                sum(counts[2:]),
                counts[0],
            )

    def decide(self, a: tuple, b: tuple) -> tuple:
        """The player who reached a victory (rules 001: the one ending a turn checks, so
        two players never reach one together)."""
        wa = _won(a)
        wb = _won(b)
        if wa >= 0 and wb >= 0:
            raise IllegalEvent("both players reached a victory; the game ends at the first")
        if wa < 0 and wb < 0:
            raise IllegalEvent(
                "neither player reached 20 points, 10 crowns or 10 points of one colour"
            )
        return (0, VICTORIES[wa]) if wa >= 0 else (1, VICTORIES[wb])

    def player(self, counts: tuple) -> dict:
        return {"points": counts[0], "crowns": counts[1], "color_points": self.named(counts, 2)}
