"""Stats on a small hand-made log: every figure worked out by hand below.

The games, in date order (stored in reverse, so order comes from the dates):

    1  01-01  Ann 60  Bob 50   Ann wins, civil
    2  01-02  Bob 40  Ann 30   Ann wins, military
    3  01-03  Ann 45  Cy 55    Cy wins, science
    4  01-04  Ann 50  Bob 50   shared win
    5  01-05  Bob 70  Ann 65   Bob wins, civil

Ann: W W L D L; Bob: L L D W; Cy: W.
"""

from pathlib import Path

import pytest
from loghelp import made, store_made

from duelkeeper import stats
from duelkeeper.log import Log
from duelkeeper_dev import bench_log

GAMES = [
    made("g1", ("Ann", "Bob"), (60, 50), 0, "civil", "2026-01-01"),
    made("g2", ("Bob", "Ann"), (40, 30), 1, "military", "2026-01-02"),
    made("g3", ("Ann", "Cy"), (45, 55), 1, "science", "2026-01-03"),
    made("g4", ("Ann", "Bob"), (50, 50), None, "civil", "2026-01-04"),
    made("g5", ("Bob", "Ann"), (70, 65), 0, "civil", "2026-01-05"),
]


@pytest.fixture(scope="module")
def figures(tmp_path_factory: pytest.TempPathFactory) -> dict[str, stats.PlayerStats]:
    path = tmp_path_factory.mktemp("stats") / "log.sqlite3"
    store_made(path, list(reversed(GAMES)))
    with Log.open(path) as log:
        (only,) = stats.compute(log)
    assert only.game == "7wd" and only.games == 5
    return {p.player: p for p in only.players}


def test_counts_and_scores(figures: dict[str, stats.PlayerStats]) -> None:
    ann, bob, cy = figures["Ann"], figures["Bob"], figures["Cy"]
    assert (ann.games, ann.wins, ann.losses, ann.draws) == (5, 2, 2, 1)
    assert (bob.games, bob.wins, bob.losses, bob.draws) == (4, 1, 2, 1)
    assert (cy.games, cy.wins, cy.losses, cy.draws) == (1, 1, 0, 0)
    assert ann.average == (60 + 30 + 45 + 50 + 65) / 5 and ann.best == 65
    assert bob.average == (50 + 40 + 50 + 70) / 4 and bob.best == 70
    assert ann.victories == {"civil": 1, "military": 1}
    assert bob.victories == {"civil": 1}
    assert cy.victories == {"science": 1}


def test_streaks(figures: dict[str, stats.PlayerStats]) -> None:
    assert (figures["Ann"].streak, figures["Ann"].longest) == (0, 2)  # W W L D L
    assert (figures["Bob"].streak, figures["Bob"].longest) == (1, 1)  # L L D W
    assert (figures["Cy"].streak, figures["Cy"].longest) == (1, 1)


def test_elo_by_hand(figures: dict[str, stats.PlayerStats]) -> None:
    k = 32
    assert stats.K == k and stats.START == 1500

    def e(own: float, other: float) -> float:
        return 1 / (1 + 10 ** ((other - own) / 400))

    # Game 1: equal ratings, expected 0.5 each; Ann wins: +16 / -16.
    ann, bob, cy = 1516.0, 1484.0, 1500.0
    # Game 2: Ann (1516) beats Bob (1484).
    d = k * (1 - e(ann, bob))
    ann, bob = ann + d, bob - d
    assert d == pytest.approx(14.5305, abs=1e-4)
    # Game 3: Cy (1500) beats Ann.
    d = k * (1 - e(cy, ann))
    cy, ann = cy + d, ann - d
    # Game 4: shared, each scores 0.5.
    d = k * (0.5 - e(ann, bob))
    ann, bob = ann + d, bob - d
    # Game 5: Bob beats Ann.
    d = k * (1 - e(bob, ann))
    bob, ann = bob + d, ann - d
    assert figures["Ann"].rating == pytest.approx(ann)
    assert figures["Bob"].rating == pytest.approx(bob)
    assert figures["Cy"].rating == pytest.approx(cy)
    assert sum(p.rating for p in figures.values()) == pytest.approx(3 * 1500)


def test_head_to_head(tmp_path: Path) -> None:
    store_made(tmp_path / "log.sqlite3", GAMES)
    with Log.open(tmp_path / "log.sqlite3") as log:
        (only,) = stats.compute(log)
    pairs = {h.players: (h.games, h.wins, h.draws) for h in only.head_to_head}
    assert pairs == {("Ann", "Bob"): (4, (2, 1), 1), ("Ann", "Cy"): (1, (0, 1), 0)}


def test_kinds_apart_and_filtered(tmp_path: Path) -> None:
    record, result = made("s1", ("Ann", "Bob"), (0, 0), 1, "crowns")
    record["game"] = result["game"] = "splendor-duel"
    result["players"] = [{"points": 12, "crowns": 4}, {"points": 9, "crowns": 10}]
    store_made(tmp_path / "log.sqlite3", [*GAMES, (record, result)])
    with Log.open(tmp_path / "log.sqlite3") as log:
        both = stats.compute(log)
        only = stats.compute(log, "splendor-duel")
    assert [s.game for s in both] == ["7wd", "splendor-duel"]
    assert [s.game for s in only] == ["splendor-duel"]
    bob = next(p for p in only[0].players if p.player == "Bob")
    assert (bob.games, bob.wins, bob.best, bob.victories) == (1, 1, 9, {"crowns": 1})
    assert only[0].players[0].player == "Bob"  # best rated first


def test_render_and_json(tmp_path: Path) -> None:
    store_made(tmp_path / "log.sqlite3", GAMES)
    with Log.open(tmp_path / "log.sqlite3") as log:
        figures = stats.compute(log)
    text = stats.render(figures)
    assert "7 Wonders Duel: 5 games" in text
    assert "K = 32" in text
    assert stats.as_json(figures)[0]["players"][0]["player"] in ("Ann", "Bob", "Cy")
    assert stats.render([]) == "no games in the play log"


def test_bench_log_builds_and_times(tmp_path: Path) -> None:
    """The 100,000-game benchmark, on a few hundred games: same code path, same figures."""
    path = tmp_path / "bench.sqlite3"
    bench_log.build(path, count=300, size=3)
    with Log.open(path) as log:
        assert log.count() == 300
        figures = stats.compute(log)
    assert sum(s.games for s in figures) == 300
    library, command = bench_log.time_stats(path)
    assert 0 < library < command
