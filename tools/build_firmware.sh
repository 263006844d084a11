#!/bin/sh
# Build duelkeeper's base firmware (rp2-base/duelkeeper-base.uf2) from MicroPython's
# sources with Debian's ARM toolchain (gcc-arm-none-eabi, libnewlib-arm-none-eabi,
# libstdc++-arm-none-eabi-newlib, cmake). Only a developer changing the firmware runs
# this; CI and users take the committed UF2 (docs/rp2.md, "The firmware").
#
#   tools/build_firmware.sh MICROPYTHON PICO_SDK TINYUSB MICROPYTHON_LIB MBEDTLS
#
# Each argument is a git repository (a clone, or a bare one) holding the commit pinned
# below. The sources are checked out at those commits into a fixed scratch folder, so the
# build does not depend on what the given clones have checked out, and a rebuild is
# byte-identical. Writes rp2-base/duelkeeper-base.uf2 and rp2-base/PROVENANCE.
set -eu

if [ $# -ne 5 ]; then
    sed -n '7p' "$0" | sed 's/^#  *//' >&2
    exit 2
fi

MICROPYTHON=e0e9fbb17ed6fd06bb76e266ae554784c9c80804  # tag v1.28.0 (tag object 2b0015629f67)
PICO_SDK=a1438dff1d38bd9c65dbd693f0e5db4b9ae91779      # 2.2.0, as v1.28.0 pins it
TINYUSB=aa0fc2e08f1c2dd6f026a431e8989357fbb4c5bf       # as v1.28.0 pins it
MICROPYTHON_LIB=8380c7bb8f9e5e5260e9539156742925e00366b2  # as v1.28.0 pins it
MBEDTLS=107ea89daaefb9867ea9121002fbbdf926780e98       # as v1.28.0 pins it (rp2 links it)

HERE=$(cd "$(dirname "$0")/.." && pwd)
OUT="$HERE/rp2-base"
BOARD=DUELKEEPER_PICO
SCRATCH=/tmp/duelkeeper-firmware-build  # fixed: the build's paths are the same each time

checkout() {  # repository commit folder
    git clone -q --shared --no-checkout "$1" "$3"
    # A missing blob outside what the build reads (some mirrors lack a few) is no error.
    git -C "$3" -c advice.detachedHead=false checkout -q "$2" 2>/dev/null || true
    [ "$(git -C "$3" rev-parse HEAD)" = "$2" ] || { echo "$1: no commit $2" >&2; exit 1; }
    # ... and is not a change: MicroPython's version would end in "-dirty".
    git -C "$3" ls-files -d -z | xargs -0 -r git -C "$3" update-index --skip-worktree
}

rm -rf "$SCRATCH"
mkdir -p "$SCRATCH"
MP="$SCRATCH/micropython"
checkout "$1" "$MICROPYTHON" "$MP"
for sub in "pico-sdk $2 $PICO_SDK" "tinyusb $3 $TINYUSB" \
        "micropython-lib $4 $MICROPYTHON_LIB" "mbedtls $5 $MBEDTLS"; do
    set -- $sub
    rm -rf "$MP/lib/$1"
    checkout "$2" "$3" "$MP/lib/$1"
done
cp -R "$OUT/$BOARD" "$MP/ports/rp2/boards/$BOARD"
# Lets the board leave out what the port otherwise always builds (mpconfigboard.h says what).
git -C "$MP" apply "$OUT/mpconfigport.patch"
# The program's names, frozen so that importing it from /rom interns none in the heap
# (host/duelkeeper_dev/frozennames.py): written from this checkout's program.
mkdir -p "$MP/ports/rp2/boards/$BOARD/names"
PYTHONPATH="$HERE/host:$HERE/shared" "$HERE/.venv/bin/python" -m duelkeeper_dev.frozennames \
    "$MP/ports/rp2/boards/$BOARD/names/duelkeeper_names.py"
# The banner's build date: the commit's, not today's, so a rebuild is byte-identical.
SOURCE_DATE_EPOCH=$(git -C "$MP" log -1 --format=%ct)
export SOURCE_DATE_EPOCH

# The mpy-cross that freezes interns every string of up to 255 bytes (a name's limit),
# not only those of up to 10: the frozen names' longer texts become names too.
make -C "$MP/mpy-cross" -j2 CFLAGS_EXTRA=-DMICROPY_ALLOC_PARSE_INTERN_STRING_LEN=255 \
    >"$SCRATCH/mpy-cross.log"
# CMAKE_ARGS given here replaces the Makefile's own -DMICROPY_BOARD: name the board in it.
# PICO_NO_PICOTOOL: pico-sdk 2.x would otherwise download picotool.
make -C "$MP/ports/rp2" -j2 BOARD=$BOARD \
    CMAKE_ARGS="-DMICROPY_BOARD=$BOARD -DMICROPY_BOARD_DIR=$MP/ports/rp2/boards/$BOARD -DPICO_NO_PICOTOOL=1" \
    >"$SCRATCH/rp2.log"
BIN="$MP/ports/rp2/build-$BOARD/firmware.bin"
# The ROMFS partition starts at 312 KiB (mpconfigboard.h): a firmware past it is no build.
SIZE=$(stat -c %s "$BIN")
[ "$SIZE" -le $((312 * 1024)) ] || { echo "$BIN: $SIZE bytes, over 312 KiB" >&2; exit 1; }
python3 "$MP/tools/uf2conv.py" -b 0x10000000 -f 0xe48bff56 -c -o "$OUT/duelkeeper-base.uf2" "$BIN" \
    >/dev/null

version() { dpkg-query -W -f '${Version}' "$1"; }
{
    echo "duelkeeper-base.uf2: duelkeeper's base firmware for the Raspberry Pi Pico (RP2040)"
    echo "board definition: rp2-base/$BOARD (built by tools/build_firmware.sh)"
    echo "sha256: $(sha256sum "$OUT/duelkeeper-base.uf2" | cut -d' ' -f1)"
    echo "firmware.bin: $(stat -c %s "$BIN") bytes at 0x10000000"
    echo "micropython: $MICROPYTHON (tag v1.28.0)"
    echo "pico-sdk: $PICO_SDK (2.2.0)"
    echo "tinyusb: $TINYUSB"
    echo "micropython-lib: $MICROPYTHON_LIB"
    echo "mbedtls: $MBEDTLS"
    echo "patch: rp2-base/mpconfigport.patch"
    echo "frozen names: $(grep -c '^    ' "$MP/ports/rp2/boards/$BOARD/names/duelkeeper_names.py")," \
        "from the program at $(git -C "$HERE" rev-parse HEAD)$(git -C "$HERE" diff --quiet HEAD -- firmware shared boards || echo ' (with changes)')"
    echo "gcc-arm-none-eabi: $(version gcc-arm-none-eabi)"
    echo "libnewlib-arm-none-eabi: $(version libnewlib-arm-none-eabi)"
    echo "libstdc++-arm-none-eabi-newlib: $(version libstdc++-arm-none-eabi-newlib)"
    echo "cmake: $(version cmake)"
    echo "command: make -C mpy-cross CFLAGS_EXTRA=-DMICROPY_ALLOC_PARSE_INTERN_STRING_LEN=255; make -C ports/rp2 BOARD=$BOARD" \
        "CMAKE_ARGS=\"-DMICROPY_BOARD=$BOARD -DMICROPY_BOARD_DIR=ports/rp2/boards/$BOARD" \
        "-DPICO_NO_PICOTOOL=1\"; tools/uf2conv.py -b 0x10000000 -f 0xe48bff56 -c firmware.bin"
} >"$OUT/PROVENANCE"
cat "$OUT/PROVENANCE"
