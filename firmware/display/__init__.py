"""E-paper drivers (uc8151, ssd1680) and the refresh policy (refresh.py), docs/firmware.md."""
