"""The letter picker: spell a name with UP/DOWN and A.

UP/DOWN turn the letter under the cursor through the alphabet (held: faster), A takes
it and moves on, B takes the last letter back (on an empty name: cancel), C or a long
A keeps the name. Only capitals are offered: a name is written with a capital first
letter (and after a space or '-') and small letters after that, so no press is spent on
case. The alphabet strip shows where the letter is.
"""

from ..gfx.canvas import BLACK, LARGE, LEFT, SMALL, WHITE, Canvas
from ..lang import tr, word
from ..seats import choose
from ..ui import BAR, hints, status, title
from . import BTN_A, BTN_B, BTN_C, BTN_DOWN, BTN_UP, PRESS, REPEAT, Base

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ-0123456789 "
MAX = 10  # letters in a name


def spell(letters: str) -> str:
    """Capitals as a name is written: ``ANN-MARIE`` -> ``Ann-Marie``."""
    out = ""
    up = True
    for ch in letters:
        out += ch if up else ch.lower()
        up = ch in " -"
    return out


class Screen(Base):
    hints = word("A next  C done  B delete")
    ALPHABET = ALPHABET

    def __init__(self, app: object, seat: int, start: str) -> None:
        super().__init__(app)
        self.seat = seat
        self.hints = hints(app, self.hints)
        self.head = tr("Player %d: spell the name") % (seat + 1)
        self.text = bytearray(MAX)
        self.n = 0
        for ch in start.upper()[:MAX]:
            k = ALPHABET.find(ch)
            self.text[self.n] = k if k >= 0 else len(ALPHABET) - 1
            self.n += 1
        self.cur = 0  # the letter being chosen

    def spelt(self) -> str:
        """The letters taken so far, in capitals."""
        out = ""
        for i in range(self.n):
            out += ALPHABET[self.text[i]]
        return out

    def key(self, g: int) -> None:
        b = g & 31
        kind = g >> 5
        if b == BTN_UP or b == BTN_DOWN:
            self.cur = (self.cur + (1 if b == BTN_DOWN else -1)) % len(ALPHABET)
        elif b == BTN_A and kind == PRESS:
            if self.n < MAX:
                self.text[self.n] = self.cur
                self.n += 1
        elif (b == BTN_A or b == BTN_C) and kind != REPEAT:
            self.done()
            return
        elif b == BTN_B and kind == PRESS:
            if self.n:
                self.n -= 1
                self.cur = self.text[self.n]
            else:
                self.app.pop()  # type: ignore[attr-defined]
                return
        self.app.redraw()  # type: ignore[attr-defined]

    def done(self) -> None:
        name = spell(self.spelt()).strip()
        if name:
            choose(self.app, self.seat, name)
            try:  # a new name goes to the PC at the next sync (the roster)
                self.app.storage.add_name(name)  # type: ignore[attr-defined]
            except OSError:
                self.app.notice = tr("Could not save the name")  # type: ignore[attr-defined]
        self.app.pop()  # type: ignore[attr-defined]

    def draw(self, c: "Canvas") -> None:
        draw(c, self)


def draw(c: Canvas, s: object) -> None:
    """The letter picker: the name so far, the letter being chosen boxed, the alphabet."""
    c.clear()
    w = c.width
    h = c.height
    title(c, s.head)  # type: ignore[attr-defined]
    alphabet = s.ALPHABET  # type: ignore[attr-defined]
    name = s.spelt()  # type: ignore[attr-defined]
    y = 20
    x = c.text(name, 4, y, LARGE, LEFT, BLACK, 2) if name else 4
    ch = alphabet[s.cur]  # type: ignore[attr-defined]
    cw = max(c.text_width(ch, LARGE, 2), 14) + 6
    c.fb.fill_rect(x + 3, y - 2, cw, 36, BLACK)
    c.text(ch if ch != " " else "_", x + 6, y, LARGE, LEFT, WHITE, 2)
    # The alphabet strip: the letters around the one being chosen.
    y = h - BAR - 24
    span = (w - 8) // 12
    start = s.cur - span // 2  # type: ignore[attr-defined]
    n = len(alphabet)
    for k in range(span):
        a = alphabet[(start + k) % n]
        cx = 4 + k * 12
        if (start + k) % n == s.cur:  # type: ignore[attr-defined]
            c.fb.fill_rect(cx - 2, y - 2, 12, 12, BLACK)
        fg = WHITE if (start + k) % n == s.cur else BLACK  # type: ignore[attr-defined]
        c.text(a if a != " " else "_", cx + 4, y, SMALL, 1, fg)
    status(c, s.app, s.hints)  # type: ignore[attr-defined]
