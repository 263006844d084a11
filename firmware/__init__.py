"""The device program (docs/firmware.md): modules import each other relatively."""

import sys


def unload(name: str) -> None:
    """Forget module ``name``: its code is heap on the device, which the collector frees
    once nothing refers to it (an import afterwards loads it again)."""
    if sys.modules.pop(name, None) is not None:
        dot = name.rfind(".")
        try:
            delattr(sys.modules[name[:dot]], name[dot + 1 :])
        except (KeyError, AttributeError):
            pass
