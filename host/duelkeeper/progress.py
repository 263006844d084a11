"""Progress of a sync or an import: a bar on a terminal, plain lines anywhere else.

Shown only for more than ``HANDFUL`` games: a short sync ends before a bar would help.
On a terminal, tqdm draws the bar on stderr: games done, games a second, time left. A
file or a pipe gets no carriage returns: one plain line each time another tenth of the
games is done (``sync: 30/300 games, 9.3 games/s, 29 s left``), so a log stays readable.
"""

import sys
import time
from collections.abc import Callable
from typing import Never, TextIO

from tqdm import tqdm

HANDFUL = 5
BAR = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} games, {rate_fmt}, {remaining} left"
LINES = 10  # plain lines in a whole run


class Progress:
    """``start(total)``, ``update(done)`` as games finish, ``end()``. ``clock`` (seconds)
    times the plain lines."""

    def __init__(
        self,
        label: str,
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock
        self.total = 0
        self.bar: tqdm[Never] | None = None
        self.lines = 0  # tenths told in plain lines so far
        self.began = 0.0
        self.shown = False

    def start(self, total: int) -> None:
        self.total = total
        self.shown = total > HANDFUL
        self.lines = 0
        self.began = self.clock()
        isatty = getattr(self.stream, "isatty", None)
        if self.shown and isatty is not None and isatty():
            self.bar = tqdm(
                total=total,
                desc=self.label,
                unit=" games",
                file=self.stream,
                bar_format=BAR,
                dynamic_ncols=True,
            )

    def update(self, done: int) -> None:
        if not self.shown:
            return
        if self.bar is not None:
            self.bar.update(done - self.bar.n)
        elif done * LINES // self.total > self.lines:
            self.lines = done * LINES // self.total
            self.stream.write(self.line(done) + "\n")
            self.stream.flush()

    def line(self, done: int) -> str:
        """``label: done/total games, R games/s, S s left``."""
        took = self.clock() - self.began
        rate = done / took if took > 0 else 0.0
        left = "%.0f s left" % ((self.total - done) / rate) if rate else "time left unknown"
        return "%s: %d/%d games, %.1f games/s, %s" % (self.label, done, self.total, rate, left)

    def end(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None
        self.shown = False
