"""The journal's bounds (firmware/storage/journal.py MAX_ENTRY, MAX_EVENT, MAX_JOURNAL) against
the longest entries the rules let the device write: docs/record-limits.md, "The
journal", quotes what this prints (``pytest -s``)."""

import json

import fwhelp  # noqa: F401  (the checkout and the MicroPython shims on sys.path)

from duelcore import quick
from duelcore.engine import Match
from duelcore.sevenwonders.cards import PROGRESS, WONDERS
from duelkeeper.randomgame import random_record
from duelkeeper.repo import ROOT
from firmware.app import VERSION
from firmware.storage import journal as fmt

GAMES = ("7wd", "splendor-duel", "antike-duellum")


def longest_record() -> dict:
    """The longest record without events the device can journal: a 7WD setup of the
    longest wonders and progress tokens, two names of 24 characters that JSON escapes as
    surrogate pairs (12 bytes each), the longest id, the meta new_game writes."""
    wonders = sorted((row[:18].strip() for row in WONDERS), key=len)[-8:]
    progress = sorted(PROGRESS, key=len)
    board = max((p.stem for p in (ROOT / "boards").glob("*.py")), key=len)
    return {
        "format": 1,
        "game": "7wd",
        "id": "f" * 64,
        "players": ["\U0001f600" * 24, "\U0001f600" * 24],
        "setup": {
            "first": 0,
            "score_only": True,
            "wonders": [wonders[:4], wonders[4:]],
            "progress": progress[-5:],
            "box_progress": progress[:5],
        },
        "meta": {
            "firmware": VERSION,
            "board": board,
            "started": "2026-12-31T23:59:59",
            "ticks": [2**30 - 1, 2**31 - 1],
        },
    }


def longest_event() -> tuple[int, list]:
    """The longest event as JSON: every game's quick score with each count at its
    widest, and every event the rules offered along random games."""
    best: tuple[int, list] = (0, [])
    for game in GAMES:
        counts = {n: lo if len(str(lo)) > len(str(hi)) else hi for n, lo, hi in quick.fields(game)}
        best = max(best, (len(json.dumps(["score", 1, counts])), ["score", 1, counts]))
        for seed in range(3):
            record = random_record(game, seed)
            m = Match(dict(record, events=[]))
            for event in record["events"]:
                for e in m.legal():
                    best = max(best, (len(json.dumps(e)), e))
                m.play(event)
    return best


def test_the_longest_record_and_event_fit_with_room() -> None:
    head = len(json.dumps(longest_record()).encode())
    event, which = longest_event()
    journal = 6 + head + 4000 * 11  # the record's 4,000 events, each code entry 11 bytes
    print(
        "\nlongest record entry %d B (bound %d); longest event %d B (bound %d): %r"
        % (head, fmt.MAX_ENTRY, event, fmt.MAX_EVENT, which)
    )
    print("a journal of 4,000 events as codes: %d B (bound %d)" % (journal, fmt.MAX_JOURNAL))
    assert head * 3 // 2 <= fmt.MAX_ENTRY
    assert event * 3 <= fmt.MAX_EVENT
    assert journal <= fmt.MAX_JOURNAL
