"""MicroPython's ``micropython`` module for CPython: the compiler hints as no-ops.

``const()`` is folded by MicroPython's compiler; here it returns its argument. The code
emitters (``native``, ``viper``) are identity decorators, so decorated functions run as
ordinary Python (the firmware uses none today, but a module that does still imports).
"""

from collections.abc import Callable
from typing import TypeVar

_T = TypeVar("_T")
_F = TypeVar("_F", bound=Callable[..., object])


def const(value: _T) -> _T:
    return value


def native(func: _F) -> _F:
    return func


def viper(func: _F) -> _F:
    return func


def opt_level(level: int | None = None) -> int:
    return 0
