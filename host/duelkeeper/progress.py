"""A plain-text progress bar on stderr, for work long enough to wonder about.

Shown only on a terminal and only for more than ``HANDFUL`` items: a log file or a pipe
gets no carriage-return noise, and a short sync finishes before a bar would help.
"""

import sys
from typing import TextIO

HANDFUL = 5
WIDTH = 30


class Progress:
    """``start(total)``, ``update(done)`` as items finish, ``end()``."""

    def __init__(self, label: str, stream: TextIO | None = None) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.total = 0
        self.shown = False

    def start(self, total: int) -> None:
        self.total = total
        isatty = getattr(self.stream, "isatty", None)
        self.shown = total > HANDFUL and isatty is not None and bool(isatty())
        self.update(0)

    def update(self, done: int) -> None:
        if not self.shown:
            return
        filled = WIDTH * done // self.total
        bar = "#" * filled + "." * (WIDTH - filled)
        self.stream.write("\r%s [%s] %d/%d" % (self.label, bar, done, self.total))
        self.stream.flush()

    def end(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False
