/**
 * Solomon Systech SSD1680 e-paper controller, as on the Waveshare Pico-ePaper-2.9
 * (a 128 x 296 black/white panel: 128 sources, 296 gates).
 *
 * Written from the SSD1680 datasheet (section 8 "Command Table", section 9 "Command
 * Description", section 6 "Functional Block Description"):
 * - RAM: 176 x 296 bits each for black/white (0x24, "Write RAM (Black White)": 0 = black,
 *   1 = white) and red (0x26, "Write RAM (RED)"; the "previous" image for display
 *   mode 2 on a black/white panel). RAM X addresses are bytes (8 sources, MSB first),
 *   Y addresses gate lines.
 * - 0x44 / 0x45 "Set RAM X/Y address Start/End position" (the window), 0x4E / 0x4F
 *   "Set RAM X/Y address counter". 0x11 "Data Entry mode setting": ID[1:0] (bit 0 X,
 *   bit 1 Y: 1 = increment, 0 = decrement), AM (bit 2: 0 = the X counter moves first,
 *   1 = Y first). After each RAM byte the counter moves; at the window end it goes back
 *   to the window start and the other counter moves (section 6.3 "RAM address map").
 * - 0x01 "Driver Output control": MUX (gate lines - 1), GD, SM, TB (bit 0: 0 scans
 *   G0 to G295, 1 scans from the last gate back: RAM line y shows on gate MUX - y).
 * - 0x21 "Display Update Control 1": BW RAM option A[3:0] (0000 normal, 0100 bypass
 *   RAM content as 0, 1000 inverse), red option A[7:4].
 * - 0x22 "Display Update Control 2" then 0x20 "Master Activation": the bits enable
 *   clock (0x80), analog (0x40), load temperature (0x20), load LUT (0x10), DISPLAY
 *   (0x04) with Display Mode 1 or Mode 2 (0x08), disable analog (0x02), clock (0x01).
 *   Reset value 0xFF.
 * - 0x12 "SW RESET": registers to their reset values except 0x10; RAM unchanged.
 * - 0x10 "Deep Sleep mode": 00 normal, 01 mode 1 (RAM kept), 11 mode 2 (RAM lost);
 *   only a hardware reset leaves it, and BUSY stays high meanwhile.
 * - BUSY (section 6.8) is high while the controller works.
 *
 * Model choices the datasheet leaves open (docs/rp2.md "Panel models"):
 * - A DISPLAY step shows the black/white RAM through the 0x21 option; Mode 2 (0x08) is
 *   counted "partial" (vendor code uses it for partial refresh with the red RAM as the
 *   previous image), Mode 1 "full". The panel's source c is RAM X bit c.
 * - Durations: fullMs 2000, partialMs 300 (Waveshare's Pico-ePaper-2.9 user guide:
 *   "full refresh time: 2s, partial refresh time: 0.3s"); a sequence without DISPLAY,
 *   SW RESET and the hardware reset 10 ms (the datasheet's "wait 10 ms" after a reset).
 * - RAM lost in deep sleep mode 2 reads 0 (black): an image shown from it is visibly
 *   wrong. The RAM content after power-up is undefined; the model starts it white.
 */
import { Command, Panel, hex, setter, accepted } from "./panel.mjs";

const RAM_W = 176;
const RAM_H = 296;
const STEP_MS = 10;

/** The counter after one step from `cur` toward `end`, and whether it wrapped. */
function step(cur, start, end, inc, size) {
  if (cur === end) return [start, true];
  return [(cur + (inc ? 1 : size - 1)) % size, false];
}

export class SSD1680 extends Panel {
  constructor(options = {}) {
    super(128, 296, options, { fullMs: 2000, partialMs: 300 });
    this.bw = new Uint8Array(RAM_W * RAM_H).fill(1); // one byte a pixel: the RAM bit
    this.red = new Uint8Array(RAM_W * RAM_H);
    this.registers();
  }

  /** Reset values (hardware reset and SW RESET). */
  registers() {
    this.mux = 295;
    this.tb = 0;
    this.entry = 0x03;
    this.xWindow = [0, 0x15];
    this.yWindow = [0, 295];
    this.x = 0;
    this.y = 0;
    this.bwOption = 0;
    this.sequence = 0xff;
  }

  hardwareReset(nowUs) {
    this.registers();
    this.busyFor(nowUs, STEP_MS);
  }

  busyLevel(nowUs) {
    return this.sleeping || this.isBusy(nowUs) ? 1 : 0;
  }

  startRam() {
    this._into = this._code === 0x24 ? this.bw : this.red;
    this._outside = false;
  }

  ram(byte, nowUs) {
    if (this.x * 8 < RAM_W && this.y < RAM_H) {
      const at = this.y * RAM_W + this.x * 8;
      for (let b = 0; b < 8; b++) this._into[at + b] = (byte >> (7 - b)) & 1;
    } else if (!this._outside) {
      this._outside = true;
      this.error(nowUs, `${hex(this._code)}: write outside the RAM at X ${this.x}, Y ${this.y}`);
    }
    const xInc = this.entry & 1;
    const yInc = this.entry & 2;
    let wrapped;
    if (this.entry & 4) {
      [this.y, wrapped] = step(this.y, this.yWindow[0], this.yWindow[1], yInc, 512);
      if (wrapped) [this.x] = step(this.x, this.xWindow[0], this.xWindow[1], xInc, 64);
    } else {
      [this.x, wrapped] = step(this.x, this.xWindow[0], this.xWindow[1], xInc, 64);
      if (wrapped) [this.y] = step(this.y, this.yWindow[0], this.yWindow[1], yInc, 512);
    }
  }

  activate(nowUs) {
    const seq = this.sequence;
    if (!(seq & 0x04)) {
      this.busyFor(nowUs, STEP_MS);
      return;
    }
    const bypass = this.bwOption & 0x4;
    const inverse = this.bwOption & 0x8 ? 1 : 0;
    const image = this.shown.slice();
    for (let y = 0; y <= this.mux && y < RAM_H; y++) {
      const gate = this.tb ? this.mux - y : y;
      if (gate >= this.height) continue;
      for (let x = 0; x < this.width; x++) {
        const bit = bypass ? 0 : this.bw[y * RAM_W + x];
        image[gate * this.width + x] = bit ^ 1 ^ inverse;
      }
    }
    const kind = seq & 0x08 ? "partial" : "full";
    this.busyFor(nowUs, kind === "full" ? this.fullMs : this.partialMs, { kind, image });
  }
}

SSD1680.prototype.commands = {
  0x01: setter("Driver Output control", 3, (p) => ({
    mux: ((p[1] & 1) << 8) | p[0],
    tb: p[2] & 1,
  })),
  0x10: new Command("Deep Sleep mode", {
    min: 1,
    apply(p) {
      const mode = p[0] & 3;
      if (mode === 0) return;
      this.sleeping = true;
      if (mode === 3) {
        this.bw.fill(0);
        this.red.fill(0);
      }
    },
  }),
  0x11: setter("Data Entry mode setting", 1, (p) => ({ entry: p[0] & 7 })),
  0x12: new Command("SW RESET", {
    run(nowUs) {
      this.registers();
      this.busyFor(nowUs, STEP_MS);
    },
  }),
  0x20: new Command("Master Activation", { run: SSD1680.prototype.activate }),
  0x21: setter("Display Update Control 1", 1, (p) => ({ bwOption: p[0] & 0x0f }), 2),
  0x22: setter("Display Update Control 2", 1, (p) => ({ sequence: p[0] })),
  0x24: new Command("Write RAM (Black White)", {
    start: SSD1680.prototype.startRam,
    data: SSD1680.prototype.ram,
  }),
  0x26: new Command("Write RAM (RED)", {
    start: SSD1680.prototype.startRam,
    data: SSD1680.prototype.ram,
  }),
  0x44: setter("Set RAM X address Start/End", 2, (p) => ({
    xWindow: [p[0] & 0x3f, p[1] & 0x3f],
  })),
  0x45: setter("Set RAM Y address Start/End", 4, (p) => ({
    yWindow: [((p[1] & 1) << 8) | p[0], ((p[3] & 1) << 8) | p[2]],
  })),
  0x4e: setter("Set RAM X address counter", 1, (p) => ({ x: p[0] & 0x3f })),
  0x4f: setter("Set RAM Y address counter", 2, (p) => ({ y: ((p[1] & 1) << 8) | p[0] })),
};
for (const [code, name] of [
  [0x03, "Gate Driving voltage Control"],
  [0x04, "Source Driving voltage Control"],
  [0x08, "Initial Code Setting OTP Program"],
  [0x09, "Write Register for Initial Code Setting"],
  [0x0a, "Read Register for Initial Code Setting"],
  [0x0c, "Booster Soft start Control"],
  [0x14, "HV Ready Detection"],
  [0x15, "VCI Detection"],
  [0x18, "Temperature Sensor Control"],
  [0x1a, "Temperature Sensor Control (Write to temperature register)"],
  [0x1b, "Temperature Sensor Control (Read from temperature register)"],
  [0x1c, "Temperature Sensor Control (Write Command to External temperature sensor)"],
  [0x27, "Read RAM"],
  [0x28, "VCOM Sense"],
  [0x29, "VCOM Sense Duration"],
  [0x2a, "Program VCOM OTP"],
  [0x2b, "Write Register for VCOM Control"],
  [0x2c, "Write VCOM register"],
  [0x2d, "OTP Register Read for Display Option"],
  [0x2e, "User ID Read"],
  [0x2f, "Status Bit Read"],
  [0x30, "Program WS OTP"],
  [0x31, "Load WS OTP"],
  [0x32, "Write LUT register"],
  [0x34, "CRC calculation"],
  [0x35, "CRC Status Read"],
  [0x36, "Program OTP selection"],
  [0x37, "Write Register for Display Option"],
  [0x38, "Write Register for User ID"],
  [0x39, "OTP program mode"],
  [0x3c, "Border Waveform Control"],
  [0x3f, "End Option (EOPT)"],
  [0x41, "Read RAM Option"],
  [0x46, "Auto Write RED RAM for Regular Pattern"],
  [0x47, "Auto Write B/W RAM for Regular Pattern"],
  [0x7f, "NOP"],
]) {
  SSD1680.prototype.commands[code] = accepted(name);
}
