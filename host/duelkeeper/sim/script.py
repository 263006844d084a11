"""Button scripts: the simulator's input without a terminal.

One gesture a line; ``#`` starts a comment; blank lines are skipped::

    # start a 7 Wonders Duel game with the first-game preset
    a               # a short press of A
    long b          # B held past the long-press time
    up x3           # three short presses of UP
    long down x2    # two long presses
    hold up 900     # UP held for 900 ms (auto-repeat included)
    wait 1000       # 1000 ms with nothing pressed
    shot start      # save the frame shown now as start.png (with --screenshot)
    restart         # power cycle: the firmware boots again over the same flash

Each line is bounded, so that a script always ends: a repeat count is at most MAX_REPEAT
(a list of the device is far shorter), a hold or a wait at most MAX_MS of simulated time
(the firmware's longest timing is 750 ms); beyond, the line is refused. The whole script
is at most MAX_TOTAL_MS of the device's time and MAX_STEPS gestures (the line that passes
either is refused), and its file a regular one of at most MAX_BYTES (``/dev/zero`` was
read for ever).

Buttons are ``a``, ``b``, ``c``, ``up``, ``down``: the board's physical buttons. A script
is parsed completely before it runs, so a mistake is reported with its line number and
nothing is played. A button the board lacks is such a mistake: on a three-button board
(pico_inky_pack) ``down`` is refused, naming the buttons it has (a tap of A moves down
there), in the simulator and on the emulated board alike.
"""

import stat
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from duelkeeper.errors import DuelkeeperError, shown_quote

# The logical buttons' bits (firmware/buttons.py: BTN_A = 1 ... BTN_DOWN = 16).
BUTTONS = {"a": 1, "b": 2, "c": 4, "up": 8, "down": 16}
# Each button's letter in a board's BUTTONS ("abcud": five buttons, "abc": three).
LETTERS = {"a": "a", "b": "b", "c": "c", "up": "u", "down": "d"}
FIVE = "abcud"

TICK_MS = 10  # the firmware's loop period (main.py sleeps 10 ms between ticks)
PRESS_MS = 80  # a short press: held this long, then released
LONG_MS = 700  # a long press: past the firmware's 600 ms, before its first repeat at 750
GAP_MS = 120  # released between two gestures
MAX_REPEAT = 1000  # presses one line may repeat: `up x1000`
MAX_MS = 60_000  # one hold or wait: a minute of the device's time
MAX_TOTAL_MS = 3_600_000  # a whole script: an hour of the device's time (18,000 presses)
MAX_STEPS = 20_000  # gestures in a script, shots and restarts too
MAX_BYTES = 2**20  # a script's file (the docs' longest is 1.5 KB)


class ScriptError(DuelkeeperError):
    """A line of a script that does not parse; the message names the file and line."""


class Step(NamedTuple):
    """One parsed line: ``kind`` is press, hold, wait, shot or restart."""

    kind: str
    button: int = 0  # the button's bit, for press and hold
    ms: int = 0  # hold or wait duration
    name: str = ""  # shot name
    line: int = 0  # where it came from, for messages
    long: bool = False  # a long press (counted as one press, like a short one)


def _count(word: str, where: str) -> int:
    digits = word[1:].lstrip("0")
    if not (word.startswith("x") and digits.isascii() and digits.isdigit()):
        raise ScriptError(f"{where}: expected a repeat count like x3, not {shown_quote(word)}")
    if len(digits) > 9 or int(digits) > MAX_REPEAT:  # int() of 5,000 digits: ValueError
        raise ScriptError(f"{where}: at most x{MAX_REPEAT} presses a line, not {shown_quote(word)}")
    return int(digits)


def _ms(word: str, where: str) -> int:
    if not (word.isascii() and word.isdigit()):
        raise ScriptError(f"{where}: expected milliseconds, not {shown_quote(word)}")
    digits = word.lstrip("0") or "0"
    if len(digits) > 9 or int(digits) > MAX_MS:  # int() of 5,000 digits: ValueError
        raise ScriptError(f"{where}: at most {MAX_MS} ms a line, not {shown_quote(word)}")
    return int(digits)


def has(buttons: str, name: str) -> bool:
    """Whether a board with ``buttons`` (its BUTTONS, "abcud" or "abc") has button ``name``."""
    return LETTERS[name] in buttons


def mask(buttons: str) -> int:
    """The bits of the buttons a board has: what its pins can report."""
    return sum(bit for name, bit in BUTTONS.items() if has(buttons, name))


def missing(name: str, buttons: str, board: str) -> str:
    """Why button ``name`` cannot be pressed on ``board``, in one line."""
    have = ", ".join(n.upper() for n in BUTTONS if has(buttons, n))
    how = " (a tap of A moves down, of C up; A or C held is A or C)" if buttons == "abc" else ""
    return f"{board} has no {name.upper()} button, only {have}{how}"


def _button(word: str, where: str, buttons: str, board: str) -> int:
    bit = BUTTONS.get(word)
    if bit is None:
        raise ScriptError(f"{where}: unknown button {word!r} (a, b, c, up, down)")
    if not has(buttons, word):
        raise ScriptError(f"{where}: {missing(word, buttons, board)}")
    return bit


def parse(
    text: str, source: str = "<script>", buttons: str = FIVE, board: str = "this board"
) -> list[Step]:
    """The steps of a script for a board with ``buttons``, repeats expanded."""
    steps: list[Step] = []
    total = 0  # the device's time the steps so far take, ms
    for number, raw in enumerate(text.splitlines(), 1):
        where = f"{source}:{number}"
        counted = len(steps)
        words = raw.split("#", 1)[0].lower().split()
        if not words:
            continue
        head, rest = words[0], words[1:]
        if head == "wait":
            if len(rest) != 1:
                raise ScriptError(f"{where}: wait takes milliseconds: wait 1000")
            steps.append(Step("wait", ms=_ms(rest[0], where), line=number))
        elif head == "shot":
            if len(rest) != 1 or not all(ch.isalnum() or ch in "-_" for ch in rest[0]):
                raise ScriptError(f"{where}: shot takes one name of letters, digits, - and _")
            steps.append(Step("shot", name=rest[0], line=number))
        elif head == "restart":
            if rest:
                raise ScriptError(f"{where}: restart takes nothing")
            steps.append(Step("restart", line=number))
        elif head == "hold":
            if len(rest) != 2:
                raise ScriptError(f"{where}: hold takes a button and milliseconds: hold up 900")
            steps.append(
                Step(
                    "hold",
                    _button(rest[0], where, buttons, board),
                    _ms(rest[1], where),
                    line=number,
                )
            )
        else:
            long = head == "long"
            if long:
                if not rest:
                    raise ScriptError(f"{where}: long takes a button: long b")
                head, rest = rest[0], rest[1:]
            bit = _button(head, where, buttons, board)
            if len(rest) > 1:
                raise ScriptError(f"{where}: unexpected {' '.join(rest[1:])!r}")
            times = _count(rest[0], where) if rest else 1
            ms = LONG_MS if long else PRESS_MS
            steps.extend(Step("press", bit, ms, line=number, long=long) for _ in range(times))
        total += sum(duration(step) for step in steps[counted:])
        if total > MAX_TOTAL_MS:
            raise ScriptError(
                f"{where}: the script passes {MAX_TOTAL_MS} ms (an hour) of the device's "
                "time here; split it"
            )
        if len(steps) > MAX_STEPS:  # shots and restarts take no time, but a PNG or a boot
            raise ScriptError(f"{where}: the script passes {MAX_STEPS} gestures here; split it")
    return steps


def duration(step: Step) -> int:
    """The device's time a step takes, ms: as many ticks as ``masks`` gives."""
    return TICK_MS * sum(1 for _ in masks(step))


def load(path: Path, buttons: str = FIVE, board: str = "this board") -> list[Step]:
    mode = path.stat().st_mode
    if not stat.S_ISREG(mode):
        what = "a folder" if stat.S_ISDIR(mode) else "a device, pipe or socket"
        raise ScriptError(f"{path}: {what}, not a script")
    with open(path, "rb") as f:
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ScriptError(f"{path}: larger than {MAX_BYTES // 2**20} MiB: no script is; split it")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ScriptError(f"{path}: not UTF-8 text") from None
    return parse(text, str(path), buttons, board)


def masks(step: Step) -> Iterator[int]:
    """The button mask at each tick of a press, hold or wait (one value per TICK_MS)."""
    if step.kind in ("press", "hold"):
        for _ in range(max(1, step.ms // TICK_MS)):
            yield step.button
        for _ in range(GAP_MS // TICK_MS):
            yield 0
    elif step.kind == "wait":
        for _ in range(step.ms // TICK_MS):
            yield 0


def gesture_line(step: Step) -> str:
    """A step written back as a script line (``long b``, ``up``, ``shot start``)."""
    if step.kind == "shot":
        return f"shot {step.name}"
    if step.kind == "wait":
        return f"wait {step.ms}"
    if step.kind == "restart":
        return "restart"
    name = next(k for k, v in BUTTONS.items() if v == step.button)
    if step.kind == "hold":
        return f"hold {name} {step.ms}"
    return f"long {name}" if step.long else name
