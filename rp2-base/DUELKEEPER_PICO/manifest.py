# The port's own frozen modules, and the launcher that starts the app from /rom.
include("$(PORT_DIR)/boards/manifest.py")
freeze("$(BOARD_DIR)/launcher", "main.py")
