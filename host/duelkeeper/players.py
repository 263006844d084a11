"""The players of the play log: listed, renamed, merged, and the roster a device gets.

Records keep the names as played (ids are forever, and a game synced again must compare
equal to the one stored), so a rename or a merge rewrites the games' and plays' rows and
keeps the old name as an alias (``Log.player``): a game that arrives later under the old
name, from a device not synced since or from a file, is the player's too. Names spelled
on a device come in at sync (``learn``) and are players before their first game.
"""

import hashlib
import json
import shlex
from datetime import datetime
from typing import NamedTuple

from duelcore.record import name_ok
from duelkeeper.entry import DATE_FORMAT
from duelkeeper.errors import DuelkeeperError, shown_quote
from duelkeeper.letters import drawable
from duelkeeper.log import PLACEHOLDERS, UNNAMED, Log

# The roster the device gets: at most ROSTER_BYTES of names, each a line of the file
# (a flag byte, the name, a newline), so the names screen reads a few hundred bytes per
# call; a name the device can draw (printable ASCII, firmware/gfx/font.py, or the letters
# its letter picker offers: duelkeeper.letters) and fit on a menu line beside another: at
# most NAME_MAX characters.
ROSTER_BYTES = 384
NAME_MAX = 16


class Player(NamedTuple):
    name: str
    games: int
    last: str  # the latest game's date, or when a device first named the player
    aliases: tuple[str, ...]  # names records use for this player (renamed, merged)


def players(log: Log) -> list[Player]:
    """Every player, most games first (then the most recent, then by name); a seat
    nobody named is no player (stats)."""
    seen: dict[str, tuple[int, str]] = {}
    for name, games, last in log.conn.execute(
        "SELECT player, COUNT(*), MAX(date) FROM plays WHERE player != ? GROUP BY player",
        (UNNAMED,),
    ):
        seen[name] = (games, last)
    for name, added in log.conn.execute("SELECT name, added FROM players"):
        seen.setdefault(name, (0, added))
    aliases: dict[str, list[str]] = {}
    for name, player in log.conn.execute("SELECT name, player FROM aliases ORDER BY name"):
        aliases.setdefault(player, []).append(name)
    out = [Player(n, g, last, tuple(aliases.get(n, ()))) for n, (g, last) in seen.items()]
    out.sort(key=lambda p: p.name)
    out.sort(key=lambda p: (p.games, p.last), reverse=True)
    return out


def fits(name: str) -> bool:
    """Whether the device can show ``name`` (so it goes in the roster)."""
    return 0 < len(name) <= NAME_MAX and drawable(name) and name not in PLACEHOLDERS


def roster(log: Log) -> list[str]:
    """The names the device gets: most played first, as many as ROSTER_BYTES holds."""
    out: list[str] = []
    size = 0
    for p in players(log):
        if not fits(p.name):
            continue
        size += len(p.name.encode()) + 2  # bytes: a Cyrillic letter is two, a kana three
        if size > ROSTER_BYTES:
            break
        out.append(p.name)
    return out


def _known(log: Log, name: str) -> bool:
    return (
        log.conn.execute(
            "SELECT 1 FROM plays WHERE player = ? UNION ALL SELECT 1 FROM players WHERE name = ?",
            (name, name),
        ).fetchone()
        is not None
    )


def learn(log: Log, name: str, now: datetime | None = None) -> str:
    """A name spelled on a device: the player it is (kept if new); the log's name for it."""
    player = log.player(name)
    if not _known(log, player):
        log.conn.execute(
            "INSERT INTO players VALUES (?, ?)",
            (player, (now or datetime.now()).strftime(DATE_FORMAT)),
        )
    return player


def check_name(name: str) -> str:
    """``name`` as a player's name: what a record may hold (duelcore.record.name_ok), and
    not empty."""
    if not name or not name_ok(name):
        raise DuelkeeperError(
            "%s is not a player's name: 1 to 24 characters, each one a screen shows, no "
            "spaces around" % shown_quote(name)
        )
    return name


def _games_between(log: Log, a: str, b: str) -> int:
    row = log.conn.execute(
        "SELECT COUNT(*) FROM games WHERE (player0 = ? AND player1 = ?) OR "
        "(player0 = ? AND player1 = ?)",
        (a, b, b, a),
    ).fetchone()
    return int(row[0])


def _move(log: Log, old: str, new: str) -> int:
    """Every row of ``old`` becomes ``new``'s, and ``old`` an alias of ``new``."""
    with log.transaction():
        moved = 0
        for sql in (
            "UPDATE games SET player0 = :new WHERE player0 = :old",
            "UPDATE games SET player1 = :new WHERE player1 = :old",
        ):
            moved += log.conn.execute(sql, {"old": old, "new": new}).rowcount
        for sql in (
            "UPDATE plays SET player = :new WHERE player = :old",
            "UPDATE plays SET opponent = :new WHERE opponent = :old",
            "INSERT OR IGNORE INTO players SELECT :new, added FROM players WHERE name = :old",
            "DELETE FROM players WHERE name = :old",
            "UPDATE aliases SET player = :new WHERE player = :old",
            "DELETE FROM aliases WHERE name = :new",
            "INSERT OR REPLACE INTO aliases VALUES (:old, :new)",
        ):
            log.conn.execute(sql, {"old": old, "new": new})
    return moved


def _player(log: Log, name: str) -> str:
    if name == UNNAMED:
        raise DuelkeeperError(
            "'' is a seat nobody named, no player: its games are not one person's, so "
            "there is nothing to rename or merge (records keep their names)"
        )
    if not _known(log, name):
        raise DuelkeeperError("no player %s in the play log %s" % (shown_quote(name), log.path))
    return name


def rename(log: Log, old: str, new: str) -> int:
    """Call ``old`` ``new`` from now on; return the games that changed."""
    _player(log, old)
    check_name(new)
    if new == old:
        raise DuelkeeperError(
            "%s is that player's name already: nothing to rename" % shown_quote(old)
        )
    if _known(log, new):
        raise DuelkeeperError(
            "%s is a player already: `duelkeeper players merge %s %s` makes them one"
            % (shown_quote(new), shlex.quote(old), shlex.quote(new))
        )
    return _move(log, old, new)


def merge(log: Log, old: str, into: str) -> int:
    """``old`` was ``into`` all along: ``old``'s games become ``into``'s; return how many."""
    _player(log, old)
    _player(log, into)
    if old == into:
        raise DuelkeeperError("%s is the same player: nothing to merge" % shown_quote(old))
    met = _games_between(log, old, into)
    if met:
        raise DuelkeeperError(
            "%s and %s played each other in %d game%s: they are not one player; not merged"
            % (shown_quote(old), shown_quote(into), met, "" if met == 1 else "s")
        )
    return _move(log, old, into)


def identities(log: Log) -> dict[str, str]:
    """A stable id for every player, from the log's identity of the player rather than
    today's name: the name the records gave the player in the first game the log took in
    (by import time, then id). A rename changes neither the records nor that order, so
    the id outlives it (BG Stats matches players by it: docs/play-log.md, "bgstats")."""
    first: dict[str, str] = {}
    for player, seat, game_id in log.conn.execute(
        "SELECT p.player, p.seat, p.game_id FROM plays p JOIN games g ON g.id = p.game_id "
        "WHERE p.player != ? ORDER BY g.imported, g.id, p.seat",
        (UNNAMED,),
    ).fetchall():
        if player not in first:  # the record read only for a player's first game
            (record,) = log.conn.execute(
                "SELECT record FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            first[player] = json.loads(record)["players"][seat]
    return {
        player: "duelkeeper-" + hashlib.sha256(name.encode()).hexdigest()[:16]
        for player, name in first.items()
    }
