# What the base firmware freezes: the port's boot (it mounts littlefs) and rp2 module,
# duelkeeper's launcher that starts the app from /rom, and the program's names
# (host/duelkeeper_dev/frozennames.py; tools/build_firmware.sh writes names/ before the
# build). Not the port's asyncio, onewire, ds18x20, dht and neopixel: nothing uses them.
freeze("$(PORT_DIR)/modules", ("_boot.py", "rp2.py"))
freeze("$(BOARD_DIR)/launcher", "main.py")
freeze("$(BOARD_DIR)/names", "duelkeeper_names.py")
