"""7 Wonders Duel's Game as its helpers read it, spelled out for mypy: what legal.py
and result.py take of rules.Game, which passes itself to them.

Annotations only: modules import it under ``TYPE_CHECKING``, so the device never loads
it and the ROMFS image leaves it out (host/duelkeeper/romfs.py). The helpers name this
Protocol, not rules.Game, so no import runs back up to rules.py; mypy holds rules.Game
to it wherever rules.py passes ``self``.
"""

from typing import Protocol


class Game(Protocol):
    own: list  # each player's four wonders
    board: list  # the progress tokens on the board
    box: "list | None"  # the tokens left in the box, when the setup names them
    coins: list
    cards: list  # buildings in each city, in the order built
    built: list  # wonders built, in order
    tokens: list  # progress tokens held, in order taken
    conflict: int
    loot: bytearray
    taken: bytearray
    discards: list
    age: int
    in_age: int
    turn: int
    pending: "str | None"
    again: bool
    over: bool
    winner: "int | None"
    victory: "str | None"

    def available(self) -> list: ...
    def price(self, p: int, c: int) -> "tuple[int, bool, int, list, list]": ...
    def wonder_price(self, p: int, w: int) -> "tuple[int, bool, int, list, list]": ...
    def symbols(self, p: int) -> list: ...
    def score(self, p: int) -> list: ...
    def library_choices(self) -> list: ...
    def _destroyable(self, p: int) -> list: ...
