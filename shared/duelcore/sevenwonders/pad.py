"""7 Wonders Duel's quick score: the score pad's eight rows per player (duelcore.quick).

Ranges: the most any player can score in a row, from the card data (tests/core/
test_quick.py computes them): all blue cards 67, all green 18, all yellow 15; three
guilds at their best 28 + 14 + 14 (Moneylenders: the box's 86 coins, Magistrates and
Tacticians: 14 blue or red cards); the four best wonders 23; Agriculture, Philosophy and
Mathematics with six tokens 4 + 7 + 18; the box's 86 coins 28; the pawn's 10.
The screen starts each row at a typical count (START) and steps the commercial row by
3 on a long press (STRIDE).

Both players together (JOINT): a card, a wonder, a token or a coin is in one city only,
so a row whose points come from the box is bounded for the two as for one: the blue,
green and yellow cards' 67, 18 and 15; the three guilds dealt, 56 at best (rules 000:
3 of the 7 are shuffled in); the seven wonders built, of the eight chosen (rules 000,
003: "2人合計で建てられるのは7つまで"), 32 at best (9 + 6 + 4 + 4 + 3 + 3 + 3); each
progress token once, 29; the 86 coins, 28 (a // 3 + b // 3 <= (a + b) // 3); the
pawn's 10, one side only (``decide``). tests/core/test_quick.py derives them from the
card data (../shared/data/7wd).
"""

from ..compat import const
from ..errors import IllegalEvent
from ..pad import Quick

_CIVILIAN = const(0)
_MILITARY = const(7)


class Game(Quick):
    FIELDS = "civilian science commercial guilds wonders progress coins military"
    LOW = (0, 0, 0, 0, 0, 0, 0, 0)
    HIGH = (67, 18, 15, 56, 23, 29, 28, 10)
    JOINT = (67, 18, 15, 56, 32, 29, 28, 10)  # both players together: the box's
    WINS = "military science"
    CHOICES = {"military": (0, 2, 5, 10)}  # the track's three zones (rules 000)
    # Each row's median in the tablegame games of seeds 21 to 100 won on points (not the
    # seeds tools/quick_presses.py measures; its --typical prints them).
    START = (21, 5, 6, 5, 10, 0, 2, 0)
    STRIDE = {"commercial": 3}  # every yellow card with points gives 3 (Age III's five)

    def check(self, p: int, counts: tuple) -> None:
        if counts[_MILITARY] not in self.CHOICES["military"]:
            raise IllegalEvent("military points are 0, 2, 5 or 10")

    def decide(self, a: tuple, b: tuple) -> tuple:
        """Civil victory (rules 000, 003): the higher total; on a tie the more blue
        (civilian) points; on that tie too, a shared victory."""
        if a[_MILITARY] and b[_MILITARY]:
            raise IllegalEvent(
                "both players have military points; the conflict pawn stands on one side"
            )
        names = self.FIELDS.split()
        for k in range(len(names)):
            if a[k] + b[k] > self.JOINT[k]:
                raise IllegalEvent(
                    "%s: %d points for both players together; the box holds at most %d",
                    names[k],
                    a[k] + b[k],
                    self.JOINT[k],
                )
        ta = sum(a)
        tb = sum(b)
        if ta != tb:
            return (0 if ta > tb else 1), "civil"
        if a[_CIVILIAN] != b[_CIVILIAN]:
            return (0 if a[_CIVILIAN] > b[_CIVILIAN] else 1), "civil"
        return None, "civil"

    def player(self, counts: tuple) -> dict:
        score = self.named(counts)
        score["total"] = sum(counts)
        return {"score": score}
