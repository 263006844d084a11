// An emulated Raspberry Pi Pico running MicroPython's real rp2 firmware (rp2040js).
//
//   node board.mjs --bootrom FILE --flash FILE [--usb-fd FD] [--wiring JSON]
//
// What rp2040js 1.4.1 lacks, this file supplies (../shared/rp2/README.md lists it):
// - flash writes: when the core reaches the boot ROM's flash_range_erase or
//   flash_range_program (looked up in the ROM's function table), the effect is applied to
//   the flash array and to the flash file at once, and the call returns to LR. The file
//   is the whole 2 MiB flash (firmware, ROMFS, littlefs: host/duelkeeper/uf2.py), loaded
//   at each power-on, so it is always what the chip's flash holds, even when this process
//   is killed. The firmware writes only the ROMFS partition and littlefs.
// - a queue for the bytes the host sends over USB CDC, handed over only when the device
//   arms its OUT endpoint with room; an armed endpoint with nothing to send waits (the
//   emulated host otherwise answers every arm with an empty packet: an interrupt storm).
// - SPI: every byte clocked out completes at once; with CS low it goes to the panel model
//   with the DC level.
// - buttons: a released button reads as its pad's pull (the firmware's own pull-up or
//   pull-down), a pressed one as the level its switch ties it to.
// - BUSY: the panel model's level, applied every emulated 100 us.
// - power: "cut" resets the chip (a new one over the same flash), now, or inside the Nth
//   flash operation from now with only part of it done.
//
// Control: one JSON object a line on stdin, one reply a line on stdout (replies in order).
// USB CDC: the file descriptor --usb-fd (a pty's master), if given.

import { closeSync, openSync, readFileSync, readSync, writeSync, fstatSync, ftruncateSync } from "node:fs";
import { parseArgs } from "node:util";
import tty from "node:tty";
import readline from "node:readline";
import { Simulator, USBCDC } from "rp2040js";

// rp2040js warns on every read of the SIO's inter-core FIFO registers, which the firmware
// touches on each flash write (harmless, ../shared/rp2/README.md); other warnings pass.
const warn = console.warn;
console.warn = (...args) => {
  if (!String(args[0]).includes("invalid SIO address")) warn(...args);
};

const FLASH_BASE = 0x10000000;
const FLASH_SIZE = 2 * 1024 * 1024;
const CYCLE_NS = 8; // 125 MHz
const IO_PERIOD_NS = 100_000;
const SPI_BYTE_NS = 1000; // pins (buttons, BUSY, panel wires) looked at every 100 us

const { values: opt } = parseArgs({
  options: {
    bootrom: { type: "string" },
    flash: { type: "string" },
    "usb-fd": { type: "string" },
    wiring: { type: "string", default: "{}" },
    writable: { type: "string" }, // the ROMFS partition's start: below it is the firmware
  },
});

function fail(message) {
  process.stdout.write(JSON.stringify({ fatal: message }) + "\n");
  process.exit(3);
}

const WRITABLE = Number(opt.writable);
if (!Number.isInteger(WRITABLE)) fail("--writable: the ROMFS partition's start, a number");

// --- the files: boot ROM, flash ---------------------------------------------------------

function readOrFail(path, what) {
  try {
    return readFileSync(path);
  } catch (err) {
    fail(`${what} ${path}: ${err.code === "ENOENT" ? "no such file" : err.message}`);
  }
}

function loadBootrom(path) {
  const bytes = readOrFail(path, "boot ROM");
  // RP2040 datasheet 2.8.2: 16 KB; "Mu" and version 1 at 0x10 start the ROM's header.
  if (bytes.length !== 16384 || bytes[0x10] !== 0x4d || bytes[0x11] !== 0x75 || bytes[0x12] !== 1) {
    fail(`boot ROM ${path}: not an RP2040 boot ROM (${bytes.length} bytes, no "Mu" header at 0x10)`);
  }
  return new Uint32Array(bytes.buffer, bytes.byteOffset, 4096);
}

function openFlash(path) {
  let fd;
  try {
    fd = openSync(path, "r+");
  } catch (err) {
    fail(`flash image ${path}: ${err.code === "ENOENT" ? "no such file" : err.message}`);
  }
  const size = fstatSync(fd).size;
  if (size !== FLASH_SIZE) fail(`flash image ${path}: ${size} bytes, not ${FLASH_SIZE} (2 MiB)`);
  return fd;
}

const bootrom = loadBootrom(opt.bootrom);
const flashFd = openFlash(opt.flash);
const wiring = JSON.parse(opt.wiring);

// --- the panel --------------------------------------------------------------------------

let PanelClass = null;
if (wiring.panel) {
  const mod = await import(`./panels/${wiring.panel}.mjs`);
  PanelClass = mod[wiring.panel.toUpperCase()];
}

// --- the chip ----------------------------------------------------------------------------

let sim, mcu, core, clock, cdc, panel;
let romErase = -1;
let romProgram = -1;
let usbQueue = []; // bytes from the host not yet taken by the device
let usbPending = null; // [endpoint, size]: the device's armed OUT endpoint, waiting for bytes
let held = 0; // buttons pressed now (mask over wiring.buttons)
let flashOps = 0; // erase and program calls since boot
let flashLog = []; // each of them: ["erase" | "program", offset, bytes]
let cutAt = -1; // flashOps value at which to cut, or -1
let cutPart = 0.5; // how much of that operation is done before the cut
let wasCut = false;
let refreshes = []; // completed refreshes not yet reported: [kind, t_us, base64 image]
let spiBytes = 0;
let cpuNs = 0; // emulated time the core spent executing (not waiting), since boot
const usbOut = opt["usb-fd"] === undefined ? null : Number(opt["usb-fd"]);

function romFunction(code) {
  // RP2040 datasheet 2.8.3: a 16-bit pointer at 0x14 to (code, function) halfword pairs.
  let at = mcu.readUint16(0x14);
  for (;;) {
    const c = mcu.readUint16(at);
    if (c === 0) return -1;
    if (c === code) return mcu.readUint16(at + 2) & ~1;
    at += 4;
  }
}

function boot() {
  sim = new Simulator();
  mcu = sim.rp2040;
  core = mcu.core;
  clock = sim.clock;
  mcu.loadBootrom(bootrom);
  mcu.logger = { debug() {}, info() {}, warn() {}, error() {} };
  readSync(flashFd, mcu.flash, 0, FLASH_SIZE, 0);
  romErase = romFunction(0x4552); // "RE"
  romProgram = romFunction(0x5052); // "RP"
  usbPending = null;
  flashOps = 0;
  flashLog = [];
  cpuNs = 0;
  spiBytes = 0;
  cdc = new USBCDC(mcu.usbCtrl);
  cdc.onSerialData = (buffer) => {
    if (usbOut !== null) {
      try {
        writeSync(usbOut, buffer);
      } catch {
        // nobody on the line: the bytes are lost, as with an unplugged cable
      }
    }
  };
  mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
    usbPending = [endpoint, size];
    feedUsb();
  };
  panel = PanelClass ? new PanelClass(wiring.panelOptions || {}) : null;
  wireSpi();
  const io = clock.createAlarm(() => {
    pins();
    io.schedule(IO_PERIOD_NS);
  });
  io.schedule(IO_PERIOD_NS);
  core.PC = FLASH_BASE;
}

function feedUsb() {
  if (usbPending === null || usbQueue.length === 0) return;
  const [endpoint, size] = usbPending;
  usbPending = null;
  const n = Math.min(size, usbQueue.length);
  mcu.usbCtrl.endpointReadDone(endpoint, Uint8Array.from(usbQueue.splice(0, n)));
}

function wireSpi() {
  if (!panel) return;
  const spi = mcu.spi[wiring.spi];
  const gpio = mcu.gpio;
  // A byte completes a byte's time after it starts (8 clocks at about 8 MHz), not at
  // once: the firmware's DMA reads the receive FIFO while it sends, and a completion in
  // the same instant fills that 8-entry FIFO before the DMA can drain it (the transfer
  // then never ends).
  const done = clock.createAlarm(() => spi.completeTransmit(0));
  spi.onTransmit = (value) => {
    spiBytes++;
    if (!gpio[wiring.cs].outputValue) {
      panel.write(gpio[wiring.dc].outputValue ? 1 : 0, value, nowUs());
      busyPin(); // a command that makes the panel busy shows on BUSY at once, not at a poll
    }
    done.schedule(SPI_BYTE_NS);
  };
  // CS and RST edges reach the panel when they happen (a pin listener), not at a poll.
  let cs = true;
  gpio[wiring.cs].addListener(() => {
    const level = gpio[wiring.cs].outputValue;
    if (level && !cs) panel.csHigh(nowUs());
    cs = level;
  });
  let rst = true;
  gpio[wiring.rst].addListener(() => {
    const level = gpio[wiring.rst].outputValue;
    if (level && !rst) {
      panel.reset(nowUs());
      busyPin();
    }
    rst = level;
  });
}

const nowUs = () => clock.nanos / 1000;

function pins() {
  const gpio = mcu.gpio;
  for (const [name, pin, active] of wiring.buttons || []) {
    const p = gpio[pin];
    const pressed = (held >> buttonBit(name)) & 1;
    // released: the pad's pull decides (none: reads low); pressed: the switch's level
    p.setInputValue(pressed ? active === 1 : p.pullupEnabled);
  }
  if (panel) busyPin();
}

function busyPin() {
  mcu.gpio[wiring.busy].setInputValue(panel.busyLevel(nowUs()) === 1);
}

const BITS = { a: 0, b: 1, c: 2, up: 3, down: 4 };
const buttonBit = (name) => BITS[name];

function attachRefresh() {
  if (!panel) return;
  panel.onRefresh = (kind, image) => {
    refreshes.push([kind, Math.round(nowUs()), Buffer.from(image).toString("base64")]);
  };
}

// --- flash operations, intercepted at the ROM's entry points -----------------------------

function flashOp(erase) {
  const r = core.registers;
  const offset = r[0];
  const count = erase ? r[1] : r[2];
  let done = count;
  const cutting = cutAt >= 0 && flashOps === cutAt;
  flashOps++;
  flashLog.push([erase ? "erase" : "program", offset, count]);
  if (cutting) done = Math.floor(count * cutPart);
  if (offset < WRITABLE || offset + count > FLASH_SIZE) {
    // only the ROMFS partition and littlefs are ever written: below is the firmware
    throw new Error(`flash write outside ROMFS and littlefs: 0x${offset.toString(16)} +${count}`);
  }
  if (erase) {
    mcu.flash.fill(0xff, offset, offset + done);
  } else {
    const src = r[1];
    for (let i = 0; i < done; i++) mcu.flash[offset + i] &= mcu.readUint8(src + i);
  }
  if (done > 0) writeSync(flashFd, mcu.flash, offset, done, offset);
  if (cutting) {
    cutAt = -1;
    wasCut = true;
    return false;
  }
  core.PC = core.LR & ~1;
  return true;
}

// --- running -----------------------------------------------------------------------------

function runFor(ns) {
  const end = clock.nanos + ns;
  while (clock.nanos < end) {
    if (core.waiting) {
      const next = clock.nanosToNextAlarm;
      clock.tick(next > 0 ? Math.min(next, end - clock.nanos) : end - clock.nanos);
      continue;
    }
    const pc = core.registers[15];
    if ((pc === romErase || pc === romProgram) && !flashOp(pc === romErase)) {
      powerCycle();
      return;
    }
    const ns = core.executeInstruction() * CYCLE_NS;
    cpuNs += ns;
    clock.tick(ns);
  }
}

function powerCycle() {
  boot();
  attachRefresh();
}

boot();
attachRefresh();

// --- the control line ----------------------------------------------------------------------

let freeRun = false;
function freeRunLoop() {
  if (!freeRun) return;
  runFor(5_000_000);
  setImmediate(freeRunLoop);
}

function report(extra) {
  const out = {
    t: Math.round(nowUs()),
    refreshes,
    flashOps,
    cut: wasCut,
    cpuUs: Math.round(cpuNs / 1000),
    spiBytes,
    busy: panel ? panel.busyLevel(nowUs()) === wiring.busy_level : false,
    ...extra,
  };
  refreshes = [];
  wasCut = false;
  return out;
}

const handlers = {
  run({ ms }) {
    runFor(ms * 1e6);
    return report();
  },
  // many ticks at once: [[held mask, ms], ...]
  play({ steps }) {
    for (const [mask, ms] of steps) {
      held = mask;
      runFor(ms * 1e6);
    }
    return report();
  },
  // bytes from the host in order with the control line (the pty's own input may arrive
  // later than a "run" sent after it): what a test types
  usb({ data }) {
    for (const b of Buffer.from(data, "base64")) usbQueue.push(b);
    feedUsb();
    return report();
  },
  hold({ mask }) {
    held = mask;
    return report();
  },
  cut({ flashOp: k, part }) {
    if (k === undefined) {
      powerCycle();
      wasCut = true;
    } else {
      cutAt = flashOps + k;
      cutPart = part === undefined ? 0.5 : part;
    }
    return report();
  },
  panel() {
    if (!panel) return report({ panel: null });
    return report({
      panel: {
        width: panel.width,
        height: panel.height,
        full: panel.full,
        partial: panel.partial,
        errors: panel.errors,
        image: Buffer.from(panel.image()).toString("base64"),
      },
    });
  },
  pc() {
    return report({ pc: core.registers[15], lr: core.registers[14], dma: mcu.dma.channels.map((c) => [c.ctrlTrig, c.transCount]) });
  },
  // the flash operations since power-on, in order (what a cut inside the Nth one hits)
  flashlog() {
    return report({ log: flashLog });
  },
  stats() {
    return report({ spiBytes, usbQueued: usbQueue.length });
  },
  freerun({ on }) {
    const was = freeRun;
    freeRun = on;
    if (on && !was) setImmediate(freeRunLoop);
    return report();
  },
  quit() {
    closeSync(flashFd);
    process.stdout.write(JSON.stringify(report()) + "\n", () => process.exit(0));
    return null;
  },
};

if (usbOut !== null) {
  const input = new tty.ReadStream(usbOut);
  input.on("data", (chunk) => {
    for (const b of chunk) usbQueue.push(b);
    feedUsb();
  });
  input.on("error", () => {});
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  let reply;
  try {
    const msg = JSON.parse(line);
    const handler = handlers[msg.op];
    reply = handler ? handler(msg) : { error: `unknown op ${msg.op}` };
  } catch (err) {
    reply = { error: String(err && err.stack ? err.stack : err) };
  }
  if (reply !== null) process.stdout.write(JSON.stringify(reply) + "\n");
});
lines.on("close", () => process.exit(0));
process.stdout.write(JSON.stringify({ ready: true, t: 0 }) + "\n");
