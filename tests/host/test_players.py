"""`duelkeeper players`: the list, rename and merge, the aliases that keep later games
the player's, the roster the device gets, and the one-line refusals."""

import json
import sqlite3
from pathlib import Path

import pytest
from loghelp import made, played, store_made, trio
from test_cli_log import ok, run

from duelkeeper import players, schema
from duelkeeper.entry import prepare
from duelkeeper.errors import DuelkeeperError
from duelkeeper.log import Filter, Log


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """Ann played 3 games (2 with Bob, 1 with Cy), Bob 2, Cy 1, Ann-M 1 (with Bob)."""
    path = tmp_path / "log.sqlite3"
    store_made(path, [*trio(), made("g4", ("Ann M", "Dee"), (33, 35), 1, date="2026-01-04")])
    return path


def names(path: Path) -> list[tuple[str, int]]:
    with Log.open(path) as log:
        return [(p.name, p.games) for p in players.players(log)]


def test_listed_most_games_first(db: Path) -> None:
    assert names(db) == [("Ann", 3), ("Bob", 2), ("Ann M", 1), ("Dee", 1), ("Cy", 1)]
    out = ok("players", "--db", str(db)).splitlines()
    assert out[0].split() == ["player", "games", "last", "on", "device", "also", "written"]
    assert out[1].split()[:3] == ["Ann", "3", "2026-01-03"]


def test_rename_keeps_games_and_maps_later_records(db: Path) -> None:
    out = ok("players", "rename", "Ann", "Anne", "--db", str(db))
    assert out == "renamed Ann to Anne: 3 games; the device learns it at the next sync\n"
    with Log.open(db) as log:
        assert [g.players for g in log.games(Filter(player="Anne"))] == [
            ("Anne", "Bob"),
            ("Bob", "Anne"),
            ("Cy", "Anne"),
        ]
        assert list(log.games(Filter(player="Ann"))) == []
        assert log.get("g1").record["players"] == ["Ann", "Bob"]  # the record as played
        # A game synced later under the old name is Anne's.
        assert log.add(played("7wd", 1, id="late", players=["Ann", "Eve"]))
        assert log.get("late").players == ("Anne", "Eve")
        rows = log.conn.execute("SELECT player FROM plays WHERE game_id = 'late'").fetchall()
        assert sorted(rows) == [("Anne",), ("Eve",)]
        first = players.players(log)[0]
        assert (first.name, first.games, first.aliases) == ("Anne", 4, ("Ann",))


def test_show_names_players_as_the_log_does(tmp_path: Path) -> None:
    path = tmp_path / "log.sqlite3"
    with Log.open(path) as log:
        log.add(played("7wd", 1, id="g", players=["Ann", "Bob"]))
        players.rename(log, "Ann", "Anne")
    shown = json.loads(ok("show", "g", "--json", "--db", str(path)))
    assert shown["players"] == ["Anne", "Bob"]
    assert "coins Anne" in shown["timeline"]["labels"]


def test_a_renamed_game_synced_again_is_the_same_game(db: Path) -> None:
    record = played("7wd", 2, id="twice", players=["Ann", "Bob"])
    with Log.open(db) as log:
        assert log.add(record)
        players.rename(log, "Ann", "Anne")
        assert log.add(record) is False  # not an IdConflict: the record is kept as played


def test_merge_keeps_both_players_games(db: Path) -> None:
    out = ok("players", "merge", "Ann M", "Ann", "--db", str(db))
    assert out == "merged Ann M into Ann: 1 game; the device learns it at the next sync\n"
    assert names(db)[0] == ("Ann", 4)
    assert "Ann M" not in dict(names(db))
    stats = ok("stats", "--db", str(db), "--json")
    assert '"Ann M"' not in stats


def test_rename_back_and_chains_of_aliases(db: Path) -> None:
    with Log.open(db) as log:
        players.rename(log, "Ann", "Anne")
        players.rename(log, "Anne", "Annie")
        assert log.player("Ann") == "Annie" and log.player("Anne") == "Annie"
        players.rename(log, "Annie", "Ann")
        assert log.player("Ann") == "Ann" and log.player("Annie") == "Ann"
        assert players.players(log)[0].aliases == ("Anne", "Annie")


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("rename", "Zed", "Zoe"), "no player 'Zed' in the play log"),
        (("rename", "Ann", "Bob"), "'Bob' is a player already: `duelkeeper players merge Ann Bob`"),
        (("rename", "Ann", " Anne"), "' Anne' is not a player's name"),
        (("rename", "Ann", ""), "'' is not a player's name"),
        (("rename", "Ann", "A\tB"), "is not a player's name"),
        (("merge", "Ann", "Zed"), "no player 'Zed'"),
        (("merge", "Ann", "Ann"), "'Ann' is the same player: nothing to merge"),
        (("merge", "Ann", "Bob"), "'Ann' and 'Bob' played each other in 2 games: they are not"),
    ],
)
def test_bad_requests_are_one_line_and_change_nothing(
    db: Path, args: tuple[str, ...], error: str
) -> None:
    before = db.read_bytes()
    proc = run("players", *args, "--db", str(db))
    assert proc.returncode == 2
    assert proc.stderr.startswith("duelkeeper: ") and error in proc.stderr
    assert proc.stderr.count("\n") == 1
    assert names(db) == [("Ann", 3), ("Bob", 2), ("Ann M", 1), ("Dee", 1), ("Cy", 1)]
    assert db.read_bytes() == before


def test_learned_names_are_players_before_their_first_game(db: Path) -> None:
    with Log.open(db) as log:
        players.rename(log, "Cy", "Cyrus")
        assert players.learn(log, "Zed") == "Zed"
        assert players.learn(log, "Zed") == "Zed"  # once
        assert players.learn(log, "Cy") == "Cyrus"  # the device still says the old name
        assert players.learn(log, "Bob") == "Bob"
        listed = players.players(log)
        assert [(p.name, p.games) for p in listed][-1] == ("Zed", 0)
        players.rename(log, "Zed", "Zeb")
        assert ("Zeb", 0) in [(p.name, p.games) for p in players.players(log)]
        assert log.conn.execute("SELECT name FROM players").fetchall() == [("Zeb",)]


def test_roster_is_bounded_and_drawable(tmp_path: Path) -> None:
    games = [made("n%d" % i, ("P%02d" % i, "Ann"), (1, 0), 0) for i in range(100)]
    games.append(made("wide", ("Zoë", "Ann"), (1, 0), 0))
    games.append(made("long", ("A" * 17, "Ann"), (1, 0), 0))
    games += [made("p%d" % i, ("Player 1", "Player 2"), (1, 0), 0) for i in range(60)]
    store_made(tmp_path / "log.sqlite3", games)
    with Log.open(tmp_path / "log.sqlite3") as log:
        names = players.roster(log)
    assert names[0] == "Ann"  # most played first
    assert "Zoë" not in names and "A" * 17 not in names
    assert "Player 1" not in names and "Player 2" not in names  # the device's placeholders
    assert sum(len(n) + 2 for n in names) <= players.ROSTER_BYTES
    assert len(names) == (players.ROSTER_BYTES - 5) // 5 + 1  # "Ann", then "P00".. (5 B)


def test_roster_sends_the_scripts_the_device_spells(tmp_path: Path) -> None:
    """docs/sync.md, "What is sent": a name goes when the device draws every letter of
    it: printable ASCII, or its letter picker's Cyrillic or katakana; Zoë (ë), 花子
    (kanji) and はなこ (hiragana) stay on the PC."""
    pairs = [("Кира", "Ann"), ("Zoë", "Ann"), ("花子", "Ann"), ("ハナコ", "Ann"), ("はなこ", "Ann")]
    games = [made("s%d" % i, pair, (1, 0), 0) for i, pair in enumerate(pairs)]
    store_made(tmp_path / "log.sqlite3", games)
    with Log.open(tmp_path / "log.sqlite3") as log:
        assert sorted(players.roster(log)) == sorted(["Ann", "Кира", "ハナコ"])


def test_upgrade_from_version_2_keeps_the_games(tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite3"
    e = prepare(played("7wd", 1, players=["Ann", "Bob"]))
    conn = sqlite3.connect(path, isolation_level=None)
    schema.migrate(conn, upto=2)
    # The game as version 2 stored it: its row and the two per-player rows.
    conn.execute(
        "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (e.id, e.game, *e.players, e.date, e.imported, e.winner, e.victory, *e.totals)
        + (e.record, e.result),
    )
    for seat in (0, 1):
        outcome = 1 if e.winner == seat else -1
        conn.execute(
            "INSERT INTO plays VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (e.id, seat, e.game, e.date, e.players[seat], e.players[1 - seat], outcome)
            + (e.victory, e.totals[seat]),
        )
    conn.close()
    with Log.open(path) as log:
        assert schema.version(log.conn) == schema.VERSION
        players.rename(log, "Ann", "Anne")
        assert sorted(p.name for p in players.players(log)) == ["Anne", "Bob"]
        with pytest.raises(DuelkeeperError, match="not a player's name"):
            players.rename(log, "Bob", "two\nlines")


@pytest.mark.parametrize(("letters", "fit"), [(16, 21), (4, 64)])  # docs/sync.md's figures
def test_roster_holds_names_of_a_length(tmp_path: Path, letters: int, fit: int) -> None:
    games = [made("n%d" % i, ("%0*d" % (letters, i), "x" * 17), (1, 0), 0) for i in range(80)]
    store_made(tmp_path / "log.sqlite3", games)
    with Log.open(tmp_path / "log.sqlite3") as log:
        assert len(players.roster(log)) == fit
