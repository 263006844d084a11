"""An HTML report of the play log: the stats tables and charts, in one self-contained file.

Charts are drawn by matplotlib on its Agg canvas (no display, no pyplot state) and
embedded as base64 PNG, so the file can be mailed or opened anywhere. Charts: score
distributions per game and player, victory types, and one game's track event by event
(conflict and coins for 7 Wonders Duel; the kind's timeline series for the others).
With ``lang`` (``--lang``), the track's series name their components in that language
(duelkeeper.names) and the page says its language; the rest stays English.
"""

import base64
import html
import io
from collections.abc import Callable

from matplotlib import rc_context
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from duelkeeper import stats
from duelkeeper.entry import date_shown
from duelkeeper.kinds import KINDS, WINNER
from duelkeeper.log import UNNAMED, Game, Log
from duelkeeper.names import Words
from duelkeeper.sheet import label, timeline
from duelkeeper.textable import text

TOP_PLAYERS = 4  # players drawn in a score distribution (the most games first)


def png(draw: Callable[[Figure], None], width: float = 8, height: float = 3.5) -> str:
    """A chart as base64 PNG: ``draw`` fills a fresh figure."""
    out = io.BytesIO()
    # Players' names are labels: "$" in a name is a dollar, not TeX for mathtext to parse.
    with rc_context({"text.parse_math": False}):
        figure = Figure(figsize=(width, height), layout="constrained")
        FigureCanvasAgg(figure)
        draw(figure)
        figure.savefig(out, format="png", dpi=96)
    return base64.b64encode(out.getvalue()).decode("ascii")


def _image(data: str, alt: str) -> str:
    return '<img alt="%s" src="data:image/png;base64,%s">' % (html.escape(alt), data)


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
    def draw(figure: Figure) -> None:
        axes = figure.subplots(1, len(scores), squeeze=False)[0]
        for ax, (game, players) in zip(axes, scores.items(), strict=True):
            low = min(min(s) for s in players.values())
            high = max(max(s) for s in players.values())
            bins = range(low, high + 2)
            for player, values in players.items():
                ax.hist(values, bins=bins, histtype="step", label=player)
            ax.set_title(KINDS[game].title)
            ax.set_xlabel(KINDS[game].unit)
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))
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
            ax.bar(list(kinds), list(kinds.values()))
            ax.set_title(KINDS[game].title)
            ax.set_ylabel("games")
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))

    return draw


def _track(game: Game, lang: str = "en") -> Callable[[Figure], None]:
    line = timeline(game.record, game.names)
    words = Words(game.game, lang)
    labels = [label(t, words) for t in line.labels]  # line.labels: the English ones
    steps = range(-1, len(line.events) - 1)  # -1: the setup

    def series(ax: Axes, columns: list[int]) -> None:
        for c in columns:
            ax.step(steps, [v[c] for v in line.values], where="post", label=labels[c])
        ax.legend(fontsize="small")
        ax.set_xlabel("event")

    def draw(figure: Figure) -> None:
        if game.game != "7wd":
            series(figure.subplots(), list(range(len(line.labels))))
            return
        conflict, coins = figure.subplots(1, 2)
        series(conflict, [line.labels.index("conflict")])
        conflict.set_ylim(-9.5, 9.5)
        conflict.axhline(0, color="grey", linewidth=0.5)
        conflict.set_title("conflict (+9: %s's capital)" % game.names[1])
        series(coins, [i for i, label in enumerate(line.labels) if label.startswith("coins")])
        coins.set_title(words.word("coins"))

    return draw


def _table(rows: list[list[str]], header: list[str]) -> str:
    head = "".join("<th>%s</th>" % html.escape(h) for h in header)
    body = "".join(
        "<tr>%s</tr>" % "".join("<td>%s</td>" % html.escape(c) for c in row) for row in rows
    )
    return "<table><tr>%s</tr>%s</table>" % (head, body)


def _stats_html(figures: list[stats.KindStats]) -> str:
    parts = []
    for s in figures:
        parts.append("<h3>%s: %d games</h3>" % (html.escape(KINDS[s.game].title), s.games))
        rows = [[text(c) for c in stats.player_row(p)] for p in s.players]
        parts.append(_table(rows, stats.PLAYER_HEADER))
    return "\n".join(parts)


_STYLE = """body{font-family:sans-serif;max-width:60em;margin:2em auto}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.2em .6em}
td{text-align:right}td:first-child{text-align:left}img{max-width:100%}"""


def build(log: Log, game_id: str | None = None, lang: str = "en") -> str:
    """The report as HTML; ``game_id`` picks the game whose track is drawn, ``lang`` the
    language of the components' names in it."""
    track = log.get(game_id) if game_id else log.latest("7wd")
    body = ["<h1>duelkeeper play log</h1>"]
    if log.count() == 0:
        body.append("<p>No games in the play log yet.</p>")
    else:
        body += ["<h2>Players</h2>", _stats_html(stats.compute(log))]
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
    return (
        '<!DOCTYPE html>\n<html lang="%s"><head><meta charset="utf-8">'
        "<title>duelkeeper play log</title><style>%s</style></head>\n<body>\n%s\n</body></html>\n"
        % (lang, _STYLE, "\n".join(body))
    )


def game_title(game: Game) -> str:
    return "%s %s" % (KINDS[game.game].title, game.id)
