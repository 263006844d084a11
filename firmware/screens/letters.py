"""The letter picker: spell a name with UP/DOWN and A.

UP/DOWN turn the letter under the cursor through the alphabet (held: faster; where the
alphabet has rows, Japanese's gojūon rows, a long UP/DOWN jumps a row), A takes it and
moves on, B takes the last letter back (on an empty name: cancel), C or a long A keeps
the name. The alphabet is the device's language's letters (``lang.letters``: Russian's
Cyrillic, Japanese's katakana; duelkeeper/letters.py), then the Latin ones, '-', the
digits and a space. Only capitals are offered: a name is written with a capital first
letter (and after a space or '-') and small letters after that, so no press is spent on
case. The alphabet strip shows where the letter is.
"""

from micropython import const

from ..gfx.canvas import BLACK, LARGE, LEFT, SMALL, WHITE, Canvas
from ..lang import letters, tr, word
from ..seats import choose
from ..ui import BAR, hints, status, title
from . import BTN_A, BTN_B, BTN_C, BTN_DOWN, BTN_UP, PRESS, REPEAT, Base
from .menu import jump

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ..contracts import App

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ-0123456789 "
MAX = 10  # letters in a name


class Screen(Base):
    hints = word("A next  C done  B delete")

    def __init__(self, app: "App", seat: int, start: str) -> None:
        super().__init__(app)
        self.seat = seat
        self.hints = hints(app, self.hints)
        self.head = tr("Player %d: spell the name") % (seat + 1)
        caps = ""
        smalls = ""
        self.groups = []  # the rows a long UP/DOWN jumps between (none: it moves by one)
        own = letters()
        if own is not None:  # the language's letters first, as its players spell
            parts = own.split("\n")
            caps = parts[0]
            smalls = parts[1]
            if len(parts) > 2:
                self.groups = [caps.find(parts[2][k : k + 1]) for k in range(len(parts[2]))]
                self.groups += [len(caps), len(caps) + 26]  # the Latin letters; '-' on
        self.alphabet = caps + ALPHABET
        self.smalls = smalls + ALPHABET.lower()  # each letter's small form
        self.text = bytearray(MAX)
        self.n = 0
        for k in range(min(len(start), MAX)):
            ch = start[k : k + 1]
            at = self.alphabet.find(ch)
            if at < 0:
                at = self.smalls.find(ch)
            self.text[self.n] = at if at >= 0 else len(self.alphabet) - 1
            self.n += 1
        self.cur = 0  # the letter being chosen

    def spelt(self, written: bool = False) -> str:
        """The letters taken so far, in capitals; ``written``: as a name is written,
        ``ANN-MARIE`` as ``Ann-Marie``."""
        out = ""
        up = True
        for i in range(self.n):
            k = self.text[i]
            ch = self.alphabet[k : k + 1]
            out += ch if up or not written else self.smalls[k : k + 1]
            up = ch == " " or ch == "-"
        return out

    def key(self, g: int) -> None:
        b = g & 31
        kind = g >> 5
        if b == BTN_UP or b == BTN_DOWN:
            if kind != PRESS and self.groups:
                self.cur = jump(self.groups, self.cur, b == BTN_DOWN)
            else:
                self.cur = (self.cur + (1 if b == BTN_DOWN else -1)) % len(self.alphabet)
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
                self.app.pop()
                return
        self.app.redraw()

    def done(self) -> None:
        name = self.spelt(True).strip()
        if name:
            choose(self.app, self.seat, name)
            try:  # a new name goes to the PC at the next sync (the roster)
                self.app.storage.add_name(name)
            except OSError:
                self.app.notice = tr("Could not save the name")
        self.app.pop()

    def draw(self, c: "Canvas") -> None:
        draw(c, self)


def draw(c: Canvas, s: Screen) -> None:
    """The letter picker: the name so far, the letter being chosen boxed, the alphabet."""
    c.clear()
    w = c.width
    h = c.height
    title(c, s.head)
    alphabet = s.alphabet
    name = s.spelt()
    y = 20
    cur = s.cur
    ch = alphabet[cur : cur + 1]
    cw = max(c.text_width(ch, LARGE, 2), 14) + 6
    # Twice the large size, or once where the name would run off the panel (ten kana);
    # where even that would (ten Ws on 250 px), its last letters, the ones being spelled
    scale = 2 if c.text_width(name, LARGE, 2) + cw + 12 <= w else 1
    while scale == 1 and c.text_width(name, LARGE) + cw + 12 > w:
        name = name[1:]
    x = c.text(name, 4, y + (8 if scale == 1 else 0), LARGE, LEFT, BLACK, scale) if name else 4
    c.fb.fill_rect(x + 3, y - 2, cw, 36, BLACK)
    c.text(ch if ch != " " else "_", x + 6, y, LARGE, LEFT, WHITE, 2)
    # The alphabet strip: the letters around the one being chosen.
    y = h - BAR - 24
    span = (w - 8) // 12
    start = cur - span // 2
    n = len(alphabet)
    for k in range(span):
        at = (start + k) % n
        a = alphabet[at : at + 1]  # a slice: a letter of a str indexed would be interned
        cx = 4 + k * 12
        if at == cur:
            c.fb.fill_rect(cx - 2, y - 2, 12, 12, BLACK)
        fg = WHITE if at == cur else BLACK
        c.text(a if a != " " else "_", cx + 4, y, SMALL, 1, fg)
    status(c, s.app, s.hints)
