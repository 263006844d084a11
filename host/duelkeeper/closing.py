"""One base for what holds a process, a port or a file until it is closed: a board over
USB, the simulated and emulated boards, a VM, the play log. ``with`` closes it."""

from types import TracebackType
from typing import Self


class Closing:
    """A context manager whose exit is ``close()``, which the subclass defines."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
