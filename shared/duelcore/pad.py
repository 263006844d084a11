"""The score pad every game's quick score fills in (duelcore.quick says what a quick
score is): ``Quick``, which each game's ``pad`` module subclasses, and its refusals."""

from .errors import IllegalEvent


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
            raise IllegalEvent("the setup's 'first' must be 0 or 1 when given")
        self.counts: list = [None, None]  # each player's counts, a tuple in FIELDS order
        self.over = False
        self.winner: int | None = None
        self.victory: str | None = None

    def apply(self, event: list) -> None:
        if self.over:
            raise IllegalEvent("the game is over")
        v = event[0]
        p = event[1]
        if v == "score":
            if len(event) != 3:
                raise IllegalEvent("%s takes %s after the player", v, "one object {field: points}")
            if self.counts[p] is not None:
                raise IllegalEvent("player %d's score is entered already", p)
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
                raise IllegalEvent("%s takes %s after the player", v, "one victory")
            if self.counts[0] is not None or self.counts[1] is not None:
                raise IllegalEvent("a won event is a score-only game's only event")
            how = event[2]
            if how not in self.WINS.split():
                raise IllegalEvent(
                    "unknown %s %s (one of %s)", "victory", how, ", ".join(self.WINS.split())
                )
            self.winner = p
            self.victory = how
            self.over = True
        else:
            raise IllegalEvent("a score-only game takes score and won events, not %s", v)

    def _counts(self, p: int, given: object) -> tuple:
        """The counts of a score event's object, in FIELDS order, each within range."""
        if not isinstance(given, dict):
            raise IllegalEvent("a score is an object {field: points}")
        names = self.FIELDS.split()
        for k in given:
            if k not in names:
                raise IllegalEvent("unknown %s %s (one of %s)", "field", k, ", ".join(names))
        out = []
        for i in range(len(names)):
            name = names[i]
            if name not in given:
                raise IllegalEvent("player %d's score lacks %s", p, name)
            n = given[name]
            if type(n) is not int or not self.LOW[i] <= n <= self.HIGH[i]:
                raise IllegalEvent(
                    "%s must be a whole number from %d to %d", name, self.LOW[i], self.HIGH[i]
                )
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
