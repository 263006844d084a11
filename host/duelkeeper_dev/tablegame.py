"""7 Wonders Duel games as they go at a table, for the simulator's scripted games.

The record does not carry the card layout, and neither does the device: its card picker
lists every card of the age still in play. To measure how many presses a turn takes at
a real table, these games deal the real layouts (rules 000: age I a pyramid of rows of
2 to 6 cards, age II the same upside down, age III the 2-3-4-2-4-3-2 shape with three
guilds) and let each player take one of the cards that are reachable now (no card
overlapping it still in the layout), chosen at random: the device cannot know which,
so any choice among the reachable cards is as hard for it as any other.

What the player does follows a plain table habit: take a reachable card they can pay
for when there is one (most of the time), build a wonder with it now and then, else
build it; with nothing affordable, sell a reachable card or build a wonder with it.
Choices the rules ask for (progress tokens, destroy, Mausoleum, who starts the next
age) are random among the legal ones. Seeded, hence reproducible.
"""

import random
from typing import Any

from duelcore import Match
from duelcore.sevenwonders.cards import (
    CARD_COUNT,
    PROGRESS,
    WONDER_COUNT,
    age_of,
    colour,
    name,
    wonder_name,
)

# Rows of each age's layout, top to bottom, and the cards that overlap a card: for row
# r, card j, the cards of row r + 1 lying on it.
_SHAPES = {1: (2, 3, 4, 5, 6), 2: (6, 5, 4, 3, 2), 3: (2, 3, 4, 2, 4, 3, 2)}
AFFORD = 0.85  # chance to take a card that can be paid for, when one is reachable
WONDER = 0.25  # chance to build a wonder with the card, when one can be paid for


def _covers(age: int, r: int, j: int) -> list[tuple[int, int]]:
    rows = _SHAPES[age]
    if r + 1 >= len(rows):
        return []
    here, below = rows[r], rows[r + 1]
    if below == here + 1:  # a widening row: the two cards under each side
        return [(r + 1, j), (r + 1, j + 1)]
    if below == here - 1:  # a narrowing row
        return [(r + 1, k) for k in (j - 1, j) if 0 <= k < below]
    if here == 4 and below == 2:  # age III: the pair under the middle of the four
        return [(r + 1, j // 2)]
    if here == 2 and below == 4:  # age III: each of the pair covered by two of the four
        return [(r + 1, 2 * j), (r + 1, 2 * j + 1)]
    raise AssertionError((age, r, j))


def deal(age: int, rng: random.Random) -> dict[tuple[int, int], int]:
    """A layout: position (row, index) -> card number."""
    if age < 3:
        pool = [c for c in range(CARD_COUNT) if age_of(c) == age]
        cards = rng.sample(pool, 20)
    else:
        plain = [c for c in range(CARD_COUNT) if age_of(c) == 3 and colour(c) != "p"]
        guilds = [c for c in range(CARD_COUNT) if colour(c) == "p"]
        cards = rng.sample(plain, 17) + rng.sample(guilds, 3)
        rng.shuffle(cards)
    spots = [(r, j) for r, n in enumerate(_SHAPES[age]) for j in range(n)]
    return dict(zip(spots, cards, strict=True))


def reachable(age: int, layout: dict[tuple[int, int], int]) -> list[int]:
    return [
        card
        for (r, j), card in layout.items()
        if not any(spot in layout for spot in _covers(age, r, j))
    ]


def table_record(seed: int, first_game: bool = False) -> dict[str, Any]:
    """A complete 7 Wonders Duel record played as at a table (see the module docstring)."""
    rng = random.Random(seed)
    first = rng.randrange(2)
    tokens = rng.sample(list(PROGRESS), 10)
    if first_game:
        wonders: Any = "first-game"
    else:
        drawn = rng.sample([wonder_name(w) for w in range(WONDER_COUNT)], 8)
        wonders = [drawn[:4], drawn[4:]]
    record: dict[str, Any] = {
        "format": 1,
        "game": "7wd",
        "id": "table-%d" % seed,
        "players": ["Ann", "Bob"],
        "setup": {
            "first": first,
            "wonders": wonders,
            "progress": tokens[:5],
            "box_progress": tokens[5:],
        },
        "events": [],
    }
    match = Match(record)
    g: Any = match.game
    layout = deal(1, rng)
    age = 1
    while not g.over:
        if g.age != age:
            age = g.age
            layout = deal(age, rng)
        legal = match.legal()
        if g.pending is not None:
            match.play(rng.choice(legal))
            continue
        reach = reachable(age, layout)
        paid = [c for c in reach if ["build", g.turn, name(c)] in legal]
        card = rng.choice(paid if paid and rng.random() < AFFORD else reach)
        label = name(card)
        wonders_now = [e for e in legal if e[0] == "wonder" and e[3] == label]
        if wonders_now and rng.random() < WONDER:
            event = rng.choice(wonders_now)
        elif ["build", g.turn, label] in legal:
            event = ["build", g.turn, label]
        else:
            event = ["discard", g.turn, label]
        match.play(event)
        for spot, c in list(layout.items()):
            if c == card:
                del layout[spot]
    return match.to_record()


def splendor_record(seed: int, max_events: int = 400) -> dict[str, Any]:
    """A Splendor Duel game to its end, played by a simple habit: buy a card when one can
    be paid for (usually), else take tokens (three when possible), now and then reserve;
    privileges and replenishing rarely. Joker cards are bought with their colour named."""
    rng = random.Random(seed)
    record: dict[str, Any] = {
        "format": 1,
        "game": "splendor-duel",
        "id": "table-sd-%d" % seed,
        "players": ["Ann", "Bob"],
        "setup": {"first": rng.randrange(2)},
        "events": [],
    }
    match = Match(record)
    for _ in range(max_events):
        if match.result()["over"]:
            break
        legal = match.legal()
        jokers = {e[2] for e in legal if e[0] == "buy" and len(e) > 3 and "color" in e[3]}
        legal = [
            e
            for e in legal
            if not (e[0] == "buy" and e[2] in jokers and (len(e) < 4 or "color" not in e[3]))
        ]
        verbs = {e[0] for e in legal}
        if "buy" in verbs and rng.random() < 0.7:
            pick = [e for e in legal if e[0] == "buy"]
        elif "take" in verbs and rng.random() < 0.85:
            takes = [e for e in legal if e[0] == "take"]
            pick = [e for e in takes if len(e[2]) == 3] or takes
        elif "reserve" in verbs and rng.random() < 0.5:
            pick = [e for e in legal if e[0] == "reserve"]
        else:
            pick = [e for e in legal if e[0] not in ("privilege", "replenish")] or legal
        match.play(rng.choice(pick))
    return match.to_record()


_ANTIKE_HABIT = ("personality", "card", "city", "temple", "knowledge", "conquer", "produce")


def antike_record(seed: int, events: int = 30) -> dict[str, Any]:
    """The first ``events`` events of an Antike Duellum game: the acting player claims a
    personality, takes a card or founds a city when the core allows it, else mostly
    produces or moves on the rondel (nine personalities take far longer than a test)."""
    rng = random.Random(seed)
    record: dict[str, Any] = {
        "format": 1,
        "game": "antike-duellum",
        "id": "table-ad-%d" % seed,
        "players": ["Ann", "Bob"],
        "setup": {"first": rng.randrange(2)},
        "events": [],
    }
    match = Match(record)
    for _ in range(events):
        result = match.result()
        if result["over"]:
            break
        legal = match.legal()
        mine = [e for e in legal if e[1] == result["turn"]] or legal
        for verb in _ANTIKE_HABIT:
            choice = [e for e in mine if e[0] == verb]
            if choice and (verb in _ANTIKE_HABIT[:4] or rng.random() < 0.5):
                match.play(rng.choice(choice))
                break
        else:
            match.play(rng.choice(mine))
    return match.to_record()
