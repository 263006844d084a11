// duelkeeper's base firmware: a plain Raspberry Pi Pico (RP2040, 2 MiB flash) with a
// ROMFS partition for the program (docs/rp2.md, "The firmware").
//
// Flash layout (offsets from 0x10000000):
//   0x000000 .. 0x058000  the firmware (at most 352 KiB)
//   0x058000 .. 0x0A0000  ROMFS, 288 KiB: the program, its catalogs and glyphs
//   0x0A0000 .. 0x200000  littlefs, 1408 KiB: exactly stock MicroPython's place and size,
//                         so a board that ran stock keeps its games
// rp2_flash.c puts the ROMFS just below the storage; MICROPY_VFS_ROM follows from
// MICROPY_HW_ROMFS_BYTES > 0 (ports/rp2/mpconfigport.h).
#define MICROPY_HW_BOARD_NAME                   "Raspberry Pi Pico (duelkeeper)"
#define MICROPY_HW_FLASH_STORAGE_BYTES          (1408 * 1024)
#define MICROPY_HW_ROMFS_BYTES                  (288 * 1024)
