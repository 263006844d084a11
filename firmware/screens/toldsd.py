"""Splendor Duel: the words of moments, loaded for one and unloaded after it (App._trim):
an event told on the status line, the pending choice's menu, the score sheet's rows.

The tracking screen (tracksd.py) asks for them; kept in it, they held 1 KB of heap for
the whole game (docs/rp2.md, "Found on the real port").
"""

from ..lang import name, tr
from . import choice
from .tracksd import PENDING, again, card, tokens


def describe(app: object, event: list) -> str:
    """An event as a notice line (firmware/notices.py), cards and tokens in the table's
    words; ``, plays again`` when the event, just played, gave an extra turn."""
    from ..notices import describe

    verb = event[0]
    told = event
    if verb in ("buy", "reserve", "royal"):
        text = card(event[2])
        if len(event) > 3 and event[3].get("color"):
            text = tr("%s as %s") % (text, tr(event[3]["color"]))
        told = [verb, event[1], text]
    elif verb in ("take", "privilege", "return"):
        told = [verb, event[1], tokens(event[2])]
    text = describe(told, app.players(), "splendor-duel")  # type: ignore[attr-defined]
    m = app.match  # type: ignore[attr-defined]
    if m.played and m.event(m.played - 1) == event and again(m.game, event):
        text = tr("%s, plays again") % text
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
            labels.append(name("splendor-duel", arg))
    head = "%s: %s" % (who, tr(PENDING.get(r["pending"], r["pending"])))
    return choice.Screen(app, head, labels, events)


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
