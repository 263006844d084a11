"""Helpers for the play-log tests: real played games, and hand-made ones with chosen results.

``played()`` replays random legal games with duelcore (slow enough to cache). ``made()``
builds a record and a result by hand and stores them through the log's trusted insert
path (entry.from_result, as the benchmark does), so stats tests pick every winner and
score themselves and do not depend on any rules core.
"""

import functools
import json
from pathlib import Path
from typing import Any

from duelcore import replay
from duelkeeper.entry import from_result
from duelkeeper.log import Log
from duelkeeper.randomgame import random_record

# Games whose cores are complete enough to finish a random game.
PLAYED_KINDS = ("7wd", "splendor-duel")


@functools.cache
def _played(game: str, seed: int) -> str:
    return json.dumps(random_record(game, seed))


def played(game: str = "7wd", seed: int = 0, **changes: Any) -> dict[str, Any]:
    """A finished random game of ``game`` (a fresh copy), with top-level keys changed."""
    record: dict[str, Any] = json.loads(_played(game, seed))
    assert replay(record)["over"], f"random {game} game {seed} did not finish"
    record.update(changes)
    return record


def made(
    gid: str,
    players: tuple[str, str],
    totals: tuple[int, int],
    winner: int | None,
    victory: str = "civil",
    date: str = "2026-01-01",
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A 7wd record and a result with the outcome given (not a replay: see the module)."""
    record = {
        "format": 1,
        "game": "7wd",
        "id": gid,
        "players": list(players),
        "setup": {"first": 0},
        "events": [],
        "meta": {"date": date},
    }
    result = {
        "game": "7wd",
        "id": gid,
        "over": True,
        "winner": winner,
        "victory": victory,
        "players": [{"score": {"total": t}, "coins": 0} for t in totals],
    }
    return record, result


def store_made(path: Path, games: list[tuple[dict[str, Any], dict[str, Any]]]) -> None:
    with Log.open(path) as log:
        log.store_many(from_result(record, result) for record, result in games)


def trio() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Three games: Ann played all three, Bob two (with Ann), Cy one (with Ann)."""
    return [
        made("g1", ("Ann", "Bob"), (40, 30), 0, date="2026-01-01"),
        made("g2", ("Bob", "Ann"), (41, 31), 0, date="2026-01-02"),
        made("g3", ("Cy", "Ann"), (20, 50), 1, date="2026-01-03"),
    ]


def bgstats_plays(page: str) -> list[dict[str, Any]]:
    """The plays of a BG Stats page (``export --format bgstats``), read back from its
    links: each link's ``data``, percent-decoded, as JSON."""
    import re
    from urllib.parse import unquote

    links = re.findall(r'href="https://app\.bgstatsapp\.com/createPlay\.html\?data=([^"]*)"', page)
    return [json.loads(unquote(data)) for data in links]
