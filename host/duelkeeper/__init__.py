"""duelkeeper on the PC: the ``duelkeeper`` command (cli.py) and what it does.

Its own modules are the product: sync, deploy and uf2 with a board, the play log (log,
players, export, report), and the program's build (program.py) that every board,
simulator and bench runs. ``sim/`` (the simulator, ``duelkeeper sim``), ``mpvm/``
(MicroPython under Node) and ``rp2/`` (the emulated RP2040) use the product; of the
product only the ``sim`` command reaches them. The development tools are apart, in
host/duelkeeper_dev (tests/host/test_layout.py checks both).
"""
