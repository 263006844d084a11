"""firmware/display/refresh.py: when the policy refreshes, partially or fully, or waits."""

import fwhelp

from firmware.display.refresh import FULL_EVERY, Refresh

assert fwhelp


class Panel:
    def __init__(self) -> None:
        self.shown: list[bool] = []
        self.busy_for = 0
        self.slept = 0

    def show(self, full: bool) -> None:
        assert not self.busy_for, "show() while busy"
        self.shown.append(full)

    def busy(self) -> bool:
        if self.busy_for:
            self.busy_for -= 1
            return True
        return False

    def sleep(self) -> None:
        self.slept += 1


def test_first_full_then_partial() -> None:
    panel = Panel()
    r = Refresh(panel)
    assert r.tick(0) == 0 and not r.pending  # nothing asked
    r.request()
    assert r.pending
    assert r.tick(10) == 2  # the first refresh is always full
    r.request()
    assert r.tick(20) == 1
    assert r.tick(30) == 0  # nothing pending any more
    assert panel.shown == [True, False]
    assert (r.full, r.partial, r.deferred, r.last_ms) == (1, 1, 0, 20)


def test_screen_change_is_full_and_wins_over_partial() -> None:
    panel = Panel()
    r = Refresh(panel)
    r.request()
    r.tick(0)
    r.request(full=True)
    r.request()  # a later ordinary change does not downgrade it
    assert r.tick(1) == 2
    r.request()
    r.request(full=True)
    assert r.tick(2) == 2
    assert panel.shown == [True, True, True]


def test_full_after_full_every_partials() -> None:
    panel = Panel()
    r = Refresh(panel, full_every=3)
    kinds = []
    for t in range(9):
        r.request()
        kinds.append(r.tick(t))
    assert kinds == [2, 1, 1, 1, 2, 1, 1, 1, 2]
    assert Refresh(panel).full_every == FULL_EVERY == 20


def test_waits_while_a_button_is_held() -> None:
    panel = Panel()
    r = Refresh(panel)
    r.request()
    assert r.tick(0, held=8) == 0 and r.tick(10, held=True) == 0
    assert panel.shown == [] and r.pending and r.deferred == 2
    assert r.tick(20, held=0) == 2
    assert panel.shown == [True]


def test_requests_while_busy_merge_into_one_refresh() -> None:
    panel = Panel()
    r = Refresh(panel)
    r.request()
    r.tick(0)
    panel.busy_for = 3
    for t in range(1, 4):
        r.request()  # three changes while the panel works
        assert r.tick(t) == 0
    assert r.tick(4) == 1  # one refresh shows them all
    assert r.tick(5) == 0
    assert panel.shown == [True, False]
    assert r.deferred == 3


def test_after_sleep_the_next_refresh_is_partial_the_driver_waking_the_panel() -> None:
    panel = Panel()
    r = Refresh(panel)
    r.request()
    r.tick(0)
    r.request()
    r.tick(1)
    r.sleep()
    assert panel.slept == 1
    r.request()
    assert r.tick(2) == 1  # a press after a rest is no flash (the SSD1680 upgrades its own)
    assert panel.shown == [True, False, False]


def test_a_frame_the_panel_kept_through_a_power_off_is_not_redrawn_whole() -> None:
    panel = Panel()
    r = Refresh(panel)
    r.shown()  # the board woke from off: the panel shows the frame
    r.request()
    assert r.tick(0) == 1 and panel.shown == [False]
    fresh = Refresh(Panel())
    fresh.request()
    assert fresh.tick(0) == 2  # a start without it is full
