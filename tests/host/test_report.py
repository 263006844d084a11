"""The HTML report: self-contained, with its charts embedded as PNG."""

import base64
import logging
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from loghelp import played
from matplotlib.figure import Figure

from duelkeeper import report
from duelkeeper.errors import DuelkeeperError
from duelkeeper.log import Log

PNG = b"\x89PNG\r\n\x1a\n"


def images(html: str) -> dict[str, bytes]:
    found = re.findall(r'<img alt="([^"]*)" src="data:image/png;base64,([A-Za-z0-9+/=]+)">', html)
    return {alt: base64.b64decode(data) for alt, data in found}


@pytest.fixture(scope="module")
def log_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("report") / "log.sqlite3"
    with Log.open(path) as log:
        for seed in range(3):
            log.add(played("7wd", seed, meta={"date": "2026-05-0%d" % (seed + 1)}))
        log.add(played("splendor-duel", 0))
    return path


def test_report_embeds_every_chart(log_path: Path) -> None:
    with Log.open(log_path) as log:
        html = report.build(log)
    pictures = images(html)
    assert set(pictures) == {"scores", "victory types", "track"}
    assert all(p.startswith(PNG) for p in pictures.values())
    assert "random-7wd-2" in html  # the latest 7wd game is the one drawn
    assert "<td>Ann</td>" in html  # the stats table


def test_report_draws_the_game_asked_for(log_path: Path) -> None:
    with Log.open(log_path) as log:
        html = report.build(log, "random-splendor-duel-0")
        assert "Splendor Duel random-splendor-duel-0" in html
        assert "track" in images(html)
        with pytest.raises(DuelkeeperError, match="no game nope"):
            report.build(log, "nope")


def test_report_of_an_empty_log(tmp_path: Path) -> None:
    with Log.open(tmp_path / "empty.sqlite3") as log:
        html = report.build(log)
    assert "No games in the play log yet" in html
    assert images(html) == {}


def test_names_are_text_not_tex_nor_html(tmp_path: Path) -> None:
    """Issue 10: a "$" in a name made matplotlib parse TeX and fail; "<" must not open a
    tag. Names are labels, titles and table cells, shown as written."""
    names = ["$\\frac{$<b>", "B$ob$_^&"]
    with Log.open(tmp_path / "log.sqlite3") as log:
        log.add(played("7wd", 1, players=names))
        html = report.build(log)
    assert len(images(html)) == 3
    assert "<b>" not in html and "&lt;b&gt;" in html and "B$ob$_^&amp;" in html


# Names in Japanese, Chinese, Russian and Latin letters, two players of each game kind.
WORLD = [("花子", "李明"), ("Кира", "Zoë")]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("world") / "log.sqlite3"
    with Log.open(path) as log:
        for seed, (a, b) in enumerate(WORLD * 2):
            day = {"date": "2026-05-1%d" % seed}
            log.add(played("7wd", seed, players=[a, b], meta=day))
            log.add(played("splendor-duel", seed, players=[b, a], meta=day))
    return path


def test_every_script_draws_without_a_missing_glyph(
    world: Path, caplog: pytest.LogCaptureFixture
) -> None:
    assert report.families()[-1] == report.FALLBACK  # make fonts unpacked it
    with Log.open(world) as log, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        report.build(log, lang="ja")
        report.build(log, "random-splendor-duel-1", lang="ru")
    said = [str(w.message) for w in caught] + [r.getMessage() for r in caught_logs(caplog)]
    assert not [s for s in said if "missing from" in s or "Glyph" in s], said


def caught_logs(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name.startswith("matplotlib")]


def test_head_to_head_and_the_games_each_linking_to_its_timeline(world: Path) -> None:
    with Log.open(world) as log:
        page = report.build(log)
        games = list(log.games())
    assert page.count("<th>head to head</th>") == 2  # one table a game kind
    assert "<td>花子 - 李明</td>" in page and "<td>Zoë - Кира</td>" in page
    listed = re.findall(r'<a href="#(game-[^"]+)">', page)
    assert sorted(listed) == sorted("game-" + g.id for g in games)
    for target in listed:
        assert page.count('id="%s"' % target) == 1  # each link lands on its timeline
    with Log.open(world) as log:
        short = report.build(log, listed=3)
    assert len(re.findall(r'<a href="#game-', short)) == 3
    assert "the latest 3 of %d" % len(games) in short


def axes_of(draw: object) -> list[Any]:
    figure = Figure()
    draw(figure)  # type: ignore[operator]
    return list(figure.axes)


def test_charts_read_at_a_glance(world: Path) -> None:
    with Log.open(world) as log:
        scores = report._scores(log)
        conflict, coins = axes_of(report._track(log.get("random-7wd-0")))
        victories = axes_of(report._victories(log))
    for ax in axes_of(report._distributions(scores)):
        assert ax.patches and not ax.lines  # bars, not step outlines
        assert all(t == int(t) for t in ax.get_yticks())
    assert conflict.get_ylim() == (-9, 9)
    assert list(conflict.get_yticks()) == [-9, -6, -3, 0, 3, 6, 9]
    assert all(t == int(t) for t in coins.get_yticks())
    for ax in victories:
        bars = [round(p.get_height()) for p in ax.patches]
        assert sorted(int(t.get_text()) for t in ax.texts) == sorted(bars)  # counts shown
    with Log.open(world) as log:
        (splendor,) = axes_of(report._track(log.get("random-splendor-duel-0")))
    assert all(t == int(t) for t in splendor.get_yticks())  # points, crowns: whole


def test_report_list_option(world: Path, tmp_path: Path) -> None:
    from duelkeeper.cli import main

    out = tmp_path / "r.html"
    assert main(["report", "--db", str(world), str(out), "--list", "1"]) == 0
    assert len(re.findall(r'<a href="#game-', out.read_text())) == 1
