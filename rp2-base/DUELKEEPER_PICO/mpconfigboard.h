// duelkeeper's base firmware: a plain Raspberry Pi Pico (RP2040, 2 MiB flash) with a
// ROMFS partition for the program (docs/rp2.md, "The firmware").
//
// Flash layout (offsets from 0x10000000):
//   0x000000 .. 0x04E000  the firmware (at most 312 KiB)
//   0x04E000 .. 0x0A0000  ROMFS, 328 KiB: the program, its catalogs and glyphs
//   0x0A0000 .. 0x200000  littlefs, 1408 KiB: exactly stock MicroPython's place and size,
//                         so a board that ran stock keeps its games
// rp2_flash.c puts the ROMFS just below the storage; MICROPY_VFS_ROM follows from
// MICROPY_HW_ROMFS_BYTES > 0 (ports/rp2/mpconfigport.h).
#define MICROPY_HW_BOARD_NAME                   "Raspberry Pi Pico (duelkeeper)"
#define MICROPY_HW_FLASH_STORAGE_BYTES          (1408 * 1024)
#define MICROPY_HW_ROMFS_BYTES                  (328 * 1024)

// Left out, for flash the ROMFS partition gets instead (docs/rp2.md, "The firmware");
// the port defines them unconditionally, so rp2-base/mpconfigport.patch lets a board
// say. Nothing of duelkeeper's, nor mpremote, uses them: FAT (littlefs is the
// filesystem), mbedtls (hashlib's sha256 comes from crypto-algorithms instead; no
// network), AES, MD5 and SHA-1, the native and inline-assembler emitters (the program
// is bytecode), I2S and the I2C target.
#define MICROPY_VFS_FAT                         (0)
#define MICROPY_SSL_MBEDTLS                     (0)
#define MICROPY_PY_CRYPTOLIB                    (0)
#define MICROPY_PY_HASHLIB_MD5                  (0)
#define MICROPY_PY_HASHLIB_SHA1                 (0)
#define MICROPY_EMIT_THUMB                      (0)
#define MICROPY_EMIT_INLINE_THUMB               (0)
#define MICROPY_PY_MACHINE_I2S                  (0)
#define MICROPY_PY_MACHINE_I2C_TARGET           (0)

// Raise the Badger's power hold and keep the buttons held at power-on, before anything
// else runs (power_on.c; docs/power.md, "From off").
#define MICROPY_BOARD_STARTUP duelkeeper_power_on
void duelkeeper_power_on(void);
