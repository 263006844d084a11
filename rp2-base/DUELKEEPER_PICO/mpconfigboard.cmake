# duelkeeper's base firmware: a plain Raspberry Pi Pico (RP2040).
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")
# The port's frozen modules and duelkeeper's launcher (the port reads no board manifest
# unless told).
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py)
