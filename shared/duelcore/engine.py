"""The game protocol and the event-sourced match.

Every game module exposes ``Game(setup)`` with:

- ``apply(event)``: fold one event into the state, or raise IllegalEvent(reason) and
  leave the state untouched;
- ``legal()``: the events that ``apply`` would accept now (menus offer only these);
- ``result()``: the replay result of the spec for the state now;
- ``state()``: a plain, comparable snapshot of everything the rules track;
- optionally ``encode(event) -> int | None`` and ``decode(code) -> list``: an event as one
  small int, so a Match holds a whole game in a few hundred bytes of heap instead of a
  list of lists of strings (a 7WD game's parsed events take about 7 KB).

A Match is a setup plus the events so far. Undo replays all but the last event: with a
few dozen events a game this costs little, and it keeps one source of truth.

A setup with ``"score_only": true`` is a quick score (duelcore.quick): the game's ``pad``
module's Game takes the final counts instead of the turns.
"""

from .errors import IllegalEvent, RecordError
from .games import core
from .record import check_event, validate

try:
    from typing import TYPE_CHECKING
except ImportError:  # MicroPython
    TYPE_CHECKING = False  # type: ignore[misc]
if TYPE_CHECKING:
    from .contracts import Game


def game_class(game: str, score_only: bool = False) -> "type[Game]":
    """The game's Game, or with ``score_only`` its quick score's (the package's pad): a
    host replaying one game kind loads only its core (duelcore.games)."""
    package = core(game)
    cls: type[Game] = package.quick() if score_only else package.Game  # a pad's Game: a Quick
    return cls


def score_only(setup: dict) -> bool:
    """Whether a record with this setup is a quick score; RecordError when the flag is
    neither true nor false."""
    flag = setup.get("score_only", False)
    if flag is not True and flag is not False:
        raise RecordError("bad setup: 'score_only' must be true or false")
    return flag


class Match:
    """A record being played or replayed."""

    def __init__(self, record: dict, compact: bool = True) -> None:
        """``compact`` False keeps the events as given instead of their codes: a replay
        that only wants the result saves encoding each one (about a third of its time)."""
        validate(record)
        self.record = record
        self._compact = compact
        self._log: list = []  # events played: codes from game.encode, or the events
        self._quick = score_only(record["setup"])
        self._cls = game_class(record["game"], self._quick)
        self.game = self._new_game()
        for event in record.get("events", ()):
            self.play(event)

    def _new_game(self) -> "Game":
        try:
            return self._cls(self.record["setup"])
        except IllegalEvent as e:
            raise RecordError("bad setup: %s" % e.reason)

    def play(self, event: list) -> None:
        """Apply one event; on refusal raise IllegalEvent carrying its index."""
        game = self.game
        try:
            check_event(event)
            if not self._quick and (event[0] == "score" or event[0] == "won"):
                raise IllegalEvent(
                    "score and won belong to a score-only game (setup 'score_only': true)"
                )
            code = game.encode(event) if self._compact and hasattr(game, "encode") else None
            game.apply(event)
        except IllegalEvent as e:
            e.index = len(self._log)
            e.event = event
            raise
        self._log.append(event if code is None else code)

    @property
    def played(self) -> int:
        """How many events have been played."""
        return len(self._log)

    def event(self, i: int) -> list:
        entry = self._log[i]
        return self.game.decode(entry) if type(entry) is int else entry

    @property
    def events(self) -> list:
        """The events played so far (a new list, decoded on each access)."""
        return [self.event(i) for i in range(len(self._log))]

    def undo(self) -> "list | None":
        """Drop the last event; return it (None when there is nothing to undo)."""
        if not self._log:
            return None
        last = self.event(-1)
        log = self._log
        log.pop()
        self.game = self._new_game()
        for entry in log:
            # Replayed events were accepted once: apply them without re-encoding.
            self.game.apply(self.game.decode(entry) if type(entry) is int else entry)
        return last

    def legal(self) -> list:
        return self.game.legal()

    def result(self) -> dict:
        out = self.game.result()
        out["game"] = self.record["game"]
        out["id"] = self.record["id"]
        return out

    def to_record(self) -> dict:
        """The record with the events played so far (unknown keys kept)."""
        out = dict(self.record)
        out["events"] = self.events
        return out
