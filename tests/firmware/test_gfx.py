"""firmware/gfx: the fonts and icons and their file, the canvas drawn pixel by pixel, and
the same frame under MicroPython as under CPython."""

import importlib.util
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import fwhelp
import pytest
from fwhelp import run_vm

import boards.sim as sim
from duelkeeper.program import cached_build
from duelkeeper.repo import ROOT
from duelkeeper.sim.device import SHIMS
from firmware.gfx import font, icons
from firmware.gfx.canvas import BLACK, CENTER, LARGE, RIGHT, SMALL, WHITE, Canvas

assert fwhelp
_spec = importlib.util.spec_from_file_location("make_glyphs", ROOT / "tools" / "make_glyphs.py")
assert _spec and _spec.loader
make_glyphs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_glyphs)


def canvas(width: int = 296, height: int = 128) -> Canvas:
    return Canvas(sim.Board(width, height, "abcud", "/").display)


def ink(c: Canvas) -> set[tuple[int, int]]:
    return {(x, y) for y in range(c.height) for x in range(c.width) if c.fb.pixel(x, y)}


def art(rows: list[str], x: int, y: int) -> set[tuple[int, int]]:
    return {(x + i, y + j) for j, r in enumerate(rows) for i, ch in enumerate(r) if ch == "#"}


def test_generated_files_are_up_to_date() -> None:
    script = ROOT / "tools" / "make_glyphs.py"
    proc = subprocess.run([sys.executable, str(script), "--check"], capture_output=True)
    assert proc.returncode == 0, proc.stdout


@pytest.mark.parametrize("name", ["font.py", "icons.py", "glyphs.bin"])
def test_check_sees_each_file_out_of_date(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    gfx = tmp_path / "firmware" / "gfx"
    gfx.mkdir(parents=True)
    for attr in ("FONT_PY", "ICONS_PY", "GLYPHS_BIN"):
        path = getattr(make_glyphs, attr)
        shutil.copyfile(path, gfx / path.name)
        monkeypatch.setattr(make_glyphs, attr, gfx / path.name)
    monkeypatch.setattr(make_glyphs, "ROOT", tmp_path)
    monkeypatch.setattr(sys, "argv", ["make_glyphs.py", "--check"])
    assert make_glyphs.main() == 0
    with (gfx / name).open("ab") as f:
        f.write(b"\n")
    assert make_glyphs.main() == 1
    assert capsys.readouterr().out == (
        "firmware/gfx/%s is out of date: run tools/make_glyphs.py\n" % name
    )


GLYPHS = (ROOT / "firmware" / "gfx" / "glyphs.bin").read_bytes()
ENGLISH = (ROOT / "firmware" / "gfx" / "lang-en.bin").read_bytes()


def test_glyph_file_header() -> None:
    assert len(GLYPHS) == font.FILE_SIZE
    assert int.from_bytes(GLYPHS[:2], "little") == font.STAMP == zlib.crc32(GLYPHS[2:]) & 0xFFFF
    assert icons.AT + icons.COUNT * 24 == font.FILE_SIZE  # the icons come last
    assert font.STRIDE == max(SMALL[6], LARGE[6], 24)


@pytest.mark.parametrize("f", [SMALL, LARGE], ids=["small", "large"])
def test_font_records(f: tuple[int, int, int, int, bytes, int, int]) -> None:
    height, first, last, _, widths, at, stride = f
    per = (height + 7) // 8
    assert len(widths) == last - first + 1
    # as wide as the widest glyph of any language at the size (make_glyphs.COLUMNS)
    cols = 8 if height == 8 else 20
    assert stride == per * cols and max(widths) <= cols
    # a record is a MONO_VLSB image ``cols`` wide: a page after another
    for i, w in enumerate(widths):
        record = GLYPHS[at + i * stride : at + (i + 1) * stride]
        assert len(record) == stride
        for page in range(per):  # each page's columns past the glyph's width are zero
            assert not any(record[page * cols + w : (page + 1) * cols]), (i, page)
    digits = {widths[ord(d) - first] for d in "0123456789"}
    assert len(digits) == 1  # tabular digits
    assert SMALL[5] == 2 and LARGE[5] == SMALL[5] + len(SMALL[4]) * SMALL[6]


# canvas.py imported from a copy of firmware/ whose glyph file or English catalog is
# damaged, in both runtimes (the MicroPython one from the .mpy build that ships): what it
# raises. Intact, English draws with no other language's catalog beside them.
_IMPORT = """
try:
    import firmware.gfx.canvas
    print("imported")
except OSError as e:
    print(repr(str(e)))
"""

# file -> (what it is called, where its stamp lies, how it names a stamp not font.py's)
_FILES = {
    "glyphs.bin": ("glyph file", GLYPHS, 0, "is another build's"),
    "lang-en.bin": ("language file", ENGLISH, 2, "is for another glyphs.bin"),
}


@pytest.mark.parametrize("runtime", ["micropython", "cpython"])
@pytest.mark.parametrize("name", list(_FILES))
@pytest.mark.parametrize(
    "damage, why",
    [
        ("missing", "is missing"),
        ("short", "is 10 bytes"),
        ("stale", None),  # a stamp not font.py's: _FILES says how it is named
        ("damaged", "is damaged"),
    ],
)
def test_damaged_glyph_file_is_one_line_at_import(
    runtime: str, name: str, damage: str, why: str | None, tmp_path: Path
) -> None:
    src = cached_build() if runtime == "micropython" else ROOT
    shutil.copytree(
        src / "firmware", tmp_path / "firmware", ignore=shutil.ignore_patterns("__pycache__")
    )
    what, data, stamp, stale = _FILES[name]
    path = tmp_path / "firmware" / "gfx" / name
    if damage == "missing":
        path.unlink()
    elif damage == "short":
        path.write_bytes(data[:10])
    elif damage == "stale":
        path.write_bytes(data[:stamp] + bytes([data[stamp] ^ 1]) + data[stamp + 1 :])
        why = stale
    else:  # its last byte: a word or an icon
        path.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    out, where = _import(runtime, tmp_path)
    assert out == repr("%s %s%s %s: deploy again" % (what, where, name, why)) + "\n"


@pytest.mark.parametrize("runtime", ["micropython", "cpython"])
def test_english_needs_no_other_catalog(runtime: str, tmp_path: Path) -> None:
    src = cached_build() if runtime == "micropython" else ROOT
    shutil.copytree(
        src / "firmware", tmp_path / "firmware", ignore=shutil.ignore_patterns("__pycache__")
    )
    for code in ("ja", "ru"):
        (tmp_path / "firmware" / "gfx" / ("lang-%s.bin" % code)).unlink()
    out = _import(runtime, tmp_path, _IMPORT + _DRAW)[0]
    namespace: dict[str, object] = {}
    exec(_DRAW.replace("print", "drawn ="), namespace)  # the same drawing here
    assert out == "imported\n%s\n" % namespace["drawn"]


# Text in both fonts and an icon, drawn from glyphs.bin: the frame's bytes printed.
_DRAW = """
import framebuf
from firmware.gfx.canvas import LARGE, Canvas
class _Panel:
    width, height, buf = 64, 24, bytearray(64 * 24 // 8)
    fb = framebuf.FrameBuffer(buf, 64, 24, framebuf.MONO_HLSB)
_c = Canvas(_Panel)
_c.text("Duel 7", 0, 0, LARGE)
_c.text("won!", 0, 16)
_c.icon(0, 50, 0, scale=1)
print("".join("%02x" % b for b in _Panel.buf))
"""


def _import(runtime: str, root: Path, code: str = _IMPORT) -> tuple[str, str]:
    """What ``code`` (importing canvas.py from ``root``/firmware) printed, and the
    folder its files are found in."""
    if runtime == "micropython":
        return run_vm(code, {"/lib/firmware": root / "firmware"}), "/lib/firmware/gfx/"
    code = "import sys\nsys.path[:0] = [%r, %r]\n%s" % (str(SHIMS), str(root), code)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout, "%s/firmware/gfx/" % root


def test_small_text_pixel_by_pixel() -> None:
    c = canvas()
    end = c.text("Hi1", 3, 4)
    expected = set()
    x = 3
    for ch in "Hi1":
        rows = make_glyphs._rows(make_glyphs.SMALL_ART[ch])
        cols = make_glyphs._columns(rows)
        inked = [i for i, col in enumerate(cols) if col]
        left = 0 if ch.isdigit() else inked[0]
        width = 5 if ch.isdigit() else inked[-1] - inked[0] + 1
        expected |= {(x + i - left, y) for (i, y) in art(rows, 0, 4) if left <= i < left + width}
        x += width + 1
    assert ink(c) == expected
    assert end == x - 1 == 3 + c.text_width("Hi1")


def test_alignment_and_scale() -> None:
    c = canvas()
    w = c.text_width("42", LARGE)
    assert c.text("42", 200, 10, LARGE, RIGHT) == 200
    assert max(x for x, _ in ink(c)) < 200 <= max(x for x, _ in ink(c)) + 3
    c.clear()
    c.text("42", 100, 10, LARGE, CENTER)
    xs = [x for x, _ in ink(c)]
    assert min(xs) >= 100 - w // 2 and max(xs) < 100 - w // 2 + w
    c.clear()
    c.text("8", 0, 0, SMALL, scale=3)
    big = ink(c)
    c.clear()
    c.text("8", 0, 0, SMALL)
    small = ink(c)
    assert big == {(3 * x + i, 3 * y + j) for x, y in small for i in range(3) for j in range(3)}
    assert c.text_width("") == 0 and c.text("", 5, 5) < 5


def test_missing_glyphs() -> None:
    c = canvas()
    c.text("a", 0, 0, LARGE)
    lower = ink(c)
    c.clear()
    c.text("A", 0, 0, LARGE)
    assert lower == ink(c)  # LARGE has no lower case: capitals instead
    c.clear()
    c.text("\u00e9", 0, 0)
    accent = ink(c)
    c.clear()
    c.text("?", 0, 0)
    assert accent == ink(c)


def test_label_inverts() -> None:
    c = canvas()
    h = c.label("OK", 10, 20, 40)
    assert h == 10
    assert c.fb.pixel(10, 20) == BLACK and c.fb.pixel(49, 29) == BLACK
    assert c.fb.pixel(9, 20) == WHITE and c.fb.pixel(50, 20) == WHITE
    white = {(x, y) for x in range(10, 50) for y in range(20, 30) if not c.fb.pixel(x, y)}
    c2 = canvas()
    c2.text("OK", 30, 21, align=CENTER)
    assert white == ink(c2)  # the same glyphs, white on black


def test_box_and_progress() -> None:
    c = canvas()
    c.box(0, 0, 10, 6, thick=2)
    assert ink(c) == {(x, y) for x in range(10) for y in range(6)} - {
        (x, y) for x in range(2, 8) for y in range(2, 4)
    }
    c.clear()
    c.progress(0, 0, 24, 6, 1, 4)
    inside = {(x, y) for x in range(2, 7) for y in range(2, 4)}  # (24 - 4) / 4 = 5 wide
    border = {(x, y) for x in range(24) for y in (0, 5)} | {
        (x, y) for x in (0, 23) for y in range(6)
    }
    assert ink(c) == inside | border
    c.clear()
    c.progress(0, 0, 24, 6, 9, 4)  # clamps
    assert len(ink(c) - border) == 20 * 2


@pytest.mark.parametrize("pos", [-9, -4, 0, 5, 9, 12])
def test_track_pawn(pos: int) -> None:
    c = canvas()
    left = c.track(0, 50, 296, 12, pos)
    cw = 295 // 19
    assert left == (295 - cw * 19) // 2
    cell = max(-9, min(9, pos)) + 9
    px = left + cell * cw
    assert c.fb.pixel(px + 1, 51) == BLACK and c.fb.pixel(px + 2, 52) == WHITE
    assert c.fb.pixel(px + 3, 53) == BLACK  # the pawn: black, white ring, black core
    ticks = {x for x, y in ink(c) if y == 48}
    assert ticks == {left + (9 + 3) * cw, left + (9 + 6) * cw, left + 7 * cw, left + 4 * cw}


def test_track_too_narrow() -> None:
    with pytest.raises(ValueError):
        canvas().track(0, 0, 50, 10, 0)


def test_icons_pixel_by_pixel() -> None:
    c = canvas()
    for n, name in enumerate(list(make_glyphs.ICON_ART) + ["DOWN"]):
        assert getattr(icons, name) == n
        c.clear()
        assert c.icon(n, 5, 7) == 12
        rows = make_glyphs._rows(make_glyphs.ICON_ART.get(name, make_glyphs.ICON_ART["UP"]))
        if name == "DOWN":
            rows = rows[::-1]
        assert ink(c) == art(rows, 5, 7), name
    assert icons.COUNT == n + 1


def test_small_panel_and_clipping() -> None:
    c = canvas(250, 122)
    assert (c.width, c.height) == (250, 122)
    c.text("WIDE TEXT RUNS OFF THE EDGE", 200, 115, LARGE)
    c.icon(icons.COIN, -6, -6)
    c.track(0, 110, 250, 12, 9)
    assert all(0 <= x < 250 and 0 <= y < 122 for x, y in ink(c))


SCENE = """
import boards.sim as sim
from firmware.gfx import icons
from firmware.gfx.canvas import CENTER, LARGE, RIGHT, Canvas
out = []
for w, h in ((296, 128), (250, 122)):
    sim.WIDTH, sim.HEIGHT = w, h
    d = sim.open().display
    c = Canvas(d)
    c.clear()
    c.label("Age II - your turn", 0, 0, w)
    c.text("Coins 12  Shields 3  gjpqy {}[]", 2, 12)
    c.text("31:07", w // 2, 24, LARGE, CENTER)
    c.text("+5", w - 1, 24, LARGE, RIGHT)
    c.text("9", 0, 40, LARGE, scale=2)
    for n in range(icons.COUNT):
        c.icon(n, 40 + 14 * n, 50)
    c.progress(40, 66, 120, 9, 5, 8)
    c.box(170, 66, 40, 20, thick=2)
    c.track(0, h - 14, w, 12, -5)
    out.append(''.join('%02x' % b for b in d.buf))
print('\\n'.join(out))
"""


def test_same_frame_under_micropython(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sim, "WIDTH", sim.WIDTH)  # the scene changes them: restored after
    monkeypatch.setattr(sim, "HEIGHT", sim.HEIGHT)
    ours: dict[str, str] = {}
    exec(compile(SCENE.replace("print(", "ours['out'] = ("), "<scene>", "exec"), {"ours": ours})
    assert run_vm(SCENE).split() == ours["out"].split()


def test_drawing_allocates_nothing_in_micropython() -> None:
    code = """
import gc
import boards.sim as sim
from firmware.clock import ticks_ms, ticks_add, ticks_diff
from firmware.display.refresh import Refresh
from firmware.gfx import icons
from firmware.gfx.canvas import CENTER, LARGE, Canvas
board = sim.open()
c = Canvas(board.display)
r = Refresh(board.display)
label = "Coins 12 gjpqy"
def frame(t):
    c.clear()
    c.label(label, 0, 0, 296)
    c.text(label, 2, 12)
    c.text("31:07", 148, 24, LARGE, CENTER)
    c.icon(icons.COIN, 2, 50)
    c.progress(20, 50, 100, 9, t % 9, 8)
    c.track(0, 100, 296, 12, t % 19 - 9)
    r.request()
    r.tick(t, 0)
def measure():  # locals only: a new global would grow the module's dict
    for t in range(3):
        frame(t)
    before = gc.mem_alloc()
    for t in range(3, 40):
        frame(t)
    return gc.mem_alloc() - before
used = measure()
t0 = ticks_ms()
print(used, r.full + r.partial, ticks_diff(ticks_add(t0, 5), t0))
"""
    assert run_vm(code).split() == ["0", "40", "5"]
