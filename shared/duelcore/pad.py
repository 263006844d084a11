"""The score pad every game's quick score fills in (duelcore.quick says what a quick
score is): ``Quick``, which each game's ``pad`` module subclasses, and its refusals."""

from .compat import const
from .errors import IllegalEvent, refusal

# The line of each reason in WHY.
_Q_VERB = const(0)
_Q_ARGS = const(2)
_Q_TWICE = const(3)
_Q_UNKNOWN = const(4)
_Q_RANGE = const(5)
_Q_LACKS = const(6)
_Q_WON_ALONE = const(7)
_Q_OVER = const(8)
_Q_FIRST = const(9)
_Q_SCORE_OBJECT = const(10)

WHY = (
    "a score-only game takes score and won events, not %s\n"
    "score and won belong to a score-only game (setup 'score_only': true)\n"
    "%s takes %s after the player\n"
    "player %d's score is entered already\n"
    "unknown %s %s (one of %s)\n"
    "%s must be a whole number from %d to %d\n"
    "player %d's score lacks %s\n"
    "a won event is a score-only game's only event\n"
    "the game is over\n"
    "the setup's 'first' must be 0 or 1 when given\n"
    "a score is an object {field: points}\n"
    "military points are 0, 2, 5 or 10\n"
    "both players have military points; the conflict pawn stands on one side\n"
    "player %d's points of one colour (%d) exceed their points (%d)\n"
    "neither player reached 20 points, 10 crowns or 10 points of one colour\n"
    "both players reached a victory; the game ends at the first\n"
    "%d %s personalities are claimed; the game has %d\n"
    "neither player has 9 personalities\n"
    "player %d has %d personalities; the game ends at the 9th"
)


def no(n: int, *args: object) -> IllegalEvent:
    """The refusal with line ``n`` of WHY, worded when read."""
    return refusal(WHY, n, *args)


class Quick:
    """A quick score being entered; the engine's game protocol (docs/record-quick-score.md)."""

    FIELDS = ""  # the pad's counts, space-separated
    LOW: tuple = ()  # the least and greatest value of each
    HIGH: tuple = ()
    WINS = ""  # the victories ``won`` may name
    CHOICES: dict = {}  # field: the only values it takes, where its range is not all
    START: tuple = ()  # where the screen's number starts, a typical count (empty: each LOW)
    STRIDE: dict = {}  # field: a long UP/DOWN's step where it is not 5

    def __init__(self, setup: dict) -> None:
        first = setup.get("first")
        if first is not None and (type(first) is not int or first not in (0, 1)):
            raise no(_Q_FIRST)
        self.counts: list = [None, None]  # each player's counts, a tuple in FIELDS order
        self.over = False
        self.winner: int | None = None
        self.victory: str | None = None

    def apply(self, event: list) -> None:
        if self.over:
            raise no(_Q_OVER)
        v = event[0]
        p = event[1]
        if v == "score":
            if len(event) != 3:
                raise no(_Q_ARGS, v, "one object {field: points}")
            if self.counts[p] is not None:
                raise no(_Q_TWICE, p)
            counts = self._counts(p, event[2])
            self.check(p, counts)
            other = self.counts[1 - p]
            if other is not None:
                both = (counts, other) if p == 0 else (other, counts)
                self.winner, self.victory = self.decide(both[0], both[1])
                self.over = True
            self.counts[p] = counts
        elif v == "won":
            if len(event) != 3:
                raise no(_Q_ARGS, v, "one victory")
            if self.counts[0] is not None or self.counts[1] is not None:
                raise no(_Q_WON_ALONE)
            how = event[2]
            if how not in self.WINS.split():
                raise no(_Q_UNKNOWN, "victory", how, ", ".join(self.WINS.split()))
            self.winner = p
            self.victory = how
            self.over = True
        else:
            raise no(_Q_VERB, v)

    def _counts(self, p: int, given: object) -> tuple:
        """The counts of a score event's object, in FIELDS order, each within range."""
        if not isinstance(given, dict):
            raise no(_Q_SCORE_OBJECT)
        names = self.FIELDS.split()
        for k in given:
            if k not in names:
                raise no(_Q_UNKNOWN, "field", k, ", ".join(names))
        out = []
        for i in range(len(names)):
            name = names[i]
            if name not in given:
                raise no(_Q_LACKS, p, name)
            n = given[name]
            if type(n) is not int or not self.LOW[i] <= n <= self.HIGH[i]:
                raise no(_Q_RANGE, name, self.LOW[i], self.HIGH[i])
            out.append(n)
        return tuple(out)

    def check(self, p: int, counts: tuple) -> None:
        """Refuse counts that no game can leave one player with (a pad adds its rules)."""

    def decide(self, a: tuple, b: tuple) -> tuple:
        """(winner or None, victory) from both players' counts, or a refusal."""
        raise NotImplementedError

    def player(self, counts: tuple) -> dict:
        """One player's part of the replay result, from the counts."""
        raise NotImplementedError

    def named(self, counts: tuple, start: int = 0) -> dict:
        """The counts from field ``start`` on as {field: n}."""
        names = self.FIELDS.split()
        out = {}
        for i in range(start, len(names)):
            out[names[i]] = counts[i]
        return out

    def legal(self) -> list:
        """No menu of events: a quick score's screens ask for the fields (``fields``)."""
        return []

    def result(self) -> dict:
        counts = self.counts
        over = self.over
        return {
            "over": over,
            "winner": self.winner,
            "victory": self.victory,
            "turn": None if over else 0 if counts[0] is None else 1,
            "pending": None if over else "score",
            "score_only": True,
            "players": [{} if c is None else self.player(c) for c in counts],
        }

    def state(self) -> tuple:
        return (self.counts[0], self.counts[1], self.over, self.winner, self.victory)
