"""The one error type the `duelkeeper` command shows to its user as a single line."""


class DuelkeeperError(Exception):
    """A failure the user can act on; the message is the whole explanation."""
