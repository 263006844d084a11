"""A quick score's screens fit on both panels in every language (textfit.Watch: no
string cut by ``fit()``, nothing off the panel, no two texts overlapping): each game's
pad with every field being entered, for each player, B's menu on the first field, and
the score sheet; the players' screen with its quick score item."""

import pytest
import textfit

from duelcore.quick import fields
from firmware.buttons import BTN_A, BTN_B, PRESS

A = BTN_A | PRESS << 5
B = BTN_B | PRESS << 5
# Counts as wide as a pad shows them: two digits where the field's range has them.
WIDE = {"7wd": [41, 18, 15, 28, 23, 29, 28, 0], "antike-duellum": [3, 2, 2, 1, 1]}
WIDE["splendor-duel"] = [20, 11, 2, 3, 4, 5, 6]
# The other player's: what the box leaves (both together: at most its 18 green points
# and 28 for coins, duelcore.sevenwonders.pad JOINT).
OTHER = {"7wd": [22, 0, 0, 9, 0, 0, 0, 10], "antike-duellum": [3, 2, 2, 1, 0]}
OTHER["splendor-duel"] = [14, 3, 2, 3, 4, 5, 0]


@pytest.mark.parametrize("size", textfit.SIZES, ids=["%dx%d" % s for s in textfit.SIZES])
@pytest.mark.parametrize("game", ["7wd", "splendor-duel", "antike-duellum"])
@pytest.mark.parametrize("lang", ["en", "ja", "ru"])
def test_quick_score_fits(lang: str, game: str, size: tuple[int, int]) -> None:
    from firmware.app import GAMES

    with textfit.device(*size, lang) as d:
        app = d.app
        app.stack[-1].i = GAMES.index(game)
        app.stack[-1].key(A)  # the players' screen
        d.draw_list("players")
        app.stack[-1].i = len(app.stack[-1].labels) - 1
        app.stack[-1].key(A)  # the pad
        pad = app.stack[-1]
        pad.key(B)  # how it ended
        d.draw_list("ended")
        app.pop()
        for p, counts in enumerate((WIDE[game], OTHER[game])):
            for k in range(len(fields(game))):
                pad.cols[p][k] = counts[k]
                d.draw("%s player %d field %d" % (game, p, k))
                pad.key(A)
        assert type(app.stack[-1]).__module__.endswith("sheet"), app.notice
        d.draw("sheet")
        assert not d.seen, d.report()
