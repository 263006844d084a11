"""Who wins: per-player and head-to-head figures, per game kind, from the play log.

Scores of different games do not compare, so every figure is per game kind. Counts,
wins by victory type, averages, bests and head-to-head records do not depend on the
order of games: SQLite aggregates them in one scan of a covering index over the narrow
``plays`` rows (one per game and player). Streaks and the rating do depend on it: one
pass over (player0, player1, winner) tuples in date order (date, then id), read from a
covering index of the games table. No record or result JSON is read.

Elo: everyone starts at START; after a game each player's rating moves by
K * (S - E), where S is 1 for a win, 0.5 for a shared win, 0 for a loss, and
E = 1 / (1 + 10 ** ((opponent - own) / 400)) is the expected score before the game.
A shared win ends both players' streaks.

A seat nobody named (the empty name) is no player: it has no figures, no head to head
and no rating. A game against one counts for the named player (games, wins, scores,
streaks) but moves no rating, there being no one to rate against; a game of two unnamed
seats counts in the kind's games only."""

import math
from dataclasses import asdict, dataclass, field
from typing import Any

from duelkeeper.kinds import KINDS, TURNS, WINNER
from duelkeeper.log import UNNAMED, Log
from duelkeeper.textable import Cell, table

K = 32
START = 1500.0


@dataclass
class PlayerStats:
    player: str
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    victories: dict[str, int] = field(default_factory=dict)  # wins by victory type
    # Over the games with a score: a quick score of the winner only has none
    # (docs/record-quick-score.md); None when no game has one.
    average: float | None = None
    best: int | None = None
    streak: int = 0  # wins in a row up to the latest game
    longest: int = 0  # the longest run of wins
    rating: float = START


@dataclass
class HeadToHead:
    players: tuple[str, str]  # in name order
    games: int
    wins: tuple[int, int]
    draws: int


@dataclass
class KindStats:
    game: str
    games: int
    score_only: int  # of them, quick scores (filed from their final counts)
    players: list[PlayerStats]  # best rated first
    head_to_head: list[HeadToHead]


def expected(own: float, opponent: float) -> float:
    return 1.0 / (1.0 + math.pow(10.0, (opponent - own) / 400.0))


def _sequence(log: Log, game: str, players: dict[str, PlayerStats]) -> None:
    """Ratings and streaks: one pass over one kind's games in date order."""
    rating: dict[str, float] = {}
    run: dict[str, int] = {}
    longest: dict[str, int] = {}
    rows = log.conn.execute(
        "SELECT player0, player1, winner FROM games WHERE game = ? ORDER BY date, id", (game,)
    )
    for p0, p1, winner in rows:
        if UNNAMED in (p0, p1):
            _streaks(run, longest, (p0, p1), winner)
            continue
        a = rating.get(p0, START)
        b = rating.get(p1, START)
        change = K * ((0.5 if winner is None else 1.0 - winner) - expected(a, b))
        rating[p0] = a + change
        rating[p1] = b - change
        _streaks(run, longest, (p0, p1), winner)
    for name, p in players.items():
        p.rating = rating.get(name, START)
        p.streak = run[name]
        p.longest = longest.get(name, 0)


def _streaks(
    run: dict[str, int], longest: dict[str, int], seats: tuple[str, str], winner: int | None
) -> None:
    """The runs of wins after one game: the winner's grows, the other's (both, when the
    win is shared) ends."""
    if winner is None:
        run[seats[0]] = run[seats[1]] = 0
        return
    won, lost = seats[winner], seats[1 - winner]
    n = run[won] = run.get(won, 0) + 1
    if n > longest.get(won, 0):
        longest[won] = n
    run[lost] = 0


# Everything that does not depend on the order of games, in one scan of the covering
# index plays_by_player (whose column order is this GROUP BY): a few hundred groups come
# back, however many games there are.
_GROUPS = """
    SELECT game, player, opponent, outcome, victory, quick, COUNT(*), SUM(score), MAX(score)
    FROM plays %s GROUP BY game, player, opponent, outcome, victory, quick"""


def compute(log: Log, game: str | None = None) -> list[KindStats]:
    """Figures for every game kind in the log (or only ``game``), in KINDS order."""
    where, params = ("WHERE game = ?", [game]) if game else ("", [])
    players: dict[str, dict[str, PlayerStats]] = {}
    pairs: dict[str, dict[tuple[str, str], HeadToHead]] = {}
    totals: dict[tuple[str, str], tuple[int, int]] = {}  # games with a score, their sum
    quick: dict[str, int] = {}  # quick scores, once per seat
    seats: dict[str, int] = {}  # plays, two a game, unnamed seats' too
    for kind, name, opponent, outcome, victory, q, n, total, best in log.conn.execute(
        _GROUPS % where, params
    ):
        seats[kind] = seats.get(kind, 0) + n
        quick[kind] = quick.get(kind, 0) + (n if q != TURNS else 0)
        if name == UNNAMED:  # no player: the game counts for the kind (and the opponent)
            players.setdefault(kind, {})
            continue
        p = players.setdefault(kind, {}).setdefault(name, PlayerStats(name))
        p.games += n
        if outcome == 1:
            p.wins += n
            key = victory or "none"
            p.victories[key] = p.victories.get(key, 0) + n
        elif outcome == 0:
            p.draws += n
        else:
            p.losses += n
        if q != WINNER:  # a quick score of the winner only has no score
            p.best = best if p.best is None else max(p.best, best)
            had = totals.get((kind, name), (0, 0))
            totals[(kind, name)] = (had[0] + n, had[1] + total)
        if name < opponent:  # once a pair (an unnamed opponent sorts first: no pair)
            h = pairs.setdefault(kind, {}).setdefault(
                (name, opponent), HeadToHead((name, opponent), 0, (0, 0), 0)
            )
            h.games += n
            h.wins = (h.wins[0] + n * (outcome == 1), h.wins[1] + n * (outcome == -1))
            h.draws += n * (outcome == 0)
    out = []
    for kind in sorted(players, key=list(KINDS).index):
        mine = players[kind]
        for name, p in mine.items():
            scored, total = totals.get((kind, name), (0, 0))
            p.average = total / scored if scored else None
        _sequence(log, kind, mine)
        ranked = sorted(mine.values(), key=lambda p: (-p.rating, p.player))
        games = seats[kind] // 2
        h2h = sorted(pairs.get(kind, {}).values(), key=lambda h: h.players)
        out.append(KindStats(kind, games, quick[kind] // 2, ranked, h2h))
    return out


def as_json(stats: list[KindStats]) -> list[dict[str, Any]]:
    return [asdict(s) for s in stats]


def render(stats: list[KindStats]) -> str:
    """The figures as text tables, one section per game kind."""
    if not stats:
        return "no games in the play log"
    sections = []
    for s in stats:
        title = "%s: %d game%s" % (KINDS[s.game].title, s.games, "" if s.games == 1 else "s")
        if s.score_only:
            title += " (%d score-only)" % s.score_only
        players = table(PLAYER_HEADER, [player_row(p) for p in s.players])
        pairs = table(PAIR_HEADER, [pair_row(h) for h in s.head_to_head])
        sections.append("\n\n".join([title, players, pairs]))
    footer = "elo: start %d, K = %d, games in date order" % (START, K)
    return "\n\n\n".join(sections) + "\n\n" + footer


PLAYER_HEADER = ["player", "games", "wins", "losses", "draws", "avg", "best", "streak"]
PLAYER_HEADER += ["longest", "elo", "victories"]


PAIR_HEADER = ["head to head", "games", "wins", "draws"]


def pair_row(h: HeadToHead) -> list[Cell]:
    """One pair's record as shown, under PAIR_HEADER."""
    return ["%s - %s" % h.players, h.games, "%d - %d" % h.wins, h.draws]


def player_row(p: PlayerStats) -> list[Cell]:
    """One player's figures as shown (rating rounded), under PLAYER_HEADER."""
    victories = ", ".join("%s %d" % item for item in sorted(p.victories.items())) or "-"
    row: list[Cell] = [p.player, p.games, p.wins, p.losses, p.draws]
    row += ["-" if p.average is None else p.average, "-" if p.best is None else p.best]
    return row + [p.streak, p.longest, round(p.rating), victories]
