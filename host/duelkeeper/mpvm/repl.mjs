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
// written back after each chunk of input (flash.mjs), so the folder holds what a board's
// flash would even when this process is killed. --copy puts the simulator's own build of
// the device code elsewhere (say /rom/lib, outside the flash) and --path appends that
// folder to sys.path: a deployed /lib comes first, as on a board.
//
// The VM's REPL lacks two things a board's has, which this file supplies:
// - raw-paste mode: `\x05A\x01` on an empty raw-REPL line is answered `R\x00` (understood,
//   not supported), and mpremote falls back to the plain raw REPL; fed to the VM instead,
//   it would wait for input that cannot arrive.
// - soft reset: Ctrl-D on an empty line (friendly or raw) ends the VM; a new one boots
//   over the flash as it stands, after "MPY: soft reboot", in the same mode, as mpremote
//   expects. main.py is not run: the simulated device is a board whose app is stopped.
// Ctrl-C reaches the VM only between calls (it runs on this process's one thread): it
// clears the line, but cannot stop code that never returns.

import { writeSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { copyInto, Mirror } from "./flash.mjs";

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

// The VM's own folders at "/", and where --copy puts the simulator's code: not the flash.
const NOT_FLASH = ["dev", "proc", "tmp", "home", "rom"];
const RAW_PROMPT = "raw REPL; CTRL-B to exit\r\n";
const FRIENDLY = 'Type "help()"';
const CTRL_A = 1;
const CTRL_C = 3;
const CTRL_D = 4;
const CTRL_E = 5;
const PASTE = [CTRL_E, 0x41, CTRL_A]; // raw-paste request: Ctrl-E, "A", Ctrl-A

let mp = null;
let mirror = null;
let out = []; // VM output not yet written
let mode = "friendly"; // or "raw"
let rawLine = 0; // bytes on the raw REPL's current line
let held = []; // a raw-paste request being read

const put = (bytes) => {
  for (const b of bytes) out.push(b);
};
const say = (text) => put(Buffer.from(text, "latin1"));

// The VM's file system raises OSError with Emscripten's errno numbers (ENOENT is 44), where
// a board raises MicroPython's (ENOENT is 2) and prints them as "[Errno 2] ENOENT". mpremote
// reads that text (its fs commands take ENOENT for "no such file"), so tracebacks are
// rewritten as a board prints them: Emscripten number -> [board number, name or null].
const ERRNO = {
  63: [1, "EPERM"], 44: [2, "ENOENT"], 29: [5, "EIO"], 8: [9, "EBADF"], 48: [12, "ENOMEM"],
  2: [13, "EACCES"], 20: [17, "EEXIST"], 43: [19, "ENODEV"], 54: [20, null],
  31: [21, "EISDIR"], 28: [22, "EINVAL"], 51: [28, null], 55: [39, null],
};

function boardErrors(text) {
  return text.replace(/OSError: (\d+)\r\n/g, (line, n) => {
    const known = ERRNO[n];
    if (known === undefined) return line;
    const [code, name] = known;
    return name ? `OSError: [Errno ${code}] ${name}\r\n` : `OSError: ${code}\r\n`;
  });
}

function flush() {
  if (!out.length) return;
  let data = Buffer.from(out);
  out = [];
  if (data.includes("OSError: ")) data = Buffer.from(boardErrors(data.toString("latin1")), "latin1");
  process.stdout.write(data);
}

// The board's RTC (ptylib/machine.py reads and sets it through the "_rtc" module): kept
// here, so that it runs on through a soft reset; it reads 2021-01-01 00:00:00 when this
// process starts, as a Pico's does at power on. Milliseconds of a clock without a zone.
let rtcBase = Date.UTC(2021, 0, 1);
let rtcFrom = Date.now();
const rtc = {
  read() {
    const d = new Date(rtcBase + Date.now() - rtcFrom);
    const weekday = (d.getUTCDay() + 6) % 7; // the RTC counts Monday as 0
    return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), weekday,
      d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), 0].join(" ");
  },
  set(y, mo, d, h, mi, s) {
    rtcBase = Date.UTC(y, mo - 1, d, h, mi, s);
    rtcFrom = Date.now();
  },
};

async function boot() {
  const options = { stdout: put, stderr: put, linebuffer: false };
  if (values.heap !== undefined) options.heapsize = Number(values.heap);
  mp = await loadMicroPython(options);
  mp.registerJsModule("_rtc", rtc);
  for (const spec of values.copy) {
    const at = spec.lastIndexOf("=");
    copyInto(mp.FS, spec.slice(0, at), spec.slice(at + 1));
  }
  if (values.path.length) mp.runPython("import sys\nsys.path.extend(" + JSON.stringify(values.path) + ")");
  mirror = new Mirror(mp.FS, "/", values.flash, NOT_FLASH);
  mp.replInit(); // prints the banner and the friendly prompt
  mode = "friendly";
}

async function softReset() {
  const raw = mode === "raw";
  mirror.sync();
  say("MPY: soft reboot\r\n");
  flush();
  await boot();
  if (raw) {
    mp.replProcessChar(CTRL_A);
    out = []; // a board in raw mode prints the raw prompt alone after a reset
    say(RAW_PROMPT + ">");
    mode = "raw";
    rawLine = 0;
  }
}

// One byte to the VM; returns true when it asked for a soft reset.
function feed(b) {
  const before = out.length;
  const ret = mp.replProcessChar(b);
  if (b === CTRL_A || b === 2) {
    const said = Buffer.from(out.slice(before)).toString("latin1");
    if (said.includes(RAW_PROMPT)) mode = "raw";
    else if (said.includes(FRIENDLY)) mode = "friendly";
  }
  rawLine = b === CTRL_A || b === CTRL_C || b === CTRL_D ? 0 : rawLine + 1;
  return ret !== 0;
}

// Like feed(), but a raw-paste request on an empty raw line is answered here.
function take(b) {
  if (held.length || (mode === "raw" && rawLine === 0 && b === CTRL_E)) {
    if (b === PASTE[held.length]) {
      held.push(b);
      if (held.length === PASTE.length) {
        held = [];
        say("R\x00");
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

const queue = [];
let busy = false;

async function pump() {
  if (busy) return;
  busy = true;
  while (queue.length) {
    const chunk = queue.shift();
    for (const b of chunk) {
      if (take(b)) await softReset();
    }
    mirror.sync();
    flush();
  }
  busy = false;
}

function stop() {
  if (mirror !== null) mirror.sync();
  flush();
  process.exit(0);
}

await boot();
flush();
if (values["ready-fd"] !== undefined) writeSync(Number(values["ready-fd"]), "ready\n");
process.stdin.on("data", (chunk) => {
  queue.push(chunk);
  pump();
});
process.stdin.on("end", stop);
process.stdin.on("error", stop); // the pseudo-terminal went away
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
