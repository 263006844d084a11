"""Splendor Duel: the words of moments, loaded for one and unloaded after it (App._trim):
an event told on the status line, the pending choice's menu, the score sheet's rows.

The tracking screen (tracksd.py) asks for them; kept in it, they held 1 KB of heap for
the whole game (docs/rp2.md, "Found on the real port").
"""

from ..words import title
from . import choice
from .tracksd import PENDING, again, card, tokens


def describe(app: object, event: list) -> str:
    """An event as a notice line (firmware/notices.py), cards and tokens in the table's
    words; ``, plays again`` when the event, just played, gave an extra turn."""
    from ..notices import describe

    verb = event[0]
    told = event
    if verb in ("buy", "reserve", "royal"):
        name = card(event[2])
        if len(event) > 3 and event[3].get("color"):
            name += " as " + event[3]["color"]
        told = [verb, event[1], name]
    elif verb in ("take", "privilege", "return"):
        told = [verb, event[1], tokens(event[2])]
    text = describe(told, app.players())  # type: ignore[attr-defined]
    m = app.match  # type: ignore[attr-defined]
    if m.played and m.event(m.played - 1) == event and again(m.game, event):
        text += ", plays again"
    return text


def pending(app: object) -> object:
    """The pending choice (joker colour, steal, royal card, tokens to return)."""
    g = app.match.game  # type: ignore[attr-defined]
    r = g.result()
    who = app.players()[r["turn"] or 0]  # type: ignore[attr-defined]
    events = g.legal()
    labels = []
    for ev in events:
        arg = ev[2]
        if isinstance(arg, list):
            labels.append(tokens(arg))
        elif ev[0] == "royal":
            labels.append(card(arg))
        else:
            labels.append(title(arg))
    head = "%s: %s" % (who, PENDING.get(r["pending"], r["pending"]))
    return choice.Screen(app, head, labels, events)


def rows(result: dict) -> tuple:
    """The score sheet's rows (label, player 0, player 1), and the row that decided."""
    a, b = result["players"]
    best = [max(p["color_points"].values()) if p["color_points"] else 0 for p in (a, b)]
    rows = [
        ("Points", a["points"], b["points"]),
        ("Crowns", a["crowns"], b["crowns"]),
        ("Best colour", best[0], best[1]),
        ("Royal cards", len(a["royals"]), len(b["royals"])),
        ("Privileges", a["privileges"], b["privileges"]),
    ]
    v = result["victory"]
    if v == "color":
        return rows, "Best colour"
    return rows, "Crowns" if v == "crowns" else "Points" if v == "points" else ""
