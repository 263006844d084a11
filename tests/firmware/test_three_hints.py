"""Three-button boards (Pico Inky Pack, 250x122): every screen says how to move and how to
act, in every language. A tap of A or C moves (drawn ``A▼ C▲`` before the hints,
ui.status), a hold of A or C acts, and a held B jumps a grouped list's group (its title
says so: a colour in the 7WD picker) or the letter picker's row (the line over its hints
says so). The tracking screen's hints show beside its notice, cut to the room they
leave; a list's notice, which they would leave no room, shows whole."""

import pytest
import textfit

from duelkeeper_dev.tablegame import table_record
from firmware.buttons import BTN_A, BTN_B, BTN_DOWN, BTN_UP, LONG, PRESS

A = BTN_A | PRESS << 5
DOWN = BTN_DOWN | PRESS << 5
UP = BTN_UP | PRESS << 5
HELD_B = BTN_B | LONG << 5
ROW = {"en": "held B: a row", "ja": "B長押し次の行", "ru": "удерж. B: ряд"}


def _shown(d: textfit.Device, where: str) -> list[str]:
    """The texts the top screen draws, whole (none cut but a notice), on the panel."""
    d.draw(where)
    assert all(cut == d.app.notice for cut in d.watch.cut), d.report()
    assert not [p for p in d.seen if not p.startswith("cut")], d.report()
    d.seen.clear()
    return [textfit.plain(b[4]) for b in d.watch.boxes]


def _arrows(d: textfit.Device) -> bool:
    """The status line leads its hints with A▼ C▲: an A and a C drawn left of them."""
    boxes = d.watch.boxes
    y = d.height - 8
    return sum(1 for b in boxes if b[1] == y and b[4] in ("A", "C")) == 2


@pytest.mark.parametrize("lang", ["en", "ja", "ru"])
def test_every_screen_says_how_to_move_and_act(lang: str) -> None:
    from firmware import lang as speaking

    def tr(text: str) -> str:
        return textfit.plain(speaking.tr(text))

    record = table_record(0)
    with textfit.device(250, 122, lang, "abc") as d:
        app = d.app
        texts = _shown(d, "games")
        assert tr("hold A choose  hold C language") in texts and _arrows(d)
        app.stack[-1].key(A)  # the players screen
        app.stack[-1].i = 1
        app.stack[-1].key(A)  # Player 1's names
        app.stack[-1].key(A)  # New name...: the letter picker
        texts = _shown(d, "letters")
        assert tr("hold A next  hold C done  B delete") in texts
        assert any(t.endswith(ROW[lang]) for t in texts), texts  # the held B's row
        for _ in range(3):
            app.pop()
        app.new_game(record["game"], textfit.NAMES, record["setup"])
        for ev in record["events"][:3]:
            d.play(ev)
            app.back_to(1)
        app.notice = app.stack[0].describe(record["events"][2])
        texts = _shown(d, "tracking")
        assert tr("A/C play  B undo  hold C more") in texts  # beside the notice
        app.notice = None  # as the next key clears it
        app.stack[0].key(DOWN)  # a tap of A: the card picker, moved at once
        pick = app.stack[-1]
        assert pick.i == 1
        texts = _shown(d, "picker")
        assert tr("hold A build  hold C more  B back") in texts and _arrows(d)
        assert tr("held B: next group  %s") % "2/20" in texts, texts
        app.notice = speaking.tr("No other choices here: A picks")
        assert tr("No other choices here: A picks") in _shown(d, "picker's notice")  # whole
        app.notice = None
        pick.key(UP)  # a tap of C: up again
        assert pick.i == 0
        app.tick(0)
        app.buttons.poll = lambda now: HELD_B  # a held B: the next colour, not an undo
        app.tick(10)
        assert app.stack[-1] is pick and pick.i == pick.groups[1]
        assert app.match.played == 3
