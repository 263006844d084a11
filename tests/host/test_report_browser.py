"""The report as a browser shows it: headless Chromium (Debian's package) opens the file
and the page it builds holds the head to head, the games and their timelines, and every
chart decoded. Where the machine has no /usr/bin/chromium the test skips, saying so in
one line (docs/play-log.md, "report", says why `make` does not install it)."""

import subprocess
from pathlib import Path

import pytest
from loghelp import played

from duelkeeper import report
from duelkeeper.log import Log

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# Run in the page once it has loaded: whether every chart decoded (a broken image has no
# natural width), written into the DOM that --dump-dom prints.
CHECK = (
    "<script>addEventListener('load',()=>{document.body.dataset.images=[...document.images]"
    ".map(i=>i.complete&&i.naturalWidth>0?'ok':'broken').join(' ')})</script>"
)


def chromium(page: Path, tmp_path: Path) -> str:
    if not CHROMIUM.is_file():
        pytest.skip("no /usr/bin/chromium here (Debian: apt-get install chromium)")
    done = subprocess.run(
        [str(CHROMIUM), *FLAGS, "--user-data-dir=%s" % (tmp_path / "profile")]
        + ["--virtual-time-budget=5000", "--dump-dom", page.as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_report_in_headless_chromium(tmp_path: Path) -> None:
    db = tmp_path / "log.sqlite3"
    with Log.open(db) as log:
        log.add(played("7wd", 1, players=["花子", "Кира"], meta={"date": "2026-05-01"}))
        log.add(played("splendor-duel", 1, players=["李明", "Zoë"], meta={"date": "2026-05-02"}))
        page = report.build(log)
    path = tmp_path / "report.html"
    path.write_text(page.replace("</body>", CHECK + "</body>"), encoding="utf-8")
    dom = chromium(path, tmp_path)
    assert 'data-images="ok ok ok"' in dom  # scores, victory types, the track: all drawn
    assert "<th>head to head</th>" in dom and "<td>花子 - Кира</td>" in dom
    assert '<a href="#game-random-7wd-1">random-7wd-1</a>' in dom
    assert '<h3 id="game-random-splendor-duel-1">' in dom  # the link's timeline
