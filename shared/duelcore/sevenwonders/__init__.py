"""7 Wonders Duel (base game)."""

from .game import Game

__all__ = ("Game", "HELPERS")

# Modules loaded for one moment (a menu's legal events, an event's code, the result): a
# device may unload them after it (firmware.unload_helpers), and Game imports them again
# when asked.
HELPERS = ("legal", "codes", "result")
