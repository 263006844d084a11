"""For the tests that press Ctrl-C on a child: the child starts with SIGINT as a
terminal's foreground job has it, whatever this run inherited (a shell starts a job in
the background, `make test &`, with SIGINT ignored, and a child keeps an ignored
signal ignored)."""

import signal


def sigint_default() -> None:
    """``preexec_fn`` of such a child."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
