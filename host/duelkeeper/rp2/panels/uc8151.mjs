/**
 * UltraChip UC8151 (UC8151C/UC8151D) e-paper controller, as on the Pimoroni Badger 2040
 * and Pico Inky Pack (a 128 x 296 black/white panel: 128 sources, 296 gates).
 *
 * Written from the UC8151C datasheet's command table; section names below are its
 * "Command Description" entries:
 * - R00H PSR (panel setting): RES[1:0] resolution (00 96x230, 01 96x252, 10 128x296,
 *   11 160x296), REG (LUT from registers, else OTP), KW/R (1 = black/white mode),
 *   UD (gate scan: 1 = up, first line to G0; 0 = down, first line to Gn-1),
 *   SHL (source shift: 1 = right, first data to S0; 0 = left, first data to Sn-1),
 *   SHD_N, RST_N (0 = soft reset: registers to defaults, booster off).
 * - R61H TRES (resolution): HRES[7:3], VRES[8:0]; it takes priority over PSR RES.
 * - R10H DTM1 / R13H DTM2: in KW mode "old" and "new" data, one bit a pixel, MSB first,
 *   HRES/8 bytes a line, lines in scan order, from the start of the RAM (or of the
 *   partial window in partial mode). R11H DSP ends a transmission.
 * - R90H PTL (partial window): HRST[7:3], HRED[7:3] (its low bits read as 111),
 *   VRST[8:0], VRED[8:0], PT_SCAN. R91H PTIN / R92H PTOUT enter and leave partial mode;
 *   in partial mode DTM data fill the window and DRF refreshes only the window.
 * - R50H CDI: DDX[0] is the B/W data polarity: 1 (default) data 1 = white, 0 = black;
 *   0 inverts it.
 * - R04H PON / R02H POF (booster on/off), R12H DRF (refresh from the RAM through the
 *   LUT; needs the power on), R07H DSLP (deep sleep with check code 0xA5; only RST_N
 *   wakes it).
 * - R20H..R24H LUTs (LUTC, LUTWW, LUTKW, LUTWK, LUTKK): 7 groups of 6 bytes: a level
 *   byte (four 2-bit selections, 00 = GND: no drive), four frame counts, a repeat count.
 * - BUSY_N is low while the controller works (refresh, power on/off, reset).
 *
 * Model choices the datasheet leaves open (docs/rp2.md "Panel models"):
 * - The window and the DTM order are in RAM (transmission) order; UD and SHL map the
 *   RAM to gates and sources when a refresh shows it. The RAM survives a reset.
 * - A refresh shows the "new" data (DTM2) with the DDX polarity: the waveform is assumed
 *   to drive every pixel to its target colour, as the OTP waveforms do.
 * - Kind of refresh (the controller has no such notion): "full" with the OTP waveform
 *   (REG = 0) or with register LUTs that flash, i.e. drive a pixel through the opposite
 *   colour (VDH in a "to white" table LUTWW/LUTKW, or VDL in a "to black" table
 *   LUTWK/LUTKK; VDH pushes black and VDL white on these panels); "partial" otherwise.
 * - Durations: fullMs 2000, partialMs 300 (Waveshare's figures for its Pico 2.9-inch
 *   module; no UC8151 figure was found), power on/off 10 ms, reset 1 ms.
 */
import { Command, Panel, hex, setter, accepted } from "./panel.mjs";

const RES = [
  [96, 230],
  [96, 252],
  [128, 296],
  [160, 296],
];
const RAM_W = 160; // the largest RES: the controller's 160 sources x 296 gates
const RAM_H = 296;
const POWER_MS = 10;
const RESET_MS = 1;

const VDH = 1;
const VDL = 2;

/** True when a pixel LUT applies `level` (2-bit selection) for at least one frame. */
function applies(lut, level) {
  for (let g = 0; g + 5 < lut.length; g += 6) {
    for (let p = 0; p < 4; p++) {
      if (((lut[g] >> (6 - 2 * p)) & 3) === level && lut[g + 1 + p] > 0) return true;
    }
  }
  return false;
}

export class UC8151 extends Panel {
  constructor(options = {}) {
    super(128, 296, options, { fullMs: 2000, partialMs: 300 });
    this.old = new Uint8Array(RAM_W * RAM_H).fill(1); // DTM1, one byte a pixel, 1 = data 1
    this.new = new Uint8Array(RAM_W * RAM_H).fill(1); // DTM2
    this.registers();
  }

  /** Register defaults after RST_N or a PSR soft reset. */
  registers() {
    this.psr = 0x0f; // RES 96x230, OTP LUT, KWR, UD up, SHL right, SHD_N, RST_N
    this.tres = null;
    this.ddx0 = 1;
    this.power = false;
    this.partialMode = false;
    this.window = [0, 7, 0, 0];
    this.luts = { 0x21: [], 0x22: [], 0x23: [], 0x24: [] };
  }

  hardwareReset(nowUs) {
    this.registers();
    this.busyFor(nowUs, RESET_MS);
  }

  busyLevel(nowUs) {
    return this.isBusy(nowUs) ? 0 : 1;
  }

  /** [HRES, VRES]: TRES when set, else PSR RES. */
  resolution() {
    return this.tres ?? RES[this.psr >> 6];
  }

  /** [x0, x1, y0, y1] inclusive, in RAM order: the window in partial mode, else all. */
  area() {
    if (this.partialMode) return this.window;
    const [h, v] = this.resolution();
    return [0, h - 1, 0, v - 1];
  }

  startData(nowUs) {
    this._into = this._code === 0x10 ? this.old : this.new;
    this._at = 0;
    this._area = this.area();
    const [x0, x1, y0, y1] = this._area;
    this._overrun = x1 < x0 || y1 < y0;
    if (this._overrun) this.error(nowUs, `${hex(this._code)}: empty partial window`);
  }

  data(byte, nowUs) {
    const [x0, x1, y0, y1] = this._area;
    const cols = (x1 - x0 + 1) >> 3;
    const line = y0 + Math.floor(this._at / cols);
    const x = x0 + (this._at % cols) * 8;
    this._at += 1;
    if (this._overrun || line > y1 || line >= RAM_H || x + 8 > RAM_W) {
      if (!this._overrun) this.error(nowUs, `${hex(this._code)}: data beyond the RAM area`);
      this._overrun = true;
      return;
    }
    for (let b = 0; b < 8; b++) this._into[line * RAM_W + x + b] = (byte >> (7 - b)) & 1;
  }

  refresh(nowUs) {
    if (!this.power) {
      this.error(nowUs, "DRF (0x12) with the power off: nothing shown (send PON first)");
      return;
    }
    const kw = this.psr & 0x10;
    if (!kw) this.error(nowUs, "DRF in KWR mode (PSR KW/R = 0) on a black/white panel");
    const source = kw ? this.new : this.old;
    const [h, v] = this.resolution();
    const [x0, x1, y0, y1] = this.area();
    const up = this.psr & 0x08;
    const right = this.psr & 0x04;
    const image = this.shown.slice();
    for (let line = y0; line <= y1 && line < RAM_H; line++) {
      const gate = up ? line : v - 1 - line;
      if (gate < 0 || gate >= this.height) continue;
      for (let x = x0; x <= x1 && x < RAM_W; x++) {
        const src = right ? x : h - 1 - x;
        if (src < 0 || src >= this.width) continue;
        image[gate * this.width + src] = source[line * RAM_W + x] ^ this.ddx0;
      }
    }
    const l = this.luts;
    const flash =
      !(this.psr & 0x20) ||
      applies(l[0x21], VDH) ||
      applies(l[0x22], VDH) ||
      applies(l[0x23], VDL) ||
      applies(l[0x24], VDL);
    const kind = flash ? "full" : "partial";
    this.busyFor(nowUs, kind === "full" ? this.fullMs : this.partialMs, { kind, image });
  }
}

const lut = (name, code) =>
  new Command(name, {
    min: 0,
    max: Infinity,
    apply(p) {
      if (code in this.luts) this.luts[code] = p.slice();
    },
  });

UC8151.prototype.commands = {
  0x00: new Command("PSR", {
    min: 1,
    max: 2,
    apply(p, nowUs) {
      this.psr = p[0];
      if (!(p[0] & 1)) {
        this.registers();
        this.psr = p[0] | 1;
      }
    },
  }),
  0x01: accepted("PWR"),
  0x02: new Command("POF", {
    run(nowUs) {
      this.power = false;
      this.busyFor(nowUs, POWER_MS);
    },
  }),
  0x03: accepted("PFS"),
  0x04: new Command("PON", {
    run(nowUs) {
      this.power = true;
      this.busyFor(nowUs, POWER_MS);
    },
  }),
  0x05: accepted("PMES"),
  0x06: accepted("BTST"),
  0x07: new Command("DSLP", {
    min: 1,
    apply(p, nowUs) {
      if (p[0] === 0xa5) this.sleeping = true;
      else this.error(nowUs, `DSLP (0x07): check code ${hex(p[0])}, not 0xa5: still awake`);
    },
  }),
  0x10: new Command("DTM1", { start: UC8151.prototype.startData, data: UC8151.prototype.data }),
  0x11: new Command("DSP", {}),
  0x12: new Command("DRF", { run: UC8151.prototype.refresh }),
  0x13: new Command("DTM2", { start: UC8151.prototype.startData, data: UC8151.prototype.data }),
  0x20: lut("LUTC", 0x20),
  0x21: lut("LUTWW", 0x21),
  0x22: lut("LUTKW", 0x22),
  0x23: lut("LUTWK", 0x23),
  0x24: lut("LUTKK", 0x24),
  0x30: accepted("PLL"),
  0x40: accepted("TSC"),
  0x41: accepted("TSE"),
  0x42: accepted("TSW"),
  0x43: accepted("TSR"),
  0x50: setter("CDI", 1, (p) => ({ ddx0: (p[0] >> 4) & 1 })),
  0x51: accepted("LPD"),
  0x60: accepted("TCON"),
  0x61: new Command("TRES", {
    min: 3,
    apply(p, nowUs) {
      const h = p[0] & 0xf8;
      const v = ((p[1] & 1) << 8) | p[2];
      if (h > RAM_W || v > RAM_H) this.error(nowUs, `TRES (0x61): ${h}x${v} beyond 160x296`);
      this.tres = [Math.min(h, RAM_W), Math.min(v, RAM_H)];
    },
  }),
  0x65: accepted("GSST"),
  0x70: accepted("REV"),
  0x71: accepted("FLG"),
  0x80: accepted("AMV"),
  0x81: accepted("VV"),
  0x82: accepted("VDCS"),
  0x90: setter("PTL", 7, (p) => ({
    window: [p[0] & 0xf8, p[1] | 0x07, ((p[2] & 1) << 8) | p[3], ((p[4] & 1) << 8) | p[5]],
  })),
  0x91: setter("PTIN", 0, () => ({ partialMode: true })),
  0x92: setter("PTOUT", 0, () => ({ partialMode: false })),
  0xa0: accepted("PGM"),
  0xa1: accepted("APG"),
  0xa2: accepted("ROTP"),
  0xe0: accepted("CCSET"),
  0xe3: accepted("PWS"),
  0xe5: accepted("TSSET"),
};
