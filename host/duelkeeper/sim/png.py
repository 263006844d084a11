"""Frames as PNG files (Pillow): black ink on a paper-white background.

A frame is the drivers' MONO_VLSB buffer (host/duelkeeper/sim/device.py ``decode``);
``scale`` repeats each panel pixel so the pictures stay crisp in a README.
"""

import io
from pathlib import Path

from PIL import Image

from duelkeeper.files import write_atomic
from duelkeeper.sim.device import decode

PAPER = 235  # the grey of an e-ink panel's white, close enough for a screenshot
INK = 20


def image(frame: bytes, width: int, height: int, scale: int = 1) -> Image.Image:
    rows = decode(frame, width, height)
    img = Image.new("L", (width, height), PAPER)
    img.putdata([INK if v else PAPER for row in rows for v in row])
    if scale > 1:
        img = img.resize((width * scale, height * scale), Image.Resampling.NEAREST)
    return img


def save(path: Path, frame: bytes, width: int, height: int, scale: int = 1) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = io.BytesIO()
    image(frame, width, height, scale).save(data, format="PNG", optimize=True)
    write_atomic(path, data.getvalue())  # a screenshot is whole or the one before
