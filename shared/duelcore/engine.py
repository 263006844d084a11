"""The game protocol and the event-sourced match.

Every game module exposes ``Game(setup)`` with:

- ``apply(event)``: fold one event into the state, or raise IllegalEvent(reason) and
  leave the state untouched;
- ``legal()``: the events that ``apply`` would accept now (menus offer only these);
- ``result()``: the replay result of the spec for the state now;
- ``state()``: a plain, comparable snapshot of everything the rules track.

A Match is a setup plus the events so far. Undo replays all but the last event: with a
few dozen events a game this costs little, and it keeps one source of truth.
"""

from .errors import IllegalEvent, RecordError
from .record import check_event, validate

# Imported on demand so the device only pays heap for the game being played.
_MODULES = {
    "7wd": "duelcore.sevenwonders",
    "splendor-duel": "duelcore.splendor",
    "antike-duellum": "duelcore.antike",
}


def game_class(game: str):  # -> type; the three Game classes share no base on purpose
    name = _MODULES.get(game)
    if name is None:
        raise RecordError("unknown game %s" % game)
    module = __import__(name, None, None, ("Game",))
    return module.Game


class Match:
    """A record being played or replayed."""

    def __init__(self, record: dict) -> None:
        validate(record)
        self.record = record
        self.events: list = []
        self._cls = game_class(record["game"])
        self.game = self._new_game()
        for event in record.get("events", ()):
            self.play(event)

    def _new_game(self):
        try:
            return self._cls(self.record["setup"])
        except IllegalEvent as e:
            raise RecordError("bad setup: %s" % e.reason)

    def play(self, event: list) -> None:
        """Apply one event; on refusal raise IllegalEvent carrying its index."""
        try:
            check_event(event)
            self.game.apply(event)
        except IllegalEvent as e:
            e.index = len(self.events)
            e.event = event
            raise
        self.events.append(event)

    def undo(self) -> "list | None":
        """Drop the last event; return it (None when there is nothing to undo)."""
        if not self.events:
            return None
        last = self.events.pop()
        events = self.events
        self.events = []
        self.game = self._new_game()
        for event in events:
            self.play(event)
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
        out["events"] = list(self.events)
        return out
