// duelkeeper: what the board must do within microseconds of power-on, long before
// MicroPython runs any Python (docs/power.md, "From off").
//
// On the Badger 2040 (and 2040 W) on battery, a button powers the board through a diode
// only while it is held; GP10 (ENABLE_3V3) keeps the power on once raised. Raised here,
// from MICROPY_BOARD_STARTUP (ports/rp2/main.c, right after the clocks are set), a tap
// of 60 ms keeps the board on; raised by the board module after the imports (117 ms), a
// finger lifted sooner turned it off again. The buttons held at that moment are kept in
// the watchdog's scratch registers 0 and 1 (the levels of GP0-29, and their complement
// as a check), where firmware/power.py reads which button woke the board: by the time
// Python runs, a tap is over. Scratch 0-3 are free for the program (pico-sdk uses 4-7).
//
// Every board gets the same firmware: on the other boards GP10 is unconnected (Pico
// Inky Pack) or the panel's SPI clock (Pico ePaper 2.9, whose chip select is not yet
// driven, and whose driver resets the panel before its first command), so one high
// level there does nothing.

#include "hardware/gpio.h"
#include "hardware/structs/sio.h"
#include "hardware/structs/watchdog.h"

#define POWER_HOLD_PIN (10)

void duelkeeper_power_on(void) {
    gpio_init(POWER_HOLD_PIN);
    gpio_put(POWER_HOLD_PIN, 1);
    gpio_set_dir(POWER_HOLD_PIN, GPIO_OUT);
    uint32_t levels = sio_hw->gpio_in;  // pads come out of reset as inputs, pulled down
    watchdog_hw->scratch[0] = levels;
    watchdog_hw->scratch[1] = ~levels;
}
