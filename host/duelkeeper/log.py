"""The play log: finished games in one SQLite file, keyed by the game's id.

Adding a game replays it first (entry.prepare) and writes it in one transaction, so the
log never holds a game the rules refuse, nor half of one. Adding an id that is already
there changes nothing when the record is the same (a second sync of the same game) and
is refused with IdConflict when it differs; the log never overwrites a game.

Sync calls ``add(record)`` once per game; each call is its own transaction, or a
savepoint inside the caller's ``transaction()``.
"""

import json
import os
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import date, datetime
from pathlib import Path
from typing import Any, NamedTuple

import platformdirs

from duelkeeper import schema
from duelkeeper.closing import Closing
from duelkeeper.entry import DATE_FORMAT, Entry, day_after, prepare
from duelkeeper.errors import DuelkeeperError, brief, shown_quote
from duelkeeper.kinds import TURNS

ENV = "DUELKEEPER_DB"
FILENAME = "log.sqlite3"


class IdConflict(DuelkeeperError):
    """A game with this id is in the log already, with a different record."""


def _failed(path: Path, e: sqlite3.Error) -> DuelkeeperError:
    """What a failed write of the log at ``path`` means to its user, in one line."""
    text = str(e)
    if "full" in text:
        why = "the disk is full; nothing of this was written (free some space, then again)"
    elif "readonly" in text or "read-only" in text:
        why = "read-only (the file or its folder); nothing was written"
    elif "malformed" in text or "not a database" in text:
        why = "damaged (%s); nothing was written: %s" % (text, _RECOVER)
    else:
        why = "cannot write the play log: %s" % text
    return DuelkeeperError("%s: %s" % (path, why))


_RECOVER = "keep a copy of it, then `sqlite3 LOG .recover` saves what it can"


def default_path() -> Path:
    """$DUELKEEPER_DB, else log.sqlite3 in the user's data directory."""
    env = os.environ.get(ENV)
    if env:
        return Path(env)
    # appauthor=False: no second "duelkeeper" folder on Windows.
    return Path(platformdirs.user_data_dir("duelkeeper", appauthor=False)) / FILENAME


class Filter(NamedTuple):
    """Which games a listing or an export covers; None means any. Dates are inclusive."""

    game: str | None = None
    player: str | None = None
    since: date | None = None
    until: date | None = None

    def where(self) -> tuple[str, list[Any]]:
        """A WHERE clause over the games table (empty when nothing is filtered)."""
        terms: list[str] = []
        params: list[Any] = []
        if self.game is not None:
            terms.append("game = ?")
            params.append(self.game)
        if self.player is not None:
            terms.append("(player0 = ? OR player1 = ?)")
            params += [self.player, self.player]
        if self.since is not None:
            terms.append("date >= ?")
            params.append(datetime.combine(self.since, datetime.min.time()).strftime(DATE_FORMAT))
        if self.until is not None:
            terms.append("date < ?")
            params.append(day_after(self.until))
        return (" WHERE " + " AND ".join(terms) if terms else ""), params


UNNAMED = ""  # a seat nobody named: no player (docs/play-log.md, "Unnamed seats")
# The device's names for a seat nobody named (firmware/seats.py's DEFAULT), which its
# records keep (a quick score's above all): no player either, in either seat.
PLACEHOLDERS = ("Player 1", "Player 2")


def seat_names(players: tuple[str, str] | list[str]) -> tuple[str, str]:
    """The players as text shows them: a seat nobody named as the device shows it,
    ``Player 1`` or ``Player 2`` (firmware/seats.py), not as nothing."""
    return (players[0] or "Player 1", players[1] or "Player 2")


class Game(NamedTuple):
    """One stored game; ``record`` and ``result`` are parsed when asked for."""

    id: str
    game: str
    players: tuple[str, str]
    date: str
    imported: str
    winner: int | None
    victory: str | None
    totals: tuple[int, int]
    record_json: str
    result_json: str
    quick: int  # kinds.TURNS, SCORE or WINNER: how the game was entered

    @property
    def names(self) -> tuple[str, str]:
        """The players as text shows them (``seat_names``)."""
        return seat_names(self.players)

    @property
    def score_only(self) -> bool:
        """A quick score: filed from its final counts, not tracked turn by turn."""
        return self.quick != TURNS

    @property
    def record(self) -> dict[str, Any]:
        out: dict[str, Any] = json.loads(self.record_json)
        return out

    @property
    def result(self) -> dict[str, Any]:
        out: dict[str, Any] = json.loads(self.result_json)
        return out

    def outcome(self, seat: int) -> int:
        """1 for a win, -1 for a loss, 0 for a shared win."""
        return _outcome(self.winner, seat)


_COLUMNS = (
    "id, game, player0, player1, date, imported, winner, victory, total0, total1, record, result"
    ", quick"
)


def _game(row: tuple[Any, ...]) -> Game:
    i, g, p0, p1, when, imported, winner, victory, t0, t1, record, result, quick = row
    return Game(i, g, (p0, p1), when, imported, winner, victory, (t0, t1), record, result, quick)


def _outcome(winner: int | None, seat: int) -> int:
    return 0 if winner is None else 1 if winner == seat else -1


def _writable(path: Path) -> bool:
    """Whether the log can be written: its file (if there is one) and its folder, where
    SQLite makes the -wal and -shm files beside it."""
    folder = os.access(path.parent, os.W_OK | os.X_OK)
    return folder and (not path.exists() or os.access(path, os.W_OK))


def _unclean(path: Path) -> bool:
    """Whether the log was not closed cleanly (or is open elsewhere now): its last
    connection's close checkpoints the write-ahead log into it and removes it."""
    wal = path.with_name(path.name + "-wal")
    return path.is_file() and wal.is_file() and wal.stat().st_size > 0


def check(conn: sqlite3.Connection, path: Path, pragma: str) -> None:
    """SQLite's own check of the log's pages (``quick_check`` or ``integrity_check``):
    DuelkeeperError when they fail, so that nothing is written onto damaged pages and
    nothing is read from them without a word."""
    try:
        rows = conn.execute("PRAGMA " + pragma).fetchmany(2)
    except sqlite3.DatabaseError as e:
        rows = [(str(e),)]
    if rows != [("ok",)]:
        raise DuelkeeperError(
            "%s: damaged: its pages fail SQLite's %s (%s); %s"
            % (path, pragma, " ".join(str(rows[0][0]).split())[:80], _RECOVER)
        )


class Log(Closing):
    """An open play log. ``Log.open()`` makes or upgrades the file; use it as a context."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self.conn = conn  # autocommit; stats and exports read through it
        self.path = path
        self._savepoints = 0
        self._checked = False  # checked since open: before the first write, once

    @classmethod
    def open(cls, path: Path | None = None, readonly: bool = False) -> "Log":
        """``readonly``: for the commands that only read (a log in a read-only file or
        folder works); a log that does not exist yet, or needs upgrading, is opened for
        writing all the same, as a first run makes it."""
        path = path or default_path()
        if path.is_dir():
            raise DuelkeeperError("%s: a folder, not a play log (a file, made on first use)" % path)
        if readonly and path.is_file():
            log = cls._open_readonly(path)
            if log is not None:
                return log
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise DuelkeeperError("%s: cannot open the play log: %s" % (path, e)) from None
        if not _writable(path):
            raise DuelkeeperError(
                "%s: read-only (the file or its folder): this command writes the play log" % path
            )
        unclean = _unclean(path)
        try:
            conn = sqlite3.connect(path, isolation_level=None, timeout=10)
        except sqlite3.Error as e:
            raise DuelkeeperError("%s: cannot open the play log: %s" % (path, e)) from None
        try:
            conn.execute("PRAGMA foreign_keys = ON")
            # WAL: readers (stats, a report) never block the writer (sync), nor it them.
            conn.execute("PRAGMA journal_mode = WAL")
            if unclean:
                check(conn, path, "integrity_check")
            schema.migrate(conn)
        except sqlite3.OperationalError as e:
            conn.close()
            raise _failed(path, e) from None
        except sqlite3.DatabaseError as e:
            conn.close()
            raise DuelkeeperError("%s: not a duelkeeper play log (%s)" % (path, e)) from None
        except BaseException:
            conn.close()
            raise
        log = cls(conn, path)
        log._checked = unclean
        return log

    @classmethod
    def _open_readonly(cls, path: Path) -> "Log | None":
        """The log opened read-only; None when its schema is not this version's.

        SQLite reads a WAL log read-only when it can make the -shm file beside it; in a
        read-only folder it cannot, and ``immutable`` (nothing can change the file: no
        one can write that folder) is the way in."""
        uri = path.resolve().as_uri() + "?mode=ro"
        error: sqlite3.Error | None = None
        for flags in ("", "&immutable=1"):
            try:
                conn = sqlite3.connect(uri + flags, uri=True, isolation_level=None, timeout=10)
            except sqlite3.Error as e:
                error = e
                continue
            try:
                found = schema.version(conn)
            except sqlite3.OperationalError as e:
                conn.close()
                error = e
                continue
            except sqlite3.DatabaseError as e:
                conn.close()
                raise DuelkeeperError("%s: not a duelkeeper play log (%s)" % (path, e)) from None
            if found == schema.VERSION:
                if not flags and _unclean(path):
                    try:
                        check(conn, path, "integrity_check")
                    except BaseException:
                        conn.close()
                        raise
                return cls(conn, path)
            conn.close()
            return None
        raise DuelkeeperError("%s: cannot open the play log: %s" % (path, error))

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """All or nothing; nests (an inner one is a savepoint of the outer)."""
        if not self.conn.in_transaction:
            try:
                if not self._checked:  # pages damaged since: not one write onto them
                    check(self.conn, self.path, "quick_check")
                    self._checked = True
                self.conn.execute("BEGIN IMMEDIATE")  # take the write lock before reading
                yield
                self.conn.execute("COMMIT")
            except BaseException as e:
                self.conn.rollback()  # no-op when COMMIT itself ended the transaction
                if isinstance(e, sqlite3.OperationalError | sqlite3.DatabaseError):
                    raise _failed(self.path, e) from None
                raise
            return
        self._savepoints += 1
        name = "s%d" % self._savepoints
        self.conn.execute("SAVEPOINT " + name)
        try:
            yield
        except BaseException:
            # A full disk (and other I/O errors) roll the whole transaction back at
            # once: there is no savepoint left to roll back to, and the error stands.
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK TO " + name)
            raise
        finally:
            if self.conn.in_transaction:
                self.conn.execute("RELEASE " + name)
            self._savepoints -= 1

    def add(self, record: object) -> bool:
        """Replay and store one game; True if it is new, False if it was there already."""
        return self.store(prepare(record))

    def player(self, name: str) -> str:
        """The log's name for a player a record calls ``name`` (renamed, merged: the new;
        the device's name for a seat nobody named: UNNAMED)."""
        if name in PLACEHOLDERS:
            return UNNAMED
        row = self.conn.execute("SELECT player FROM aliases WHERE name = ?", (name,)).fetchone()
        return name if row is None else str(row[0])

    def store(self, entry: Entry) -> bool:
        """Store a prepared entry (see ``add``); raise IdConflict on a different record.
        The rows name the players as the log does today (``player``); the record as played."""
        with self.transaction():
            played = entry.players
            entry = entry._replace(players=(self.player(played[0]), self.player(played[1])))
            row = self.conn.execute("SELECT record FROM games WHERE id = ?", (entry.id,)).fetchone()
            if row is not None:
                if row[0] == entry.record:
                    return False
                raise IdConflict(
                    "game %s is already in the log with a different record; not replaced" % entry.id
                )
            if entry.players[0] == entry.players[1] != UNNAMED:  # a rename or merge made them one
                raise DuelkeeperError(
                    "game %s: %s and %s play each other in it, but the log has them as one "
                    "player, %s (renamed or merged: `duelkeeper players`); not stored"
                    % (entry.id, shown_quote(played[0]), shown_quote(played[1]),
                       shown_quote(entry.players[0]))
                )  # fmt: skip
            self.conn.execute(
                "INSERT INTO games (%s) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)" % _COLUMNS,
                (entry.id, entry.game, *entry.players, entry.date, entry.imported)
                + (entry.winner, entry.victory, *entry.totals, entry.record, entry.result)
                + (entry.quick,),
            )
            self.conn.executemany(
                "INSERT INTO plays VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (entry.id, seat, entry.game, entry.date, entry.players[seat])
                    + (entry.players[1 - seat], _outcome(entry.winner, seat), entry.victory)
                    + (entry.totals[seat], entry.quick)
                    for seat in (0, 1)
                ],
            )
        return True

    def store_many(self, entries: Iterable[Entry]) -> int:
        """Store entries in one transaction (all or none); return how many were new."""
        with self.transaction():
            return sum(self.store(e) for e in entries)

    def get(self, game_id: str) -> Game:
        row = self.conn.execute(
            "SELECT %s FROM games WHERE id = ?" % _COLUMNS, (game_id,)
        ).fetchone()
        if row is None:
            shown_id = brief(game_id) if game_id.strip() == game_id != "" else shown_quote(game_id)
            raise DuelkeeperError("no game %s in the play log %s" % (shown_id, self.path))
        return _game(row)

    def games(self, which: Filter | None = None) -> Iterator[Game]:
        """The games ``which`` selects, oldest first (by date, then id)."""
        where, params = (which or Filter()).where()
        sql = "SELECT %s FROM games%s ORDER BY date, id" % (_COLUMNS, where)
        return (_game(row) for row in self.conn.execute(sql, params))

    def newest(self, count: int) -> list[Game]:
        """The ``count`` latest games, newest first (by date, then id)."""
        sql = "SELECT %s FROM games ORDER BY date DESC, id DESC LIMIT ?" % _COLUMNS
        return [_game(row) for row in self.conn.execute(sql, (count,))]

    def latest(self, game: str) -> Game | None:
        """The most recent game of one kind tracked turn by turn, or None."""
        row = self.conn.execute(
            "SELECT %s FROM games WHERE game = ? AND quick = ? ORDER BY date DESC, id DESC LIMIT 1"
            % _COLUMNS,
            (game, TURNS),
        ).fetchone()
        return None if row is None else _game(row)

    def count(self) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])
