"""How each board that runs on a plain Pico is wired, as its vendor documents it.

This is the hardware the emulated board gives the firmware, stated here from the vendors'
schematics and wiki pages (not read from boards/*.py): the e-ink controller and its SPI
pins, and each button's GPIO with the level its switch ties the pin to when pressed.
A released button reads as the pad's pull the firmware set, so a board module that
configures the wrong pull reads phantom presses here as it would on the real board.

``mounting`` maps the panel's native image (sources across, gate lines down) to the
screen as the user reads it, 296 x 128 landscape: ``"cw"`` means the native image turned
a quarter clockwise, ``"ccw"`` counterclockwise.
"""

from typing import NamedTuple


class Wiring(NamedTuple):
    panel: str  # panel model in panels/: "uc8151" or "ssd1680"
    spi: int
    cs: int
    dc: int
    rst: int
    busy: int
    busy_level: int  # BUSY's level while the panel refreshes: UC8151 low, SSD1680 high
    buttons: tuple[tuple[str, int, int], ...]  # (logical name, GPIO, level when pressed)
    mounting: str
    latch: int = -1  # the GPIO that holds the board's power on cells (Badger: 10), or -1


# Pimoroni Badger 2040 schematic: UC8151 on SPI0 (CS 17, SCK 18, MOSI 19, DC 20,
# RESET 21, BUSY 26); buttons switch 3V3 through diodes (A 12, B 13, C 14, UP 15, DOWN 11),
# which also power the board up; GP10 (ENABLE_3V3) holds the power on once raised.
_BADGER = Wiring(
    "uc8151",
    0,
    17,
    20,
    21,
    26,
    0,
    (("a", 12, 1), ("b", 13, 1), ("c", 14, 1), ("up", 15, 1), ("down", 11, 1)),
    "cw",
    10,
)
BOARDS = {
    "badger2040": _BADGER,
    # Pimoroni Pico Inky Pack schematic: the Badger's display wiring; A 12, B 13, C 14
    # switch to ground.
    "pico_inky_pack": _BADGER._replace(
        buttons=(("a", 12, 0), ("b", 13, 0), ("c", 14, 0)), latch=-1
    ),
    # Waveshare Pico-ePaper-2.9 wiki: SSD1680 on SPI1 (CS 9, SCK 10, MOSI 11, DC 8, RST 12,
    # BUSY 13); the five switches are this project's (boards/pico_epaper_2in9.py), to ground.
    "pico_epaper_2in9": Wiring(
        "ssd1680",
        1,
        9,
        8,
        12,
        13,
        1,
        (("a", 2, 0), ("b", 3, 0), ("c", 4, 0), ("up", 5, 0), ("down", 6, 0)),
        "ccw",
    ),
}


def letters(wiring: Wiring) -> str:
    """The board's buttons as boards/<name>.py's BUTTONS spells them ("abcud", "abc")."""
    return "".join(name[0] for name, _, _ in wiring.buttons)
