"""firmware/main.py on the MicroPython VM: the board from the settings, the App, the loop.

The loop never ends on a board, so the test stops it from ``sleep_ms`` after a few
turns; by then the first frame must have been shown. Run both ways the board may run
it: imported as ``firmware.main`` and called, and as ``/main.py`` itself.
"""

import json
from pathlib import Path

import pytest

from duelkeeper import mpvm
from duelkeeper.repo import ROOT
from duelkeeper.sim.device import cached_build

_CODE = """
import json
import firmware.clock as clock
import boards.sim as sim

class Stop(Exception):
    pass

turns = []
def stop_after(ms):
    turns.append(ms)
    if len(turns) >= 5:
        raise Stop()

opened = []
def open_board(orig=sim.open):
    opened.append(orig())
    return opened[-1]
sim.open = open_board

clock.sleep_ms = stop_after
try:
    %s
except Stop:
    pass
print(json.dumps(turns))
print(json.dumps([opened[0].display.full, opened[0].root]))
"""


@pytest.mark.parametrize(
    "how",
    [
        "import firmware.main as m\n    m.sleep_ms = stop_after\n    m.run()",
        "exec(open('/main.py').read(), {'__name__': '__main__'})",
    ],
    ids=["imported", "as-main.py"],
)
def test_main_loop_ticks_the_app(tmp_path: Path, how: str) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"board": "sim"}))
    build = cached_build(mpy=True)  # the .mpy files that ship, and main.py as source
    files = {f"/lib/{name}": build / name for name in ("firmware", "boards", "duelcore")}
    files["/main.py"] = ROOT / "firmware" / "main.py"
    files["/settings.json"] = tmp_path / "settings.json"
    out = mpvm.run(_CODE % how, files).splitlines()
    assert json.loads(out[0]) == [10] * 5  # five turns of the loop, 10 ms sleeps
    assert json.loads(out[1]) == [1, "/"]  # the first frame shown, storage at "/"
