"""The app's storage calls, one per raw-REPL command, for the power-cut tests.

tests/rp2/test_power_cuts.py puts this module, compiled, at ``/rom/pcut.mpy`` on an
emulated board that holds the shipped build but no ``main.py``: the board then boots to
its REPL at once (no app, no panel), and each trial is one storage call cut inside one
of its flash operations. The calls and their arguments are the app's (firmware/app.py,
session.py, screens/): the journal gets the very bytes the app would write. The repairs at boot
(``Storage.repair``) were made by the boot that wrote the state cut here, and a Storage
makes none: the first flash operation after the command is the call's own.
"""

from firmware.storage import Storage


class Coded:
    """Stands for the app's ``Match.game``: ``encode()`` gives the code the real core
    gave the event (computed on the host), all ``Storage.append`` asks of it."""

    def __init__(self, code: int) -> None:
        self.code = code

    def encode(self, event: object) -> int:
        return self.code


def append(event: "list[object]", code: int) -> None:
    Storage("/").append(event, Coded(code))


def start(record: "dict[str, object]") -> None:
    Storage("/").start(record)


def finish() -> None:
    Storage("/").finish()


def save_settings(value: "dict[str, object]") -> None:
    Storage("/").save_settings(value)


def ack_oldest() -> None:
    """What sync's ``ack`` does to the oldest game not yet acknowledged."""
    s = Storage("/")
    s.ack(s.unsynced()[0])
