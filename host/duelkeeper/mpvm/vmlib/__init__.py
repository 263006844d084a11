"""Modules that run inside the MicroPython VM, copied one by one into its /lib.

They import nothing from the host package, only duelcore and what MicroPython has.
"""
