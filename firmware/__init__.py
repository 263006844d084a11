"""The device program (docs/firmware.md): modules import each other relatively."""

import sys

_EMPTY = sys.implementation.name == "micropython"


def unload(name: str) -> None:
    """Forget module ``name``: its code is heap on the device, which the collector frees
    once nothing refers to it (an import afterwards loads it again).

    On MicroPython its globals are emptied too. The collector is conservative: any stale
    word that happens to hold the module's address (a freed slot of a dict, a buffer)
    would keep all its code alive; emptied, the module keeps only itself. Callers unload
    only what nothing uses any more. CPython (tests, the simulator) keeps the globals:
    a test may still hold the module.
    """
    module = sys.modules.pop(name, None)
    if module is not None:
        if _EMPTY:
            module.__dict__.clear()
        dot = name.rfind(".")
        try:
            delattr(sys.modules[name[:dot]], name[dot + 1 :])
        except (KeyError, AttributeError):
            pass


def unload_helpers(game: object) -> None:
    """Unload the modules ``game``'s core loads for one moment (its package's ``HELPERS``):
    kept, they cost several KB for the rest of the game, and the budget with all cores
    loaded had no room for them (docs/rp2.md, "Found on the real port")."""
    name = type(game).__module__
    package = name[: name.rfind(".")]
    for helper in getattr(sys.modules[package], "HELPERS", ()):
        unload(package + "." + helper)
