"""The device on its real firmware: MicroPython's rp2 port in an emulated RP2040.

``board.mjs`` runs a Pico's flash (the project's firmware and program, as its UF2
installs them) on rp2040js under Node; ``board.py`` drives it from Python (buttons,
time, power, the panel's frames, USB CDC on a pseudo-terminal); ``flashimage.py`` builds
the flash (UF2s dropped on it) and reads its littlefs; ``wiring.py`` says how each board
is wired; ``panels/`` models the e-ink controllers from their datasheets. docs/rp2.md
describes it all.
"""
