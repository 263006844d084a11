"""Finished random games on the simulated flash: ``duelkeeper sim --games N --seed S``.

Each game is played by choosing among the core's own legal events, then journalled and
archived with the firmware's own Storage (firmware/storage/, run here under CPython),
so the files are byte for byte what the device writes: the sync tests and the bench
read them back through the real device code.

Uniformly random Antike Duellum games almost never end (nine personalities take a plan),
so its games follow a greedy policy: one player goes for personalities, cities, temples
and know-hows, the other mostly moves and produces; a game that has not ended after
``ANTIKE_CAP`` events is dropped for the next seed.
"""

import importlib
import random
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, cast

from duelcore import Match
from duelcore.games import GAMES
from duelkeeper.errors import DuelkeeperError
from duelkeeper.randomgame import random_record, random_setup
from duelkeeper.repo import ROOT
from duelkeeper.shims import install

KINDS = GAMES  # every game duelcore plays
NAMES = ("Ann", "Bob", "Cleo", "Dev")
FIRST_GAME = datetime(2026, 5, 1, 19, 0)
ANTIKE_CAP = 800  # events; a finished greedy game takes 400-700
ANTIKE_TRIES = 20  # seeds tried per Antike game
# Event weights for the Antike player who plays to win, and for the other one.
_GREEDY = {
    "personality": 10**6,
    "knowledge": 10**5,
    "conquer": 4000,
    "temple": 3000,
    "city": 2000,
    "produce": 300,
    "deploy": 200,
    "recruit": 100,
    "event": 5,
}
_PASSIVE = {"rondel": 100, "produce": 100, "card": 100}


def storage_class() -> Any:
    """firmware.storage.Storage, imported from the checkout (the firmware is no package
    of the host's: its folder's parent goes on sys.path, as the CPython simulator does)."""
    install()  # the MicroPython shims the firmware's drawing imports
    if str(ROOT) not in sys.path:
        sys.path.append(str(ROOT))
    return importlib.import_module("firmware.storage").Storage


def antike_record(seed: int) -> dict[str, Any] | None:
    """A finished greedy Antike Duellum game, or None when it does not end in time."""
    from duelcore.antike import queries
    from duelcore.antike.rules import Game

    rng = random.Random(seed)
    record = {
        "format": 1,
        "game": "antike-duellum",
        "id": "antike-%d" % seed,
        "players": ["Ann", "Bob"],
        "setup": random_setup("antike-duellum", rng),
        "events": [],
    }
    match = Match(record)
    hero = rng.randrange(2)
    for _ in range(ANTIKE_CAP):
        if match.result()["over"]:
            return match.to_record()
        legal = match.legal()
        if not legal:
            return None
        kings_left = queries.needs(cast(Game, match.game), hero)["king"]["left"] > 0
        weights = []
        for event in legal:
            if event[1] != hero:
                weights.append(_PASSIVE.get(event[0], 0.01))
            elif event[0] == "city" and not kings_left:
                weights.append(1)  # no king to found cities for: keep the gold
            elif event[0] == "produce" and event[2] == "gold" and not kings_left:
                weights.append(5000)  # gold buys the know-hows scholars need
            else:
                weights.append(_GREEDY.get(event[0], 1))
        match.play(rng.choices(legal, weights)[0])
    return match.to_record() if match.result()["over"] else None


def random_game(kind: str, seed: int) -> dict[str, Any]:
    """A finished random game of ``kind`` (seeded), with two players drawn from NAMES."""
    if kind == "antike-duellum":
        for attempt in range(ANTIKE_TRIES):
            found = antike_record(seed * ANTIKE_TRIES + attempt)
            if found is not None:
                record = found
                break
        else:
            raise DuelkeeperError("no random Antike Duellum game ended (seed %d)" % seed)
    else:
        record = random_record(kind, seed)
    record["players"] = random.Random(seed).sample(NAMES, 2)
    return record


def played(i: int, seed: int) -> dict[str, Any]:
    """The times the device stamps on game ``i`` (docs/record-dates.md): an evening's
    games an hour apart from 2026-05-01 19:00, 20 to 50 minutes each."""
    start = FIRST_GAME + timedelta(days=seed % 365, hours=i)
    seconds = random.Random(seed * 100_000 + i).randrange(1200, 3000)
    end = start + timedelta(seconds=seconds)
    return {"started": start.isoformat(), "ended": end.isoformat(), "seconds": seconds}


def fill(
    storage: Path,
    count: int,
    seed: int = 0,
    dated: bool = True,
    kinds: tuple[str, ...] = KINDS,
    file_each: bool = False,
) -> list[str]:
    """Archive ``count`` finished random games (``kinds`` in turn) on the flash folder
    ``storage``; return their ids, as the device numbered them. ``dated``: with the
    times the device stamps (``played``); without, as firmware before them (or a device
    whose clock was never set) archived them. ``file_each``: the games then kept as the
    firmware before bundles kept them, a file each (``one_file_each``)."""
    storage.mkdir(parents=True, exist_ok=True)
    store = storage_class()(str(storage))
    ids = []
    for i in range(count):
        record = random_game(kinds[i % len(kinds)], seed * 100_000 + i)
        del record["id"]  # the device numbers its games itself
        record["meta"] = {"board": "sim", **(played(i, seed) if dated else {})}
        store.start(record)
        gid = store.finish()
        assert gid is not None
        ids.append(gid)
    if file_each:
        one_file_each(storage)
    return ids


def archived(storage: Path) -> dict[str, bytes]:
    """The finished games on the flash folder ``storage``, unsynced and acknowledged, in
    bundles and in files of their own: id -> what sync serves of it (the packed record
    and its CRC-32), read by the firmware's own Storage."""
    store = storage_class()(str(storage))
    out = {}
    for gid in store.unsynced() + store.synced():
        data = store.stored(gid)
        if data is not None:
            out[gid] = data
    return out


def one_file_each(storage: Path) -> None:
    """Keep the finished games on the flash folder ``storage`` as the firmware before
    bundles kept them: ``games/<id>.dk`` each (``.ok`` once acknowledged), the packed
    record and its CRC-32; the bundles removed."""
    store = storage_class()(str(storage))
    for ending, ids in ((".dk", store.unsynced()), (".ok", store.synced())):
        for gid in ids:
            (storage / "games" / (gid + ending)).write_bytes(store.stored(gid) or b"")
    for path in (storage / "games").iterdir():
        if path.suffix in (".dkb", ".dkc", ".dka"):
            path.unlink()
