// The simulated device's serial line: the MicroPython VM's REPL on stdin/stdout.
//
//   node repl.mjs --flash HOSTDIR [--copy HOST=VMPATH]... [--path VMDIR]... [--heap BYTES]
//                 [--ready-fd FD]
//
// `duelkeeper sim --pty` (host/duelkeeper/sim/pty.py) gives it a pseudo-terminal as stdin
// and stdout, so mpremote and pyserial talk to it as to a board's USB serial port. Every
// byte in goes to the VM's replProcessChar(); what the VM prints comes out as it is.
//
// HOSTDIR is the whole flash, mounted at the VM's "/" as on a board (settings.json,
// games/, and main.py and lib/ once deployed): copied in at each boot, and every change
// (files and folders) written back after each chunk of input (flash.mjs), so the folder
// holds what a board's flash would even when this process is killed. --copy puts the
// simulator's own build of the device code elsewhere (say /rom/lib, outside the flash)
// and --path appends that folder to sys.path: a deployed /lib comes first, as on a board.
// The --copy trees are read once, at start: every later boot gets the same code.
//
// The VM runs in a worker thread; this thread owns the line. What a board's REPL does
// and the VM's lacks is supplied here:
// - raw-paste mode (`\x05A\x01` on an empty raw-REPL line), which mpremote uses where a
//   board offers it: code then flows at the line's pace, not 256 bytes each 10 ms; fed to
//   the VM instead, the request would wait for input that cannot arrive.
// - soft reset: Ctrl-D on an empty line (friendly or raw) ends the VM; a new one boots
//   over the flash as it stands, after "MPY: soft reboot", in the same mode, as mpremote
//   expects. main.py is not run: the simulated device is a board whose app is stopped.
// - input: running code reads the line (sys.stdin, input()) as it arrives; input() ends
//   in KeyboardInterrupt at a Ctrl-C, as on a board.
// - Ctrl-C while code runs: it is passed on first (input() takes it); if the code is
//   still running CTRL_C_GRACE ms later, the worker is stopped and a new VM boots over
//   the flash as last written back, in the same mode, after the KeyboardInterrupt a board
//   prints. Unlike a board, the VM's variables are gone (as after a soft reset), and
//   files the stopped code wrote since its last chunk of input are lost.
// - os.ilistdir gives each file's size (the VM's gives 3-tuples: mpremote's `fs ls` then
//   shows 0 bytes).
// - binascii.b2a_base64 runs at a board's speed: the VM's binascii is micropython-lib's
//   Python, a board's is C; here the bytes cross to JS as hex and come back as base64
//   (firmware/sync.py, seeing no module file, takes binascii's as on a board).
// - a line nobody reads: the VM's output waits, as a board's waits for its USB host. What
//   it printed and the line has not taken is held up to OUT_MAX bytes (a sync's batch
//   fits); then the printing code waits until the line takes some (code left running by
//   a killed mpremote, `while True: print("x" * 1000)`, grew this process to 18 GB in 4
//   minutes). Writes go out in order and never block this thread, so a Ctrl-C from the
//   next client still stops that code. What the line had not taken at the Ctrl-C, and
//   what the code prints after it, is said only if the code ends by itself: a board's
//   code stops at once, and mpremote reads its way to the prompt a byte at a time.

import { write, writeSync } from "node:fs";
import { parseArgs } from "node:util";
import { isMainThread, parentPort, receiveMessageOnPort, Worker, workerData } from "node:worker_threads";
import { readTree } from "./flash.mjs";

const CTRL_A = 1;
const CTRL_C = 3;
const CTRL_D = 4;
const CTRL_E = 5;
const RAW_PROMPT = "raw REPL; CTRL-B to exit\r\n";
const CTRL_C_GRACE = 300; // ms a running program has to end by itself after a Ctrl-C
const OUT_MAX = 1 << 20; // bytes printed and not yet taken by the line before printing waits
// Bytes handed to the line in one write: what a Ctrl-C can no longer take back (a board's
// code stops at once; mpremote then reads its way to the prompt a byte at a time, and a
// megabyte of it took over 30 s on a loaded host).
const LINE_CHUNK = 1 << 12;
const OUT_CHUNK = 1 << 16; // bytes of a line without an end the VM holds before sending them
const INTERRUPTED = "Traceback (most recent call last):\r\n" +
  '  File "<stdin>", line 1, in <module>\r\nKeyboardInterrupt: \r\n';

if (isMainThread) {
  const { values } = parseArgs({
    options: {
      flash: { type: "string" },
      copy: { type: "string", multiple: true, default: [] },
      path: { type: "string", multiple: true, default: [] },
      heap: { type: "string" },
      "ready-fd": { type: "string" },
    },
  });
  if (values.flash === undefined) {
    process.stderr.write("usage: node repl.mjs --flash HOSTDIR [--copy HOST=VMPATH]... [--path VMDIR]...\n");
    process.exit(2);
  }
  const code = [];
  for (const spec of values.copy) {
    const at = spec.lastIndexOf("=");
    readTree(spec.slice(0, at), spec.slice(at + 1), code);
  }
  main({ ...values, code });
} else {
  await vm(workerData);
}

// -- this thread: the line, and the worker that runs the VM ----------------------------

function main(values) {
  const wake = new Int32Array(new SharedArrayBuffer(4)); // bumped at each chunk sent
  // Bytes taken from the worker and not yet written to the line: counted here, where they
  // are all seen (a worker stopped at a Ctrl-C may leave messages it sent unsaid).
  const pending = new Int32Array(new SharedArrayBuffer(4));
  const queue = []; // what waits for the line, in order
  let writing = false;
  const drain = () => {
    if (writing || !queue.length) return;
    writing = true;
    // queue[0] becomes the write, LINE_CHUNK at most: the pieces that fit joined, or the
    // head of a longer one cut off (a Ctrl-C holds back everything after queue[0])
    let size = 0;
    let k = 0;
    while (k < queue.length && size + queue[k].length <= LINE_CHUNK) size += queue[k++].length;
    if (k === 0) queue.splice(0, 1, queue[0].subarray(0, LINE_CHUNK), queue[0].subarray(LINE_CHUNK));
    else if (k > 1) queue.unshift(Buffer.concat(queue.splice(0, k)));
    const data = queue[0];
    write(1, data, 0, data.length, null, (err, n) => {
      writing = false;
      if (err) {
        if (err.code === "EAGAIN") return void setTimeout(drain, 10); // the line is full
        n = data.length; // the line is gone: what it would not take is dropped
      }
      if (n < data.length) queue[0] = data.subarray(n);
      else queue.shift();
      Atomics.sub(pending, 0, n);
      Atomics.notify(pending, 0);
      drain();
    });
  };
  const toLine = (data) => {
    Atomics.add(pending, 0, data.length);
    queue.push(data);
    drain();
  };
  let graced = []; // what the line had not taken at a Ctrl-C to running code, and what it printed since
  const hold = (data) => {
    Atomics.add(pending, 0, data.length);
    graced.push(data);
  };
  const unhold = (say) => {
    for (const data of graced) {
      if (say) queue.push(data);
      else Atomics.sub(pending, 0, data.length);
    }
    graced = [];
    Atomics.notify(pending, 0);
    drain();
  };
  const say = (text) => toLine(Buffer.from(text, "latin1"));
  // The board's RTC (ptylib/machine.py reads and sets it through the "_rtc" module):
  // [its reading at `from`, `from`] in ms, shared with every VM this process starts, so
  // that it runs on through a soft reset or an interrupted program (a new VM); it reads
  // 2021-01-01 00:00:00 when this process starts, as a Pico's does at power on.
  const clock = new Float64Array(new SharedArrayBuffer(16));
  clock[0] = Date.UTC(2021, 0, 1);
  clock[1] = Date.now();
  let worker = null;
  let ready = false;
  let busy = false; // the worker is inside a chunk (running code)
  let mode = "friendly";
  let held = []; // chunks for a worker not ready, or being interrupted
  let timer = null;
  let after = null; // the bytes after a Ctrl-C sent to running code
  let first = true;

  const send = (chunk) => {
    worker.postMessage(chunk);
    Atomics.add(wake, 0, 1);
    Atomics.notify(wake, 0);
  };
  const release = () => {
    const chunks = held;
    held = [];
    for (const c of chunks) send(c);
  };

  function start(raw) {
    ready = false;
    busy = false;
    const data = { ...values, wake, clock, pending, raw };
    const self = new Worker(new URL(import.meta.url), { workerData: data });
    worker = self;
    worker.on("message", (m) => {
      if (worker !== self) return; // a stopped worker's last words: after the Ctrl-C
      if (m.out && timer !== null) hold(m.out);
      else if (m.out) toLine(m.out);
      if (m.mode) mode = m.mode;
      if (m.busy !== undefined) busy = m.busy;
      if (m.ready) {
        ready = true;
        if (first && values["ready-fd"] !== undefined) writeSync(Number(values["ready-fd"]), "ready\n");
        first = false;
      }
      if (ready && !busy && timer === null) release();
    });
    worker.on("exit", () => {
      if (worker === self) process.exit(0); // stopped: not replaced by interrupt()
    });
    worker.on("error", (e) => {
      process.stderr.write(`repl.mjs: the VM failed: ${e}\n`);
      process.exit(1);
    });
  }

  async function interrupt() {
    timer = null;
    if (!busy) {
      unhold(true); // it ended by itself: what it said stands
      return release();
    }
    const raw = mode === "raw";
    const old = worker;
    worker = null;
    unhold(false);
    await old.terminate();
    say(raw ? "\x04" + INTERRUPTED + "\x04>" : INTERRUPTED + ">>> ");
    if (after.length) held.unshift(after);
    start(raw);
  }

  process.stdin.on("data", (chunk) => {
    if (!ready || timer !== null) {
      held.push(chunk);
      return;
    }
    send(chunk);
    if (busy && chunk.includes(CTRL_C)) {
      graced = queue.splice(writing ? 1 : 0); // not taken yet: said if the code ends itself
      // What follows the Ctrl-C is for the REPL, should the running code have to go.
      after = chunk.subarray(chunk.lastIndexOf(CTRL_C) + 1);
      timer = setTimeout(interrupt, CTRL_C_GRACE);
    }
  });
  // The flash is written back by the worker as it stops; one still running code is
  // stopped as is (the last chunk's writes are on the host already).
  const stop = () => {
    if (busy) worker.terminate().then(() => process.exit(0));
    else worker.postMessage("stop");
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.stdin.on("end", stop);
  process.stdin.on("error", stop); // the pseudo-terminal went away
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  start(false);
}

// -- the worker: the VM --------------------------------------------------------------

async function vm(values) {
  const { loadMicroPython } = await import("@micropython/micropython-webassembly-pyscript");
  const { Mirror, writeTree } = await import("./flash.mjs");
  // The VM's own folders at "/", and where --copy puts the simulator's code: not the flash.
  const NOT_FLASH = ["dev", "proc", "tmp", "home", "rom"];
  const FRIENDLY = 'Type "help()"';
  const PASTE = [CTRL_E, 0x41, CTRL_A]; // raw-paste request: Ctrl-E, "A", Ctrl-A
  const PASTE_WINDOW = 128; // bytes the PC may send before an acknowledgement, as rp2's
  // Run once at each boot: input() and os.ilistdir as a board's (see the top of the file).
  const BOARD = `
import builtins, os, sys
def _input(prompt="", _r=sys.stdin.read):
    print(prompt, end="")
    line = ""
    while True:
        c = _r(1)
        if c == "\\x03":
            raise KeyboardInterrupt
        if not c:
            raise EOFError
        if c in "\\r\\n":
            print()
            return line
        print(c, end="")
        line += c
def _ilistdir(path=".", _i=os.ilistdir, _s=os.stat):
    at = path.rstrip("/") + "/" if path else ""
    for e in _i(path):
        yield (e[0], e[1], e[2], _s(at + e[0])[6] if e[1] == 0x8000 else 0)
builtins.input = _input
os.ilistdir = _ilistdir
import binascii, _binascii
def _b2a_base64(data, *, newline=True, _h=binascii.hexlify, _e=_binascii.b64):
    text = _e(_h(data).decode())
    return (text + "\\n" if newline else text).encode()
binascii.b2a_base64 = _b2a_base64
del binascii.__file__
del builtins, os, sys, _input, _ilistdir, binascii, _binascii, _b2a_base64
`;

  let mp = null;
  let mirror = null;
  let out = [];
  let mode = "friendly";
  let rawLine = 0;
  let held = [];
  let input = []; // bytes from the line not yet taken (by the REPL or running code)
  let seen = 0;

  // Output goes to the line after the flash is written back, at the end of each chunk of
  // input; code that runs long streams it a line at a time; and the "OK" the raw REPL
  // prints before it runs code goes at once: code that never returns must not keep its
  // own start from the PC.
  const STREAM_AFTER = 5; // ms
  let since = 0; // when the chunk being fed began
  let starting = false;
  let said = null; // what the byte being fed made the VM print, when feed() reads it
  let muted = false; // booting into the raw REPL: a board prints the raw prompt alone
  let paste = null; // raw-paste mode: {got: bytes of this window, code: the bytes so far}
  let pasted = false; // the code of a raw paste runs: the "OK" the raw REPL prints is not said
  const put = (bytes) => {
    if (muted) return;
    for (const b of bytes) {
      if (pasted && (b === 0x4f || b === 0x4b)) {
        pasted = b === 0x4f;
        continue;
      }
      out.push(b);
      if (said !== null) said.push(b);
      if (starting && b === 0x4b && out[out.length - 2] === 0x4f) {
        starting = false;
        flush();
      } else if (b === 10 && Date.now() - since > STREAM_AFTER) {
        mirror.sync(); // what the code wrote is on the flash before what it said
        flush();
      } else if (out.length >= OUT_CHUNK) {
        flush();
      }
    }
  };
  const say = (text) => put(Buffer.from(text, "latin1"));

  // The VM's file system raises OSError with Emscripten's errno numbers (ENOENT is 44),
  // where a board raises MicroPython's (ENOENT is 2) and prints them as "[Errno 2] ENOENT".
  // mpremote reads that text (its fs commands take ENOENT for "no such file"), so
  // tracebacks are rewritten as a board prints them: Emscripten number -> [board number,
  // name or null].
  const ERRNO = {
    63: [1, "EPERM"], 44: [2, "ENOENT"], 29: [5, "EIO"], 8: [9, "EBADF"], 48: [12, "ENOMEM"],
    2: [13, "EACCES"], 20: [17, "EEXIST"], 43: [19, "ENODEV"], 54: [20, null],
    31: [21, "EISDIR"], 28: [22, "EINVAL"], 51: [28, null], 55: [39, null],
  };
  const boardErrors = (text) =>
    text.replace(/OSError: (\d+)\r\n/g, (line, n) => {
      const known = ERRNO[n];
      if (known === undefined) return line;
      const [code, name] = known;
      return name ? `OSError: [Errno ${code}] ${name}\r\n` : `OSError: ${code}\r\n`;
    });

  function flush() {
    if (!out.length) return;
    let data = Buffer.from(out);
    out = [];
    if (data.includes("OSError: ")) data = Buffer.from(boardErrors(data.toString("latin1")), "latin1");
    for (;;) { // the line has not taken OUT_MAX bytes yet: wait, as a board's print does
      const held = Atomics.load(values.pending, 0);
      if (held <= OUT_MAX) break;
      Atomics.wait(values.pending, 0, held, 100);
    }
    parentPort.postMessage({ out: data });
  }

  // What running code reads: the line's bytes in order, waiting for more as a board does.
  function take() {
    for (;;) {
      if (input.length) {
        return input.shift();
      }
      flush();
      const m = receiveMessageOnPort(parentPort);
      if (m !== undefined) {
        if (m.message === "stop") stop();
        for (const b of m.message) input.push(b);
        continue;
      }
      Atomics.wait(values.wake, 0, seen, 100);
      seen = Atomics.load(values.wake, 0);
    }
  }

  // The RTC kept by this process (main's `clock`): a clock without a zone, in ms.
  const rtc = {
    read() {
      const d = new Date(values.clock[0] + Date.now() - values.clock[1]);
      const weekday = (d.getUTCDay() + 6) % 7; // the RTC counts Monday as 0
      return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), weekday,
        d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), 0].join(" ");
    },
    set(y, mo, d, h, mi, sec) {
      values.clock[0] = Date.UTC(y, mo - 1, d, h, mi, sec);
      values.clock[1] = Date.now();
    },
  };

  // binascii's base64 encoder in C, as a board's: the VM's binascii is micropython-lib's
  // Python (a 2.3 KB game takes 22 ms, firmware/sync.py's own table 0.9 ms). Hex crosses
  // into JS as text (bytes.hex is C in the VM), the base64 comes back as text.
  const BINASCII = {
    b64(hex) {
      return Buffer.from(hex, "hex").toString("base64");
    },
  };

  async function boot() {
    const options = { stdout: put, stderr: put, linebuffer: false, stdin: take };
    if (values.heap !== undefined) options.heapsize = Number(values.heap);
    mp = await loadMicroPython(options);
    // The VM's stdout is Emscripten's device, which calls `put` a byte at a time (a new
    // Uint8Array each): what the VM writes at once goes to `put` at once instead.
    const stdout = mp.FS.getStream(1);
    stdout.stream_ops = {
      ...stdout.stream_ops,
      write(stream, buffer, offset, length) {
        put(new Uint8Array(buffer.buffer, buffer.byteOffset + offset, length));
        return length;
      },
    };
    mp.registerJsModule("_rtc", rtc);
    mp.registerJsModule("_binascii", BINASCII);
    writeTree(mp.FS, values.code); // the --copy trees, as read at start
    mp.runPython(BOARD);
    if (values.path.length) mp.runPython("import sys\nsys.path.extend(" + JSON.stringify(values.path) + ")");
    mirror = new Mirror(mp.FS, "/", values.flash, NOT_FLASH);
    mp.replInit(); // prints the banner and the friendly prompt
    mode = "friendly";
  }

  async function enterRaw() {
    mp.replProcessChar(CTRL_A);
    muted = false;
    mode = "raw";
    rawLine = 0;
    parentPort.postMessage({ mode });
  }

  async function softReset() {
    const raw = mode === "raw";
    mirror.sync();
    say("MPY: soft reboot\r\n");
    flush();
    muted = raw;
    await boot();
    if (raw) {
      await enterRaw();
      say(RAW_PROMPT + ">");
    }
    parentPort.postMessage({ mode });
  }

  // One byte to the VM; returns true when it asked for a soft reset.
  function feed(b) {
    starting = mode === "raw" && b === CTRL_D && rawLine > 0;
    said = b === CTRL_A || b === 2 ? [] : null; // kept only for the bytes that switch modes
    const ret = mp.replProcessChar(b);
    starting = false;
    if (said !== null) {
      const text = Buffer.from(said).toString("latin1");
      if (text.includes(RAW_PROMPT)) mode = "raw";
      else if (text.includes(FRIENDLY)) mode = "friendly";
      parentPort.postMessage({ mode });
    }
    rawLine = b === CTRL_A || b === CTRL_C || b === CTRL_D ? 0 : rawLine + 1;
    return ret !== 0;
  }

  // Like feed(), but raw-paste mode is done here, as a board does it: the request on an
  // empty raw line is answered with the window (PASTE_WINDOW bytes), each window taken is
  // acknowledged at once (Ctrl-A), and at the end (Ctrl-D, acknowledged) the code runs as
  // the raw REPL runs it, without its "OK".
  function step(b) {
    if (paste !== null) {
      if (b === CTRL_C) {
        // A board ends the paste (its Ctrl-D) and raises KeyboardInterrupt, back at the
        // raw prompt: a PC killed mid-paste leaves the next one a usable line.
        paste = null;
        say("\x04\x04" + INTERRUPTED + "\x04>");
        return false;
      }
      if (b !== CTRL_D) {
        paste.code.push(b);
        if (++paste.got === PASTE_WINDOW) {
          paste.got = 0;
          say("\x01");
          flush();
        }
        return false;
      }
      const code = paste.code.length ? paste.code : [10];
      paste = null;
      say("\x04");
      flush();
      let reset = false;
      for (const x of code) reset = feed(x) || reset;
      pasted = true;
      reset = feed(CTRL_D) || reset;
      pasted = false;
      return reset;
    }
    if (held.length || (mode === "raw" && rawLine === 0 && b === CTRL_E)) {
      if (b === PASTE[held.length]) {
        held.push(b);
        if (held.length === PASTE.length) {
          held = [];
          paste = { got: 0, code: [] };
          say("R\x01" + String.fromCharCode(PASTE_WINDOW & 255, PASTE_WINDOW >> 8));
          flush();
        }
        return false;
      }
      const bytes = held.concat([b]);
      held = [];
      let reset = false;
      for (const x of bytes) reset = feed(x) || reset;
      return reset;
    }
    return feed(b);
  }

  let pumping = false;
  async function pump() {
    if (pumping) return;
    pumping = true;
    parentPort.postMessage({ busy: true });
    since = Date.now();
    while (input.length) {
      if (step(input.shift())) await softReset();
    }
    mirror.sync();
    flush();
    pumping = false;
    parentPort.postMessage({ busy: false });
  }

  function stop() {
    if (mirror !== null) mirror.sync();
    flush();
    process.exit(0);
  }

  muted = values.raw;
  await boot();
  if (values.raw) await enterRaw();
  flush();
  parentPort.on("message", (m) => {
    if (m === "stop") return stop();
    for (const b of m) input.push(b);
    pump();
  });
  parentPort.postMessage({ ready: true, mode });
}
