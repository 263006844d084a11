"""Shared by test_text_fits.py: the firmware in this process, every text it draws watched.

A ``Watch`` wraps ``Canvas.text`` and ``Canvas.icon`` to keep each frame's boxes, and
``ui.fit`` (in every firmware module that took it) to note each string it had to cut.
``Device`` runs the App on the simulator's board at one panel size and draws its top
screen on demand; ``problems()`` names what a frame clipped or overlapped.
"""

import json
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fwhelp import framebuf  # noqa: F401  (installs the shims: firmware imports them)

SIZES = ((296, 128), (250, 122))
NAMES = ["Player 1", "Player 2"]  # the names a fresh device offers: the widest usual ones

Box = tuple[int, int, int, int, str]  # x0, y0, x1, y1, what


class Watch:
    """Text and icon boxes of the frame being drawn, and the strings fit() cut."""

    def __init__(self) -> None:
        self.boxes: list[Box] = []
        self.cut: list[str] = []
        self._undo: list[tuple[object, str, object]] = []

    def _set(self, owner: object, name: str, value: object) -> None:
        self._undo.append((owner, name, getattr(owner, name)))
        setattr(owner, name, value)

    def install(self) -> None:
        from firmware import ui
        from firmware.gfx import canvas

        watch = self
        text, icon, fit = canvas.Canvas.text, canvas.Canvas.icon, ui.fit

        def text_(c: Any, s: str | int, x: int, y: int, font: Any = canvas.SMALL,
                  align: int = 0, color: int = 1, scale: int = 1) -> int:  # fmt: skip
            end = text(c, s, x, y, font, align, color, scale)
            shown = canvas.text_at(s) if type(s) is int else s  # a row's place (lang.row)
            if shown.strip():
                w = c.text_width(s, font, scale)
                watch.boxes.append((end - w, y, end, y + font[0] * scale - scale, shown))
            return end

        def icon_(c: Any, n: int, x: int, y: int, color: int = 1, scale: int = 1) -> int:
            w = icon(c, n, x, y, color, scale)
            watch.boxes.append((x, y, x + w, y + w, "icon %d" % n))
            return w

        def fit_(c: Any, s: str | int, w: int, font: Any = canvas.SMALL) -> str | int:
            out = fit(c, s, w, font)
            if out != s:
                watch.cut.append(canvas.text_at(s) if type(s) is int else s)
            return out

        self._set(canvas.Canvas, "text", text_)
        self._set(canvas.Canvas, "icon", icon_)
        for name, module in list(sys.modules.items()):
            if name.startswith("firmware") and getattr(module, "fit", None) is fit:
                self._set(module, "fit", fit_)

    def uninstall(self) -> None:
        while self._undo:
            owner, name, value = self._undo.pop()
            setattr(owner, name, value)

    def problems(self, width: int, height: int) -> list[str]:
        """What the frame just drawn clipped (cut short, or past an edge) or overlapped."""
        out = ["cut: %r" % s for s in self.cut]
        boxes = self.boxes
        for k, (x0, y0, x1, y1, s) in enumerate(boxes):
            if x0 < 0 or y0 < 0 or x1 > width or y1 > height:
                out.append("off the panel: %r at %d,%d-%d,%d" % (s, x0, y0, x1, y1))
            for a0, b0, a1, b1, t in boxes[k + 1 :]:
                if x0 < a1 and a0 < x1 and y0 < b1 and b0 < y1:
                    out.append("overlap: %r and %r" % (s, t))
        return out


class Device:
    """The App on the sim board at one size, over a temporary flash."""

    def __init__(self, width: int, height: int, root: Path, buttons: str = "abcud") -> None:
        from boards import sim as board
        from firmware.app import App
        from firmware.storage import Storage

        board.WIDTH, board.HEIGHT, board.BUTTONS, board.ROOT = width, height, buttons, str(root)
        self.board = board.open()
        self.app = App(self.board, Storage(self.board.root))
        self.width, self.height = width, height
        self.watch = Watch()
        self.seen: dict[str, list[str]] = {}  # problem -> where it was seen (first few)

    def draw(self, where: str) -> None:
        """Draw the top screen as the App would, and note its problems."""
        w = self.watch
        w.boxes, w.cut = [], []
        self.app.stack[-1].draw(self.app.canvas)
        for p in w.problems(self.width, self.height):
            self.seen.setdefault(p, []).append(where)

    def draw_list(self, where: str) -> None:
        """The top screen, a list: drawn with each of its items selected."""
        s = self.app.stack[-1]
        keep = s.i
        for i in range(len(s.labels)):
            s.i = i
            self.draw("%s #%d" % (where, i))
        s.i = keep

    def play(self, ev: list) -> None:
        """Play ``ev`` from the turn's menu, as at the table (A opens it first)."""
        from firmware.buttons import BTN_A, PRESS

        app = self.app
        if len(app.stack) == 1:
            app.stack[0].key(BTN_A | PRESS << 5)
        assert app.play(ev), (ev, app.notice)

    def report(self) -> str:
        lines = ["%dx%d: %s (%s)" % (self.width, self.height, p, ", ".join(at[:2]))
                 for p, at in sorted(self.seen.items())]  # fmt: skip
        return plain("\n".join(lines))


def plain(text: str) -> str:
    """``text`` with the catalog's private characters as the letters they stand for."""
    from firmware import lang

    if lang.lang() == "en":
        return text
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import make_lang

    return make_lang.plain(lang.lang(), text)


@contextmanager
def device(width: int, height: int, lang: str = "en", buttons: str = "abcud") -> Iterator[Device]:
    """A Device speaking ``lang`` (set as the language menu sets it), on five buttons or
    (``buttons`` "abc") three; afterwards the sim
    board's settings are as they were and the firmware speaks English (other tests open
    it with its defaults)."""
    from boards import sim as board
    from firmware import speak

    keep = (board.WIDTH, board.HEIGHT, board.BUTTONS, board.ROOT)
    with tempfile.TemporaryDirectory() as tmp:
        if lang != "en":
            (Path(tmp) / "settings.json").write_text(json.dumps({"lang": lang}))
        d = Device(width, height, Path(tmp), buttons)
        d.watch.install()
        try:
            yield d
        finally:
            d.watch.uninstall()
            speak.use("en")
            board.WIDTH, board.HEIGHT, board.BUTTONS, board.ROOT = keep
