"""A list to pick from: the one widget behind every menu.

UP/DOWN move by one (wrapping round), and their auto-repeat keeps moving; a long UP/DOWN
jumps to the start of the previous/next group where the list has groups (7 Wonders Duel
cards by colour, for instance), else moves by one; a held B jumps to the next group too
(three buttons have no long UP/DOWN; the App leaves a grouped list's long B to it). A
picks, B goes back, C (or a long A) asks for the item's other uses where the list has
them, and on any other list only says that there are none (it never picks: one meaning
per button on every screen). Labels are built once, by whoever makes the menu.
"""

from micropython import const

from .. import ui
from ..gfx.canvas import BLACK, CENTER, LARGE, LEFT, RIGHT, SMALL, WHITE
from ..lang import lang, tr, word
from ..ui import BAR, NUM, ROW, fit, status, title
from . import BTN_A, BTN_B, BTN_C, BTN_DOWN, BTN_UP, PRESS, REPEAT, Base

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ..contracts import App
    from ..gfx.canvas import Canvas


class Menu(Base):
    """``labels`` (strings), optional ``right`` (a short string per item, right-aligned),
    ``groups`` (ascending start indices, the first 0), ``start`` (the item selected first),
    ``action`` (called with the index picked). Subclasses override ``pick(i)``,
    ``more(i)``, ``detail(i)`` and ``back()`` instead where they need more."""

    hints = word("A ok  B back")
    # Rows a long UP/DOWN turns at once where set (a screenful: the page shown whole, the
    # cursor keeping its place on it), instead of the groups' jumps
    page = 0

    def __init__(
        self,
        app: "App",
        title: str,
        labels: list,
        start: int = 0,
        groups: "list | None" = None,
        right: "list | None" = None,
        action: object = None,
    ) -> None:
        super().__init__(app)
        self.action = action
        self.hints = ui.hints(app, self.hints)  # for this board, in the device's language
        self.title = title
        self.labels = labels
        self.right = right
        self.groups = groups
        self.i = start if 0 <= start < len(labels) else 0
        self.first = 0  # the first row shown
        self.kept = (-1, 0)  # a paged list: the row its long presses keep, where it was

    def key(self, g: int) -> None:
        b = g & 31
        kind = g >> 5
        if b == BTN_DOWN or b == BTN_UP:
            self.move(b == BTN_DOWN, kind)
        elif b == BTN_A:
            if kind == PRESS:
                self.pick(self.i)
            elif kind != REPEAT:
                self.more(self.i)
        elif b == BTN_C:
            if kind != REPEAT:
                self.more(self.i)
        elif b == BTN_B:
            if kind == PRESS:
                self.back()
            elif self.groups:  # a held B (three buttons: no long UP/DOWN): the next group
                self.move(True, kind)

    def move(self, down: bool, kind: int) -> None:
        n = len(self.labels)
        if not n:
            return
        groups = self.groups
        if kind != PRESS and self.page and n > self.page:
            # the row kept across a shorter last page (its cursor on its last row)
            i, row = self.kept if self.kept[0] == self.i else (self.i, self.i % self.page)
            self.i = leaf(i, n, self.page, down, row)
            self.kept = (self.i, row)
        elif kind == PRESS or not groups or len(groups) < 2:
            self.i = (self.i + (1 if down else -1)) % n
        else:
            self.i = jump(groups, self.i, down)
        self.app.redraw()

    def pick(self, i: int) -> None:
        if self.action is not None:
            self.action(i)  # type: ignore[operator]  # a callable, where given

    def more(self, i: int) -> None:
        """C (or a long A): the item's other uses. A list without any says so and does
        nothing else: C never commits what A would (one meaning per button)."""
        app = self.app
        app.notice = tr("No other choices here: A picks")
        app.redraw()

    def back(self) -> None:
        self.app.pop()

    def detail(self, i: int) -> "str | None":
        """A line about item i under the list (prices, for instance), or None."""
        return None

    def draw(self, c: "Canvas") -> None:
        """The list: title with the position, rows, the selected item's detail, status."""
        w = c.width
        h = c.height
        c.clear()
        labels = self.labels
        n = len(labels)
        i = self.i
        place = "%d/%d" % (i + 1, n) if n > 1 else None
        if place and self.app.buttons.three and self.groups:  # what a held B does
            place = tr("held B: next group  %s") % place
        title(c, self.title, place)
        detail = self.detail(i) if n else None
        bottom = h - BAR - (BAR if detail is not None else 0)
        rows = (bottom - BAR - 1) // ROW
        first = self.first
        page = self.page
        if page and page <= rows:  # a paged list: its page whole
            first = i - i % page
        elif i < first:
            first = i
        elif i >= first + rows:
            first = i - rows + 1
        self.first = first
        right = self.right
        tags = getattr(self, "tags", None)
        # Japanese's tags are a kanji each (茶, 灰): read at 16 px, where 8 blurs their strokes
        tag_font, tag_y = (LARGE, 1) if lang() == "ja" else (SMALL, 5)
        marks = getattr(self, "marks", None)
        y = BAR + 1
        for k in range(first, min(n, first + rows)):
            sel = k == i
            fg = WHITE if sel else BLACK
            if sel:
                c.fb.fill_rect(0, y, w - 4, ROW, BLACK)
            x = 3
            if tags is not None:
                c.text(tags[k], x, y + tag_y, tag_font, LEFT, fg)
                x += 18
            if marks is not None:  # a mark is its place in the order marked, 1 up
                c.box(x, y + 3, 11, 11, bool(marks[k]), fg)
                if marks[k]:
                    c.text(NUM[marks[k]], x + 6, y + 5, SMALL, CENTER, BLACK if sel else WHITE)
                x += 15
            room = w - 8 - x
            r = right[k] if right is not None else ""
            if r:
                c.text(r, w - 7, y + 1, LARGE, RIGHT, fg)
                room -= c.text_width(r, LARGE) + 8
            c.text(fit(c, labels[k], room, LARGE), x, y + 1, LARGE, LEFT, fg)
            y += ROW
        if n > rows:  # a scroll bar in the right margin
            top = BAR + 1
            span = rows * ROW
            bar = max(4, span * rows // n)
            at = top + (span - bar) * first // (n - rows)
            c.fb.vline(w - 2, top, span, BLACK)
            c.fb.fill_rect(w - 3, at, 3, bar, BLACK)
        if detail is not None:
            c.text(fit(c, detail, w - 4), 2, h - 2 * BAR + 1, SMALL, LEFT, BLACK)
        status(c, self.app, self.hints)


def jump(groups: list, i: int, down: bool) -> int:
    """The item a long press goes to: the next group's start, or this group's start (the
    previous group's when already there)."""
    at = 0
    for k in range(len(groups)):
        if groups[k] <= i:
            at = k
    if down:
        return groups[(at + 1) % len(groups)]
    if groups[at] != i:
        return groups[at]
    return groups[at - 1]  # at - 1 is -1 for the first group: the last one


def leaf(i: int, n: int, page: int, down: bool, row: int) -> int:
    """The item a long press goes to in a list of ``n`` turned ``page`` rows at a time:
    ``row`` of the next (previous) page, round; a shorter last page's last row."""
    pages = (n + page - 1) // page
    return min((i // page + (1 if down else -1)) % pages * page + row, n - 1)
