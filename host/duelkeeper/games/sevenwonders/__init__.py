"""7 Wonders Duel on the PC (duelkeeper.games): its results as the log reads them, and
its components' names (ja.tsv, ru.tsv; English's are their titles)."""

from duelkeeper.games import Path

TITLE = "7 Wonders Duel"
BGG_ID = 173346
CATEGORIES = tuple(
    "civilian science commercial guilds wonders progress coins military total".split()
)
SERIES: tuple[tuple[str, int | None, Path], ...] = (
    ("coins {0}", 0, ("coins",)),
    ("coins {1}", 1, ("coins",)),
    ("conflict", None, ("conflict",)),
    ("points {0}", 0, ("score", "total")),
    ("points {1}", 1, ("score", "total")),
)
UNIT = "points"


def where(category: str) -> Path:
    return ("score", category)


def components() -> list[str]:
    """The cards, wonders, progress tokens, resources and the record's verbs."""
    from duelcore.sevenwonders import cards, codes

    ids = [cards.name(c) for c in range(cards.CARD_COUNT)]
    ids += [cards.wonder_name(w) for w in range(cards.WONDER_COUNT)]
    return ids + [*cards.PROGRESS, *cards.RESOURCES, *codes.VERBS]


def collated() -> list[list[str]]:
    """Setup's wonders, the progress tokens (setup's, the choices of a token), the card
    picker's cards of each colour (firmware/games/sevenwonders/pick.py)."""
    from duelcore.sevenwonders import cards

    ids = [cards.name(c) for c in range(cards.CARD_COUNT)]
    return [
        [cards.wonder_name(w) for w in range(cards.WONDER_COUNT)],
        list(cards.PROGRESS),
        *([i for i in ids if cards.colour(cards.card(i)) == k] for k in "bgyrnup"),
    ]
