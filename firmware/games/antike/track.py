"""Antike Duellum: the live tracking screen.

One column per player: personalities in a big number against the 9 that win, the
resources (marble, iron, gold, coins), cities and temples, and a black flag when the
player is two personalities or fewer from victory or can claim one now (a king, scholar,
citizen or general whose condition is met, with a card left; never the navigator, whose
seven seas only the board shows). A opens the turn's legal events, B asks to undo (B
again undoes), C: the rest (corrections, the score, ending).
"""

from micropython import const

from duelcore.antike.queries import needs

from ...gfx.canvas import LARGE, SMALL, Canvas
from ...gfx.icons import CROWN
from ...lang import lang, name, tr
from ...notices import PAID, describe
from ...screens import choice
from ...screens.tracking import Tracking
from ...ui import big, columns, corrections, flag
from . import turn

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ...contracts import App

NEAR = 2
PAGE = 5  # list rows a screen shows (ui.menu): a page of the card list
WIN = 9
_KINDS = ("king", "scholar", "citizen", "general", "navigator")
_RESOURCES = ("marble", "iron", "gold", "coins")
_FIXES = ("resources", "units")  # the corrections: no move


class Screen(Tracking):
    fix = 2  # the C menu opens on gold, of four: marble a long UP, iron UP, coins DOWN

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.personalities = [0, 0]
        self.resources = (bytearray(4), bytearray(4))
        self.cities = [0, 0]
        self.temples = [0, 0]
        self.held = (bytearray(4), bytearray(4))  # legions, galleys, wall pieces, cards
        self.claim = [0, 0]  # bit k: personality kind k can be claimed now
        self.player = 0  # the player to act
        self.phase = ""
        self.over = False
        # The words it draws, looked up once (per frame they would load lang's lookup)
        self.words = (
            tr("M I G C").split(), tr("CAN CLAIM"), tr("Cities %d  Temples %d"), tr("%d TO WIN"),
            tr("%s to play  %s"), tr("Legions %d  Galleys %d"), tr("Walls %d  Cards %d"),
        )  # fmt: skip

    def enter(self) -> None:
        app = self.app
        g = app.match.game
        r = g.result()
        for p in (0, 1):
            pl = r["players"][p]
            self.personalities[p] = pl["personalities"]["total"]
            res = pl["resources"]
            for k, key in enumerate(_RESOURCES):
                self.resources[p][k] = min(255, res.get(key, 0))
            self.cities[p] = pl["cities"]
            self.temples[p] = pl["temples"]
            held = self.held[p]  # on the map and in the recruitment box
            held[0] = min(255, pl["units"]["army"] + pl["recruits"]["army"])
            held[1] = min(255, pl["units"]["fleet"] + pl["recruits"]["fleet"])
            held[2] = min(255, pl["walls"]["held"])
            held[3] = min(255, len(pl["cards"]))
            self.claim[p] = 0
            try:
                n = needs(g, p)
                for k in range(4):  # not the navigator: its seas are on the players' word
                    if n[_KINDS[k]]["claimable"] and n[_KINDS[k]]["left"] > 0:
                        self.claim[p] |= 1 << k
            except (ImportError, KeyError, TypeError, AttributeError):
                pass
        turn = r.get("turn")
        self.player = turn if turn in (0, 1) else 0
        phase = r.get("phase")
        self.phase = tr(phase) if phase else ""  # the status line's word, looked up once
        self.over = r["over"]
        self.asks = r["pending"]
        app.redraw()

    def after(self) -> None:
        """The turn's menu again after every move, the hand-over and a card taken
        included: the next event is entered from it (B: this screen). Not after a
        correction (the start's coin too): the C menu or the game, as it was."""
        app = self.app
        if app.match.played and app.match.event(-1)[0] not in _FIXES:
            app.push(turn.Screen(app))

    def turn(self) -> turn.Screen:
        return turn.Screen(self.app)

    def pending(self) -> choice.Screen:
        """The pending choice (an event card from the display, in the language's order
        of the names), a screenful (PAGE rows) at a time: a long UP/DOWN turns the page,
        the cursor keeping its row, which opens in the middle of the first page (each
        card of a page two presses from it at most)."""
        app = self.app
        g = app.match.game
        events = turn.collated(g.legal())
        labels = [turn.label(ev, app.players()) for ev in events]
        who = app.players()[g.result()["turn"] or 0]
        head = tr("%s: which event card?") % who
        s = choice.Screen(app, head, labels, events, (min(len(events), PAGE) - 1) // 2)
        s.page = PAGE
        return s

    def status(self) -> str:
        who = self.app.players()[self.player]
        return self.words[4] % (who, self.phase)

    def describe(self, event: list) -> str:
        """An event as a notice line (firmware/notices.py)."""
        return describe(event, self.app.players(), "antike-duellum")

    def corrections(self, p: int, labels: list, events: list) -> None:
        """The C menu's corrections for player p: each resource, by amount."""
        who = self.app.players()[p]
        corrections(who, p, _RESOURCES, PAID, self.resources[p], "resources", labels, events)

    def rows(self, result: dict) -> tuple:
        """The score sheet's rows (label, player 0, player 1), and the row that decided."""
        a, b = result["players"]
        pa = a["personalities"]
        pb = b["personalities"]
        rows = [(name("antike-duellum", k), pa.get(k, 0), pb.get(k, 0)) for k in _KINDS]
        rows.append((tr("Cities"), a["cities"], b["cities"]))
        rows.append((tr("Temples"), a["temples"], b["temples"]))
        rows.append((tr("Total"), pa["total"], pb["total"]))
        return rows, rows[-1][0]

    def draw(self, c: "Canvas") -> None:
        draw(c, self)


def draw(c: Canvas, s: Screen) -> None:
    """Antike Duellum: personalities against 9, resources, cities, temples, threats."""
    c.clear()
    words = s.words
    half = columns(c, s.app.players(), 0, -1 if s.over else s.player)
    for p in (0, 1):
        x0 = 2 if p == 0 else half + 3
        y = 20
        big(c, s.personalities[p], x0, y, CROWN, 9)
        y = 56
        x = x0
        res = s.resources[p]
        font = LARGE
        # Japanese's tags are kanji (石, 鉄): read at 16 px, where 8 blurs their strokes
        tag, tag_y = (LARGE, y) if lang() == "ja" else (SMALL, y + 7)
        wide = 0
        for k in range(4):
            wide += c.text_width(words[0][k], tag) + c.text_width(str(res[k]), LARGE) + 8
        if wide > half - 8:  # two-digit counts on a narrow panel: small digits
            font = SMALL
        for k in range(4):
            x = c.text(words[0][k], x, tag_y, tag)
            x = c.text(str(res[k]), x + 2, y if font is LARGE else y + 7, font) + 6
        y = 76
        c.text(
            words[2] % (s.cities[p], s.temples[p]),
            x0,
            y,
        )
        held = s.held[p]
        c.text(words[5] % (held[0], held[1]), x0, 85)
        c.text(words[6] % (held[2], held[3]), x0, 94)
        y = 102
        left = 9 - s.personalities[p]
        x = x0
        if left <= 2:
            x = flag(c, words[3] % left, x, y)
        if s.claim[p]:
            flag(c, words[1], x, y)
    s.footer(c)
