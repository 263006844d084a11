"""Who plays: the two names, kept on the device, editable with the buttons.

The first item starts the game with these names (the usual case: one press). The next
two change a seat's name (recent names or a new one), the fourth swaps the seats, the
last enters a game played without the device from its final counts (screens/quick.py).
"""

from micropython import const

from ..gamelist import GAMES, NAMES
from ..lang import seat, tr
from ..seats import seats, set_names
from .menu import Menu
from .names import Screen as Seat
from .setup import Screen as Setup
from .setup import begin

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from ..contracts import App


class Screen(Menu):
    def __init__(self, app: "App", game: int) -> None:
        self.game = game
        super().__init__(app, tr(NAMES[game]), [], 0)

    def enter(self) -> None:
        names = seats(self.app.settings)
        self.labels = [
            tr("Start the game"),  # the names are the next two lines
            tr("Player %d: %s") % (1, seat(names[0])),
            tr("Player %d: %s") % (2, seat(names[1])),
            tr("Swap seats"),
            tr("Final score only"),
        ]
        self.app.redraw()

    def pick(self, i: int) -> None:
        app = self.app
        names = seats(app.settings)
        if i == 0:
            begin(app, self.game)  # journalled from here: a power cut resumes it
            app.push(Setup(app, self.game, names))
        elif i == 4:
            app.new_game(GAMES[self.game], names, {"score_only": True})
        elif i == 3:
            set_names(app, [names[1], names[0]])
            self.enter()
        else:
            app.push(Seat(app, i - 1))
