# duelkeeper's base firmware: a plain Raspberry Pi Pico (RP2040).
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")
# The port's frozen modules and duelkeeper's launcher (the port reads no board manifest
# unless told).
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py)
# The power hold and the buttons that woke the board, at power-on (power_on.c).
set(MICROPY_SOURCE_BOARD ${MICROPY_BOARD_DIR}/power_on.c)
