"""duelkeeper's launcher, frozen into the base firmware (docs/rp2.md, "The firmware").

MicroPython runs a frozen main.py before any main.py on the filesystem, so this starts
the program from /rom (the ROMFS image that ``duelkeeper uf2`` or ``duelkeeper deploy``
wrote) and writes nothing to littlefs. The image's last file, /rom/board, holds the
board's name and a newline; an image is written from its start, so only a whole one ends
with that newline. With no image, or one cut short (the power lost during a deploy), one
line says so and the REPL is left to the next deploy. The interface with the image is
this file's only promise: /rom/board, and ``firmware.main.run(board)``.
"""


def _board():
    try:
        with open("/rom/board", "rb") as f:
            name = f.read()
    except OSError:
        return None
    if not name.endswith(b"\n"):
        return None
    return name[:-1].decode()


board = _board()
if board:
    from firmware.main import run

    run(board)
else:
    print("duelkeeper: no whole program in /rom; run duelkeeper deploy")
