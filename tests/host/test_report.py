"""The HTML report: self-contained, with its charts embedded as PNG."""

import base64
import re
from pathlib import Path

import pytest
from loghelp import played

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
