"""Why the 7 Wonders Duel core refuses an event or a setup: one reason a line, raised by
its number (an ``_E_*`` constant beside the code that raises it) through
``duelcore.errors.refusal``.

A module of its own so that it is loaded only to word a reason: on the device a
game's reasons then hold no heap while it is played. One string holds them all:
on MicroPython each string constant is a heap object and a rounded-up block.
"""

WHY = (
    "'first' must be 0 or 1\n"
    "box_progress repeats a token on the board\n"
    "the game is over\n"
    "%s takes %d argument%s\n"
    "a coin correction is a whole number from -%d to %d\n"
    "it is player %d's turn\n"
    "unknown verb %s\n"
    "nothing asks for %s now\n"
    "player %d must first resolve %s\n"
    "no card named %s\n"
    "%s has already been taken\n"
    "%s is not an age %d card\n"
    "age III already has its %s\n"
    "player %d needs %d coins and has %d\n"
    "%s is not one of player %d's wonders\n"
    "%s is already built\n"
    "seven wonders are built; the eighth is out of the game\n"
    "%s is not in the box\n"
    "%s is not on the board\n"
    "%s is not a %s card\n"
    "player %d has no %s to destroy\n"
    "%s is not in the discard pile\n"
    "the starting player must be 0 or 1\n"
    "'wonders' must be \"first-game\" or two lists of four\n"
    "each player has four wonders\n"
    "no wonder named %s\n"
    "%s is dealt twice\n"
    "'%s' must list %d progress tokens\n"
    "no progress token named %s\n"
    "%s is listed twice\n"
    "player %d would hold %d coins; the box has %d"
)
