"""Splendor Duel's words: cards and tokens as the table shows them, an event told on the
status line and the score sheet's rows (the tracking screen,
track.py, and the card and token menus use them).

Cards are named as the table shows them (``card()``): colour, level, points (``*``, a
star in the device's fonts), crowns (``^``, a crown) and ability, never by id.
"""

from duelcore.compat import const
from duelcore.splendor import cards as C
from duelcore.splendor.cards import TOKENS
from duelcore.splendor.names import find

from ... import notices
from ...lang import count, name, tr, word

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from duelcore.splendor.rules import Game

    from ...contracts import App

LEVELS = ("", "I", "II", "III")
# The colours of cards (TOKENS order, then joker and no bonus) and the short forms of the
# token kinds where words do not fit (gold has none: it is always "gold"), one a word,
# each read without a legend ("U" and "K" for blue and black were not).
COLOURS = ("white", "blue", "green", "red", "black", "joker", "plain")
LETTERS = word("W B G R Bk P")
# Token counts in words, TOKENS order: each a word's forms for a count (lang.count).
COUNTED = (
    word("%d white"), word("%d blue"), word("%d green"), word("%d red"), word("%d black"),
    word("%d pearl"), word("%d gold"),
)  # fmt: skip
_ABILITIES = ("", word("again"), word("token"), word("privilege"), word("steal"))
# Offsets of a card's fields (duelcore/splendor/cards.py).
_COLOR = const(0)
_POINTS = const(1)
_CROWNS = const(2)
_ABILITY = const(4)
# The verbs that end a player's action: the same player to play after one is an extra turn.
_ACTS = ("take", "reserve", "buy", "color", "steal", "royal", "return")


def face(points: int, crowns: int, ability: int) -> str:
    """What a card gives, as printed on it: `` 1* 2^ again`` (nothing for 0)."""
    out = " %d*" % points if points else ""
    if crowns:
        out += " %d^" % crowns
    return out + " " + tr(_ABILITIES[ability]) if ability else out


def card(cid: str) -> str:
    """A card as the table shows it: ``Red II 1* again``; a blind reservation
    ``Deck II (blind)``; a royal card ``Royal 2* again``."""
    if cid.startswith("deck"):
        return tr("Deck %s (blind)") % LEVELS[int(cid[4:])]
    if cid.startswith("royal"):
        r = C.ROYALS.index(cid)
        return tr("Royal") + face(C.ROYAL_POINTS[r], 0, C.ROYAL_ABILITY[r])
    i = find(cid)
    return "%s %s%s" % (
        colour(COLOURS[C.get(i, _COLOR)]),
        LEVELS[C.level(i)],
        face(C.get(i, _POINTS), C.get(i, _CROWNS), C.get(i, _ABILITY)),
    )


def colour(c: str) -> str:
    """A card's colour as a name: ``Red``, ``Joker``, ``Plain`` (no bonus)."""
    return tr("Plain") if c == "plain" else name("splendor-duel", c)


def tokens(counts: "dict | list", short: bool = False, sign: bool = False) -> str:
    """Token counts ``{"white": 2, "gold": 1}`` as ``2 white 1 gold`` (``short``:
    ``2W 1 gold``; ``sign``: ``+2 white``, as a correction says); a list of token names
    is counted first."""
    out = []
    letters = tr(LETTERS).split() if short else ()
    for k in range(7):
        t = TOKENS[k]
        n = counts.count(t) if isinstance(counts, list) else counts.get(t, 0)
        if n:
            out.append(
                ("%d%s" % (n, letters[k])) if short and k < 6 else count(n, COUNTED[k], sign)
            )
    return " ".join(out) if out else tr("nothing")


def again(g: "Game", event: list) -> bool:
    """Whether ``event``, just played, leaves its player an extra turn."""
    r = g.result()
    return event[0] in _ACTS and not r["over"] and r["pending"] is None and r["turn"] == event[1]


PENDING = {
    "color": word("joker colour"),
    "steal": word("steal a token"),
    "royal": word("royal card"),
    "return": word("return tokens"),
}


def describe(app: "App", event: list) -> str:
    """An event as a notice line (firmware/notices.py), cards and tokens in the table's
    words; ``, plays again`` when the event, just played, gave an extra turn."""
    verb = event[0]
    told = event
    if verb in ("buy", "reserve", "royal"):
        text = card(event[2])
        if len(event) > 3 and event[3].get("color"):
            text = tr("%s as %s") % (text, tr(event[3]["color"]))
        told = [verb, event[1], text]
    elif verb in ("take", "privilege", "return"):
        told = [verb, event[1], tokens(event[2])]
    elif verb == "tokens":  # a correction: signed, in so many words (``Ann +2 green``)
        return "%s %s" % (app.players()[event[1]], tokens(event[2], False, True))
    text = notices.describe(told, app.players(), "splendor-duel")
    m = app.match
    if m.played and m.event(m.played - 1) == event and again(m.game, event):
        text = tr("%s, plays again") % text
    return text


def rows(result: dict) -> tuple:
    """The score sheet's rows (label, player 0, player 1), and the row that decided."""
    a, b = result["players"]
    best = [max(p["color_points"].values()) if p["color_points"] else 0 for p in (a, b)]
    rows = [
        (tr("Points"), a["points"], b["points"]),
        (tr("Crowns"), a["crowns"], b["crowns"]),
        (tr("Best colour"), best[0], best[1]),
        (tr("Royal cards"), len(a["royals"]), len(b["royals"])),
        (tr("Privileges"), a["privileges"], b["privileges"]),
    ]
    v = result["victory"]
    k = 2 if v == "color" else 1 if v == "crowns" else 0 if v == "points" else -1
    return rows, rows[k][0] if k >= 0 else ""
