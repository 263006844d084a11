"""The device program (docs/firmware.md): modules import each other relatively, at the
top, with no circle (tests/firmware/test_imports.py)."""
