"""The play log's schema, as the ordered steps that build it.

``PRAGMA user_version`` is the number of steps a log has had. Opening a log runs the
steps it lacks, all in one transaction, so a log is either upgraded completely or left
as it was. A step, once released, is never edited: a change is a new step at the end.
Steps are plain SQL, not calls into the code of the day, so an old log upgrades the same
way whatever the rest of the program has become. docs/play-log.md shows the result.
"""

import sqlite3

from duelkeeper.errors import DuelkeeperError

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: the games, one row each: the record and its replay, and what lists and exports show.
    (
        """CREATE TABLE games (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            player0 TEXT NOT NULL,
            player1 TEXT NOT NULL,
            date TEXT NOT NULL,
            imported TEXT NOT NULL,
            winner INTEGER CHECK (winner IN (0, 1)),
            victory TEXT,
            total0 INTEGER NOT NULL,
            total1 INTEGER NOT NULL,
            record TEXT NOT NULL,
            result TEXT NOT NULL
        )""",
        "CREATE INDEX games_by_date ON games (date, id)",
    ),
    # 2: one row per game and player, so stats aggregate in SQL over a narrow, indexed
    # table; filled from the games already there.
    (
        """CREATE TABLE plays (
            game_id TEXT NOT NULL REFERENCES games (id),
            seat INTEGER NOT NULL CHECK (seat IN (0, 1)),
            game TEXT NOT NULL,
            date TEXT NOT NULL,
            player TEXT NOT NULL,
            opponent TEXT NOT NULL,
            outcome INTEGER NOT NULL CHECK (outcome IN (-1, 0, 1)),
            victory TEXT,
            score INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        ) WITHOUT ROWID""",
        """INSERT INTO plays
            SELECT id, 0, game, date, player0, player1,
                   CASE winner WHEN 0 THEN 1 WHEN 1 THEN -1 ELSE 0 END, victory, total0
            FROM games
            UNION ALL
            SELECT id, 1, game, date, player1, player0,
                   CASE winner WHEN 1 THEN 1 WHEN 0 THEN -1 ELSE 0 END, victory, total1
            FROM games""",
        # Covering indexes: the stats queries read these and never the wide games rows.
        """CREATE INDEX plays_by_player
            ON plays (game, player, opponent, outcome, victory, score)""",
        "CREATE INDEX games_in_order ON games (game, date, id, player0, player1, winner)",
    ),
    # 3: players known before their first game (a name spelled on a device, learned at
    # sync), and the names records use for a player the log has since renamed or merged:
    # records keep the names as played, games and plays hold the player's name of today.
    (
        "CREATE TABLE players (name TEXT PRIMARY KEY, added TEXT NOT NULL) WITHOUT ROWID",
        "CREATE TABLE aliases (name TEXT PRIMARY KEY, player TEXT NOT NULL) WITHOUT ROWID",
    ),
    # 4: how a game was entered: 0 turn by turn, 1 a quick score (the score pad's counts),
    # 2 a quick score of the winner only (docs/record-quick-score.md). Logs before this
    # step hold no quick score (their duelkeeper refused the records), so 0 is right for
    # every row there. plays carries it too, in the covering index stats scans.
    (
        "ALTER TABLE games ADD COLUMN quick INTEGER NOT NULL DEFAULT 0 CHECK (quick IN (0, 1, 2))",
        "ALTER TABLE plays ADD COLUMN quick INTEGER NOT NULL DEFAULT 0 CHECK (quick IN (0, 1, 2))",
        "DROP INDEX plays_by_player",
        """CREATE INDEX plays_by_player
            ON plays (game, player, opponent, outcome, victory, quick, score)""",
    ),
    # 5: the device's names for a seat nobody named, 'Player 1' and 'Player 2' (a quick
    # score's above all), are no player, as an empty name is: the rows stored before this
    # step say so too (records keep the names as played).
    (
        "UPDATE games SET player0 = '' WHERE player0 IN ('Player 1', 'Player 2')",
        "UPDATE games SET player1 = '' WHERE player1 IN ('Player 1', 'Player 2')",
        "UPDATE plays SET player = '' WHERE player IN ('Player 1', 'Player 2')",
        "UPDATE plays SET opponent = '' WHERE opponent IN ('Player 1', 'Player 2')",
        "DELETE FROM players WHERE name IN ('Player 1', 'Player 2')",
    ),
)

VERSION = len(MIGRATIONS)


def version(conn: sqlite3.Connection) -> int:
    row = conn.execute("PRAGMA user_version").fetchone()
    return int(row[0])


def migrate(conn: sqlite3.Connection, upto: int | None = None) -> int:
    """Bring the log to schema version ``upto`` (the latest); return the version it had.

    ``conn`` must be in autocommit mode (isolation_level None). The version is read again
    inside the write transaction, so two programs opening a new log at once cannot both
    run the same step.
    """
    upto = len(MIGRATIONS) if upto is None else upto
    if version(conn) == upto:
        return upto
    conn.execute("BEGIN IMMEDIATE")
    try:
        found = version(conn)
        if found > len(MIGRATIONS):
            raise DuelkeeperError(
                "the play log is schema version %d, newer than this duelkeeper reads (%d)"
                % (found, len(MIGRATIONS))
            )
        for step in range(found, upto):
            for statement in MIGRATIONS[step]:
                conn.execute(statement)
        conn.execute("PRAGMA user_version = %d" % max(found, upto))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return found
