"""What MicroPython has built in and CPython lacks, in one place.

``const()`` is folded by the MicroPython compiler wherever it is written, whatever it
was imported from; CPython gets the identity function.
"""

try:
    from micropython import const
except ImportError:

    def const(x: int) -> int:
        return x


__all__ = ("const",)
