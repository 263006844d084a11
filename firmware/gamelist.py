"""The games the device plays: one row a game, from its id (duelcore.games, the core's
table) to its name and its tracking screen (docs/firmware.md, "Adding a game").

Each game's screens and words are in its own folder, firmware/games/<core's package>/:
``track.py`` (its ``Screen``: a screens.tracking.Tracking) and what that opens.
"""

from duelcore.compat import const
from duelcore.games import GAMES

from .lang import word

__all__ = ("GAMES", "NAMES", "tracking")

NAMES = (word("7 Wonders Duel"), word("Splendor Duel"), word("Antike Duellum"))


def tracking(game: str) -> "type[Tracking]":
    """The game's tracking screen. Imported here, when a game of it starts or resumes,
    not at boot: a game needs only its own screens, 2 to 7 KB of heap that no other game
    needs (docs/benchmarks.md, "Imported where they are used")."""
    if game == "7wd":
        from .games.sevenwonders.track import Screen as SW

        return SW
    if game == "splendor-duel":
        from .games.splendor.track import Screen as SD

        return SD
    # the last row, "antike-duellum": a record names no other game (record.validate)
    from .games.antike.track import Screen as AD

    return AD


_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from .screens.tracking import Tracking
