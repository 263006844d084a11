"""Each name reads apart from the others in the same list, in every language: a card's
and a wonder's list rows (their short forms where they have one) are never the same words
(the Great Lighthouse once showed as LIGHTHOUSE in the wonder list, the Age III yellow
card's word, in the card's own menu)."""

import pytest
import textfit

from duelcore.sevenwonders.cards import CARD_COUNT, WONDER_COUNT, name, wonder_name
from firmware import speak
from firmware.games.sevenwonders.pick import short
from firmware.gfx.canvas import text_at


@pytest.mark.parametrize("lang", ["en", "ja", "ru"])
def test_cards_and_wonders_read_apart(lang: str) -> None:
    try:
        speak.use(lang)
        rows: dict[str, str] = {}
        ids = [name(c) for c in range(CARD_COUNT)] + [wonder_name(w) for w in range(WONDER_COUNT)]
        for n in ids:
            s = short(n)
            shown = textfit.plain(text_at(s) if isinstance(s, int) else s).upper()
            assert shown not in rows, (lang, n, rows.get(shown), shown)
            rows[shown] = n
        assert len(rows) == CARD_COUNT + WONDER_COUNT
    finally:
        speak.use("en")


def test_the_great_lighthouse_is_not_the_lighthouse() -> None:
    assert short("lighthouse") == "Lighthouse"
    assert short("great-lighthouse") == "Gr. Lighthouse"
