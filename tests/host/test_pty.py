"""`duelkeeper sim --pty`: the VM's REPL on a pseudo-terminal, as a board's USB serial.

The real mpremote (its command line and its transport) and plain pyserial talk to it;
the two things the VM's REPL lacks (raw-paste, soft reset) are answered by the bridge,
and OSError numbers read as a board's.
"""

import signal
import subprocess
import time
from pathlib import Path

import pytest
import serial  # type: ignore[import-untyped]
from ptyhelp import COMMAND, device
from sighelp import sigint_default

from duelkeeper.device import Device, DeviceError
from duelkeeper.sim.fill import archived

MPREMOTE = str(Path(COMMAND).with_name("mpremote"))
RAW = b"raw REPL; CTRL-B to exit\r\n>"


def mpremote(port: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [MPREMOTE, "connect", port, *args], capture_output=True, text=True, timeout=60
    )


def read_until(line: serial.Serial, ending: bytes, limit: float = 5) -> bytes:
    data = b""
    end = time.monotonic() + limit
    while not data.endswith(ending) and time.monotonic() < end:
        data += line.read(1)
    assert data.endswith(ending), data
    return data


def test_the_command_prints_the_pty_and_serves_the_games(tmp_path: Path) -> None:
    flash = tmp_path / "flash"
    args = ["sim", "--pty", "--storage", str(flash), "--games", "3", "--seed", "4"]
    proc = subprocess.Popen(
        [COMMAND, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None
        path = proc.stdout.readline().strip()
        assert path.startswith("/dev/"), path
        done = mpremote(path, "exec", "from firmware import sync\nsync.info()\nsync.list()")
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert lines[0].startswith("DK 2 ") and lines[0].endswith(" 3")
        assert [x.split()[0] for x in lines[1:]] == ["GAME"] * 3 + ["END"]
    finally:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0
    assert out == "" and err == "3 finished games archived in %s\n" % flash
    assert len(archived(flash)) == 3


def test_mpremote_file_commands_write_through_to_the_folder(tmp_path: Path) -> None:
    local = tmp_path / "hello.txt"
    local.write_text("hello\n")
    flash = tmp_path / "flash"
    with device(flash) as d:
        cp = ["fs", "cp", str(local)]
        done = mpremote(
            d.path,
            *cp, ":a.txt", "+", "fs", "mkdir", "d", "+", *cp, ":d/b.txt", "+",
            "soft-reset", "+", "fs", "ls", "d", "+", "fs", "cat", "d/b.txt", "+",
            "fs", "rm", ":a.txt",
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert "b.txt" in done.stdout and "hello" in done.stdout
        assert (flash / "d" / "b.txt").read_text() == "hello\n"
        assert not (flash / "a.txt").exists()
        missing = mpremote(d.path, "fs", "rm", ":nope")
        assert "nope: No such file or directory" in missing.stderr  # ENOENT, as on a board


def test_raw_repl_paste_soft_reset_and_ctrl_c_over_pyserial(tmp_path: Path) -> None:
    with device(tmp_path / "flash") as d, serial.Serial(d.path, timeout=0.5) as line:
        line.write(b"\r\x03\r\x01")
        read_until(line, RAW)
        line.write(b"\x05A\x01")  # raw-paste: yes, with a window of 128 bytes
        assert line.read(4) == b"R\x01\x80\x00"
        code = b"x = 6 * 7  # " + b"." * 200 + b"\n"  # past a window: acknowledged (Ctrl-A)
        line.write(code[:128])
        assert line.read(1) == b"\x01"
        line.write(code[128:] + b"print(x)\x04")
        assert read_until(line, b"\x04>") == b"\x0442\n\x04\x04>"  # no "OK" in raw-paste
        line.write(b"print(x + 1)\x04")  # the plain raw REPL still takes code
        assert read_until(line, b"\x04>") == b"OK43\n\x04\x04>"
        line.write(b"\x05A\x01")  # a paste cut by Ctrl-C: ended, KeyboardInterrupt
        assert line.read(4) == b"R\x01\x80\x00"
        line.write(b"print('never')\x03")
        assert b"KeyboardInterrupt" in read_until(line, b"\x04>")
        line.write(b"print(x + 2)\x04")
        assert read_until(line, b"\x04>") == b"OK44\n\x04\x04>"
        line.write(b"\x04")  # on an empty raw line: soft reset, still in the raw REPL
        assert read_until(line, RAW) == b"OK\r\nMPY: soft reboot\r\n" + RAW
        line.write(b"print(x)\x04")  # a new VM: x is gone
        assert b"NameError" in read_until(line, b"\x04>")
        line.write(b"\x02")  # the friendly REPL
        assert read_until(line, b">>> ").endswith(b'Type "help()" for more information.\r\n>>> ')
        line.write(b"1 +\x03")  # Ctrl-C drops the line
        assert read_until(line, b">>> ").endswith(b"\r\n>>> ")
        line.write(b"\x04")  # friendly soft reset: the banner mpremote waits for
        banner = read_until(line, b">>> ")
        assert b"MPY: soft reboot\r\n" in banner and b"\nMicroPython " in banner


def test_flash_is_the_root_and_errors_read_as_a_boards(tmp_path: Path) -> None:
    flash = tmp_path / "flash"
    (flash / "games").mkdir(parents=True)
    (flash / "games" / "x.dk").write_bytes(b"")
    with device(flash) as d, Device(d.path) as dev:
        dev.enter()
        out = dev.run(
            "import os\nfrom firmware import sync\nprint(sync.ROOT, os.listdir('/games'))\n"
            "f = open('/games/new.txt', 'w')\nf.write('kept')\nf.close()"
        )
        assert out == b"/ ['x.dk']\n"
        assert (flash / "games" / "new.txt").read_text() == "kept"  # written back at once
        with pytest.raises(DeviceError, match=r"OSError: \[Errno 2\] ENOENT"):
            dev.run("import os\nos.stat('/nope')")
        with pytest.raises(DeviceError, match=r"OSError: \[Errno 17\] EEXIST"):
            dev.run("import os\nos.mkdir('/games')")


def test_a_stream_gives_lines_as_they_come_and_leaves_the_line_clean(tmp_path: Path) -> None:
    code = "import time\nfor i in range(3):\n    print('line', i)\n    time.sleep(0.3)"
    with device(tmp_path / "flash") as d, Device(d.path) as dev:
        dev.enter()
        start = time.monotonic()
        lines = dev.stream(code)
        assert next(lines) == b"line 0" and time.monotonic() - start < 0.6  # before the end
        lines.close()  # left after one line: the rest is read and dropped
        assert dev.lines("print('next')") == [b"next"]
        streamed = dev.stream("print('a')\nprint('b')\n1 / 0")
        assert next(streamed) == b"a" and next(streamed) == b"b"
        with pytest.raises(DeviceError, match="ZeroDivisionError"):
            next(streamed)  # the traceback, after the lines printed before it
        assert dev.lines("print('ok')") == [b"ok"]


def test_ctrl_c_stops_code_that_never_returns(tmp_path: Path) -> None:
    with device(tmp_path / "flash") as d:
        for code in ("while True: pass", "print(input())"):
            stuck = subprocess.Popen(
                [MPREMOTE, "connect", d.path, "exec", code], preexec_fn=sigint_default
            )
            time.sleep(2)
            assert stuck.poll() is None  # still running, as on a board
            stuck.send_signal(signal.SIGINT)  # mpremote ends; the code runs on
            stuck.wait(timeout=10)
            done = mpremote(d.path, "exec", "print(6 * 7)")  # its Ctrl-C stops it
            assert (done.returncode, done.stdout) == (0, "42\n"), done.stderr
        with serial.Serial(d.path, timeout=0.2) as line:
            line.write(b"\r\x03\r\x01")
            read_until(line, RAW)
            line.write(b"x = 1\nwhile True: x += 1\x04")
            read_until(line, b"OK")  # said before the code runs, as a board does
            line.write(b"\x03")
            said = read_until(line, b"\x04>")
            assert said.endswith(b"KeyboardInterrupt: \r\n\x04>"), said
            line.write(b"print('after')\x04")
            assert read_until(line, b"\x04>") == b"OKafter\n\x04\x04>"


def test_input_reads_the_line_and_ctrl_c_interrupts_it(tmp_path: Path) -> None:
    with device(tmp_path / "flash") as d, serial.Serial(d.path, timeout=0.2) as line:
        line.write(b"\r\x03\r\x01")
        read_until(line, RAW)
        line.write(b"print('got', input('? '))\x04")
        read_until(line, b"OK? ")
        line.write(b"hello\r")
        assert read_until(line, b"\x04>") == b"hello\ngot hello\n\x04\x04>"
        line.write(b"input()\x04")
        read_until(line, b"OK")
        line.write(b"ab\x03")
        assert read_until(line, b"\x04>").endswith(b"KeyboardInterrupt: \r\n\x04>")


def test_mount_works_and_leaves_the_device_usable(tmp_path: Path) -> None:
    here = tmp_path / "here"
    here.mkdir()
    (here / "hello.py").write_text("print('hello from the PC')\n")
    with device(tmp_path / "flash") as d:
        done = mpremote(
            d.path, "mount", str(here), "exec", "import os\nprint(os.listdir())\nimport hello"
        )
        assert done.returncode == 0, done.stderr
        assert "['hello.py']\nhello from the PC\n" in done.stdout
        after = mpremote(d.path, "exec", "import os\nprint('hello.py' in os.listdir())")
        assert (after.returncode, after.stdout) == (0, "False\n"), after.stderr


def test_fs_ls_sizes_and_folders_that_survive_a_soft_reset(tmp_path: Path) -> None:
    flash = tmp_path / "flash"
    with device(flash) as d:
        done = mpremote(
            d.path,
            "exec", "open('five.txt', 'w').write('12345')", "+", "fs", "mkdir", "empty",
            "+", "soft-reset", "+", "fs", "ls",
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert "           5 five.txt" in done.stdout.splitlines()
        assert "           0 empty/" in done.stdout.splitlines()
        assert (flash / "empty").is_dir()
        gone = mpremote(d.path, "fs", "rmdir", "empty")
        assert gone.returncode == 0, gone.stderr
        assert not (flash / "empty").exists()
