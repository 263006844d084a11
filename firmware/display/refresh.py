"""The refresh policy: the one place that calls the display's ``show()``.

E-paper refreshes are slow and come in two kinds (see uc8151.py, ssd1680.py): a partial
refresh (a fraction of a second, no flash, leaves faint ghosts and a little charge) and
a full one (seconds, flashes, leaves a clean panel). The policy:

* an ordinary update (a number changed) is a partial refresh;
* a change of screen, the first refresh after start, and every refresh after
  ``full_every`` partial ones in a row are full (a panel woken from deep sleep takes a
  partial refresh where its driver can: the SSD1680's turns the first after a reset into
  a full one itself); ``shown()`` says the panel already shows the frame (the board
  woke from off with the picture kept), so the next may be partial;
* nothing starts while a button is held: the player is mid-gesture (a long press, an
  auto-repeat) and a flash under the finger is worse than a short wait, so the refresh
  waits for the release;
* nothing starts while the panel is busy: the request stays pending and the frame shown
  is the framebuffer as it is when the panel is free again. Requests made meanwhile
  merge into that one (a full request wins over a partial one); nothing is queued twice.

The app draws into the framebuffer whenever it likes, calls ``request()`` when it drew
something, and ``tick(now_ms, held)`` once per tick. The counters ``full``, ``partial`` and
``deferred`` are read by the benchmark and the tests.
"""

from micropython import const

_TYPE_CHECKING = const(0)  # annotations only: the compiler drops the block
if _TYPE_CHECKING:
    from typing import Protocol

    class _Display(Protocol):
        def show(self, full: bool) -> None: ...
        def busy(self) -> bool: ...
        def sleep(self) -> None: ...


FULL_EVERY = const(20)  # partial refreshes between two full ones

_NONE = const(0)
_PARTIAL = const(1)
_FULL = const(2)


class Refresh:
    """The refresh policy for one display."""

    def __init__(self, display: "_Display", full_every: int = FULL_EVERY) -> None:
        self.display = display
        self.full_every = full_every
        self.full = 0  # full refreshes started
        self.partial = 0  # partial refreshes started
        self.deferred = 0  # ticks a pending refresh had to wait (button held, panel busy)
        self.last_ms = 0  # when the last refresh started (ticks_ms)
        self._pending = _NONE
        self._since_full = 0
        self._clean = False  # False: the next refresh must be full (start)
        self.busy = False  # the panel is refreshing, as the last tick left it

    @property
    def pending(self) -> bool:
        """True while a requested refresh has not started yet."""
        return self._pending != _NONE

    def request(self, full: bool = False) -> None:
        """Ask for the framebuffer to be shown; ``full`` for a change of screen."""
        want = _FULL if full else _PARTIAL
        if want > self._pending:
            self._pending = want

    def tick(self, now: int, held: object = False) -> int:
        """Start the pending refresh if nothing stands in the way.

        ``held``: truthy while a button is down (the Buttons' ``held()`` mask). Returns
        2 for a full refresh started, 1 for a partial one, 0 for none (nothing pending,
        or deferred).
        """
        # Polled every tick, pending or not: the drivers walk their power sequence in
        # busy() (UC8151: the refresh starts once power-on is done, the charge pumps go
        # off once it is over), which must not wait for the next request.
        busy = self.busy = self.display.busy()
        if self._pending == _NONE:
            return _NONE
        if held or busy:
            self.deferred += 1
            return _NONE
        full = self._pending == _FULL or not self._clean or self._since_full >= self.full_every
        self._pending = _NONE
        self.display.show(full)
        self.busy = True  # until a tick finds the refresh over (it walks the sequence)
        self.last_ms = now
        self._clean = True
        if full:
            self.full += 1
            self._since_full = 0
            return _FULL
        self.partial += 1
        self._since_full += 1
        return _PARTIAL

    def sleep(self) -> None:
        """Put the panel into deep sleep until the next refresh wakes it."""
        self.display.sleep()

    def shown(self) -> None:
        """The panel shows the frame already, refreshed clean (kept through a power-off)."""
        self._clean = True
