"""The letter picker: spell a name in few presses, on five buttons or three.

The box after the name is the letter being chosen. UP/DOWN turn it through the alphabet
(held: faster); a long UP/DOWN, or a held B, jumps a row: seven letters a row (A H O V
in Latin), Japanese's gojūon rows, the digits. A takes the letter, and the box opens
again, outlined, on the likely next one: the next letter of a known name (the recent
names, the roster) spelt so far, else the second row's first (H in Latin: a row's jump
or a few presses either way from most letters; the box opens there first too). C (or a
long A) keeps the name, the box's letter too once it is filled (moved to, or given back
by B); B takes the last letter back into the box (on an empty name: cancel). On three
buttons a line over the hints says what a tap of A or C and a held B do. The alphabet is
the device's language's letters (``lang.letters``: Russian's Cyrillic, Japanese's
katakana; duelkeeper/letters.py), then the Latin ones, the digits, '-' and a space
(drawn '_': one UP from the first letter, '-' two). Only capitals are offered: a name is
written with a capital first letter (and after a space or '-') and small letters after
that, so no press is spent on case.
"""

from micropython import const

from ..gfx.canvas import BLACK, LARGE, LEFT, SMALL, WHITE, Canvas
from ..lang import letters, tr, word
from ..seats import choose
from ..ui import BAR, hints, status, title
from . import BTN_A, BTN_B, BTN_C, BTN_UP, PRESS, Base
from .menu import jump

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ..contracts import App

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"  # _: a space
MAX = 10  # letters in a name


class Screen(Base):
    hints = word("A next  C done  B delete")

    def __init__(self, app: "App", seat: int, start: str, known: list) -> None:
        super().__init__(app)
        self.seat = seat
        self.hints = hints(app, self.hints)
        # Three buttons: a line over the hints says what the taps and a held B do
        self.rows = tr("A/C: a letter  held B: a row") if app.buttons.three else None
        self.head = tr("Player %d: spell the name") % (seat + 1)
        parts = (letters() or "\n").split("\n")  # capitals, small forms, rows (Japanese)
        caps = parts[0]
        n = len(caps)
        rows = parts[2] if len(parts) > 2 else ""
        g = []  # the rows' starts: Japanese's gojūon rows, else seven letters a row
        for k in range(len(rows)):  # slices: a letter of a str iterated would be interned
            g.append(caps.find(rows[k : k + 1]))
        self.groups = (g or list(range(0, n, 7))) + [n, n + 7, n + 14, n + 21, n + 26]
        self.alphabet = caps + ALPHABET
        self.smalls = parts[1] + ALPHABET.lower()  # each letter's small form
        self.known = []  # the known names as places in the alphabet: built once
        for name in known + [start]:
            t = bytearray()
            for k in range(min(len(name), MAX)):
                ch = name[k : k + 1]
                at = self.alphabet.find(ch)
                if at < 0:
                    at = self.smalls.find(ch)
                t.append(at if at >= 0 else len(self.alphabet) - 1)  # one it lacks: a space
            self.known.append(t)
        t = self.known.pop()  # the name to edit
        self.n = len(t)
        self.text = t + bytearray(MAX - self.n)
        self.cur = self.groups[1]  # the letter in the box
        self.moved = False  # the box filled: C keeps its letter

    def spelt(self) -> str:
        """The letters taken so far as a name is written: ``Ann-Marie``."""
        out = ""
        ch = "_"
        for k in self.text[: self.n]:
            out += (self.alphabet if ch in "_-" else self.smalls)[k : k + 1]
            ch = self.alphabet[k : k + 1]
        return out

    def key(self, g: int) -> None:
        b = g & 31
        kind = g >> 5
        app = self.app
        done = b == BTN_C or b == BTN_A and kind != PRESS  # C, a long A: keep the name
        if (b == BTN_A and not done or done and self.moved) and self.n < MAX:
            self.text[self.n] = self.cur  # A takes the box's letter; C too, once filled
            self.n += 1
        n = self.n
        if done:
            name = self.spelt().replace("_", " ").strip()
            if name:
                choose(app, self.seat, name)
                try:  # a new name goes to the PC at the next sync (the roster)
                    app.storage.add_name(name)
                except OSError:
                    app.notice = tr("Could not save the name")
            app.pop()
            return
        self.moved = b != BTN_A
        if b == BTN_A:  # the likely next: a known name's letter, else the second row's first
            self.cur = self.groups[1]
            for w in self.known:
                k = 0
                while k < n < len(w) and w[k] == self.text[k]:
                    k += 1
                if 0 < k == n:
                    self.cur = w[n]
                    break
        elif b == BTN_B and kind == PRESS:
            if not n:
                app.pop()
                return
            self.n = n - 1
            self.cur = self.text[n - 1]
        elif kind != PRESS:  # a long UP/DOWN, or a held B (three buttons): a row
            self.cur = jump(self.groups, self.cur, b != BTN_UP)
        else:
            self.cur = (self.cur + (-1 if b == BTN_UP else 1)) % len(self.alphabet)
        app.redraw()

    def draw(self, c: Canvas) -> None:
        """The name so far, the letter being chosen boxed (filled once chosen), and the
        alphabet strip around it."""
        c.clear()
        w = c.width
        title(c, self.head)
        alphabet = self.alphabet
        name = self.spelt()
        y = 20
        cur = self.cur
        ch = alphabet[cur : cur + 1]
        cw = max(c.text_width(ch, LARGE, 2), 14) + 6
        # Twice the large size, or once where the name would run off the panel (ten
        # kana); where even that would (ten Ws on 250 px), its last letters
        scale = 2 if c.text_width(name, LARGE, 2) + cw + 12 <= w else 1
        while scale == 1 and c.text_width(name, LARGE) + cw + 12 > w:
            name = name[1:]
        x = c.text(name, 4, y + (8 if scale == 1 else 0), LARGE, LEFT, BLACK, scale) if name else 4
        fill = self.moved
        (c.fb.fill_rect if fill else c.fb.rect)(x + 3, y - 2, cw, 36, BLACK)
        c.text(ch, x + 6, y, LARGE, LEFT, WHITE if fill else BLACK, 2)
        # The alphabet strip: the letters around the one being chosen.
        y = c.height - BAR - 24
        span = (w - 8) // 12
        start = cur - span // 2
        n = len(alphabet)
        for k in range(span):
            at = (start + k) % n
            cx = 4 + k * 12
            if at == cur:
                c.fb.fill_rect(cx - 2, y - 2, 12, 12, BLACK)
            # a slice: a letter of a str indexed would be interned
            c.text(alphabet[at : at + 1], cx + 4, y, SMALL, 1, WHITE if at == cur else BLACK)
        if self.rows:
            c.text(self.rows, 4, c.height - 2 * BAR + 1)
        status(c, self.app, self.hints, None, None, False)  # the line above says the taps
