"""The games the core plays: the one table of them (docs/firmware.md, "Adding a game").

``GAMES`` is the ids records name, in the order the flash codec numbers them
(duelcore.pack: append only, never reordered); ``core(game)`` is the game's package,
imported when a game of it is first asked for, so a host replaying one game loads only
its core. Every game package has the same parts: ``Game`` (rules.py), ``pad.Game`` (its
quick score), ``codes`` (its events as small ints) and ``words()`` (the codec's words).
"""

from .errors import RecordError

GAMES = ("7wd", "splendor-duel", "antike-duellum")


def core(game: object) -> "Any":
    """The package of ``game``; RecordError for a game no row names."""
    if game == "7wd":
        from . import sevenwonders

        return sevenwonders
    if game == "splendor-duel":
        from . import splendor

        return splendor
    if game == "antike-duellum":
        from . import antike

        return antike
    raise RecordError("unknown game %s" % game)


TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only
    from typing import Any
