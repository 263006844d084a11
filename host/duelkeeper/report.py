"""An HTML report of the play log: the stats tables and charts, in one self-contained file.

Charts are drawn by matplotlib on its Agg canvas (no display, no pyplot state) and
embedded as base64 PNG, so the file can be mailed or opened anywhere. Sections: per game
kind the players' figures and the head to head of each pair; score distributions and
victory types as bars with their counts; one game's track event by event (conflict and
coins for 7 Wonders Duel; the kind's timeline series for the others); the latest games,
each linking to its timeline (the `show` table). With ``lang`` (``--lang``), events and
series name their components in that language (duelkeeper.names) and the page says its
language; the rest stays English.

Names in any script draw: DejaVu Sans (matplotlib's own, Latin and Cyrillic) falls back on
WenQuanYi Micro Hei (Debian's fonts-wqy-microhei: kana, kanji, hangul, and Latin and
Cyrillic too), which ``make fonts`` unpacks into build/fonts (docs/play-log.md).
"""

import base64
import functools
import html
import io
from collections.abc import Callable
from pathlib import Path

from matplotlib import font_manager, rc_context
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from duelkeeper import sheet, stats
from duelkeeper.entry import date_shown
from duelkeeper.kinds import KINDS, WINNER
from duelkeeper.log import UNNAMED, Game, Log
from duelkeeper.names import Words
from duelkeeper.repo import ROOT
from duelkeeper.textable import text

TOP_PLAYERS = 4  # players drawn in a score distribution (the most games first)
LISTED = 10  # the latest games listed, each with its timeline (a replay each: ~10 ms)
CONFLICT = 9  # the 7WD conflict track runs from -9 to +9 (a capital at each end)

FALLBACK = "WenQuanYi Micro Hei"
# Where the fallback font is: unpacked by `make fonts`, or installed by apt.
FONT_FILE = "usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
FONT_ROOTS = (ROOT / "build" / "fonts" / "root", Path("/"))


@functools.cache
def families() -> tuple[str, ...]:
    """The font families the charts draw with, the fallback last when it is found."""
    for root in FONT_ROOTS:
        path = root / FONT_FILE
        if path.is_file():
            font_manager.fontManager.addfont(str(path))
            return ("DejaVu Sans", FALLBACK)
    return ("DejaVu Sans",)


def png(draw: Callable[[Figure], None], width: float = 8, height: float = 3.5) -> str:
    """A chart as base64 PNG: ``draw`` fills a fresh figure."""
    out = io.BytesIO()
    # Players' names are labels: "$" in a name is a dollar, not TeX for mathtext to parse.
    with rc_context({"text.parse_math": False, "font.family": list(families())}):
        figure = Figure(figsize=(width, height), layout="constrained")
        FigureCanvasAgg(figure)
        draw(figure)
        figure.savefig(out, format="png", dpi=96)
    return base64.b64encode(out.getvalue()).decode("ascii")


def _image(data: str, alt: str) -> str:
    return '<img alt="%s" src="data:image/png;base64,%s">' % (html.escape(alt), data)


def _whole(axis: object) -> None:
    """Ticks at whole numbers only: counts and scores have no halves."""
    axis.set_major_locator(MaxNLocator(integer=True))  # type: ignore[attr-defined]


def _scores(log: Log) -> dict[str, dict[str, list[int]]]:
    """Scores per game kind and player, for the players with the most games (a quick
    score of the winner only has none)."""
    out: dict[str, dict[str, list[int]]] = {}
    for game, player, score in log.conn.execute(
        "SELECT game, player, score FROM plays WHERE quick < ? AND player != ? "
        "ORDER BY game, player",
        (WINNER, UNNAMED),
    ):
        out.setdefault(game, {}).setdefault(player, []).append(score)
    for game, players in out.items():
        top = sorted(players, key=lambda p: (-len(players[p]), p))[:TOP_PLAYERS]
        out[game] = {p: players[p] for p in top}
    return out


def _distributions(scores: dict[str, dict[str, list[int]]]) -> Callable[[Figure], None]:
    """Per game kind, how often each player made each total: bars side by side."""

    def draw(figure: Figure) -> None:
        axes = figure.subplots(1, len(scores), squeeze=False)[0]
        for ax, (game, players) in zip(axes, scores.items(), strict=True):
            width = 0.8 / len(players)
            for i, (player, values) in enumerate(players.items()):
                totals = sorted(set(values))
                counts = [values.count(t) for t in totals]
                offset = (i - (len(players) - 1) / 2) * width
                ax.bar([t + offset for t in totals], counts, width=width, label=player)
            ax.set_title(KINDS[game].title)
            ax.set_xlabel(KINDS[game].unit)
            ax.set_ylabel("games")
            _whole(ax.xaxis)
            _whole(ax.yaxis)
            ax.legend(fontsize="small")

    return draw


def _victories(log: Log) -> Callable[[Figure], None]:
    counts: dict[str, dict[str, int]] = {}
    for game, victory, n in log.conn.execute(
        "SELECT game, victory, COUNT(*) FROM games GROUP BY game, victory"
    ):
        counts.setdefault(game, {})[victory or "shared"] = n

    def draw(figure: Figure) -> None:
        axes = figure.subplots(1, len(counts), squeeze=False)[0]
        for ax, (game, kinds) in zip(axes, counts.items(), strict=True):
            bars = ax.bar(list(kinds), list(kinds.values()))
            ax.bar_label(bars)  # the count on each bar
            ax.margins(y=0.15)  # room for the labels
            ax.set_title(KINDS[game].title)
            ax.set_ylabel("games")
            _whole(ax.yaxis)

    return draw


def _track(game: Game, lang: str = "en") -> Callable[[Figure], None]:
    line = sheet.timeline(game.record, game.names)
    words = Words(game.game, lang)
    labels = [sheet.label(t, words) for t in line.labels]  # line.labels: the English ones
    steps = range(-1, len(line.events) - 1)  # -1: the setup

    def series(ax: Axes, columns: list[int]) -> None:
        for c in columns:
            ax.step(steps, [v[c] for v in line.values], where="post", label=labels[c])
        ax.legend(fontsize="small")
        ax.set_xlabel("event")
        _whole(ax.xaxis)
        _whole(ax.yaxis)  # every series counts whole things

    def draw(figure: Figure) -> None:
        if game.game != "7wd":
            series(figure.subplots(), list(range(len(line.labels))))
            return
        conflict, coins = figure.subplots(1, 2)
        series(conflict, [line.labels.index("conflict")])
        conflict.set_ylim(-CONFLICT, CONFLICT)
        conflict.set_yticks(range(-CONFLICT, CONFLICT + 1, 3))
        conflict.axhline(0, color="grey", linewidth=0.5)
        conflict.set_title("conflict (+9: %s's capital)" % game.names[1])
        series(coins, [i for i, label in enumerate(line.labels) if label.startswith("coins")])
        coins.set_title(words.word("coins"))

    return draw


def _table(rows: list[list[str]], header: list[str], cells: bool = False) -> str:
    """A table; ``cells``: the rows hold HTML already (escaped by the caller)."""
    head = "".join("<th>%s</th>" % html.escape(h) for h in header)
    body = "".join(
        "<tr>%s</tr>" % "".join("<td>%s</td>" % (c if cells else html.escape(c)) for c in row)
        for row in rows
    )
    return "<table><tr>%s</tr>%s</table>" % (head, body)


def _stats_html(figures: list[stats.KindStats]) -> str:
    parts = []
    for s in figures:
        parts.append("<h3>%s: %d games</h3>" % (html.escape(KINDS[s.game].title), s.games))
        rows = [[text(c) for c in stats.player_row(p)] for p in s.players]
        parts.append(_table(rows, stats.PLAYER_HEADER))
        if s.head_to_head:
            pairs = [[text(c) for c in stats.pair_row(h)] for h in s.head_to_head]
            parts.append(_table(pairs, stats.PAIR_HEADER))
    return "\n".join(parts)


def anchor(game: Game) -> str:
    """The id of a game's timeline in the page."""
    return "game-" + game.id


def _listed(games: list[Game], total: int, lang: str) -> list[str]:
    """The latest games, newest first, each linking to its timeline below the list."""
    rows = []
    for g in games:
        score = "-" if g.quick == WINNER else "%d - %d" % g.totals
        winner = "shared" if g.winner is None else g.names[g.winner]
        link = '<a href="#%s">%s</a>' % (html.escape(anchor(g)), html.escape(g.id))
        cells = [date_shown(g.date), KINDS[g.game].title, "%s - %s" % g.names, score, winner]
        rows.append([link, *(html.escape(c) for c in cells)])
    said = "the latest %d of %d" % (len(games), total) if total > len(games) else "all %d" % total
    parts = [
        "<h2>Games</h2>",
        "<p>%s, newest first; each links to its timeline (`duelkeeper show ID` for any "
        "other).</p>" % said,
        _table(rows, ["id", "date", "game", "players", "score", "winner"], cells=True),
    ]
    for g in games:
        data = sheet.sheet(g, told=lang)
        parts.append(
            '<h3 id="%s">%s</h3>'
            % (html.escape(anchor(g)), html.escape("%s, %s vs %s" % (game_title(g), *g.names)))
        )
        line = data["timeline"]
        if line is None:
            parts.append("<p>A quick score, entered after the game: no timeline.</p>")
            continue
        words = Words(g.game, lang)
        header = ["#", "event", *(sheet.label(t, words) for t in line["labels"])]
        rows = [
            ["-" if i == 0 else str(i - 1), row["told"]] + [str(v) for v in row["values"]]
            for i, row in enumerate(line["rows"])
        ]
        parts.append(_table(rows, header))
    return parts


_STYLE = """body{font-family:sans-serif;max-width:60em;margin:2em auto}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.2em .6em}
td{text-align:right}td:first-child,td:nth-child(2){text-align:left}img{max-width:100%}"""


def build(log: Log, game_id: str | None = None, lang: str = "en", listed: int | None = None) -> str:
    """The report as HTML; ``game_id`` picks the game whose track is drawn, ``lang`` the
    language of the components' names, ``listed`` how many of the latest games are listed
    with their timelines (LISTED when None)."""
    track = log.get(game_id) if game_id else log.latest("7wd")
    body = ["<h1>duelkeeper play log</h1>"]
    total = log.count()
    if total == 0:
        body.append("<p>No games in the play log yet.</p>")
    else:
        body += ["<h2>Players and head to head</h2>", _stats_html(stats.compute(log))]
        scores = _scores(log)
        if scores:  # none when every game is a quick score of the winner only
            body += ["<h2>Score distributions</h2>", _image(png(_distributions(scores)), "scores")]
        body += ["<h2>Victory types</h2>", _image(png(_victories(log)), "victory types")]
    if track is not None:
        title = "%s, %s vs %s, %s" % (game_title(track), *track.names, date_shown(track.date))
        body.append("<h2>One game: %s</h2>" % html.escape(title))
        if track.score_only:  # filed from its final counts: no events to draw
            body.append("<p>A quick score, entered after the game: no track.</p>")
        else:
            body.append(_image(png(_track(track, lang)), "track"))
    if total:
        body += _listed(log.newest(LISTED if listed is None else listed), total, lang)
    return (
        '<!DOCTYPE html>\n<html lang="%s"><head><meta charset="utf-8">'
        "<title>duelkeeper play log</title><style>%s</style></head>\n<body>\n%s\n</body></html>\n"
        % (lang, _STYLE, "\n".join(body))
    )


def game_title(game: Game) -> str:
    return "%s %s" % (KINDS[game.game].title, game.id)
