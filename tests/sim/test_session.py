"""mpvm.Session: one MicroPython VM kept across calls, with the flash mirrored to a folder."""

from pathlib import Path

import pytest

from duelkeeper import mpvm


def test_values_memory_output_and_errors(tmp_path: Path) -> None:
    with mpvm.Session() as vm:
        reply = vm.call(
            "import uctypes, json\nb = bytearray(b'hi!')\n"
            "_mem = '%d %d' % (uctypes.addressof(b), len(b))\n"
            "_value = json.dumps([1, 'x', None, {'a': True}])\nprint('out')"
        )
        assert reply.value == [1, "x", None, {"a": True}]
        assert reply.mem == b"hi!"
        assert reply.out == "out\n"
        with pytest.raises(mpvm.VMError, match="ZeroDivisionError"):
            vm.call("1 / 0")
        # The VM survives an error with its state.
        assert vm.call("_value = json.dumps(len(b))").value == 3
    with pytest.raises(mpvm.VMError, match="closed"):
        vm.call("pass")


def test_flash_folder_mirrored(tmp_path: Path) -> None:
    flash = tmp_path / "flash"
    (flash / "games").mkdir(parents=True)
    (flash / "games" / "old.txt").write_text("old")
    (flash / "keep.txt").write_text("keep")
    with mpvm.Session(mirror=("/flash", flash)) as vm:
        code = "import json\n_value = json.dumps(open('/flash/games/old.txt').read())"
        assert vm.call(code).value == "old"
        reply = vm.call(
            "f = open('/flash/games/new.txt', 'w')\nf.write('new')\nf.close()\n"
            "import os\nos.remove('/flash/games/old.txt')"
        )
        assert reply.wrote == ["games/new.txt"] and reply.removed == ["games/old.txt"]
        assert vm.call("pass").wrote == []  # nothing changed: nothing written
        # A rewrite of the same size is still seen.
        assert vm.call("f = open('/flash/keep.txt', 'w')\nf.write('KEEP')\nf.close()").wrote == [
            "keep.txt"
        ]
    assert (flash / "games" / "new.txt").read_text() == "new"
    assert not (flash / "games" / "old.txt").exists()
    assert (flash / "keep.txt").read_text() == "KEEP"


def test_gc_reclaims_between_calls() -> None:
    # The reason the simulator ticks once per call (docs/firmware.md).
    with mpvm.Session() as vm:
        vm.call("import gc\nx = [bytearray(1000) for i in range(100)]\ndel x")
        vm.call("gc.collect()")
        assert int(vm.call("_value = str(gc.mem_alloc())").value) < 20000
