"""One module per supported board: its pins and parts (docs/firmware.md, "Board interface")."""
