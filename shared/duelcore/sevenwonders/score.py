"""Civil scoring (rules 000, end of age III), computed for any moment of the game."""

from .cards import (
    AGRICULTURE,
    CARDS,
    MATHEMATICS,
    PHILOSOPHY,
    POINTS,
    WONDERS,
    colour,
    digit,
    effect,
    spec,
    wspec,
)

CATEGORIES = (
    "civilian",
    "science",
    "commercial",
    "guilds",
    "wonders",
    "progress",
    "coins",
    "military",
    "total",
)

# Card colour letter -> score category (index into CATEGORIES).
_CATEGORY_OF = {"u": 0, "n": 1, "y": 2}


def count(cards: list, colours: str) -> int:
    """How many of these cards have one of the colour letters."""
    n = 0
    for c in cards:
        if colour(c) in colours:
            n += 1
    return n


def military_points(distance: int) -> int:
    """VP for the pawn `distance` spaces into the opponent's half (rules 000)."""
    if distance <= 0:
        return 0
    if distance <= 2:
        return 2
    if distance <= 5:
        return 5
    return 10


def guild_points(g: int, p: int, cards: list, built: list, coins: list) -> int:
    """End-of-game VP of one guild, from whichever city has most (rules 000)."""
    kind = effect(g)[1:]
    if kind == "w":
        return 2 * max(len(built[0]), len(built[1]))
    if kind == "$":
        return max(coins) // 3
    return max(count(cards[p], kind), count(cards[1 - p], kind))


def sheet(p: int, cards: list, built: list, tokens: list, coins: list, conflict: int) -> list:
    """The nine category values for player p, in CATEGORIES order.

    cards, built (wonders), tokens and coins hold both players' values.
    """
    out = [0] * 9
    for c in cards[p]:
        k = _CATEGORY_OF.get(colour(c))
        if k is not None:
            out[k] += digit(CARDS, spec(c) + POINTS)
        elif colour(c) == "p":
            out[3] += guild_points(c, p, cards, built, coins)
    for w in built[p]:
        out[4] += digit(WONDERS, wspec(w))
    mine = tokens[p]
    for t in mine:
        if t == AGRICULTURE:
            out[5] += 4
        elif t == PHILOSOPHY:
            out[5] += 7
        elif t == MATHEMATICS:
            out[5] += 3 * len(mine)
    out[6] = coins[p] // 3
    out[7] = military_points(conflict if p == 0 else -conflict)
    out[8] = sum(out[:8])
    return out
