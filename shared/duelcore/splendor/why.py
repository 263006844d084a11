"""Why the Splendor Duel core refuses an event or a setup: one reason a line, raised by
its number (an ``_E_*`` constant beside the code that raises it) through
``duelcore.errors.refusal``.

A module of its own so that it is loaded only to word a reason: on the device a
game's reasons then hold no heap while it is played. One string holds them all:
on MicroPython each string constant is a heap object and a rounded-up block.
"""

WHY = (
    "unknown token %s\n"
    "expected a list of tokens\n"
    "too many tokens\n"
    "gold can only be taken by reserving a card\n"
    "setup needs 'first': 0 or 1\n"
    "card %s was bought by player %d\n"
    "card %s is reserved by player %d\n"
    "no level-%d card is left to take\n"
    "unknown verb %s\n"
    "the game is over\n"
    "wrong number of arguments for %s\n"
    "no %s choice is pending\n"
    "player %d makes this choice\n"
    "player %d must first resolve the pending %s\n"
    "it is player %d's turn\n"
    "privileges are spent before replenishing and the mandatory action\n"
    "name at least one token\n"
    "player %d has %d privileges\n"
    "the board has %d %s\n"
    "after these privileges player %d could take no mandatory action\n"
    "the board is replenished once, before the mandatory action\n"
    "the bag is empty\n"
    "take 1 to 3 tokens\n"
    "player %d already holds 3 reserved cards\n"
    "no gold on the board to reserve with\n"
    "the level-%d deck is empty\n"
    "buy options are an object\n"
    "unknown buy option %s\n"
    "'reserved' is true or false\n"
    "a joker takes a gem colour\n"
    "card %s is not in player %d's reserve\n"
    'card %s is in the reserve: buy it with {"reserved": true}\n'
    "a joker joins a card with a bonus, and player %d has none\n"
    "player %d has no %s bonus for the joker to join\n"
    "only a joker takes a colour\n"
    "player %d is %d tokens short for card %s\n"
    "gold cannot be stolen\n"
    "player %d has no %s\n"
    "unknown royal card %s\n"
    "%s was taken by player %d\n"
    "player %d returns exactly %d tokens\n"
    "player %d has %d %s\n"
    "a correction is an object {token: n}\n"
    "a correction counts in whole tokens from -%d to %d\n"
    "player %d would hold %d %s; the game has %d tokens"
)
