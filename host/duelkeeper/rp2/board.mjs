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
//   flash operation from now with only part of it done. "power" sets USB (VBUS on GP24,
//   and the host on the USB line) and the cells' voltage (read on ADC 3, and against
//   the Badger's 1.24 V reference on ADC 2). On a board with a power latch (the Badger's
//   GP10), on cells, with the latch low and no button held, the chip is off; a button
//   powers it up (a new chip, the button held). The time in each power state is counted:
//   running, waiting with the system PLL on (WFE/WFI at 125 MHz), waiting with it
//   stopped (machine.lightsleep), off; and the wake-ups, instructions and the moment the
//   latch rose after each power-on.
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
let usb = true; // VBUS high and a host on the USB line
let batteryMv = 3000; // the cells' voltage
let off = false; // on a latched board: no power
// Kept across power-ons: emulated ns in each state, wake-ups, instructions executed.
// panel: the panel refreshing (its BUSY level), sampled every IO_PERIOD_NS.
const power = { run: 0, wait: 0, sleep: 0, off: 0, panel: 0, wakeups: 0, instructions: 0 };
let latchUs = -1; // when the latch rose after the last power-on (emulated us), or -1
let frameUs = -1; // when the first frame's data began after the last power-on, or -1
// the command that starts a frame's data: UC8151 DTM2, SSD1680 "write RAM"
const FRAME_COMMAND = { uc8151: 0x13, ssd1680: 0x24 };
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
  latchUs = -1;
  frameUs = -1;
  if (wiring.latch >= 0) {
    mcu.gpio[wiring.latch].addListener(() => {
      if (latchUs < 0 && latchHigh()) latchUs = nowUs();
    });
  }
  applyPower();
  // the host on the USB line: none on cells (nothing enumerates the device)
  cdc = usb ? new USBCDC(mcu.usbCtrl) : null;
  if (cdc) cdc.onSerialData = onSerialData;
  mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
    usbPending = [endpoint, size];
    feedUsb();
  };
  panel = PanelClass ? new PanelClass(wiring.panelOptions || {}) : null;
  wireSpi();
  // The pads as the chip's reset leaves them (RP2040 datasheet, PADS_BANK0 GPIOn: 0x56,
  // input enabled, pulled down), where rp2040js starts with the input off: a button held
  // at power-on reads as held before the firmware sets its pin up (power_on.c).
  for (const pin of mcu.gpio) pin.padValue = 0x56;
  lastLevels = new Map();
  pins(); // the buttons as they are from the first instruction: a press powered it up
  const io = clock.createAlarm(() => {
    pins();
    io.schedule(IO_PERIOD_NS);
  });
  io.schedule(IO_PERIOD_NS);
  core.PC = FLASH_BASE;
}

function onSerialData(buffer) {
  if (usbOut !== null) {
    try {
      writeSync(usbOut, buffer);
    } catch {
      // nobody on the line: the bytes are lost, as with an unplugged cable
    }
  }
}

const latchHigh = () => {
  const p = mcu.gpio[wiring.latch];
  return p.outputEnable && p.outputValue;
};

// VBUS on GP24; on ADC 3 the cells through the board's divider of 3 (VSYS on a Pico, 4.7 V
// on USB there, where the Badger senses the battery itself), and on ADC 2 the Badger's
// 1.24 V reference: 12-bit readings against 3.3 V.
function applyPower() {
  mcu.gpio[24].setInputValue(usb);
  const adc = (mv) => Math.max(0, Math.min(4095, Math.round((mv / 3300) * 4095)));
  const sensed = usb && wiring.latch < 0 ? 4700 : batteryMv;
  mcu.adc.channelValues[3] = adc(sensed / 3);
  mcu.adc.channelValues[2] = adc(1240);
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
      const dc = gpio[wiring.dc].outputValue ? 1 : 0;
      if (frameUs < 0 && !dc && value === FRAME_COMMAND[wiring.panel]) frameUs = nowUs();
      panel.write(dc, value, nowUs());
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

let lastLevels = new Map(); // each button pin's level as last set: an edge only on change

function pins() {
  const gpio = mcu.gpio;
  for (const [name, pin, active] of wiring.buttons || []) {
    const p = gpio[pin];
    const pressed = (held >> buttonBit(name)) & 1;
    // released: the pad's pull decides (none: reads low); pressed: the switch's level
    const level = pressed ? active === 1 : p.pullupEnabled;
    if (lastLevels.get(pin) !== level) {
      lastLevels.set(pin, level);
      p.setInputValue(level);
    }
  }
  if (panel) {
    busyPin();
    // working: busy and awake (an SSD1680 holds BUSY high through its deep sleep)
    if (!panel.sleeping && panel.busyLevel(nowUs()) === wiring.busy_level) {
      power.panel += IO_PERIOD_NS;
    }
  }
  // a latched board on cells: off once nothing holds its power
  if (wiring.latch >= 0 && !usb && !held && !latchHigh()) off = true;
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

let waited = false; // the core was waiting when last seen: its next instruction is a wake-up
function runFor(ns) {
  let left = ns;
  while (left > 0) {
    if (off) {
      // no power until a button is pressed; then a new chip, the button held. Time
      // goes on meanwhile (the panel keeps its picture); the dead chip runs nothing.
      if (!held) {
        power.off += left;
        clock.tick(left);
        return;
      }
      off = false;
      powerCycle();
    }
    const start = clock.nanos;
    if (core.waiting) {
      const next = clock.nanosToNextAlarm;
      clock.tick(next > 0 ? Math.min(next, left) : left);
      // the system PLL powered down (PWR.PD): machine.lightsleep's wait
      power[mcu.pllSys.pwr & 1 ? "sleep" : "wait"] += clock.nanos - start;
      waited = true;
    } else {
      if (waited) power.wakeups++;
      waited = false;
      if (!runCore(start + left)) {
        powerCycle();
        return;
      }
    }
    left -= clock.nanos - start;
  }
}

// Instructions until the core waits, the power goes off or `end` (emulated ns) comes,
// the clock ticked after each as one at a time would; the counters are summed once
// (a sixth less of the runner's CPU than counting each). False: a flash operation was cut.
function runCore(end) {
  const regs = core.registers;
  let n = 0;
  let ns = 0;
  let whole = true;
  do {
    const pc = regs[15];
    if ((pc === romErase || pc === romProgram) && !flashOp(pc === romErase)) {
      whole = false;
      break;
    }
    const step = core.executeInstruction() * CYCLE_NS;
    n++;
    ns += step;
    clock.tick(step);
  } while (!core.waiting && !off && clock.nanos < end);
  power.instructions += n;
  power.run += ns;
  cpuNs += ns;
  return whole;
}

function powerCycle() {
  boot();
  attachRefresh();
}

boot();
attachRefresh();

// --- the control line ----------------------------------------------------------------------

// Free running, the chip is paced to the wall clock: a chip that waits (for the host's
// bytes, say) sleeps instead of spinning through idle emulated time, which would take a
// core from whatever else runs (a deploy once took 450 emulated s for its 39 wall s). A
// chip slower than real time runs flat out and is never made to catch up.
let freeRun = false;
let paceWallMs = 0; // the wall clock and the emulated one at a moment they are held even
let paceNs = 0;
function paceFromNow() {
  paceWallMs = performance.now();
  paceNs = clock.nanos;
}
function freeRunLoop() {
  if (!freeRun) return;
  runFor(5_000_000);
  const ahead = (clock.nanos - paceNs) / 1e6 - (performance.now() - paceWallMs);
  if (ahead < 0) paceFromNow();
  if (ahead > 1) setTimeout(freeRunLoop, Math.min(ahead, 5));
  else setImmediate(freeRunLoop);
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
    off,
    latchUs: Math.round(latchUs),
    frameUs: Math.round(frameUs),
    power: { ...power },
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
  // USB on or off and the cells' voltage, at once and at every power-on (the host on the
  // USB line comes and goes with the chip's next power-on)
  power({ usb: on, batteryMv: mv }) {
    if (on !== undefined) usb = on;
    if (mv !== undefined) batteryMv = mv;
    applyPower();
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
    if (on && !was) {
      paceFromNow();
      setImmediate(freeRunLoop);
    }
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
