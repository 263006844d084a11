"""Splendor Duel's Game as its helpers read it, spelled out for mypy: what legal.py and
queries.py take of rules.Game (its counts, and the rules it derives from them), which
passes itself to them.

Annotations only: modules import it under ``TYPE_CHECKING``, so the device never loads
it and the ROMFS image leaves it out (host/duelkeeper/romfs.py). The helpers name this
Protocol, not rules.Game, so no import runs back up to rules.py; mypy holds rules.Game
to it wherever rules.py passes ``self``.
"""

from typing import Protocol


class Game(Protocol):
    _board: bytearray
    _bag: bytearray
    _hand: "tuple[bytearray, bytearray]"
    _priv: bytearray
    _bonus: "tuple[bytearray, bytearray]"
    _cpts: "tuple[bytearray, bytearray]"
    _points: list
    _crowns: list
    _owner: bytearray
    _reserve: tuple
    _royal: bytearray
    _turn: int
    _stage: int
    _winner: int

    def _pending(self) -> int: ...
    def _pool(self, lv: int) -> int: ...
    def _pay(self, p: int, i: int) -> bytearray: ...
    def _can_buy(self, p: int, i: int) -> bool: ...
    def _blocks(self, p: int, want: bytearray) -> bool: ...
