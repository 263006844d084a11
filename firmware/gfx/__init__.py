"""Drawing on the driver's framebuffer: canvas.py, the project's fonts and icons."""
